package pack

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
	"huntchess/internal/tabletest"
)

// A file's kind is what its name in the manifest says: GAME.bound.hctb,
// GAME.hctb, GAME.hcst, of the file's own game.
func TestFileKind(t *testing.T) {
	for _, c := range []struct {
		name, game string
		want       Kind
	}{
		{"beat-the-wolf.bound.hctb", "beat-the-wolf", KindBound},
		{"beat-the-wolf.hctb", "beat-the-wolf", KindTable},
		{"wolf-carries-pig.hctb", "wolf-carries-pig", KindTable},
		{"beat-the-wolf.hcst", "beat-the-wolf", KindStrategy},
		{"wolf-carries-pig.hctb", "beat-the-wolf", KindOther}, // another game's name
		{"beat-the-wolf.bound.hctb.part-000", "beat-the-wolf", KindOther},
		{"beat-the-wolf.hctb.tmp", "beat-the-wolf", KindOther},
		{"", "", KindOther},
	} {
		require.Equal(t, c.want, File{Name: c.name, Game: c.game}.Kind(), "%s of %s", c.name, c.game)
	}
	// What the app knows before the site is asked: the wolf's bound tier,
	// the pig's table with the plies.
	require.Equal(t, KindBound, KnownFiles[0].Kind())
	require.Equal(t, KindTable, KnownFiles[1].Kind())
	require.ElementsMatch(t, []core.GameID{core.WolfCarriesPig, core.BeatTheWolf}, (&Manifest{Files: KnownFiles}).Games())
}

// The pack on offer: before the site was asked, KnownFiles with no size;
// then the files of the site's manifest, what of it is missing its size;
// less what is installed (by file, not by game); nothing once it is all
// in.
func TestOfferOf(t *testing.T) {
	o := OfferOf(Status{})
	require.Zero(t, o.Bytes)
	require.Equal(t, KnownFiles, o.Files)
	require.True(t, o.Has(core.BeatTheWolf))
	require.True(t, o.HasKind(core.BeatTheWolf, KindBound))
	require.False(t, o.HasKind(core.BeatTheWolf, KindTable))
	require.False(t, o.Plies(core.BeatTheWolf), "the bound tier has no plies of the endgames")
	require.True(t, o.Plies(core.WolfCarriesPig))
	require.False(t, o.Has(core.SurroundTheLion), "shipped whole: no pack to offer")

	bound := File{Name: "beat-the-wolf.bound.hctb", Game: "beat-the-wolf", Size: 1000}
	pig := File{Name: "wolf-carries-pig.hctb", Game: "wolf-carries-pig", Size: 500}
	m := &Manifest{Format: 2, Files: []File{bound, pig}}
	o = OfferOf(Status{Phase: Offer, Remote: m, Missing: 1_500_000})
	require.Equal(t, Offered{Bytes: 1_500_000, Files: m.Files}, o)

	pigOnly := &Manifest{Format: 2, Files: []File{pig}}
	o = OfferOf(Status{Phase: Offer, Remote: m, Installed: pigOnly, Missing: 1000})
	require.Equal(t, Offered{Bytes: 1000, Files: []File{bound}}, o)
	require.Len(t, m.Files, 2, "the manifest is not changed")
	require.False(t, OfferOf(Status{Phase: Offer, Remote: pigOnly, Missing: 500}).Has(core.BeatTheWolf), "the site's pack without the game")
	require.False(t, OfferOf(Status{Installed: &Manifest{Files: KnownFiles[1:]}}).Has(core.WolfCarriesPig), "unasked, less the installed")

	require.Equal(t, Offered{}, OfferOf(Status{Phase: Installed, Remote: m, Installed: m}))
	require.Equal(t, Offered{}, OfferOf(Status{Phase: Installed, Installed: m}), "the pack installed")
	require.Equal(t, Offered{}, OfferOf(Status{Phase: Offer, Remote: m, Missing: 0}), "nothing missing")
	require.False(t, Offered{}.Has(core.BeatTheWolf))

	// Beat the Wolf's whole table in the pack (beat-the-wolf.hctb): its
	// exact table on offer, with the plies; beside the bound tier
	// installed, only the table is.
	whole := File{Name: "beat-the-wolf.hctb", Game: "beat-the-wolf", Size: 9000}
	m = &Manifest{Format: 2, Files: []File{bound, whole, pig}}
	o = OfferOf(Status{Phase: Offer, Remote: m, Installed: &Manifest{Files: []File{bound, pig}}, Missing: 9000})
	require.Equal(t, []File{whole}, o.Files)
	require.True(t, o.HasKind(core.BeatTheWolf, KindTable))
	require.False(t, o.HasKind(core.BeatTheWolf, KindBound))
	require.True(t, o.Plies(core.BeatTheWolf))
}

// testBound is the tests' bound table: Beat the Wolf with 8 dogs.
func testBound(t *testing.T) *tablebase.Table {
	b, err := tablebase.Open(tabletest.BoundFile)
	require.NoError(t, err)
	t.Cleanup(func() { b.Close() })
	return b
}

// boundEnd is a position of the bound table's tier that is over (the wolf
// shut in with the 8 dogs on the board): the dogs' 33-ply win played out
// by the table, each side taking its quickest (dogs) or slowest (wolf)
// move.
func boundEnd(t *testing.T, b *tablebase.Table) core.Position {
	p := tabletest.BoundPos(t)
	for range 40 {
		if p.Outcome().Over() {
			return p
		}
		var best core.Position
		bestPlies := -1
		for _, m := range p.GenMoves(nil) {
			c := p.After(m)
			if c.Outcome().Over() && c.PreyOnBoard() == 8 {
				return c
			}
			v, plies, ok := b.ProbeBound(c)
			if !ok || c.PreyOnBoard() != 8 {
				continue
			}
			if p.ToMove == core.Prey && v == tablebase.Loss && (bestPlies < 0 || plies < bestPlies) ||
				p.ToMove == core.Predator && v == tablebase.Win && plies > bestPlies {
				best, bestPlies = c, plies
			}
		}
		require.GreaterOrEqual(t, bestPlies, 0, "a move in the table from %v", p)
		p = best
	}
	t.Fatal("the bound win did not end")
	return p
}

// ReachOf in every case: the bound table here (it holds the position: no
// win without a loss; it holds another tier: not covered; a position it
// cannot probe: nothing), the pack's bound tier on offer (the 17 dogs'
// positions; after a capture not covered), the site's in the browser, no
// bound tier (no offer, no strategy, a strategy of exact proof), and the
// game's exact table on offer (every position the table here does not
// hold, whatever else is here).
func TestReachOf(t *testing.T) {
	b := testBound(t)
	wolfS := &strategy.Strategy{StrategyHeader: strategy.StrategyHeader{Bound: true}}
	start := core.BeatTheWolf.Info().Start()
	g := core.NewGameFrom(start)
	for {
		if p := g.Position(); p.PreyOnBoard() < 17 {
			break
		}
		ms := g.LegalMoves()
		m := ms[0]
		for _, c := range ms {
			if c.Capt != 0 {
				m = c
			}
		}
		require.NoError(t, g.PlayMove(m))
	}
	captured := g.Position()
	in8 := tabletest.BoundPos(t)
	unasked := OfferOf(Status{})
	asked := Offered{Bytes: 123, Files: KnownFiles}
	whole := Offered{Bytes: 9000, Files: []File{{Name: "beat-the-wolf.hctb", Game: "beat-the-wolf"}}}
	lionFile := Offered{Bytes: 77, Files: []File{{Name: "surround-the-lion.hctb", Game: "surround-the-lion"}}}
	lionT, err := tablebase.Open(filepath.Join("..", "tables", "shipped", "surround-the-lion.hctb"))
	require.NoError(t, err)
	defer lionT.Close()
	empty := filepath.Join(t.TempDir(), "empty.hctb")
	require.NoError(t, os.WriteFile(empty, tabletest.TableFile(t, core.BeatTheWolf, tablebase.ForGame(core.BeatTheWolf).Fingerprint(), 100, 1), 0o644))
	emptyT, err := tablebase.Open(empty)
	require.NoError(t, err)
	defer emptyT.Close()
	lion := core.SurroundTheLion.Info().Start()

	for _, c := range []struct {
		name string
		p    core.Position
		here Here
		o    Offered
		want Reach
	}{
		{"bound here holds it", in8, Here{Strategy: wolfS, Bound: b}, unasked, Reach{Way: WayNoBoundWin, Held: 8}},
		{"bound here, another tier", start, Here{Strategy: wolfS, Bound: b}, asked, Reach{Way: WayNotCovered, Held: 8}},
		{"bound here, another count", captured, Here{Bound: b, Site: true}, Offered{}, Reach{Way: WayNotCovered, Held: 8}},
		{"bound here, its tier but no probe", boundEnd(t, b), Here{Strategy: wolfS, Bound: b}, asked, Reach{Held: 8}},
		{"pack's bound, unasked", start, Here{Strategy: wolfS}, unasked, Reach{Way: WayPackBound, Held: 17}},
		{"pack's bound, asked", start, Here{Strategy: wolfS}, asked, Reach{Way: WayPackBound, Held: 17, Bytes: 123}},
		{"pack's bound, after a capture", captured, Here{Strategy: wolfS}, asked, Reach{Way: WayNotCovered, Held: 17}},
		{"site", start, Here{Strategy: wolfS, Site: true}, Offered{}, Reach{Way: WaySite, Held: 17}},
		{"site, after a capture", captured, Here{Strategy: wolfS, Site: true}, Offered{}, Reach{Way: WayNotCovered, Held: 17}},
		{"no offer", start, Here{Strategy: wolfS}, Offered{}, Reach{Held: 17}},
		{"offer of other games", start, Here{Strategy: wolfS}, lionFile, Reach{Held: 17}},
		{"no strategy", start, Here{}, asked, Reach{Held: 17}},
		{"a strategy of exact proof", start, Here{Strategy: &strategy.Strategy{}}, asked, Reach{Held: 17}},
		{"the pack's table", start, Here{Strategy: wolfS}, whole, Reach{Way: WayPackTable, Held: 17, Bytes: 9000}},
		{"the pack's table, after a capture", captured, Here{Strategy: wolfS}, whole, Reach{Way: WayPackTable, Held: 17, Bytes: 9000}},
		{"the pack's table, a table here without it", captured, Here{Strategy: wolfS, Table: emptyT}, whole, Reach{Way: WayPackTable, Held: 17, Bytes: 9000}},
		{"the pack's table, a bound here", start, Here{Strategy: wolfS, Bound: b}, whole, Reach{Way: WayPackTable, Held: 8, Bytes: 9000}},
		{"the pack's table, the table here holds it", lion, Here{Table: lionT}, lionFile, Reach{Held: core.SurroundTheLion.Info().PreyCount}},
		{"the pack's table, none here", lion, Here{}, lionFile, Reach{Way: WayPackTable, Held: core.SurroundTheLion.Info().PreyCount, Bytes: 77}},
	} {
		require.Equal(t, c.want, ReachOf(c.p, c.here, c.o), c.name)
	}
	require.True(t, WayPackBound.Pack())
	require.True(t, WayPackTable.Pack())
	for _, w := range []Way{WayNone, WaySite, WayNotCovered, WayNoBoundWin} {
		require.False(t, w.Pack(), "%d", w)
	}
}

// The prey pieces on the board in a bound table's tier: the tests' table
// 8; a table of no bound section 0; Here's falls back to all the prey.
func TestBoundHeld(t *testing.T) {
	b := testBound(t)
	require.Equal(t, 8, BoundHeld(b))
	info := core.BeatTheWolf.Info()
	require.Equal(t, 8, Here{Bound: b}.Held(info))
	require.Equal(t, info.PreyCount, Here{}.Held(info))
	dir := t.TempDir()
	path := filepath.Join(dir, "t.hctb")
	require.NoError(t, os.WriteFile(path, tabletest.TableFile(t, core.BeatTheWolf, tablebase.ForGame(core.BeatTheWolf).Fingerprint(), 100, 1), 0o644))
	e, err := tablebase.Open(path)
	require.NoError(t, err)
	defer e.Close()
	require.Zero(t, BoundHeld(e))
	require.Equal(t, info.PreyCount, Here{Bound: e}.Held(info))

	require.True(t, InBoundTier(info.Start(), &strategy.Strategy{StrategyHeader: strategy.StrategyHeader{Bound: true}}))
	require.False(t, InBoundTier(info.Start(), &strategy.Strategy{}))
	require.False(t, InBoundTier(info.Start(), nil))
	require.False(t, InBoundTier(tabletest.BoundPos(t), &strategy.Strategy{StrategyHeader: strategy.StrategyHeader{Bound: true}}))
}

package ai

import (
	"context"
	"math/rand"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/internal/testkit"
	"huntchess/match"
)

// lionTab is the Surround the Lion table, opened once for the tests that
// read it.
var lionTab struct {
	once sync.Once
	tb   *tablebase.Table
	err  error
}

// lionTable opens the Surround the Lion table that `make test` builds first
// (make tables; TABLES_DIR overrides the place), once for the package.
func lionTable(t *testing.T) *tablebase.Table {
	t.Helper()
	lionTab.once.Do(func() {
		dir := os.Getenv("TABLES_DIR")
		if dir == "" {
			dir = filepath.Join("..", "build", "tables")
		}
		lionTab.tb, lionTab.err = tablebase.Open(tablebase.Path(dir, core.SurroundTheLion.String()))
		if lionTab.err == nil {
			// Every block kept once read: these tests probe positions all
			// over the table, which the phone-sized default cache would
			// unpack again and again (minutes under -race); the cache has
			// tests of its own. Shared, a block is unpacked once for all
			// the tests (some 2 000 blocks, 120 MB).
			lionTab.tb.SetCacheBytes(-1)
		}
	})
	if lionTab.err != nil {
		t.Skipf("no Surround the Lion table (make tables): %v", lionTab.err)
	}
	return lionTab.tb
}

// From 1,000 random positions the table covers, Master's move keeps the
// value with the best distance: the shortest win, the longest loss, a draw.
func TestMasterKeepsTableValue(t *testing.T) {
	testkit.PlainOnly(t) // 1 000 positions probed on one goroutine; with TestTableLevelsSlip a third of the package's CPU under -race
	tb := lionTable(t)
	src := &TableSet{core.SurroundTheLion: tb}
	rng := rand.New(rand.NewSource(7))
	g := core.SurroundTheLion.Info()
	e := NewEngine(owner{t: src})
	lim := LevelLimits(match.Master)
	counts := map[tablebase.Value]int{}
	for n := 0; n < 1000; {
		p := tablebase.RandomPosition(rng, g, 2*rng.Intn(3), 0)
		v, plies, ok := tb.Probe(p)
		if !ok || p.Outcome().Over() {
			continue
		}
		n++
		lim.Seed = int64(n)
		r := e.Choose(context.Background(), p, lim)
		cv, cd, ok := tb.Probe(p.After(r.Move))
		if !ok {
			t.Fatalf("%s: Master's move %s leaves the table", p, r.Move)
		}
		want := map[tablebase.Value]tablebase.Value{tablebase.Win: tablebase.Loss, tablebase.Loss: tablebase.Win, tablebase.Draw: tablebase.Draw}[v]
		if cv != want || (v != tablebase.Draw && cd != plies-1) {
			t.Fatalf("%s (%v in %d): Master plays %s, after it %v in %d", p, v, plies, r.Move, cv, cd)
		}
		if sc, won := IsWin(r.Score); v != tablebase.Draw && (!won || sc != plies) {
			t.Fatalf("%s: score %d does not say %v in %d", p, r.Score, v, plies)
		}
		counts[v]++
	}
	t.Logf("1000 positions: %d wins, %d draws, %d losses kept", counts[tablebase.Win], counts[tablebase.Draw], counts[tablebase.Loss])
	if counts[tablebase.Win] == 0 || counts[tablebase.Draw] == 0 || counts[tablebase.Loss] == 0 {
		t.Fatal("the sample lacks a kind of value")
	}
}

// Master against Master from the start plays out the proven result: the
// dogs win in 37 plies.
func TestMasterVsMasterProvenResult(t *testing.T) {
	tb := lionTable(t)
	src := &TableSet{core.SurroundTheLion: tb}
	g, _ := core.NewGame(core.SurroundTheLion.String())
	v, plies, _ := tb.Probe(g.Position())
	for !g.Outcome().Over() && g.Len() < 200 {
		r := NewEngine(owner{t: src}).Think(context.Background(), g, match.Master)
		if err := g.PlayMove(r.Move); err != nil {
			t.Fatal(err)
		}
	}
	o := g.Outcome()
	t.Logf("start: %v in %d for the lion; played: %v (%s) after %d plies: %s", v, plies, o.Result, o.Reason, g.Len(), g.Record())
	if v != tablebase.Loss || o.Result != core.PreyWins || g.Len() != plies {
		t.Fatalf("want the dogs to win in %d plies as the table says (%v), got %v after %d", plies, v, o.Result, g.Len())
	}
	// The same again: the table's play is deterministic.
	g2, _ := core.NewGame(core.SurroundTheLion.String())
	for !g2.Outcome().Over() && g2.Len() < 200 {
		g2.PlayMove(NewEngine(owner{t: src}).Think(context.Background(), g2, match.Master).Move)
	}
	if g2.Record() != g.Record() {
		t.Fatalf("two Master games differ:\n%s\n%s", g.Record(), g2.Record())
	}
}

// moveRank is the mover's value of playing m from p, by the table: 3 a win
// (any length), 2 a draw, 1 a loss; the loss's length breaks ties.
func moveRank(t *testing.T, tb *tablebase.Table, p core.Position, m core.Move) (rank, plies int) {
	t.Helper()
	cv, cd, ok := tb.Probe(p.After(m))
	if !ok {
		t.Fatalf("%s: %s leaves the table", p, m)
	}
	switch cv {
	case tablebase.Loss:
		return 3, 0
	case tablebase.Draw:
		return 2, 0
	}
	return 1, cd
}

// The table levels below Master leave the best value only on about their
// share of moves, Hard and Medium only to the next-best value, and every
// level plays the same move again under the same seed.
func TestTableLevelsSlip(t *testing.T) {
	testkit.PlainOnly(t) // 12 000 choices probed on one goroutine
	tb := lionTable(t)
	src := &TableSet{core.SurroundTheLion: tb}
	g := core.SurroundTheLion.Info()
	e := NewEngine(owner{t: src})
	for _, lv := range []match.Level{match.Easy, match.Medium, match.Hard, match.Master} {
		lim := LevelLimits(lv)
		rng := rand.New(rand.NewSource(11))
		slipped, could := 0, 0
		for n := 0; n < 1500; {
			p := tablebase.RandomPosition(rng, g, 2*rng.Intn(3), 0)
			if _, _, ok := tb.Probe(p); !ok || p.Outcome().Over() {
				continue
			}
			n++
			lim.Seed = int64(n)
			r := e.Choose(context.Background(), p, lim)
			if again := e.Choose(context.Background(), p, lim); again.Move != r.Move {
				t.Fatalf("%v: %s: %s, then %s under the same seed", lv, p, r.Move, again.Move)
			}
			// The values of all moves (rank*1000 + loss length): the best, the next-best.
			best, next := -1, -1
			keys := []int{}
			for _, m := range p.GenMoves(nil) {
				rk, d := moveRank(t, tb, p, m)
				keys = append(keys, rk*1000+d)
				best = max(best, rk*1000+d)
			}
			for _, k := range keys {
				if k < best {
					next = max(next, k)
				}
			}
			rk, d := moveRank(t, tb, p, r.Move)
			got := rk*1000 + d
			if next < 0 {
				continue // no move is worse than the best
			}
			could++
			switch {
			case got == best:
			case lv == match.Master:
				t.Fatalf("Master leaves the value at %s with %s", p, r.Move)
			case lv != match.Easy && got != next:
				t.Fatalf("%v at %s plays %s (%d), not the next-best value (%d; best %d)", lv, p, r.Move, got, next, best)
			default:
				slipped++
			}
		}
		share := 100 * float64(slipped) / float64(could)
		want := float64(lim.TableSlip)
		if lv == match.Easy {
			want = want * 0.5 // a random move keeps the value now and then
		}
		t.Logf("%v: slipped on %d of %d positions where a move is worse than the best (%.1f %%; table slip %d %%)", lv, slipped, could, share, lim.TableSlip)
		if lv == match.Master && slipped != 0 || lv != match.Master && (share < want-6 || share > float64(lim.TableSlip)+6) {
			t.Fatalf("%v slips on %.1f %% of the moves, want about %d %%", lv, share, lim.TableSlip)
		}
	}
}

// A game between two table levels under a seed is played the same twice.
func TestTableLevelsDeterministic(t *testing.T) {
	tb := lionTable(t)
	e := NewEngine(owner{t: &TableSet{core.SurroundTheLion: tb}})
	play := func(seed int64) string {
		g, _ := core.NewGame(core.SurroundTheLion.String())
		for !g.Outcome().Over() && g.Len() < 120 {
			lv := match.Hard
			if g.Position().ToMove == core.Prey {
				lv = match.Medium
			}
			lim := GameLimits(g, lv)
			lim.Seed ^= seed
			r := e.Choose(context.Background(), g.Position(), lim)
			if !r.Proof.Proven() && r.Move == (core.Move{}) {
				t.Fatal("no move")
			}
			if err := g.PlayMove(r.Move); err != nil {
				t.Fatal(err)
			}
		}
		return g.Record()
	}
	a, b, c := play(1), play(1), play(2)
	if a != b {
		t.Fatalf("the same seed, two games:\n%s\n%s", a, b)
	}
	if a == c {
		t.Fatalf("seeds 1 and 2 play the same game: %s", a)
	}
	t.Logf("seed 1: %s", a)
}

// Master's move from a draw counts the traps (the opponent's replies that
// lose) till the move's time cap: with the time spent it probes each of
// its moves once and still keeps the draw; with none it probes the replies
// too (where a drawing move leaves the opponent any: a blocked lion is a
// draw with none).
func TestTableDrawTrapsKeepToTheTime(t *testing.T) {
	tb := lionTable(t)
	rng := rand.New(rand.NewSource(3))
	g := core.SurroundTheLion.Info()
	lim := LevelLimits(match.Master)
	spent := lim
	spent.start = time.Now().Add(-time.Hour)
	counted := 0
	for n := 0; n < 200 && counted < 20; {
		p := tablebase.RandomPosition(rng, g, 2*rng.Intn(3), 0)
		v, plies, ok := tb.Probe(p)
		if !ok || v != tablebase.Draw || p.Outcome().Over() {
			continue
		}
		n++
		moves := int64(len(p.GenMoves(nil)))
		full, ok1 := tableMove(tb, p, v, plies, lim)
		cut, ok2 := tableMove(tb, p, v, plies, spent)
		if !ok1 || !ok2 {
			t.Fatalf("%s: no move (%v, %v)", p, ok1, ok2)
		}
		if cv, _, _ := tb.Probe(p.After(cut.Move)); cv != tablebase.Draw {
			t.Fatalf("%s: with the time spent Master plays %s, after it %v", p, cut.Move, cv)
		}
		if cut.Nodes != moves {
			t.Fatalf("%s: %d moves, %d probes with the time spent", p, moves, cut.Nodes)
		}
		if full.Nodes > moves {
			counted++
		}
	}
	if counted < 20 {
		t.Fatalf("traps counted without a cap in %d drawn positions, want 20", counted)
	}
}

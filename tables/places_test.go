package tables

import (
	"context"
	"errors"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"huntchess/ai"
	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/solver"
	"huntchess/ai/tablebase/strategy"
	"huntchess/ai/tablebase/strategybuild"
	"huntchess/core"
	"huntchess/internal/tabletest"
	"huntchess/pack"
)

// quiet runs f with os.Stderr on a pipe and fails if anything is written
// to it: the owner reports its problems, it never prints them.
func quiet(t *testing.T, f func()) {
	t.Helper()
	r, w, err := os.Pipe()
	require.NoError(t, err)
	old := os.Stderr
	os.Stderr = w
	got := make(chan []byte)
	go func() {
		b, _ := io.ReadAll(r)
		got <- b
	}()
	defer func() {
		os.Stderr = old
		w.Close()
		out := <-got
		r.Close()
		require.Empty(t, string(out), "written to stderr")
	}()
	f()
}

// kinds is the kinds of a list of places.
func kinds(ps []place) []PlaceKind {
	var ks []PlaceKind
	for _, p := range ps {
		ks = append(ks, p.kind)
	}
	return ks
}

// The one list: a device with a storage folder asks the developer's
// folders, the pack, the shipped files, the cache, then solves; the
// browser (no storage) the site after the shipped files. Each kind of
// file skips the places it cannot come from.
func TestPlacesOneOrder(t *testing.T) {
	m := newOwner("/cache", []string{"/a", "/b"}, false, func(f func()) { f() })
	require.Equal(t, []PlaceKind{PlaceDev, PlaceDev, PlacePack, PlaceShipped, PlaceCache, PlaceSolve}, kinds(m.places()))
	require.Equal(t, []PlaceKind{PlaceDev, PlaceDev, PlacePack, PlaceShipped, PlaceCache}, kinds(m.placesOf(FileStrategy)))
	require.Equal(t, []PlaceKind{PlaceDev, PlaceDev, PlacePack}, kinds(m.placesOf(FileBound)))
	web := newOwner("", nil, false, func(f func()) { f() })
	require.Equal(t, []PlaceKind{PlacePack, PlaceShipped, PlaceSite}, kinds(web.places()))
	require.Equal(t, []PlaceKind{PlacePack, PlaceSite}, kinds(web.placesOf(FileBound)))
	for k := PlaceDev; k <= PlaceSolve; k++ {
		require.True(t, FileTable.From(k), k)
		require.NotContains(t, k.String(), "place ")
	}
	require.False(t, FileStrategy.From(PlaceSolve))
	require.False(t, FileBound.From(PlaceShipped))
	require.False(t, FileBound.From(PlaceCache))
}

// The exact table comes from the first place that has one: a developer's
// folder, then the pack, then the cache, then a solve (the shipped tables,
// between the pack and the cache, are held by TestTablesUseShipped and
// TestTablesShippedOrder).
func TestPlacesOrderOfTheExactTable(t *testing.T) {
	file := func(seed uint64) []byte {
		return tabletest.TableFile(t, core.DeerChess, tablebase.ForGame(core.DeerChess).Fingerprint(), 4<<10, seed)
	}
	dev, cache := t.TempDir(), t.TempDir()
	require.NoError(t, os.WriteFile(tablebase.Path(dev, "deer-chess"), file(1), 0o644))
	require.NoError(t, os.WriteFile(tablebase.Path(cache, "deer-chess"), file(2), 0o644))
	p := installPackIn(t, filepath.Join(t.TempDir(), "pack"), map[string][]byte{"deer-chess.hctb": file(3)})
	from := func(extra []string, p *pack.Pack) PlaceKind {
		m, _ := newTestTables(t, cache, extra...)
		m.covers = func(*tablebase.Table, solver.Plan) bool { return true } // the stand-ins hold no tier
		m.solve = func(core.GameID, solver.Plan) (*tablebase.Table, error) { return tablebase.Read(file(4)) }
		m.SetPack(p)
		m.ensure(core.DeerChess)
		m.Wait()
		st := m.Status(core.DeerChess)
		require.Equal(t, Ready, st.State)
		return st.From
	}
	quiet(t, func() {
		require.Equal(t, PlaceDev, from([]string{dev}, p))
		require.Equal(t, PlacePack, from(nil, p))
		require.Equal(t, PlaceCache, from(nil, nil))
		require.NoError(t, os.Remove(tablebase.Path(cache, "deer-chess")))
		require.Equal(t, PlaceSolve, from(nil, nil))
	})
}

// testStrategy is a small strategy of Beat the Wolf (the dogs' win from
// an endgame), as a file's bytes, and its node count.
func testStrategy(t *testing.T) ([]byte, int) {
	p, err := core.ParsePosition(core.BeatTheWolf.String(), "predator:c1 prey:d1,e1,c2,d2,e2,c3 turn:prey captured:11 hand:0")
	require.NoError(t, err)
	probe := func(q core.Position) (tablebase.Value, int, bool) {
		v, d := solver.SearchValue(q, 3)
		return v, d, v != tablebase.Unknown
	}
	s, err := strategybuild.BuildStrategy(tablebase.ForGame(core.BeatTheWolf), p, probe, true)
	require.NoError(t, err)
	data, err := strategybuild.Encode(s)
	require.NoError(t, err)
	return data, s.Nodes
}

// The strategy comes through the same list: a developer's folder, then
// the pack, before the shipped one (they were asked after it: a
// developer's or the pack's strategy of a game that ships one was never
// read); the shipped one where neither has one.
func TestPlacesOrderOfTheStrategy(t *testing.T) {
	data, nodes := testStrategy(t)
	dev := t.TempDir()
	require.NoError(t, os.WriteFile(strategy.StrategyPath(dev, "beat-the-wolf"), data, 0o644))
	p := installPackIn(t, filepath.Join(t.TempDir(), "pack"), map[string][]byte{"beat-the-wolf.hcst": data})
	quiet(t, func() {
		m, _ := newTestTables(t, t.TempDir(), dev)
		s := m.Strategy(core.BeatTheWolf)
		require.True(t, s != nil && !s.IsSet() && s.Nodes == nodes, "the developer's")

		m, _ = newTestTables(t, t.TempDir())
		require.True(t, m.Strategy(core.BeatTheWolf).IsSet(), "the shipped set strategy")
		m.SetPack(p)
		s = m.Strategy(core.BeatTheWolf)
		require.True(t, s != nil && !s.IsSet() && s.Nodes == nodes, "the pack's, once installed")
		require.NoError(t, p.Delete())
		m.PackChanged()
		require.True(t, m.Strategy(core.BeatTheWolf).IsSet(), "the shipped one again")
	})
	require.Empty(t, (*Owner)(nil).Problems())
}

// The bound table: a developer's folder before the pack.
func TestPlacesOrderOfTheBoundTable(t *testing.T) {
	data, err := os.ReadFile(tabletest.BoundFile)
	require.NoError(t, err)
	dev := t.TempDir()
	require.NoError(t, os.WriteFile(tablebase.Path(dev, "beat-the-wolf.bound"), data, 0o644))
	p := installBound(t, "beat-the-wolf.bound.hctb")
	quiet(t, func() {
		m, _ := newTestTables(t, t.TempDir(), dev)
		m.SetPack(p)
		require.NotNil(t, m.Bound(core.BeatTheWolf))
		require.Equal(t, tablebase.Path(dev, "beat-the-wolf.bound"), m.bounds[core.BeatTheWolf].b.path)
		m, _ = newTestTables(t, t.TempDir())
		m.SetPack(p)
		require.NotNil(t, m.Bound(core.BeatTheWolf))
		require.Equal(t, p.File("beat-the-wolf.bound.hctb"), m.bounds[core.BeatTheWolf].b.path)
	})
}

// problemOf is the one problem of the owner at place k, failing the test
// if there is not exactly one.
func problemOf(t *testing.T, m *Owner, k PlaceKind, f FileKind) Problem {
	t.Helper()
	var got []Problem
	for _, p := range m.Problems() {
		if p.Place == k && p.File == f {
			got = append(got, p)
		}
	}
	require.Len(t, got, 1, "problems: %v", m.Problems())
	require.Error(t, got[0].Err)
	require.NotEmpty(t, got[0].String())
	return got[0]
}

// A damaged pack file, and one built for other rules, are reported (the
// settings say so: PackError) and not printed; the subscribers hear of
// them; a pack installed again is looked at afresh.
func TestProblemPackFile(t *testing.T) {
	files := testPackFiles(t)
	p := installPackIn(t, filepath.Join(t.TempDir(), "pack"), files)
	path := filepath.Join(p.Dir, "beat-the-wolf.hctb")
	damageHeader(t, path)
	quiet(t, func() {
		tm, rec := newTestTables(t, t.TempDir())
		heard := map[core.GameID]int{}
		tm.subscribe(func(id core.GameID) { heard[id]++ })
		tm.SetPack(p)
		tm.Ensure(core.BeatTheWolf)
		tm.Ensure(core.BeatTheWolf)
		tm.Wait()
		rec.drain()
		pr := problemOf(t, tm, PlacePack, FileTable)
		require.Equal(t, core.BeatTheWolf, pr.Game)
		require.Equal(t, path, pr.Path)
		require.Equal(t, 1, pr.Seq)
		require.Equal(t, pr.Err, tm.PackError(core.BeatTheWolf))
		require.Positive(t, heard[core.BeatTheWolf])

		require.NoError(t, p.Delete())
		tm.PackChanged()
		tm.Wait()
		require.Empty(t, tm.Problems(), "the deleted pack's problems are let go")
		require.NoError(t, tm.PackError(core.BeatTheWolf))
	})
}

// A shipped table that cannot be read or is built for other rules is
// reported once, not printed, and passed over.
func TestProblemShippedStale(t *testing.T) {
	quiet(t, func() {
		m, rec := newTestTables(t, t.TempDir())
		m.shipped = func(id core.GameID) (*tablebase.Table, error) {
			return nil, errors.New("shipped " + id.String() + ": " + tablebase.ErrRules.Error())
		}
		m.solve = func(core.GameID, solver.Plan) (*tablebase.Table, error) { return nil, errors.New("stand-in") }
		m.ensure(core.SurroundTheLion)
		m.Planned(core.SurroundTheLion)
		m.Wait()
		rec.drain()
		pr := problemOf(t, m, PlaceShipped, FileTable)
		require.Equal(t, core.SurroundTheLion, pr.Game)
		require.NoError(t, m.PackError(core.SurroundTheLion), "not the pack's")
	})
}

// A shipped table that does not cover what the device solves is reported,
// not printed, and the device solves the game.
func TestProblemShippedShort(t *testing.T) {
	quiet(t, func() {
		m, rec := newTestTables(t, t.TempDir())
		lion := tabletest.TableFile(t, core.SurroundTheLion, tablebase.ForGame(core.SurroundTheLion).Fingerprint(), 4<<10, 7)
		m.shipped = func(core.GameID) (*tablebase.Table, error) { return tablebase.Read(lion) }
		solved := 0
		m.solve = func(core.GameID, solver.Plan) (*tablebase.Table, error) {
			solved++
			return tablebase.Read(lion)
		}
		m.ensure(core.SurroundTheLion)
		m.Wait()
		rec.drain()
		require.Equal(t, 1, solved)
		require.Equal(t, PlaceSolve, m.Status(core.SurroundTheLion).From)
		pr := problemOf(t, m, PlaceShipped, FileTable)
		require.ErrorIs(t, pr.Err, pack.ErrRules)
	})
}

// The site's files that cannot be read (the browser): the bound table,
// the strategy and the table are reported, not printed; a site without
// the file (pack.ErrNoRemote) is no problem.
func TestProblemSiteRead(t *testing.T) {
	quiet(t, func() {
		tm, rec := newTestTables(t, "")
		tm.shippedStrategy = func(core.GameID) (*strategy.Strategy, error) { return nil, nil } // as in the browser
		tm.SetFetch(func(context.Context, core.GameID, func(int64, int64)) ([]byte, error) {
			return nil, errors.New("connection reset")
		})
		tm.SetRemoteBound(func(context.Context, core.GameID) (*pack.RangeReader, error) {
			return nil, errors.New("503 Service Unavailable")
		})
		tm.SetStrategyFetch(func(context.Context, core.GameID) ([]byte, error) { return []byte("not a strategy"), nil })
		tm.Ensure(core.BeatTheWolf)
		tm.Strategy(core.BeatTheWolf)
		tm.Wait()
		rec.drain()
		require.Nil(t, tm.Bound(core.BeatTheWolf))
		require.Nil(t, tm.Strategy(core.BeatTheWolf))
		require.Equal(t, Failed, tm.Status(core.BeatTheWolf).State)
		problemOf(t, tm, PlaceSite, FileBound)
		problemOf(t, tm, PlaceSite, FileStrategy)
		problemOf(t, tm, PlaceSite, FileTable)

		none, rec := newTestTables(t, "")
		none.SetRemoteBound(func(context.Context, core.GameID) (*pack.RangeReader, error) { return nil, pack.ErrNoRemote })
		none.Bound(core.BeatTheWolf)
		none.Wait()
		rec.drain()
		require.Empty(t, none.Problems())
	})
}

// A developer's damaged files (a table, a strategy, a bound table) are
// reported, not printed, and passed over.
func TestProblemDeveloperFiles(t *testing.T) {
	dev := t.TempDir()
	junk := []byte("junk")
	require.NoError(t, os.WriteFile(tablebase.Path(dev, "surround-the-lion"), junk, 0o644))
	require.NoError(t, os.WriteFile(strategy.StrategyPath(dev, "surround-the-lion"), junk, 0o644))
	require.NoError(t, os.WriteFile(tablebase.Path(dev, "beat-the-wolf.bound"), junk, 0o644))
	quiet(t, func() {
		m, rec := newTestTables(t, t.TempDir(), dev)
		m.solve = func(core.GameID, solver.Plan) (*tablebase.Table, error) { return nil, errors.New("stand-in") }
		m.ensure(core.SurroundTheLion)
		m.Wait()
		rec.drain()
		require.NotNil(t, m.Strategy(core.SurroundTheLion), "the shipped one")
		require.Nil(t, m.Bound(core.BeatTheWolf))
		for _, f := range []FileKind{FileTable, FileStrategy, FileBound} {
			problemOf(t, m, PlaceDev, f)
		}
		n := len(m.Problems())
		m.Strategy(core.SurroundTheLion)
		m.Bound(core.BeatTheWolf)
		require.Len(t, m.Problems(), n, "each once")
	})
}

// A bound table the owner lets go of (the pack deleted) while a game's
// files are held stays open, and probes as before, until the last release
// closes it; with no hold it is closed at once. No timer.
func TestHoldKeepsWhatIsLetGo(t *testing.T) {
	pos := tabletest.BoundPos(t)
	for _, held := range []bool{true, false} {
		p := installBound(t, "beat-the-wolf.bound.hctb")
		m, _ := newTestTables(t, t.TempDir())
		m.SetPack(p)
		b := m.Bound(core.BeatTheWolf)
		require.NotNil(t, b)
		f := m.bounds[core.BeatTheWolf].b.f.(*os.File)
		release := func() {}
		if held {
			release = m.Hold(core.BeatTheWolf)
			other := m.Hold(core.BeatTheWolf)
			other()
			other() // a second call does nothing
		}
		require.NoError(t, p.Delete())
		m.PackChanged()
		m.Wait()
		require.Nil(t, m.Bound(core.BeatTheWolf))
		_, err := f.Stat()
		if !held {
			require.ErrorIs(t, err, os.ErrClosed, "closed at once")
			continue
		}
		require.NoError(t, err, "open while held")
		holds, waiting := m.Holding(core.BeatTheWolf)
		require.Equal(t, [2]int{1, 1}, [2]int{holds, waiting})
		_, d, ok := b.ProbeBound(pos)
		require.True(t, ok)
		require.Equal(t, 33, d)
		release()
		_, err = f.Stat()
		require.ErrorIs(t, err, os.ErrClosed, "closed by the last release")
		holds, waiting = m.Holding(core.BeatTheWolf)
		require.Equal(t, [2]int{0, 0}, [2]int{holds, waiting})
	}
	var none *Owner
	none.Hold(core.BeatTheWolf)()
}

// The engine holds the game's files for each move (ai.Holder).
func TestEngineHoldsTheOwnersFiles(t *testing.T) {
	m, _ := newTestTables(t, t.TempDir())
	require.Same(t, m, ai.NewEngine(m).Holder.(*Owner))
	require.Nil(t, ai.NewEngine(nil).Holder)
}

// A damaged bound table in the pack is reported as the pack's (the
// settings name the game's pack files damaged: PackError), not printed.
func TestProblemPackBoundFile(t *testing.T) {
	p := installPackIn(t, filepath.Join(t.TempDir(), "pack"), map[string][]byte{"beat-the-wolf.bound.hctb": []byte("junk, not a table")})
	quiet(t, func() {
		m, _ := newTestTables(t, t.TempDir())
		m.SetPack(p)
		require.Nil(t, m.Bound(core.BeatTheWolf))
		pr := problemOf(t, m, PlacePack, FileBound)
		require.Equal(t, p.File("beat-the-wolf.bound.hctb"), pr.Path)
		require.Equal(t, pr.Err, m.PackError(core.BeatTheWolf))
	})
}

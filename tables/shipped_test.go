//go:build !js

package tables

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/solver"
	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
)

// staleHint is what a failing test tells the developer.
const staleHint = "run `make device-tables` (it writes tables/shipped/; needs the solved tables of make solve-all and make app-tables) and commit the files"

// The shipped tables are embedded, whole (every block's checksum), built for
// the rules here, each of its game, covering what the device would
// otherwise solve; no other table is in the folder.
func TestShippedTables(t *testing.T) {
	for _, id := range ShippedGames {
		tb, err := OpenShipped(id, true)
		if err != nil {
			t.Fatalf("the shipped table of %s is missing, damaged or stale (%v): %s", id, err, staleHint)
		}
		require.True(t, tb.IsDevice(), "%s: shipped in the device format", id)
		switch id {
		case core.SurroundTheLion:
			require.True(t, covers(tb, solver.FullPlan(id)), "the lion's whole game")
		case core.DeerChess:
			require.True(t, covers(tb, solver.MovingPlan(id)), "the deer's moving phase")
		case core.WolfCarriesPig:
			require.True(t, covers(tb, solver.FullPlan(id)), "the pigs' whole game")
			require.Equal(t, 2, tb.Device().Format, "values without plies where 4 to 6 pigs are captured")
		default:
			require.NotEmpty(t, tb.Sections)
		}
		tb.Close()
	}
	names, err := fs.Glob(shippedFS, "*"+tablebase.FileExt)
	require.NoError(t, err)
	var want []string
	for _, id := range ShippedGames {
		want = append(want, tablebase.Path("", id.String()))
	}
	sort.Strings(want)
	require.Equal(t, want, names, "the tables embedded are those of ShippedGames: %s", staleHint)
}

// A probe of a shipped table reads through the embedded bytes: the lion's
// start is the dogs' win in 37 plies (docs/solved.md), with the lion to
// move a loss.
func TestShippedTableProbes(t *testing.T) {
	tb, err := OpenShipped(core.SurroundTheLion, false)
	if err != nil {
		t.Fatalf("%v: %s", err, staleHint)
	}
	defer tb.Close()
	v, plies, ok := tb.Probe(core.SurroundTheLion.Info().Start())
	require.True(t, ok)
	require.Equal(t, 37, plies, "the dogs' win from the start (%v)", v)

	// Wolf Carries the Pig: the start a draw (docs/solved.md); with 4 pigs
	// captured, values without plies.
	pig, err := OpenShipped(core.WolfCarriesPig, false)
	if err != nil {
		t.Fatalf("%v: %s", err, staleHint)
	}
	defer pig.Close()
	v, _, ok = pig.Probe(core.WolfCarriesPig.Info().Start())
	require.True(t, ok)
	require.Equal(t, tablebase.Draw, v, "the pigs' start")
}

// The owner takes a game's table from the shipped ones before the cache
// and before solving; Beat the Wolf and Wolf Carries the Pig, which no
// device solves, have their endgames and values from them, and a phone deer chess's moving phase; with the
// shipped tables off (HUNTCHESS_SHIPPED=off) the lion is solved on first
// use as before.
func TestTablesUseShipped(t *testing.T) {
	dir := t.TempDir()
	m, rec := newTestTables(t, dir)
	m.UseShipped(true)
	m.solve = func(id core.GameID, _ solver.Plan) (*tablebase.Table, error) {
		t.Fatalf("%s was solved although its table is shipped", id)
		return nil, nil
	}
	require.True(t, m.Planned(core.BeatTheWolf), "Beat the Wolf's endgames are shipped")
	require.True(t, m.Planned(core.WolfCarriesPig), "Wolf Carries the Pig's values are shipped")
	for _, id := range ShippedGames {
		m.ensure(id)
	}
	m.Wait()
	rec.drain()
	for _, id := range ShippedGames {
		require.NotNil(t, rec.set[id], "%s: its shipped table (%s)", id, staleHint)
		require.True(t, rec.set[id].IsDevice(), id)
		require.Equal(t, Ready, m.get(id).State, id)
	}
	// The pigs' table of values reads blocks of a million entries by the
	// dozen: its cache is 40 MiB (sizeCache), the others' the default.
	require.Equal(t, int64(ValuesCache), rec.set[core.WolfCarriesPig].CacheStats().Budget)
	require.Equal(t, tablebase.DefaultCacheBytes, rec.set[core.BeatTheWolf].CacheStats().Budget)
	_, err := os.Stat(tablebase.Path(dir, core.SurroundTheLion.String()))
	require.True(t, errors.Is(err, fs.ErrNotExist), "nothing is written to the cache")

	// A phone solves no deer table: it has the shipped whole game.
	phone := newOwner(t.TempDir(), nil, true, func(f func()) { f() })
	phone.UseShipped(true)
	phone.solve = m.solve
	require.True(t, phone.Planned(core.DeerChess))
	phone.ensure(core.DeerChess)
	phone.Wait()
	require.NotNil(t, phone.Table(core.DeerChess), "the phone's deer table: %s", staleHint)
	require.True(t, covers(phone.Table(core.DeerChess), solver.MovingPlan(core.DeerChess)))
	require.True(t, phone.Table(core.DeerChess).CoversPlacement(), "the placement phase too")

	off := New(dir, nil, false, func(f func()) { f() })
	off.UseShipped(false)
	require.Nil(t, off.shipped, "the shipped tables off")
	require.False(t, off.Planned(core.BeatTheWolf), "no Beat the Wolf table without the shipped ones")
	require.True(t, off.Planned(core.SurroundTheLion), "the lion is solved on first use")
	require.NotNil(t, New(dir, nil, false, func(f func()) { f() }).shipped)
}

// A shipped table the app cannot use (built for other rules, damaged) is
// passed over: the lion is solved on first use, and Beat the Wolf has no
// table, as without shipped tables.
func TestTablesPassOverStaleShipped(t *testing.T) {
	m, rec := newTestTables(t, t.TempDir())
	m.shipped = func(id core.GameID) (*tablebase.Table, error) {
		return nil, errors.New("shipped " + id.String() + ": " + tablebase.ErrRules.Error())
	}
	var solved []core.GameID
	m.solve = func(id core.GameID, _ solver.Plan) (*tablebase.Table, error) {
		solved = append(solved, id)
		return nil, errors.New("stand-in")
	}
	require.False(t, m.Planned(core.BeatTheWolf))
	m.ensure(core.SurroundTheLion)
	m.ensure(core.BeatTheWolf)
	m.Wait()
	rec.drain()
	require.Equal(t, []core.GameID{core.SurroundTheLion}, solved)
	require.Equal(t, Idle, m.get(core.BeatTheWolf).State)
}

// The sources in order: a developer's table (HUNTCHESS_TABLES) before the
// shipped one, the shipped one before the cached one.
func TestTablesShippedOrder(t *testing.T) {
	src := builtLionTable(t)
	data, err := os.ReadFile(src)
	require.NoError(t, err)
	extra, cache := t.TempDir(), t.TempDir()
	require.NoError(t, os.WriteFile(tablebase.Path(cache, "surround-the-lion"), data, 0o644))
	m, rec := newTestTables(t, cache)
	m.UseShipped(true)
	m.ensure(core.SurroundTheLion)
	m.Wait()
	rec.drain()
	require.NotNil(t, rec.set[core.SurroundTheLion], staleHint)
	require.True(t, rec.set[core.SurroundTheLion].IsDevice(), "the shipped table before the cached one")

	require.NoError(t, os.WriteFile(tablebase.Path(extra, "surround-the-lion"), data, 0o644))
	m, rec = newTestTables(t, cache, extra)
	m.UseShipped(true)
	m.ensure(core.SurroundTheLion)
	m.Wait()
	rec.drain()
	require.False(t, rec.set[core.SurroundTheLion].IsDevice(), "HUNTCHESS_TABLES before the shipped table")
}

// The README of the embed folder names every shipped table.
func TestShippedFolderDocumented(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("shipped", "README.md"))
	require.NoError(t, err)
	for _, id := range ShippedGames {
		require.True(t, strings.Contains(string(readme), tablebase.Path("", id.String())), id)
	}
	for _, id := range ShippedStrategies {
		require.True(t, strings.Contains(string(readme), strategy.StrategyPath("", id.String())), id)
	}
}

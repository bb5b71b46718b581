package tables

import (
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/solver"
	"huntchess/core"
)

// builtLionTable is the table `make test` builds first (make tables).
func builtLionTable(t *testing.T) string {
	dir := os.Getenv("TABLES_DIR")
	if dir == "" {
		dir = filepath.Join("..", "build", "tables")
	}
	p := tablebase.Path(dir, core.SurroundTheLion.String())
	if _, err := os.Stat(p); err != nil {
		t.Skipf("no Surround the Lion table (make tables): %v", err)
	}
	return p
}

type tableRecorder struct {
	mu   sync.Mutex
	set  map[core.GameID]*tablebase.Table
	runs []func()
}

func (r *tableRecorder) do(f func()) {
	r.mu.Lock()
	r.runs = append(r.runs, f)
	r.mu.Unlock()
}

func (r *tableRecorder) drain() {
	r.mu.Lock()
	runs := r.runs
	r.runs = nil
	r.mu.Unlock()
	for _, f := range runs {
		f()
	}
}

func newTestTables(t *testing.T, dir string, extra ...string) (*Owner, *tableRecorder) {
	rec := &tableRecorder{set: map[core.GameID]*tablebase.Table{}}
	m := newOwner(dir, extra, false, rec.do)
	m.set = func(id core.GameID, tb *tablebase.Table) {
		rec.mu.Lock()
		rec.set[id] = tb
		rec.mu.Unlock()
	}
	return m, rec
}

// A table in the cache is loaded, not solved again, and the status says so.
func TestTablesLoadFromCache(t *testing.T) {
	src := builtLionTable(t)
	dir := t.TempDir()
	data, err := os.ReadFile(src)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(tablebase.Path(dir, "surround-the-lion"), data, 0o644))
	m, rec := newTestTables(t, dir)
	m.solve = func(core.GameID, solver.Plan) (*tablebase.Table, error) {
		t.Fatal("a cached table was solved again")
		return nil, nil
	}
	var changes []core.GameID
	m.subscribe(func(id core.GameID) { changes = append(changes, id) })
	m.ensure(core.SurroundTheLion)
	m.ensure(core.SurroundTheLion) // once per run
	m.ensure(core.BeatTheWolf)     // no table on the device
	m.Wait()
	rec.drain()
	require.NotNil(t, rec.set[core.SurroundTheLion])
	require.Equal(t, Ready, m.get(core.SurroundTheLion).State)
	require.Contains(t, changes, core.SurroundTheLion)
	require.Equal(t, Idle, m.get(core.BeatTheWolf).State)
	// No table, but the shipped set strategy proves the start.
	s := m.Strategy(core.BeatTheWolf)
	require.True(t, s != nil && s.Bound)
}

// A damaged cached table, or one for other rules, is rebuilt (never a
// crash); a failed build says so and leaves the game to search.
func TestTablesRebuildDamagedCache(t *testing.T) {
	src := builtLionTable(t)
	dir := t.TempDir()
	data, err := os.ReadFile(src)
	require.NoError(t, err)
	bad := append([]byte(nil), data...)
	bad[len(bad)/2] ^= 0xff
	require.NoError(t, os.WriteFile(tablebase.Path(dir, "surround-the-lion"), bad, 0o644))
	m, rec := newTestTables(t, dir)
	var solved []core.GameID
	m.solve = func(id core.GameID, p solver.Plan) (*tablebase.Table, error) {
		solved = append(solved, id)
		require.Equal(t, []int{4, 2, 0}, p.Tiers)
		m.setStatus(id, Status{State: Building, Frac: 0.5})
		require.Equal(t, Status{State: Building, Frac: 0.5}, m.Status(id))
		require.NoError(t, os.WriteFile(tablebase.Path(dir, "surround-the-lion"), data, 0o644)) // as build writes it
		return tablebase.Open(tablebase.Path(dir, "surround-the-lion"))
	}
	m.ensure(core.SurroundTheLion)
	m.Wait()
	rec.drain()
	require.Equal(t, []core.GameID{core.SurroundTheLion}, solved)
	require.NotNil(t, rec.set[core.SurroundTheLion])

	// The deer table fails to build: the status says search takes over.
	m.solve = func(core.GameID, solver.Plan) (*tablebase.Table, error) { return nil, errors.New("disk full") }
	m.ensure(core.DeerChess)
	m.Wait()
	rec.drain()
	require.Nil(t, rec.set[core.DeerChess])
	require.Equal(t, Failed, m.get(core.DeerChess).State)
}

// A phone solves only Surround the Lion; the desktop the deer moving phase too.
func TestAppPlan(t *testing.T) {
	_, ok := appPlan(core.DeerChess, true)
	require.False(t, ok)
	p, ok := appPlan(core.DeerChess, false)
	require.True(t, ok)
	require.False(t, p.Placement)
	require.Equal(t, []int{6, 5, 4, 3, 2, 1, 0}, p.Tiers)
	_, ok = appPlan(core.WolfCarriesPig, false)
	require.False(t, ok)
}

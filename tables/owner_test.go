package session

import (
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/translations"
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

func newTestTables(t *testing.T, dir string, extra ...string) (*tableManager, *tableRecorder) {
	rec := &tableRecorder{set: map[core.GameID]*tablebase.Table{}}
	m := newTableManager(dir, extra, false, rec.do)
	m.set = func(id core.GameID, tb *tablebase.Table) {
		rec.mu.Lock()
		rec.set[id] = tb
		rec.mu.Unlock()
	}
	return m, rec
}

// A table in the cache is loaded, not solved again, and the status says so
// in both languages.
func TestTablesLoadFromCache(t *testing.T) {
	src := builtLionTable(t)
	dir := t.TempDir()
	data, err := os.ReadFile(src)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(tablebase.Path(dir, "surround-the-lion"), data, 0o644))
	m, rec := newTestTables(t, dir)
	m.solve = func(core.GameID, tablebase.Plan) (*tablebase.Table, error) {
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
	require.Equal(t, tableReady, m.get(core.SurroundTheLion).state)
	require.Contains(t, changes, core.SurroundTheLion)
	require.Equal(t, tableNone, m.get(core.BeatTheWolf).state)
	// No table, but the shipped set strategy proves the start.
	require.Equal(t, translations.TData("tables.strategy_bound", provenSide(core.BeatTheWolf, nil)), m.StatusText(core.BeatTheWolf))
	defer translations.SetLanguage(translations.Current())
	translations.SetLanguage(translations.English)
	require.Equal(t, "Perfect play: endgame table ready (Master, hints)", m.StatusText(core.SurroundTheLion))
	translations.SetLanguage(translations.Chinese)
	require.Equal(t, "完美着法：残局库已就绪（大师级与提示）", m.StatusText(core.SurroundTheLion))
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
	m.solve = func(id core.GameID, p tablebase.Plan) (*tablebase.Table, error) {
		solved = append(solved, id)
		require.Equal(t, []int{4, 2, 0}, p.Tiers)
		m.setStatus(id, tableStatus{state: tableBuilding, frac: 0.5})
		require.Equal(t, "Perfect play: solving this game's endgames… 50 %", m.StatusText(id))
		require.NoError(t, os.WriteFile(tablebase.Path(dir, "surround-the-lion"), data, 0o644)) // as build writes it
		return tablebase.Open(tablebase.Path(dir, "surround-the-lion"))
	}
	translations.SetLanguage(translations.English)
	m.ensure(core.SurroundTheLion)
	m.Wait()
	rec.drain()
	require.Equal(t, []core.GameID{core.SurroundTheLion}, solved)
	require.NotNil(t, rec.set[core.SurroundTheLion])

	// The deer table fails to build: the status says search takes over.
	m.solve = func(core.GameID, tablebase.Plan) (*tablebase.Table, error) { return nil, errors.New("disk full") }
	m.ensure(core.DeerChess)
	m.Wait()
	rec.drain()
	require.Nil(t, rec.set[core.DeerChess])
	require.Equal(t, tableFailed, m.get(core.DeerChess).state)
	require.Equal(t, "Endgame table unavailable: Master and hints search instead", m.StatusText(core.DeerChess))
}

// The deer table the app solves covers the moving phase only, and its
// status line says so (not a plain "ready" while the dogs are placed).
func TestTablesStatusSaysWhatIsCovered(t *testing.T) {
	m := newTableManager(t.TempDir(), nil, false, func(f func()) { f() })
	m.Use(core.DeerChess, &tablebase.Table{Header: tablebase.Header{Sections: []*tablebase.Section{{Captured: 0, Hand: 0}}}})
	defer translations.SetLanguage(translations.Current())
	translations.SetLanguage(translations.English)
	require.Equal(t, "Perfect play once all dogs are in (Master, hints)", m.StatusText(core.DeerChess))
	translations.SetLanguage(translations.Chinese)
	require.Equal(t, "犬全部入场后完美着法（大师级与提示）", m.StatusText(core.DeerChess))
	translations.SetLanguage(translations.English)
	m.Use(core.DeerChess, &tablebase.Table{Header: tablebase.Header{Sections: []*tablebase.Section{{Captured: 0, Hand: 0}, {Captured: 0, Hand: 12}}}})
	require.Equal(t, "Perfect play: endgame table ready (Master, hints)", m.StatusText(core.DeerChess))
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

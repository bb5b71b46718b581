package app

import (
	"os"
	"path/filepath"
	"runtime"
	"sync"
	"time"

	"huntchess/ai"
	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/translations"
)

// Endgame tables on the device. The first time a game with a table plan is
// played, its table is loaded from the app's storage or, where it is
// missing, damaged or built for other rules, solved in the background and
// cached there; the game is playable meanwhile with search. Once loaded,
// ai.SetTable puts it behind Master and the hints.
//
// Which games: Surround the Lion everywhere (25 s on a 2-core desktop,
// 0.4 GB while solving, 10 MB cached); the moving phase of deer chess on
// the desktop only (82 s, 0.5 GB while solving, 37 MB cached; see
// BenchmarkFirstUse). The deer
// placement phase (6.4 GB), Wolf Carries the Pig and Beat the Wolf are
// desktop tables built by `make tables` / `make solve-all`, found through
// HUNTCHESS_TABLES.

// appPlan is what the app solves on the device for a game, if anything.
func appPlan(id core.GameID, mobile bool) (tablebase.Plan, bool) {
	switch {
	case id == core.SurroundTheLion:
		return tablebase.FullPlan(id), true
	case id == core.DeerChess && !mobile:
		p := tablebase.FullPlan(id)
		p.Placement = false
		return p, true
	}
	return tablebase.Plan{}, false
}

type tableState int

const (
	tableNone     tableState = iota // not asked for, or no plan
	tableLoading                    // reading the cached file
	tableBuilding                   // solving; frac tells how far
	tableReady
	tableFailed
)

type tableStatus struct {
	state tableState
	frac  float64
	err   error
}

// tableManager loads and builds the tables, each once per run.
type tableManager struct {
	dir    string   // the cache: <app storage>/tables
	extra  []string // searched first (HUNTCHESS_TABLES: tables from make tables)
	mobile bool
	do     func(func())
	set    func(core.GameID, *tablebase.Table) // ai.SetTable (tests watch it)
	// solve builds and caches a table (m.build; tests stand in for it).
	solve func(core.GameID, tablebase.Plan) (*tablebase.Table, error)

	mu       sync.Mutex
	status   [core.NumGames]tableStatus
	started  [core.NumGames]bool
	onChange []func(core.GameID)
	lastSent [core.NumGames]time.Time
	wg       sync.WaitGroup
}

func newTableManager(dir string, extra []string, mobile bool, do func(func())) *tableManager {
	m := &tableManager{dir: dir, extra: extra, mobile: mobile, do: do, set: ai.SetTable}
	m.solve = m.build
	return m
}

// subscribe calls f on the UI goroutine whenever a game's table status changes.
func (m *tableManager) subscribe(f func(core.GameID)) {
	m.mu.Lock()
	m.onChange = append(m.onChange, f)
	m.mu.Unlock()
}

func (m *tableManager) get(id core.GameID) tableStatus {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.status[id]
}

func (m *tableManager) setStatus(id core.GameID, st tableStatus) {
	m.mu.Lock()
	m.status[id] = st
	// Progress at most every half second; state changes always.
	now := time.Now()
	if st.state == tableBuilding && st.frac > 0 && now.Sub(m.lastSent[id]) < 500*time.Millisecond {
		m.mu.Unlock()
		return
	}
	m.lastSent[id] = now
	subs := append(([]func(core.GameID))(nil), m.onChange...)
	m.mu.Unlock()
	m.do(func() {
		for _, f := range subs {
			f(id)
		}
	})
}

// ensure loads or builds game id's table in the background, once per run.
func (m *tableManager) ensure(id core.GameID) {
	plan, ok := appPlan(id, m.mobile)
	if !ok || m.dir == "" {
		return
	}
	m.mu.Lock()
	if m.started[id] {
		m.mu.Unlock()
		return
	}
	m.started[id] = true
	m.mu.Unlock()
	m.wg.Add(1)
	go func() {
		defer m.wg.Done()
		m.setStatus(id, tableStatus{state: tableLoading})
		t, err := m.load(id, plan)
		if t == nil {
			t, err = m.solve(id, plan)
		}
		if err != nil {
			m.setStatus(id, tableStatus{state: tableFailed, err: err})
			return
		}
		m.set(id, t)
		m.setStatus(id, tableStatus{state: tableReady})
	}()
}

// load opens a cached (or developer's) table that covers the plan; a file
// that is damaged or built for other rules is passed over (and rebuilt).
func (m *tableManager) load(id core.GameID, plan tablebase.Plan) (*tablebase.Table, error) {
	for _, dir := range append(append([]string(nil), m.extra...), m.dir) {
		t, err := tablebase.Open(tablebase.Path(dir, id.String()))
		if err == nil && covers(t, plan) {
			return t, nil
		}
	}
	return nil, nil
}

// covers reports whether t holds every moving-phase tier of the plan.
func covers(t *tablebase.Table, plan tablebase.Plan) bool {
	for _, c := range plan.Tiers {
		found := false
		for _, s := range t.Sections {
			found = found || (s.Captured == c && s.Hand == 0 && !s.Bound)
		}
		if !found {
			return false
		}
	}
	return true
}

// build solves the plan and caches the table (written to a temporary file
// and renamed, so a crash leaves no half table).
func (m *tableManager) build(id core.GameID, plan tablebase.Plan) (*tablebase.Table, error) {
	s := tablebase.NewSolver(tablebase.ForGame(id))
	s.Threads = runtime.NumCPU()
	entries := plan.Entries(s.R)
	n := float64(len(entries))
	tiersDone := 0
	// A tier's pass over its entries is about a third of its work; the
	// rest (the retrograde levels) reports no progress of its own.
	s.OnProgress = func(_ tablebase.TierKey, done, total int64) {
		m.setStatus(id, tableStatus{state: tableBuilding, frac: (float64(tiersDone) + 0.3*float64(done)/float64(total)) / n})
	}
	m.setStatus(id, tableStatus{state: tableBuilding})
	s.Run(plan, func(tablebase.TierStats) {
		tiersDone++
		m.setStatus(id, tableStatus{state: tableBuilding, frac: float64(tiersDone) / n})
	})
	if err := os.MkdirAll(m.dir, 0o755); err != nil {
		return nil, err
	}
	path := tablebase.Path(m.dir, id.String())
	if _, err := s.Write(path); err != nil {
		return nil, err
	}
	return tablebase.Open(path)
}

// wait waits for the background work (tests).
func (m *tableManager) wait() { m.wg.Wait() }

// statusText is the table line of the game panel ("" for none).
func (m *tableManager) statusText(id core.GameID) string {
	if m == nil {
		return ""
	}
	if _, ok := appPlan(id, m.mobile); !ok && ai.GameTable(id) == nil {
		return ""
	}
	st := m.get(id)
	switch {
	case st.state == tableReady || ai.GameTable(id) != nil:
		return translations.T("tables.ready")
	case st.state == tableBuilding:
		return translations.TData("tables.building", map[string]any{"Percent": int(100 * st.frac)})
	case st.state == tableLoading:
		return translations.T("tables.loading")
	case st.state == tableFailed:
		return translations.T("tables.failed")
	}
	return ""
}

// tablesFromEnv returns the developer's table folders (HUNTCHESS_TABLES,
// separated like PATH), e.g. build/tables after `make tables`.
func tablesFromEnv() []string {
	v := os.Getenv("HUNTCHESS_TABLES")
	if v == "" {
		return nil
	}
	return filepath.SplitList(v)
}

package tables

import (
	"os"
	"sync"
	"sync/atomic"
	"time"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/solver"
	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
	"huntchess/pack"
)

// appPlan is what the app solves on the device for a game, if anything.
func appPlan(id core.GameID, mobile bool) (solver.Plan, bool) {
	switch {
	case id == core.SurroundTheLion:
		return solver.FullPlan(id), true
	case id == core.DeerChess && !mobile:
		return solver.MovingPlan(id), true
	}
	return solver.Plan{}, false
}

// Owner loads and builds the tables, each once per run, and hands them
// out: to the engine (Table, Strategy, Bound: it is an ai.Tables), the
// review, the puzzles and the hints. Table, Strategy, Bound and the
// status are safe from any goroutine; UseShipped, UseSite and the Set…Fetch
// and SetRemoteBound methods are called before the first Ensure. A nil
// Owner has no tables.
type Owner struct {
	dir    string   // the cache: <app storage>/tables
	extra  []string // searched first (the developer's folders: tables from make tables)
	mobile bool
	do     func(func())
	set    func(core.GameID, *tablebase.Table) // m.store (tests watch it)
	loaded [core.NumGames]atomic.Pointer[tablebase.Table]
	// solve builds and caches a table (m.build; tests stand in for it).
	solve func(core.GameID, solver.Plan) (*tablebase.Table, error)
	// fetch, where there is no cache folder (the browser), downloads a
	// game's table file instead (SetFetch).
	fetch Fetch
	// remoteBound, in the browser, opens a game's bound table on the site
	// (SetRemoteBound); remoteTable its whole table (SetRemoteTable).
	remoteBound RemoteBound
	remoteTable RemoteTable
	// fetchStrategy, in the browser, downloads a game's strategy file from
	// the site (SetStrategyFetch).
	fetchStrategy StrategyFetch
	// shippedStrategy is the strategy shipped with the app (Strategy; tests
	// stand in for the browser, which has none of tables/shipped).
	shippedStrategy func(core.GameID) (*strategy.Strategy, error)
	// covers tells whether a table covers a plan (covers; tests stand in).
	covers func(*tablebase.Table, solver.Plan) bool
	// pack is the installed table pack (SetPack, PackChanged): packPath
	// its file of each game ("" for none), fromPack whether the loaded
	// table is that file (why one was refused is a Problem).
	// shipped opens the table shipped with the app (OpenShipped; nil: the
	// shipped tables are not used: tests, UseShipped(false)); hasShipped
	// tells, once checked, whether it opens for the rules here.
	shipped    func(core.GameID) (*tablebase.Table, error)
	hasShipped [core.NumGames]struct {
		once sync.Once
		ok   bool
	}
	pack     *pack.Pack
	packPath [core.NumGames]string
	// packBound is the installed pack's bound file of each game
	// (GAME.bound.hctb, "" for none).
	packBound [core.NumGames]string
	fromPack  [core.NumGames]bool
	repack    [core.NumGames]bool // the pack changed while the table was being had

	mu       sync.Mutex
	status   [core.NumGames]Status
	started  [core.NumGames]bool
	onChange []func(core.GameID)
	lastSent [core.NumGames]time.Time
	// problems are the files passed over and the places not read
	// (report, Problems); seq numbers them, unsent marks the games whose
	// new ones the subscribers have not heard of (flush).
	problems []Problem
	seq      int
	unsent   [core.NumGames]bool
	// holds counts each game's holds (Hold); retired are the closers of
	// the files let go of while held, run at the last release (retire).
	holds   [core.NumGames]int
	retired [core.NumGames][]func()
	wg      sync.WaitGroup
	// strategies are the games' strategies (Strategy): looked for through
	// the places on the first call, again after the pack changes; fetched
	// is the one the site gave (the browser).
	strategies [core.NumGames]struct {
		mu       sync.Mutex
		looked   bool
		s        *strategy.Strategy
		fetching bool // the browser: the download was started
		fetched  *strategy.Strategy
		// shipped is the shipped strategy (shippedStrategy), opened the
		// first time the shipped place is asked (shippedOpen), with why it
		// could not be.
		shippedOpen bool
		shipped     *strategy.Strategy
		shippedErr  error
	}
	// bounds are the bound tables (Bound): found on the first call, again
	// after the pack changes.
	bounds [core.NumGames]struct {
		mu     sync.Mutex
		looked bool
		b      *boundFile
	}
}

// New makes the owner of the tables: dir is the cache (<app
// storage>/tables; "" for none: nothing is loaded or solved), extra the
// folders of developer tables searched first (the app reads them from
// HUNTCHESS_TABLES), mobile whether the device is a phone (it solves
// less), do how status changes reach the UI goroutine. The tables shipped
// with the app are used (UseShipped).
func New(dir string, extra []string, mobile bool, do func(func())) *Owner {
	m := newOwner(dir, extra, mobile, do)
	m.UseShipped(true)
	return m
}

// UseShipped tells whether the owner uses the tables shipped with the app
// (New: it does; the app turns them off for HUNTCHESS_SHIPPED=off). Call
// it before the first Ensure.
func (m *Owner) UseShipped(on bool) {
	m.shipped = nil
	if on {
		m.shipped = func(id core.GameID) (*tablebase.Table, error) { return OpenShipped(id, false) }
	}
}

// shippedOK reports whether game id's shipped table is there and built for
// the rules here (checked once; a stale or damaged one is reported, once:
// Problems, and passed over).
func (m *Owner) shippedOK(id core.GameID) bool {
	if m.shipped == nil || !IsShipped(id) {
		return false
	}
	e := &m.hasShipped[id]
	e.once.Do(func() {
		t, err := m.shipped(id)
		if err != nil {
			m.report(Problem{Game: id, File: FileTable, Place: PlaceShipped, Path: tablebase.Path("", id.String()), Err: err})
			return
		}
		e.ok = true
		t.Close()
	})
	return e.ok
}

func newOwner(dir string, extra []string, mobile bool, do func(func())) *Owner {
	m := &Owner{dir: dir, extra: extra, mobile: mobile, do: do, shippedStrategy: OpenShippedStrategy}
	m.set = m.store
	m.solve = m.build
	m.covers = covers
	return m
}

// store makes t the loaded table of game id.
func (m *Owner) store(id core.GameID, t *tablebase.Table) { m.loaded[id].Store(t) }

// Table is the loaded table of game id, or nil (safe from any goroutine;
// a nil owner has none).
func (m *Owner) Table(id core.GameID) *tablebase.Table {
	if m == nil || int(id) >= len(m.loaded) {
		return nil
	}
	return m.loaded[id].Load()
}

// notify calls the subscribers on the UI goroutine: something of game id
// changed.
func (m *Owner) notify(id core.GameID) {
	m.mu.Lock()
	subs := append(([]func(core.GameID))(nil), m.onChange...)
	m.mu.Unlock()
	m.do(func() {
		for _, f := range subs {
			f(id)
		}
	})
}

// Use makes t the loaded table of game id: a table opened elsewhere (a
// developer's, a test's).
func (m *Owner) Use(id core.GameID, t *tablebase.Table) { m.set(id, t) }

// Planned reports whether this device has (or makes) a table of game id:
// one of a developer's folders, of the installed table pack, one shipped
// with the app (in the browser: one its site serves, downloaded), or one
// it solves (a nil owner, or one without a cache folder or a download,
// has none). The places are asked in their order (places).
func (m *Owner) Planned(id core.GameID) bool {
	if m == nil || (m.dir == "" && m.fetch == nil) {
		return false
	}
	defer m.flush(id)
	for _, p := range m.placesOf(FileTable) {
		switch p.kind {
		case PlaceDev:
			if _, err := os.Stat(tablebase.Path(p.dir, id.String())); err == nil {
				return true
			}
		case PlacePack:
			if m.packFile(id) != "" {
				return true
			}
		case PlaceShipped:
			if m.shippedOK(id) {
				return true
			}
		case PlaceSite:
			if IsShipped(id) { // the site serves the shipped tables
				return true
			}
		case PlaceSolve:
			if _, ok := appPlan(id, m.mobile); ok {
				return true
			}
		}
	}
	return false
}

// Subscribe calls f on the UI goroutine whenever a game's table status changes.
func (m *Owner) Subscribe(f func(core.GameID)) { m.subscribe(f) }

// Ensure loads or builds game id's table in the background, once per run
// (a nil owner does nothing).
func (m *Owner) Ensure(id core.GameID) {
	if m != nil {
		m.ensure(id)
	}
}

// Wait waits for the background work.
func (m *Owner) Wait() { m.wg.Wait() }

// subscribe calls f on the UI goroutine whenever a game's table status changes.
func (m *Owner) subscribe(f func(core.GameID)) {
	m.mu.Lock()
	m.onChange = append(m.onChange, f)
	m.mu.Unlock()
}

// ensure loads or builds game id's table in the background, once per run.
func (m *Owner) ensure(id core.GameID) {
	if m.dir == "" && m.remoteBound != nil {
		m.Bound(id) // the browser: the site's bound table, opened in the background
	}
	if !m.Planned(id) {
		return
	}
	plan, solvable := appPlan(id, m.mobile)
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
		for {
			if m.dir != "" {
				m.setStatus(id, Status{State: Loading})
			}
			t, from, err := m.have(id, plan, solvable)
			m.flush(id)
			inPack := from == PlacePack
			m.mu.Lock()
			again := m.repack[id]
			m.repack[id] = false
			if err == nil {
				m.fromPack[id] = inPack
			}
			m.mu.Unlock()
			if again { // the pack changed meanwhile: have the table again
				if t != nil {
					t.Close()
				}
				continue
			}
			if err != nil {
				m.setStatus(id, Status{State: Failed, Err: err})
				return
			}
			m.replace(id, t)
			m.setStatus(id, Status{State: Ready, From: from})
			return
		}
	}()
}

// replace makes t the loaded table of game id; the table it replaces is
// closed once no one holds the game's files (retire: a search may be
// probing it still).
func (m *Owner) replace(id core.GameID, t *tablebase.Table) {
	old := m.Table(id)
	m.set(id, t)
	if old != nil && old != t {
		m.retire(id, func() { old.Close() })
	}
}

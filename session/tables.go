package session

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
	"huntchess/translations"
)

// Endgame tables on the device. The first time a game with a table is
// played, its table is had, in this order: a developer's
// (HUNTCHESS_TABLES), the installed table pack's, the one shipped inside
// the app (shipped.go; not with HUNTCHESS_SHIPPED=off), the one solved
// before and cached in the app's storage; else, where the device can solve
// the game, it is solved in the background and cached there (a cached file
// that is damaged or built for other rules is solved again); the game is
// playable meanwhile with search. A file of any source that is damaged or
// built for other rules is passed over. Once loaded, the manager hands it
// to the engine (it is an ai.Tables: Master, the levels and the hints play
// from it), the review and the puzzles. It is the one owner of the loaded
// tables. It also hands out the proven strategies from the start that the
// app ships (Strategy, strategy.go): where no table covers a position of
// one, Master, the hints and the review play and judge from it. And it
// hands out each game's bound table (Bound): a table whose sections are
// all bound tiers (Beat the Wolf's 17-dog tier in the pack, the dogs' win
// without giving up a dog), beside the game's exact table, which it never
// replaces; where neither the table nor a strategy covers a position,
// Master, the hints and the review play and judge the proven win from it.
//
// Which games: shipped, Surround the Lion whole, deer chess's moving phase
// and Beat the Wolf's endgames on every device (ShippedGames; the browser
// downloads them from its site). Solved on first use where the shipped
// table is not there (HUNTCHESS_SHIPPED=off, or a stale one): Surround the
// Lion everywhere (25 s on a 2-core desktop, 0.4 GB while solving, 10 MB
// cached); the moving phase of deer chess on the desktop only (82 s, 0.5 GB
// while solving, 37 MB cached; see BenchmarkFirstUse). The deer placement
// phase (6.4 GB), Wolf Carries the Pig and Beat the Wolf's 17-dog tier come
// from the table pack, or, on a desktop, from `make tables` / `make
// solve-all` through HUNTCHESS_TABLES.

// appPlan is what the app solves on the device for a game, if anything.
func appPlan(id core.GameID, mobile bool) (tablebase.Plan, bool) {
	switch {
	case id == core.SurroundTheLion:
		return tablebase.FullPlan(id), true
	case id == core.DeerChess && !mobile:
		return tablebase.MovingPlan(id), true
	}
	return tablebase.Plan{}, false
}

type tableState int

const (
	tableNone     tableState = iota // not asked for, or no plan
	tableLoading                    // reading the cached file
	tableBuilding                   // solving; frac tells how far
	tableFetching                   // downloading (the browser); frac tells how far
	tableReady
	tableFailed
)

type tableStatus struct {
	state tableState
	frac  float64
	err   error
}

// Tables loads and builds the tables, each once per run, and hands them out
// (Table: the engine's ai.Tables).
type Tables = tableManager

// tableManager loads and builds the tables, each once per run.
type tableManager struct {
	dir    string   // the cache: <app storage>/tables
	extra  []string // searched first (HUNTCHESS_TABLES: tables from make tables)
	mobile bool
	do     func(func())
	set    func(core.GameID, *tablebase.Table) // m.store (tests watch it)
	loaded [core.NumGames]atomic.Pointer[tablebase.Table]
	// solve builds and caches a table (m.build; tests stand in for it).
	solve func(core.GameID, tablebase.Plan) (*tablebase.Table, error)
	// fetch, where there is no cache folder (the browser), downloads a
	// game's table file instead (SetFetch).
	fetch Fetch
	// remoteBound, in the browser, opens a game's bound table on the site
	// (SetRemoteBound).
	remoteBound RemoteBound
	// fetchStrategy, in the browser, downloads a game's strategy file from
	// the site (SetStrategyFetch).
	fetchStrategy StrategyFetch
	// shippedStrategy is the strategy shipped with the app (Strategy; tests
	// stand in for the browser, which has none of session/shipped).
	shippedStrategy func(core.GameID) (*strategy.Strategy, error)
	// covers tells whether a table covers a plan (covers; tests stand in).
	covers func(*tablebase.Table, tablebase.Plan) bool
	// pack is the installed table pack (SetPack, PackChanged): packPath
	// its file of each game ("" for none), fromPack whether the loaded
	// table is that file, packErr why it was refused (damaged, other rules).
	// shipped opens the table shipped with the app (OpenShipped; nil: the
	// shipped tables are not used: tests, HUNTCHESS_SHIPPED=off); hasShipped
	// tells, once checked, whether it opens for the rules here.
	shipped    func(core.GameID) (*tablebase.Table, error)
	hasShipped [core.NumGames]struct {
		once sync.Once
		ok   bool
	}
	pack     *Pack
	packPath [core.NumGames]string
	// packBound is the installed pack's bound file of each game
	// (GAME.bound.hctb, "" for none).
	packBound [core.NumGames]string
	fromPack  [core.NumGames]bool
	packErr   [core.NumGames]error
	repack    [core.NumGames]bool // the pack changed while the table was being had

	mu       sync.Mutex
	status   [core.NumGames]tableStatus
	started  [core.NumGames]bool
	onChange []func(core.GameID)
	lastSent [core.NumGames]time.Time
	wg       sync.WaitGroup
	// strategies are the strategies found beside the tables (Strategy).
	strategies [core.NumGames]struct {
		mu       sync.Mutex
		s        *strategy.Strategy
		refused  map[string]bool
		fetching bool // the browser: the download was started
	}
	// bounds are the bound tables (Bound): found on the first call, again
	// after the pack changes.
	bounds [core.NumGames]struct {
		mu     sync.Mutex
		looked bool
		b      *boundFile
	}
}

// boundFile is an open bound table and its file.
type boundFile struct {
	t    *tablebase.Table
	f    io.Closer
	path string // the file, or its address on the site
}

func (b *boundFile) close() {
	b.t.Close()
	b.f.Close()
}

// NewTables makes the owner of the tables: dir is the cache (<app
// storage>/tables; "" for none: nothing is loaded or solved), extra the
// folders searched first (TablesFromEnv), mobile whether the device is a
// phone (it solves less), do how status changes reach the UI goroutine.
// The tables shipped with the app are used unless HUNTCHESS_SHIPPED=off
// (UseShipped).
func NewTables(dir string, extra []string, mobile bool, do func(func())) *Tables {
	m := newTableManager(dir, extra, mobile, do)
	m.UseShipped(ShippedFromEnv())
	return m
}

// UseShipped tells whether the manager uses the tables shipped with the app
// (NewTables: unless HUNTCHESS_SHIPPED=off). Call it before the first
// Ensure.
func (m *tableManager) UseShipped(on bool) {
	m.shipped = nil
	if on {
		m.shipped = func(id core.GameID) (*tablebase.Table, error) { return OpenShipped(id, false) }
	}
}

// shippedOK reports whether game id's shipped table is there and built for
// the rules here (checked once; a stale or damaged one is reported on
// stderr, once, and passed over).
func (m *tableManager) shippedOK(id core.GameID) bool {
	if m.shipped == nil || !IsShipped(id) {
		return false
	}
	e := &m.hasShipped[id]
	e.once.Do(func() {
		t, err := m.shipped(id)
		if err != nil {
			fmt.Fprintf(os.Stderr, "huntchess: %v (not used: run make device-tables)\n", err)
			return
		}
		e.ok = true
		t.Close()
	})
	return e.ok
}

func newTableManager(dir string, extra []string, mobile bool, do func(func())) *tableManager {
	m := &tableManager{dir: dir, extra: extra, mobile: mobile, do: do, shippedStrategy: Strategy}
	m.set = m.store
	m.solve = m.build
	m.covers = covers
	return m
}

// Fetch downloads the table file of game id, telling progress how far it
// got (total -1 while unknown).
type Fetch func(ctx context.Context, id core.GameID, progress func(done, total int64)) ([]byte, error)

// SetFetch makes a manager with no cache folder (the browser, where the
// site serves the tables beside the app) download the tables it would
// otherwise solve. Call it before the first Ensure.
func (m *tableManager) SetFetch(f Fetch) { m.fetch = f }

// RemoteBound opens the file of game id's bound table on the site serving
// the app for range reads (ErrNoRemote where the site has none).
type RemoteBound func(ctx context.Context, id core.GameID) (*RangeReader, error)

// SetRemoteBound makes a manager with no cache folder (the browser) read a
// game's bound table from its site block by block (GAME.bound.hctb: too
// large to download whole): Bound opens it in the background the first
// time it is asked for, and the table line changes once it is open. Call
// it before the first Ensure.
func (m *tableManager) SetRemoteBound(f RemoteBound) { m.remoteBound = f }

// StrategyFetch downloads the strategy file of game id from the site serving
// the app (ErrNoRemote where the site has none).
type StrategyFetch func(ctx context.Context, id core.GameID) ([]byte, error)

// SetStrategyFetch makes a manager with no cache folder (the browser, whose
// build embeds no shipped files) download the strategies the native builds
// ship in session/shipped (ShippedStrategies: Beat the Wolf's, 10 MB) from
// its site: Strategy starts the download in the background the first time
// it is asked for a game's (its first game), and the table line changes
// once it is open. Call it before the first Ensure.
func (m *tableManager) SetStrategyFetch(f StrategyFetch) { m.fetchStrategy = f }

// fetchStrategyFile downloads and opens game id's strategy (Strategy, in
// the browser) and tells the subscribers once it is open; a site without
// one, or one that fails, leaves the game without.
func (m *tableManager) fetchStrategyFile(id core.GameID) {
	defer m.wg.Done()
	data, err := m.fetchStrategy(context.Background(), id)
	if err != nil {
		if !errors.Is(err, ErrNoRemote) {
			fmt.Fprintf(os.Stderr, "huntchess: strategy of %s: %v (not used)\n", id, err)
		}
		return
	}
	s, err := strategy.OpenStrategy(bytes.NewReader(data), int64(len(data)))
	if err == nil && s.GameID() != id {
		err = errors.New("holds another game's strategy")
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "huntchess: strategy of %s from the site: %v (not used)\n", id, err)
		return
	}
	e := &m.strategies[id]
	e.mu.Lock()
	e.s = s
	e.mu.Unlock()
	m.notify(id)
}

// store makes t the loaded table of game id.
func (m *tableManager) store(id core.GameID, t *tablebase.Table) { m.loaded[id].Store(t) }

// Table is the loaded table of game id, or nil (safe from any goroutine;
// a nil manager has none).
func (m *tableManager) Table(id core.GameID) *tablebase.Table {
	if m == nil || int(id) >= len(m.loaded) {
		return nil
	}
	return m.loaded[id].Load()
}

// Strategy is the proven strategy from the start of game id: the one the
// app ships (Strategy; in the browser, Beat the Wolf's is downloaded from
// the site the first time it is asked for: SetStrategyFetch), else one
// beside the tables — in the table folders or beside the game's table in
// the installed pack (GAME.hcst), read once found; or nil. It is the
// engine's ai.Strategies (a nil manager has none).
func (m *tableManager) Strategy(id core.GameID) *strategy.Strategy {
	if m == nil || int(id) >= len(m.strategies) {
		return nil
	}
	if s, _ := m.shippedStrategy(id); s != nil {
		return s
	}
	e := &m.strategies[id]
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.s != nil {
		return e.s
	}
	if m.dir == "" && m.fetchStrategy != nil && slices.Contains(ShippedStrategies, id) {
		if !e.fetching {
			e.fetching = true
			m.wg.Add(1)
			go m.fetchStrategyFile(id)
		}
		return nil
	}
	dirs := append(append([]string(nil), m.extra...), m.dir)
	if p := m.packFile(id); p != "" {
		dirs = append(dirs, filepath.Dir(p))
	}
	for _, dir := range dirs {
		path := strategy.StrategyPath(dir, id.String())
		if dir == "" || e.refused[path] {
			continue
		}
		data, err := readLimited(path, maxStrategyFileBytes)
		if errors.Is(err, fs.ErrNotExist) {
			continue // none there (yet: a pack may come)
		}
		if err != nil { // unreadable, or too large to be a strategy
			data = nil
		}
		if s, err := strategy.ReadStrategy(data); err == nil && s.GameID() == id {
			e.s = s
			return s
		}
		if e.refused == nil {
			e.refused = map[string]bool{}
		}
		e.refused[path] = true // damaged or for other rules: not read again
	}
	return nil
}

// Bound is the bound table of game id (a table whose sections are all
// bound tiers: the prey's wins where any capture counts as a predator
// win), or nil: a developer's (GAME.bound.hctb in the table folders), else
// the installed pack's (its GAME.bound.hctb, or a GAME.hctb that holds
// only bound tiers). Only its header is read when it is opened (a block is
// checked when a probe first reads it; a damaged one proves nothing). It
// is the engine's ai.BoundTables; safe from any goroutine (a nil manager
// has none).
func (m *tableManager) Bound(id core.GameID) *tablebase.Table {
	if m == nil || int(id) >= len(m.bounds) {
		return nil
	}
	e := &m.bounds[id]
	e.mu.Lock()
	defer e.mu.Unlock()
	if !e.looked {
		e.looked = true
		if m.dir == "" && m.remoteBound != nil {
			if slices.Contains(SiteBounds, id) { // the site has no other game's
				m.wg.Add(1)
				go m.openRemoteBound(id)
			}
		} else {
			e.b = m.findBound(id)
		}
	}
	if e.b == nil {
		return nil
	}
	return e.b.t
}

// findBound opens the first bound table of game id (see Bound).
func (m *tableManager) findBound(id core.GameID) *boundFile {
	var paths []string
	for _, dir := range m.extra {
		paths = append(paths, tablebase.Path(dir, id.String()+".bound"))
	}
	m.mu.Lock()
	paths = append(paths, m.packBound[id], m.packPath[id])
	m.mu.Unlock()
	for _, path := range paths {
		if path == "" {
			continue
		}
		b, err := openBound(path)
		if err != nil {
			continue
		}
		if g, ok := b.t.Rules().Game(); ok && g == id && allBound(b.t) {
			return b
		}
		b.close()
	}
	return nil
}

// RemoteBoundCache is what a bound table read from the site keeps of the
// compressed blocks it read (RangeReader.SetCache): its cache of unpacked
// blocks (24 MiB) holds far fewer than a move's search probes, so without
// it most blocks would be asked for again and again. Master's first 30
// plies of Beat the Wolf from the site natively: 13,385 requests (165 MB)
// without it, 1,341 (19 MB) with it.
const RemoteBoundCache = 16 << 20

// openRemoteBound opens game id's bound table on the site (Bound, in the
// browser) and tells the subscribers once it is open; a site without one,
// or one that fails, leaves the game without.
func (m *tableManager) openRemoteBound(id core.GameID) {
	defer m.wg.Done()
	r, err := m.remoteBound(context.Background(), id)
	if err != nil {
		if !errors.Is(err, ErrNoRemote) {
			fmt.Fprintf(os.Stderr, "huntchess: bound table of %s: %v (not used)\n", id, err)
		}
		return
	}
	r.SetCache(RemoteBoundCache)
	t, err := tablebase.OpenReaderAt(r, r.Size(), false)
	if err != nil {
		fmt.Fprintf(os.Stderr, "huntchess: %s: %v (not used)\n", r.URL(), err)
		return
	}
	if g, ok := t.Rules().Game(); !ok || g != id || !allBound(t) {
		t.Close()
		fmt.Fprintf(os.Stderr, "huntchess: %s: not a bound table of %s (not used)\n", r.URL(), id)
		return
	}
	e := &m.bounds[id]
	e.mu.Lock()
	e.b = &boundFile{t: t, f: r, path: r.URL()}
	e.mu.Unlock()
	m.notify(id)
}

// notify calls the subscribers on the UI goroutine: something of game id
// changed.
func (m *tableManager) notify(id core.GameID) {
	m.mu.Lock()
	subs := append(([]func(core.GameID))(nil), m.onChange...)
	m.mu.Unlock()
	m.do(func() {
		for _, f := range subs {
			f(id)
		}
	})
}

// openBound opens a table file reading only its header.
func openBound(path string) (*boundFile, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err == nil {
		var t *tablebase.Table
		if t, err = tablebase.OpenReaderAt(f, fi.Size(), false); err == nil {
			return &boundFile{t: t, f: f, path: path}, nil
		}
	}
	f.Close()
	return nil, err
}

// allBound reports whether t holds bound tiers only.
func allBound(t *tablebase.Table) bool {
	for _, s := range t.Sections {
		if !s.Bound {
			return false
		}
	}
	return len(t.Sections) > 0
}

// forgetBound lets go of game id's bound table (the pack changed): it is
// looked for again on the next Bound, and the old one closed a minute
// later (a search may be probing it still).
func (m *tableManager) forgetBound(id core.GameID) {
	e := &m.bounds[id]
	e.mu.Lock()
	old := e.b
	e.b, e.looked = nil, false
	e.mu.Unlock()
	if old != nil {
		time.AfterFunc(time.Minute, old.close)
	}
}

// Use makes t the loaded table of game id: a table opened elsewhere (a
// developer's, a test's).
func (m *tableManager) Use(id core.GameID, t *tablebase.Table) { m.set(id, t) }

// Planned reports whether this device has (or makes) a table of game id:
// one of the installed table pack, one shipped with the app (in the
// browser: one its site serves, downloaded), or one it solves (a nil
// manager, or one without a cache folder or a download, has none).
func (m *tableManager) Planned(id core.GameID) bool {
	if m == nil || (m.dir == "" && m.fetch == nil) {
		return false
	}
	if m.packFile(id) != "" {
		return true
	}
	if m.dir == "" {
		return IsShipped(id) // the browser: its site serves the shipped tables
	}
	if m.shippedOK(id) {
		return true
	}
	_, ok := appPlan(id, m.mobile)
	return ok
}

// packFile is the installed pack's file of game id ("" for none).
func (m *tableManager) packFile(id core.GameID) string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.packPath[id]
}

// Solving reports whether game id's table is being solved now.
func (m *tableManager) Solving(id core.GameID) bool { return m.get(id).state == tableBuilding }

// Settled reports whether game id's table is loaded, or could not be had.
func (m *tableManager) Settled(id core.GameID) bool {
	st := m.get(id).state
	return st == tableReady || st == tableFailed
}

// Subscribe calls f on the UI goroutine whenever a game's table status changes.
func (m *tableManager) Subscribe(f func(core.GameID)) { m.subscribe(f) }

// Ensure loads or builds game id's table in the background, once per run
// (a nil manager does nothing).
func (m *tableManager) Ensure(id core.GameID) {
	if m != nil {
		m.ensure(id)
	}
}

// Wait waits for the background work.
func (m *tableManager) Wait() { m.wg.Wait() }

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
	m.mu.Unlock()
	m.notify(id)
}

// ensure loads or builds game id's table in the background, once per run.
func (m *tableManager) ensure(id core.GameID) {
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
			var t *tablebase.Table
			var err error
			pack := false
			switch {
			case m.dir == "":
				t, err = m.download(id, plan)
			default:
				m.setStatus(id, tableStatus{state: tableLoading})
				t, pack = m.load(id, plan, solvable)
				if t == nil && solvable {
					t, err = m.solve(id, plan)
				} else if t == nil {
					err = fmt.Errorf("%s: no table", id)
				}
			}
			m.mu.Lock()
			again := m.repack[id]
			m.repack[id] = false
			if err == nil {
				m.fromPack[id] = pack
			}
			m.mu.Unlock()
			if again { // the pack changed meanwhile: have the table again
				if t != nil {
					t.Close()
				}
				continue
			}
			if err != nil {
				m.setStatus(id, tableStatus{state: tableFailed, err: err})
				return
			}
			m.replace(id, t)
			m.setStatus(id, tableStatus{state: tableReady})
			return
		}
	}()
}

// replace makes t the loaded table of game id; the table it replaces is
// closed a minute later (a search may be probing it still; a probe of a
// closed table reports the position uncovered).
func (m *tableManager) replace(id core.GameID, t *tablebase.Table) {
	old := m.Table(id)
	m.set(id, t)
	if old != nil && old != t {
		time.AfterFunc(time.Minute, func() { old.Close() })
	}
}

// SetPack tells the manager where the installed table pack is (nil:
// none); its tables are used before the ones solved on the device. Call it
// before the first Ensure, and PackChanged after the pack changes.
func (m *tableManager) SetPack(p *Pack) {
	if m == nil {
		return
	}
	m.mu.Lock()
	m.pack = p
	m.mu.Unlock()
	m.readPack()
}

// readPack reads which games the installed pack has a table of, and
// reports the games whose pack file changed.
func (m *tableManager) readPack() (changed []core.GameID) {
	var paths, bounds [core.NumGames]string
	m.mu.Lock()
	p := m.pack
	m.mu.Unlock()
	if p != nil {
		for _, g := range core.Games() {
			paths[g.ID] = p.TablePath(g.ID)
			bounds[g.ID] = p.File(tablebase.Path("", g.ID.String()+".bound"))
		}
	}
	var reBound []core.GameID
	m.mu.Lock()
	for id := range paths {
		if paths[id] != m.packPath[id] || (paths[id] == "" && m.fromPack[id]) {
			changed = append(changed, core.GameID(id))
			m.packErr[id] = nil
		}
		if paths[id] != m.packPath[id] || bounds[id] != m.packBound[id] {
			reBound = append(reBound, core.GameID(id))
		}
	}
	m.packPath, m.packBound = paths, bounds
	m.mu.Unlock()
	for _, id := range reBound {
		m.forgetBound(id)
	}
	return changed
}

// PackChanged reads the installed pack again (after a download or a
// delete): a game whose table was had already takes the pack's table now,
// or, where the pack's was in use and is gone, its own again (solved on
// the device, or none).
func (m *tableManager) PackChanged() {
	if m == nil {
		return
	}
	for _, id := range m.readPack() {
		m.mu.Lock()
		started := m.started[id]
		st := m.status[id].state
		wasPack := m.fromPack[id]
		switch {
		case !started:
			m.mu.Unlock()
			continue
		case st == tableLoading || st == tableBuilding || st == tableFetching:
			m.repack[id] = true // the work in progress starts over when done
			m.mu.Unlock()
			continue
		}
		m.started[id] = false
		m.fromPack[id] = false
		m.mu.Unlock()
		if wasPack {
			m.replace(id, nil)
			m.setStatus(id, tableStatus{})
		}
		m.ensure(id)
	}
}

// PackError is why the installed pack's table of game id is not used (it
// is damaged, or built for other rules), or nil.
func (m *tableManager) PackError(id core.GameID) error {
	if m == nil {
		return nil
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.packErr[id]
}

// load opens a developer's table (HUNTCHESS_TABLES), else the installed
// pack's, else the one shipped with the app, else the cached one, that
// covers the plan (any table of the game where the device solves none:
// !solvable); a file that is damaged or built for other rules is passed
// over (a cached one is rebuilt; a pack file is reported: PackError and
// stderr; a shipped one on stderr, once). pack tells the table is the
// pack's.
func (m *tableManager) load(id core.GameID, plan tablebase.Plan, solvable bool) (t *tablebase.Table, pack bool) {
	ok := func(t *tablebase.Table) bool {
		g, isGame := t.Rules().Game()
		return isGame && g == id && !allBound(t) && (!solvable || m.covers(t, plan))
	}
	for _, dir := range m.extra {
		if t, err := tablebase.Open(tablebase.Path(dir, id.String())); err == nil {
			if ok(t) {
				m.sizeCache(id, t)
				return t, false
			}
			t.Close()
		}
	}
	if path := m.packFile(id); path != "" && !m.packIsBound(id) {
		t, err := openPackTable(path)
		switch {
		case err == nil && allBound(t):
			t.Close() // a bound table (a developer's is the one in use): not the exact table
		case err == nil && !ok(t):
			t.Close()
			err = fmt.Errorf("%s: %w (not a table of %s covering the game)", filepath.Base(path), ErrPackRules, id)
			fallthrough
		case err != nil:
			m.mu.Lock()
			m.packErr[id] = err
			m.mu.Unlock()
			fmt.Fprintf(os.Stderr, "huntchess: table pack: %v (not used)\n", err)
		default:
			m.sizeCache(id, t)
			return t, true
		}
	}
	if m.shippedOK(id) {
		t, err := m.shipped(id)
		if err == nil && ok(t) {
			m.sizeCache(id, t)
			return t, false
		}
		if err == nil {
			t.Close()
			fmt.Fprintf(os.Stderr, "huntchess: the shipped table of %s does not cover what the device solves (not used: run make device-tables)\n", id)
		}
	}
	if m.dir == "" {
		return nil, false
	}
	t, err := tablebase.Open(tablebase.Path(m.dir, id.String()))
	if err != nil {
		return nil, false
	}
	if ok(t) {
		m.sizeCache(id, t)
		return t, false
	}
	t.Close() // passed over: the file is rebuilt, so let go of it
	return nil, false
}

// packIsBound reports whether the pack's GAME.hctb of game id is its
// bound table (all its sections bound tiers: Bound hands it out; the exact
// table comes from elsewhere).
func (m *tableManager) packIsBound(id core.GameID) bool {
	b := m.Bound(id)
	e := &m.bounds[id]
	e.mu.Lock()
	defer e.mu.Unlock()
	return b != nil && e.b != nil && e.b.path == m.packFile(id)
}

// openPackTable opens a table file of the pack (the device format, once
// `make device-tables` writes it, opens here).
func openPackTable(path string) (*tablebase.Table, error) {
	t, err := tablebase.Open(path)
	if err != nil && errors.Is(err, tablebase.ErrRules) {
		err = fmt.Errorf("%w: %v", ErrPackRules, err)
	}
	return t, err
}

// sizeCache gives a loaded table its cache of unpacked blocks: the
// library's default (sized for a phone), more for deer chess on a desktop.
func (m *tableManager) sizeCache(id core.GameID, t *tablebase.Table) {
	if id == core.DeerChess && !m.mobile {
		t.SetCacheBytes(64 << 20)
	}
}

// download fetches the table (m.fetch) and reads it from memory; a file
// that is damaged, built for other rules or short of the plan is refused.
func (m *tableManager) download(id core.GameID, plan tablebase.Plan) (*tablebase.Table, error) {
	m.setStatus(id, tableStatus{state: tableFetching})
	data, err := m.fetch(context.Background(), id, func(done, total int64) {
		if total > 0 {
			m.setStatus(id, tableStatus{state: tableFetching, frac: float64(done) / float64(total)})
		}
	})
	if err != nil {
		return nil, err
	}
	t, err := tablebase.Read(data)
	if err != nil {
		return nil, err
	}
	if g, ok := t.Rules().Game(); !ok || g != id || !covers(t, plan) {
		return nil, fmt.Errorf("%s: the downloaded table does not cover the game", id)
	}
	m.sizeCache(id, t)
	return t, nil
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

// coversPlacement reports whether t holds positions with prey still in hand
// (deer chess's placement phase; the app solves only the moving phase).
func coversPlacement(t *tablebase.Table) bool {
	if t == nil {
		return false
	}
	for _, s := range t.Sections {
		if s.Hand > 0 {
			return true
		}
	}
	return false
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
	_, err := s.Write(path)
	s.Close() // the solved tiers are written: hand their memory back now
	if err != nil {
		return nil, err
	}
	t, err := tablebase.Open(path)
	if err == nil {
		m.sizeCache(id, t)
	}
	return t, err
}

// StatusText is the table line of the game panel ("" for none).
func (m *tableManager) StatusText(id core.GameID) string {
	if m == nil {
		return ""
	}
	if !m.Planned(id) && m.Table(id) == nil {
		return m.strategyText(id)
	}
	st := m.get(id)
	switch {
	case st.state == tableReady || m.Table(id) != nil:
		if id.Info().HasPlacement() && !coversPlacement(m.Table(id)) {
			return translations.T("tables.ready_moving")
		}
		if s := m.Strategy(id); m.Bound(id) != nil || s != nil && s.Bound {
			return translations.TData("tables.ready_bound", provenSide(id, s)) // Beat the Wolf: the win from the start proven too
		}
		return translations.T("tables.ready")
	case st.state == tableBuilding:
		return translations.TData("tables.building", map[string]any{"Percent": int(100 * st.frac)})
	case st.state == tableFetching:
		return translations.TData("tables.downloading", map[string]any{"Percent": int(100 * st.frac)})
	case st.state == tableLoading:
		return translations.T("tables.loading")
	case st.state == tableFailed:
		return translations.T("tables.failed")
	}
	return m.strategyText(id)
}

// strategyText is the table line of a game without a table here: what the
// strategy from the start proves, or the bound table ("" for none).
func (m *tableManager) strategyText(id core.GameID) string {
	s := m.Strategy(id)
	switch {
	case s == nil && m.Bound(id) != nil:
		return translations.TData("tables.strategy_bound", provenSide(id, s))
	case s == nil:
		return ""
	case s.Bound:
		return translations.TData("tables.strategy_bound", provenSide(id, s))
	}
	return translations.TData("tables.strategy", provenSide(id, s))
}

// provenSide is the data of a table line that says whose win from the start
// is proven: the strategy's winner, else (a bound table alone, which proves
// the prey's wins) the prey.
func provenSide(id core.GameID, s *strategy.Strategy) map[string]any {
	side := core.Prey
	if s != nil {
		side = s.WinnerSide()
	}
	return map[string]any{"Side": SideName(id.Info(), side)}
}

// TablesFromEnv returns the developer's table folders (HUNTCHESS_TABLES,
// separated like PATH), e.g. build/tables after `make tables`.
func TablesFromEnv() []string {
	v := os.Getenv("HUNTCHESS_TABLES")
	if v == "" {
		return nil
	}
	return filepath.SplitList(v)
}

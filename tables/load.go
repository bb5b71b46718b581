package tables

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/solver"
	"huntchess/core"
	"huntchess/pack"
)

// Fetch downloads the table file of game id, telling progress how far it
// got (total -1 while unknown).
type Fetch func(ctx context.Context, id core.GameID, progress func(done, total int64)) ([]byte, error)

// SetFetch makes an owner with no cache folder (the browser, where the
// site serves the tables beside the app) download the tables it would
// otherwise solve. Call it before the first Ensure.
func (m *Owner) SetFetch(f Fetch) { m.fetch = f }

// SetPack tells the owner where the installed table pack is (nil:
// none); its tables are used before the ones solved on the device. Call it
// before the first Ensure, and PackChanged after the pack changes.
func (m *Owner) SetPack(p *pack.Pack) {
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
func (m *Owner) readPack() (changed []core.GameID) {
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
		}
		if paths[id] != m.packPath[id] || bounds[id] != m.packBound[id] {
			reBound = append(reBound, core.GameID(id))
			m.forgetProblems(core.GameID(id), PlacePack)
		}
	}
	m.packPath, m.packBound = paths, bounds
	m.mu.Unlock()
	for _, id := range reBound {
		m.forgetBound(id)
	}
	for _, g := range core.Games() {
		m.forgetStrategy(g.ID) // a strategy may have come or gone with the pack
	}
	return changed
}

// PackChanged reads the installed pack again (after a download or a
// delete): a game whose table was had already takes the pack's table now,
// or, where the pack's was in use and is gone, its own again (solved on
// the device, or none).
func (m *Owner) PackChanged() {
	if m == nil {
		return
	}
	for _, id := range m.readPack() {
		m.mu.Lock()
		started := m.started[id]
		st := m.status[id].State
		wasPack := m.fromPack[id]
		switch {
		case !started:
			m.mu.Unlock()
			continue
		case st == Loading || st == Building || st == Fetching:
			m.repack[id] = true // the work in progress starts over when done
			m.mu.Unlock()
			continue
		}
		m.started[id] = false
		m.fromPack[id] = false
		m.mu.Unlock()
		if wasPack {
			m.replace(id, nil)
			m.setStatus(id, Status{})
		}
		m.ensure(id)
	}
}

// packFile is the installed pack's file of game id ("" for none).
func (m *Owner) packFile(id core.GameID) string {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.packPath[id]
}

// have has game id's table from the first place that gives one (places):
// a developer's folder, the installed pack (unless its file of the game is
// the game's bound table: Bound), the shipped tables, the cache, the site
// (downloaded: the browser), else a solve where the device solves the game
// (solvable); from is the place it came from. A table must be of the game,
// not a bound table, and cover the plan where the device solves the game
// (any table of the game where it solves none). A file that is damaged,
// built for other rules or short of the plan is passed over: a cached one
// silently (it is solved again), any other reported (Problems; a pack
// file's is its PackError). err is why there is none.
func (m *Owner) have(id core.GameID, plan solver.Plan, solvable bool) (t *tablebase.Table, from PlaceKind, err error) {
	ok := func(t *tablebase.Table) bool {
		g, isGame := t.Rules().Game()
		return isGame && g == id && !allBound(t) && (!solvable || m.covers(t, plan))
	}
	short := fmt.Errorf("%w (not a table of %s covering what the device solves)", pack.ErrRules, id)
	err = fmt.Errorf("%s: no table", id)
	for _, p := range m.placesOf(FileTable) {
		switch p.kind {
		case PlaceDev, PlaceCache:
			path := tablebase.Path(p.dir, id.String())
			t, oerr := tablebase.Open(path)
			if oerr == nil && ok(t) {
				m.sizeCache(id, t)
				return t, p.kind, nil
			}
			if oerr == nil {
				t.Close() // a cached one is solved again: let go of it
				oerr = short
			}
			if p.kind == PlaceDev && !missing(oerr) {
				m.report(Problem{Game: id, File: FileTable, Place: PlaceDev, Path: path, Err: oerr})
			}
		case PlacePack:
			path := m.packFile(id)
			if path == "" || m.packIsBound(id) {
				continue
			}
			t, oerr := openPackTable(path)
			switch {
			case oerr == nil && allBound(t):
				t.Close() // a bound table (a developer's is the one in use): not the exact table
				continue
			case oerr == nil && ok(t):
				m.sizeCache(id, t)
				return t, PlacePack, nil
			case oerr == nil:
				t.Close()
				oerr = fmt.Errorf("%s: %w", filepath.Base(path), short)
			}
			m.report(Problem{Game: id, File: FileTable, Place: PlacePack, Path: path, Err: oerr})
		case PlaceShipped:
			if !m.shippedOK(id) {
				continue
			}
			t, oerr := m.shipped(id)
			if oerr == nil && ok(t) {
				m.sizeCache(id, t)
				return t, PlaceShipped, nil
			}
			if oerr == nil {
				t.Close()
				oerr = short
			}
			m.report(Problem{Game: id, File: FileTable, Place: PlaceShipped, Path: tablebase.Path("", id.String()), Err: oerr})
		case PlaceSite:
			if rt, rerr := m.openRemoteTable(id, ok); rt != nil {
				return rt, PlaceSite, nil
			} else if rerr != nil {
				m.report(Problem{Game: id, File: FileTable, Place: PlaceSite, Path: tablebase.Path(pack.SitePackFolder, id.String()), Err: rerr})
			}
			if m.fetch == nil {
				continue
			}
			t, err = m.download(id, plan)
			if err == nil {
				return t, PlaceSite, nil
			}
			m.report(Problem{Game: id, File: FileTable, Place: PlaceSite, Err: err})
		case PlaceSolve:
			if solvable {
				t, err = m.solve(id, plan)
				return t, PlaceSolve, err
			}
		}
	}
	return nil, 0, err
}

// RemoteTableCache is what a whole table read from the site keeps of the
// compressed blocks it read (pack.RangeReader.SetCache), as a bound table
// read from there does (RemoteBoundCache).
const RemoteTableCache = RemoteBoundCache

// openRemoteTable opens game id's whole table on the site for range reads
// (SetRemoteTable), where the site has one of a game of pack.SiteTables
// that ok accepts: nil and no error where it has none (pack.ErrNoRemote),
// nil and why where it could not be opened or is not the game's table.
func (m *Owner) openRemoteTable(id core.GameID, ok func(*tablebase.Table) bool) (*tablebase.Table, error) {
	if m.remoteTable == nil || !slices.Contains(pack.SiteTables, id) {
		return nil, nil
	}
	r, err := m.remoteTable(context.Background(), id)
	if errors.Is(err, pack.ErrNoRemote) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	r.SetCache(RemoteTableCache)
	t, err := tablebase.OpenReaderAt(r, r.Size(), false)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", r.URL(), err)
	}
	if !ok(t) {
		t.Close()
		return nil, fmt.Errorf("%s: not a table of %s", r.URL(), id)
	}
	m.sizeCache(id, t)
	return t, nil
}

// openPackTable opens a table file of the pack (the device format, once
// `make device-tables` writes it, opens here).
func openPackTable(path string) (*tablebase.Table, error) {
	t, err := tablebase.Open(path)
	if err != nil && errors.Is(err, tablebase.ErrRules) {
		err = fmt.Errorf("%w: %v", pack.ErrRules, err)
	}
	return t, err
}

// ValuesCache is the cache of a table of values (device format 2: Wolf
// Carries the Pig's on every device, deer chess's on a desktop; sizeCache).
const ValuesCache = 40 << 20

// sizeCache gives a loaded table its cache of unpacked blocks: the
// library's default (sized for a phone), more for a table of values and
// for deer chess's moving phase on a desktop.
//
// Wolf Carries the Pig's table of values (device format 2) takes 40 MiB on
// every device: its blocks of 4 Mi entries unpack to 1 MiB each, and a
// draw's move reads some dozens of them (the wolves' probes fold children
// across the tiers). Measured with cmd/perfect over 40 random positions,
// one game at a time: 24 MiB, a move 61 ms on average, 238 ms at the 95th
// percentile, 4.8 s at the most; 40 MiB, 25 ms, 145 ms and 0.33 s; 64 MiB,
// 18 ms, 91 ms and 0.2 s, but 200 Master moves then held 307 MB, over
// make memory's 300 MB. Deer chess's whole table (its placement phase's
// values in the same 1 MiB blocks) takes the same 40 MiB on a desktop:
// with the moving phase's 64 MiB, 100 Master moves from the start held 290
// MB (peak 314, Go 135 MB), with 40 MiB 252 MB (peak 270, Go 97 MB); its
// moves then took 3.6 ms on average, 18 ms at the 95th percentile
// (cmd/perfect, 100 random positions and the start).
func (m *Owner) sizeCache(id core.GameID, t *tablebase.Table) {
	switch {
	case t.HasValuesOnly() && (id == core.WolfCarriesPig || id == core.DeerChess && !m.mobile):
		t.SetCacheBytes(ValuesCache)
	case id == core.DeerChess && !m.mobile:
		t.SetCacheBytes(64 << 20)
	}
}

// download fetches the table (m.fetch) and reads it from memory; a file
// that is damaged, built for other rules or short of the plan is refused.
func (m *Owner) download(id core.GameID, plan solver.Plan) (*tablebase.Table, error) {
	m.setStatus(id, Status{State: Fetching})
	data, err := m.fetch(context.Background(), id, func(done, total int64) {
		if total > 0 {
			m.setStatus(id, Status{State: Fetching, Frac: float64(done) / float64(total)})
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
func covers(t *tablebase.Table, plan solver.Plan) bool {
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
func (m *Owner) build(id core.GameID, plan solver.Plan) (*tablebase.Table, error) {
	s := solver.NewSolver(tablebase.ForGame(id))
	s.Threads = runtime.NumCPU()
	entries := plan.Entries(s.R)
	n := float64(len(entries))
	tiersDone := 0
	// A tier's pass over its entries is about a third of its work; the
	// rest (the retrograde levels) reports no progress of its own.
	s.OnProgress = func(_ solver.TierKey, done, total int64) {
		m.setStatus(id, Status{State: Building, Frac: (float64(tiersDone) + 0.3*float64(done)/float64(total)) / n})
	}
	m.setStatus(id, Status{State: Building})
	s.Run(plan, func(tablebase.TierStats) {
		tiersDone++
		m.setStatus(id, Status{State: Building, Frac: float64(tiersDone) / n})
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

// UseSite makes an owner with no cache folder (the browser) have its
// tables from the site serving the app: each game's table downloaded whole
// (SetFetch), but Beat the Wolf's whole table read block by block from the
// site's pack folder where the site has it (SetRemoteTable), its set
// strategy downloaded (SetStrategyFetch), its bound table read block by
// block (SetRemoteBound). Call it before the
// first Ensure.
func (m *Owner) UseSite(s *pack.Site) {
	m.SetFetch(s.FetchTable)
	m.SetRemoteBound(s.OpenBound)
	m.SetStrategyFetch(s.FetchStrategy)
	packs := &pack.Site{Base: s.Base + pack.SitePackFolder, Client: s.Client}
	m.SetRemoteTable(packs.OpenTable)
}

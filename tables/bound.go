package tables

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"

	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/pack"
)

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

// RemoteBound opens the file of game id's bound table on the site serving
// the app for range reads (pack.ErrNoRemote where the site has none).
type RemoteBound func(ctx context.Context, id core.GameID) (*pack.RangeReader, error)

// RemoteTable opens the file of game id's whole table on the site serving
// the app for range reads (pack.ErrNoRemote where the site has none).
type RemoteTable func(ctx context.Context, id core.GameID) (*pack.RangeReader, error)

// SetRemoteTable makes an owner with no cache folder (the browser) read the
// table of a game of pack.SiteTables from the site block by block, where
// the site has it (the table pack's whole table: too large to download),
// before it downloads the game's shipped table whole (SetFetch). Call it
// before the first Ensure.
func (m *Owner) SetRemoteTable(f RemoteTable) { m.remoteTable = f }

// SetRemoteBound makes an owner with no cache folder (the browser) read a
// game's bound table from its site block by block (GAME.bound.hctb: too
// large to download whole): Bound opens it in the background the first
// time it is asked for, and the table line changes once it is open. Call
// it before the first Ensure.
func (m *Owner) SetRemoteBound(f RemoteBound) { m.remoteBound = f }

// Bound is the bound table of game id (a table whose sections are all
// bound tiers: the prey's wins where any capture counts as a predator
// win), or nil, from the first place that has one (places): a developer's
// folder (GAME.bound.hctb), the installed pack (its GAME.bound.hctb, or a
// GAME.hctb that holds only bound tiers), or in the browser the site's
// (read block by block, opened in the background the first time it is
// asked for: SetRemoteBound). Only its header is read when it is opened (a
// block is checked when a probe first reads it; a damaged one proves
// nothing); a file that cannot be opened or is not a bound table of the
// game is passed over and reported (Problems). It is the engine's
// ai.BoundTables; safe from any goroutine (a nil owner has none).
func (m *Owner) Bound(id core.GameID) *tablebase.Table {
	if m == nil || int(id) >= len(m.bounds) {
		return nil
	}
	defer m.flush(id)
	e := &m.bounds[id]
	e.mu.Lock()
	defer e.mu.Unlock()
	if !e.looked {
		e.looked = true
		e.b = m.findBound(id)
	}
	if e.b == nil {
		return nil
	}
	return e.b.t
}

// findBound opens the first bound table of game id (see Bound; the
// bound's lock held), or starts opening the site's.
func (m *Owner) findBound(id core.GameID) *boundFile {
	for _, p := range m.placesOf(FileBound) {
		var paths []string
		switch p.kind {
		case PlaceDev:
			paths = []string{tablebase.Path(p.dir, id.String()+".bound")}
		case PlacePack:
			m.mu.Lock()
			paths = []string{m.packBound[id], m.packPath[id]}
			m.mu.Unlock()
		case PlaceSite:
			if m.remoteBound != nil && slices.Contains(pack.SiteBounds, id) { // the site has no other game's
				m.wg.Add(1)
				go m.openRemoteBound(id)
			}
		}
		for i, path := range paths {
			if path == "" {
				continue
			}
			b, err := openBound(path)
			if err == nil {
				if g, ok := b.t.Rules().Game(); ok && g == id && allBound(b.t) {
					return b
				}
				b.close()
				err = fmt.Errorf("not a bound table of %s", id)
			}
			if missing(err) || p.kind == PlacePack && i == 1 {
				continue // the pack's GAME.hctb: the game's exact table (have reports its problems)
			}
			m.report(Problem{Game: id, File: FileBound, Place: p.kind, Path: path, Err: err})
		}
	}
	return nil
}

// RemoteBoundCache is what a bound table read from the site keeps of the
// compressed blocks it read (pack.RangeReader.SetCache): its cache of unpacked
// blocks (24 MiB) holds far fewer than a move's search probes, so without
// it most blocks would be asked for again and again. Master's first 30
// plies of Beat the Wolf from the site natively: 13,385 requests (165 MB)
// without it, 1,341 (19 MB) with it.
const RemoteBoundCache = 16 << 20

// openRemoteBound opens game id's bound table on the site (Bound, in the
// browser) and tells the subscribers once it is open; a site without one,
// or one that fails, leaves the game without.
func (m *Owner) openRemoteBound(id core.GameID) {
	defer m.wg.Done()
	defer m.flush(id)
	problem := func(path string, err error) {
		m.report(Problem{Game: id, File: FileBound, Place: PlaceSite, Path: path, Err: err})
	}
	r, err := m.remoteBound(context.Background(), id)
	if err != nil {
		if !errors.Is(err, pack.ErrNoRemote) {
			problem(tablebase.Path("", id.String()+".bound"), err)
		}
		return
	}
	r.SetCache(RemoteBoundCache)
	t, err := tablebase.OpenReaderAt(r, r.Size(), false)
	if err != nil {
		problem(r.URL(), err)
		return
	}
	if g, ok := t.Rules().Game(); !ok || g != id || !allBound(t) {
		t.Close()
		problem(r.URL(), fmt.Errorf("not a bound table of %s", id))
		return
	}
	e := &m.bounds[id]
	e.mu.Lock()
	e.b = &boundFile{t: t, f: r, path: r.URL()}
	e.mu.Unlock()
	m.notify(id)
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
// looked for again on the next Bound, and the old one closed once no one
// holds the game's files (retire: a search may be probing it still).
func (m *Owner) forgetBound(id core.GameID) {
	e := &m.bounds[id]
	e.mu.Lock()
	old := e.b
	e.b, e.looked = nil, false
	e.mu.Unlock()
	if old != nil {
		m.retire(id, old.close)
	}
}

// packIsBound reports whether the pack's GAME.hctb of game id is its
// bound table (all its sections bound tiers: Bound hands it out; the exact
// table comes from elsewhere).
func (m *Owner) packIsBound(id core.GameID) bool {
	b := m.Bound(id)
	e := &m.bounds[id]
	e.mu.Lock()
	defer e.mu.Unlock()
	return b != nil && e.b != nil && e.b.path == m.packFile(id)
}

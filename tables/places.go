package tables

import (
	"errors"
	"fmt"
	"io/fs"

	"huntchess/core"
)

// The places: every kind of file the owner hands out (FileKind: a game's
// exact table, its proven strategy from the start, its bound table) is
// looked for through one ordered list of places (Owner.places), asked in
// this order, each kind skipping the places it cannot come from
// (FileKind.From):
//
//	PlaceDev     a developer's folders (New's extra: HUNTCHESS_TABLES)
//	PlacePack    the installed table pack (SetPack)
//	PlaceShipped what ships inside the app (tables/shipped, tables/strategies)
//	PlaceCache   the app's storage (New's dir): tables solved here before
//	PlaceSite    the site serving the app (the browser, no storage: UseSite)
//	PlaceSolve   solved on the device on first use (appPlan)
//
// An exact table may come from any of them; a strategy from all but a
// solve; a bound table from a developer's folder, the pack or the site.
// The first place that has a good file gives it; a file that is damaged,
// built for other rules or short of what the game needs is passed over
// and reported (Problems), never written to stderr.

// PlaceKind is a kind of place a file can come from; the constants are in
// the order the owner asks them in (the zero PlaceKind: none).
type PlaceKind uint8

// The kinds of places, in order.
const (
	PlaceDev PlaceKind = iota + 1
	PlacePack
	PlaceShipped
	PlaceCache
	PlaceSite
	PlaceSolve
)

// String names a place for the developer log.
func (k PlaceKind) String() string {
	switch k {
	case 0:
		return "none"
	case PlaceDev:
		return "developer folder"
	case PlacePack:
		return "table pack"
	case PlaceShipped:
		return "shipped"
	case PlaceCache:
		return "cache"
	case PlaceSite:
		return "site"
	case PlaceSolve:
		return "solve"
	}
	return fmt.Sprintf("place %d", int(k))
}

// FileKind is a kind of file the owner hands out.
type FileKind uint8

// The kinds of files.
const (
	FileTable    FileKind = iota // a game's exact table (Table)
	FileStrategy                 // its proven strategy from the start (Strategy)
	FileBound                    // its bound table (Bound)
)

// String names a kind of file for the developer log.
func (k FileKind) String() string {
	switch k {
	case FileTable:
		return "table"
	case FileStrategy:
		return "strategy"
	case FileBound:
		return "bound table"
	}
	return fmt.Sprintf("file %d", int(k))
}

// From reports whether a file of kind k can come from a place of kind p.
func (k FileKind) From(p PlaceKind) bool {
	switch k {
	case FileTable:
		return true
	case FileStrategy:
		return p != PlaceSolve
	case FileBound:
		return p == PlaceDev || p == PlacePack || p == PlaceSite
	}
	return false
}

// place is one place of the list: its kind and, for a folder, the folder.
type place struct {
	kind PlaceKind
	dir  string // PlaceDev, PlaceCache: the folder
}

// places is the one ordered list of places, for game files of every kind
// (see above): the developer's folders, the pack, the shipped files, the
// cache (where the owner has a storage folder), the site (where it has
// none: the browser), a solve (where it has a storage folder to keep the
// solved table in). A place that has nothing (no pack installed, no site
// set, a game the device does not solve) gives nothing when asked.
func (m *Owner) places() []place {
	ps := make([]place, 0, len(m.extra)+4)
	for _, d := range m.extra {
		ps = append(ps, place{kind: PlaceDev, dir: d})
	}
	ps = append(ps, place{kind: PlacePack}, place{kind: PlaceShipped})
	if m.dir != "" {
		ps = append(ps, place{kind: PlaceCache, dir: m.dir}, place{kind: PlaceSolve})
	} else {
		ps = append(ps, place{kind: PlaceSite})
	}
	return ps
}

// placesOf is the places a file of kind k can come from, in order.
func (m *Owner) placesOf(k FileKind) []place {
	var ps []place
	for _, p := range m.places() {
		if k.From(p.kind) {
			ps = append(ps, p)
		}
	}
	return ps
}

// Problem is a file the owner passed over, or a place it could not read: a
// pack file damaged or built for other rules, a shipped table that cannot
// be read or does not cover what the device solves, a site's file that
// could not be read. The owner keeps them (Problems, PackError) for the
// app: the settings' perfect-play section says which pack tables are
// damaged, the developer log writes each.
type Problem struct {
	Seq   int // its number in this run, from 1: a log writes each once
	Game  core.GameID
	File  FileKind
	Place PlaceKind
	Path  string // the file, or its address on the site ("" where none)
	Err   error
}

// String is the problem for the developer log.
func (p Problem) String() string {
	where := p.Place.String()
	if p.Path != "" {
		where += " " + p.Path
	}
	return fmt.Sprintf("%s %s from %s: %v (not used)", p.Game, p.File, where, p.Err)
}

// same reports whether p and q are the same problem (of the same file).
func (p Problem) same(q Problem) bool {
	return p.Game == q.Game && p.File == q.File && p.Place == q.Place && p.Path == q.Path &&
		errText(p.Err) == errText(q.Err)
}

func errText(err error) string {
	if err == nil {
		return ""
	}
	return err.Error()
}

// report keeps a problem (once: the same again is not kept twice); the
// subscribers hear of it at the next flush (never here: report is called
// with the owner's locks held).
func (m *Owner) report(p Problem) {
	m.mu.Lock()
	defer m.mu.Unlock()
	for _, q := range m.problems {
		if q.same(p) {
			return
		}
	}
	m.seq++
	p.Seq = m.seq
	m.problems = append(m.problems, p)
	m.unsent[p.Game] = true
}

// flush tells the subscribers of game id's problems reported since the
// last flush (call it with no lock held).
func (m *Owner) flush(id core.GameID) {
	m.mu.Lock()
	send := m.unsent[id]
	m.unsent[id] = false
	m.mu.Unlock()
	if send {
		m.notify(id)
	}
}

// forgetProblems drops game id's problems at place kind k (the pack
// changed: its files are looked at afresh).
func (m *Owner) forgetProblems(id core.GameID, k PlaceKind) {
	kept := m.problems[:0]
	for _, p := range m.problems {
		if p.Game != id || p.Place != k {
			kept = append(kept, p)
		}
	}
	m.problems = kept
}

// Problems are the problems the owner met and keeps, in the order met (a
// nil owner has none). The pack's are dropped when the pack changes.
func (m *Owner) Problems() []Problem {
	if m == nil {
		return nil
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return append([]Problem(nil), m.problems...)
}

// PackError is why the installed pack's file of game id is not used (it
// is damaged, or built for other rules: its table's first), or nil.
func (m *Owner) PackError(id core.GameID) error {
	if m == nil {
		return nil
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	var first error
	for _, p := range m.problems {
		if p.Game == id && p.Place == PlacePack {
			if p.File == FileTable {
				return p.Err
			}
			if first == nil {
				first = p.Err
			}
		}
	}
	return first
}

// missing reports whether err says there is no file (nothing to report).
func missing(err error) bool { return errors.Is(err, fs.ErrNotExist) }

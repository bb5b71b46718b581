// Package gctarget sets the garbage collector's target from what the
// endgame tables do: low while a table is solved (its arrays are large and
// hold no pointers), lower than Go's default while one is loaded, and back
// to what it was when neither.
package gctarget

import (
	"runtime/debug"
	"sync"

	"huntchess/core"
)

// SolvingPercent is the garbage collector's target while a table is
// solved: its arrays are large and hold no pointers, cheap to collect, so
// collecting at 25 % growth instead of 100 % keeps the peak down at no cost
// that shows (the lion's first use, BenchmarkFirstUse under /usr/bin/time:
// 36.4 s of CPU and 408 MB peak at 100 %, 37.0 s and 352 MB at 50 %,
// 35.1 s and 313 MB at 25 %; cmd/solve runs at 20 %).
const SolvingPercent = 25

// TablePercent is the target while a table is loaded (and none is
// solved). Its cache of unpacked blocks (tablebase.DefaultCacheBytes) is
// then most of the live heap, and blocks evicted from it are garbage until
// the next collection; at 100 % the heap grows to twice the live heap
// before one. The search allocates nothing and the table's blocks hold no
// pointers, so collecting at 50 % growth costs little: playing Surround the
// Lion from its table (scripts/memory.sh lion: 100 moves of Master against
// Master), the process ended at 199 MB instead of 217 MB, and the garbage
// collector took 0.07 s of the 137 s of CPU (0.04 s at 100 %).
const TablePercent = 50

// Target sets the GC target from what the tables do: SolvingPercent
// while one is solved, TablePercent while one is loaded, else the target
// from before the first of them.
type Target struct {
	mu      sync.Mutex
	games   map[core.GameID]bool // the games whose table is being solved
	loaded  map[core.GameID]bool // the games whose table is loaded
	before  int                  // the target before the first change
	changed bool                 // before is set
}

// Solving tells that game id's table is (on) or is no longer being solved.
// It reports whether id was being solved.
func (g *Target) Solving(id core.GameID, on bool) (was bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	was = g.games[id]
	g.games = setGame(g.games, id, on)
	g.apply()
	return was
}

// Loaded tells that game id's table is (on) or is no longer loaded.
func (g *Target) Loaded(id core.GameID, on bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.loaded = setGame(g.loaded, id, on)
	g.apply()
}

func setGame(m map[core.GameID]bool, id core.GameID, on bool) map[core.GameID]bool {
	if m == nil {
		m = map[core.GameID]bool{}
	}
	if on {
		m[id] = true
	} else {
		delete(m, id)
	}
	return m
}

// apply sets the target for the games now solved and loaded.
func (g *Target) apply() {
	want := -2 // the target from before
	switch {
	case len(g.games) > 0:
		want = SolvingPercent
	case len(g.loaded) > 0:
		want = TablePercent
	}
	switch {
	case want != -2 && !g.changed:
		g.before, g.changed = debug.SetGCPercent(want), true
	case want != -2:
		debug.SetGCPercent(want)
	case g.changed:
		debug.SetGCPercent(g.before)
		g.changed = false
	}
}

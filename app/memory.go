package app

import (
	"runtime/debug"
	"sync"
	"time"

	"huntchess/core"
)

// Memory. What the app holds once the home screen is up is mostly the
// parsed fonts (Fyne parses every font of every text style once: the
// theme's, its own fallback, the emoji font unless built with the
// no_emoji tag, and a system font for the language) and the GL driver's;
// the startup's garbage (the fonts parsed again after each theme change,
// the message files, the puzzles) is more than what stays. The Go runtime
// gives freed memory back to the system only slowly, so the app returns it
// at once after the first screen and after a big transient job (an
// endgame table solved: see releaseMemory's callers).

// releaseDelay is how long after the window shows the startup's garbage is
// returned to the system (the first frames are drawn by then).
const releaseDelay = 2 * time.Second

// releaseMemory runs a garbage collection and returns every free page to
// the system (debug.FreeOSMemory; a few milliseconds for this app's heap).
func releaseMemory() { debug.FreeOSMemory() }

// releaseAfterStart returns the startup's garbage to the system once the
// first screen is drawn.
func (a *App) releaseAfterStart() {
	time.AfterFunc(releaseDelay, func() {
		if !a.stopping.Load() {
			releaseMemory()
		}
	})
}

// solvingGCPercent is the garbage collector's target while a table is
// solved: its arrays are large and hold no pointers, cheap to collect, so
// collecting at 25 % growth instead of 100 % keeps the peak down at no cost
// that shows (the lion's first use, BenchmarkFirstUse under /usr/bin/time:
// 36.4 s of CPU and 408 MB peak at 100 %, 37.0 s and 352 MB at 50 %,
// 35.1 s and 313 MB at 25 %; cmd/solve runs at 20 %).
const solvingGCPercent = 25

// tableGCPercent is the target while a table is loaded (and none is
// solved). Its cache of unpacked blocks (tablebase.DefaultCacheBytes) is
// then most of the live heap, and blocks evicted from it are garbage until
// the next collection; at 100 % the heap grows to twice the live heap
// before one. The search allocates nothing and the table's blocks hold no
// pointers, so collecting at 50 % growth costs little: playing Surround the
// Lion from its table (scripts/memory.sh lion: 100 moves of Master against
// Master), the process ended at 199 MB instead of 217 MB, and the garbage
// collector took 0.07 s of the 137 s of CPU (0.04 s at 100 %).
const tableGCPercent = 50

// gcTarget sets the GC target from what the tables do: solvingGCPercent
// while one is solved, tableGCPercent while one is loaded, else the target
// from before the first of them.
type gcTarget struct {
	mu      sync.Mutex
	games   map[core.GameID]bool // the games whose table is being solved
	loaded  map[core.GameID]bool // the games whose table is loaded
	before  int                  // the target before the first change
	changed bool                 // before is set
}

var solvingGC gcTarget

// solving tells that game id's table is (on) or is no longer being solved.
// It reports whether id was being solved.
func (g *gcTarget) solving(id core.GameID, on bool) (was bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	was = g.games[id]
	g.games = setGame(g.games, id, on)
	g.apply()
	return was
}

// tableLoaded tells that game id's table is (on) or is no longer loaded.
func (g *gcTarget) tableLoaded(id core.GameID, on bool) {
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
func (g *gcTarget) apply() {
	want := -2 // the target from before
	switch {
	case len(g.games) > 0:
		want = solvingGCPercent
	case len(g.loaded) > 0:
		want = tableGCPercent
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

// watchTableMemory follows the tables' states: the GC target is lowered
// while one is solved or loaded, and once one is loaded (solved, or read
// from its file, which leaves garbage too) the memory done with goes back
// to the system.
func (a *App) watchTableMemory() {
	if a.tables == nil {
		return
	}
	a.tables.Subscribe(func(id core.GameID) {
		switch {
		case a.tables.Solving(id):
			solvingGC.solving(id, true)
		case a.tables.Settled(id):
			solvingGC.tableLoaded(id, a.tables.Table(id) != nil)
			solvingGC.solving(id, false)
			go releaseMemory()
		}
	})
}

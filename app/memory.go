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
// 35.1 s and 313 MB at 25 %; ai/solve runs at 20 %).
const solvingGCPercent = 25

// gcTarget lowers the GC target while tables are solved.
type gcTarget struct {
	mu     sync.Mutex
	games  map[core.GameID]bool // the games whose table is being solved
	before int                  // the target before the first of them
}

var solvingGC gcTarget

// solving tells that game id's table is (on) or is no longer being solved.
// While one is, the GC target is solvingGCPercent; after the last one the
// target before it comes back. It reports whether id was being solved.
func (g *gcTarget) solving(id core.GameID, on bool) (was bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.games == nil {
		g.games = map[core.GameID]bool{}
	}
	was = g.games[id]
	switch {
	case on && !was:
		if len(g.games) == 0 {
			g.before = debug.SetGCPercent(solvingGCPercent)
		}
		g.games[id] = true
	case !on && was:
		delete(g.games, id)
		if len(g.games) == 0 {
			debug.SetGCPercent(g.before)
		}
	}
	return was
}

// watchTableMemory follows the tables' states: the GC target is lowered
// while one is solved, and once it is loaded (solved, or read from its
// file, which leaves garbage too) the memory done with goes back to the
// system.
func (a *App) watchTableMemory() {
	if a.tables == nil {
		return
	}
	a.tables.Subscribe(func(id core.GameID) {
		switch {
		case a.tables.Solving(id):
			solvingGC.solving(id, true)
		case a.tables.Settled(id):
			solvingGC.solving(id, false)
			go releaseMemory()
		}
	})
}

package app

import (
	"runtime/debug"
	"time"

	"huntchess/app/gctarget"
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

// solvingGC is the GC target while tables are solved or loaded.
var solvingGC gctarget.Target

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
			solvingGC.Solving(id, true)
		case a.tables.Settled(id):
			solvingGC.Loaded(id, a.tables.Table(id) != nil)
			solvingGC.Solving(id, false)
			go releaseMemory()
		}
	})
}

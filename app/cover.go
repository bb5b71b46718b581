package app

import (
	"fyne.io/fyne/v2/dialog"
)

// Covering the game: a player who opens a dialog or another
// screen over a game has not chosen to let the turn run out. One rule holds
// for everything: while anything covers the game screen — a screen pushed
// over it (settings, rules, review, new game, …) or any dialog or pop-up
// over the window (leave, resign, draw offer, paste error, the start
// dialogs, …) — its session is paused: the turn timer holds the time left,
// the engine's searches stop. Once nothing covers it, it goes on with the
// time it had left (gameScreen.setCovered).
//
// What covers it is read from the app's state itself (the screen stack, the
// window's overlays), never counted per dialog, so no dialog can be
// forgotten: coverChanged re-reads it where it changes (push, back,
// replace, a dialog shown through showDialog, closed), and the timer's
// tick re-reads it before the countdown may expire.

// covered reports whether anything covers the game screen g: another
// screen on top of it, or a dialog or pop-up over the window.
func (a *App) covered(g *gameScreen) bool {
	return a.top() != g || a.win.Canvas().Overlays().Top() != nil
}

// coverChanged pauses the game in progress while anything covers it, and
// lets it go on once nothing does.
func (a *App) coverChanged() {
	if a.closed {
		return
	}
	if g := a.game(); g != nil {
		g.setCovered(a.covered(g))
	}
}

// showDialog shows d over the window; the game under it (if any) pauses
// until d is closed. A dialog closed to show another in its place (a
// language switch) keeps the game paused: the closing is read once the
// event that closed it is over.
func (a *App) showDialog(d dialog.Dialog) {
	d.SetOnClosed(func() { a.do(a.coverChanged) })
	d.Show()
	a.coverChanged()
}

// setCovered pauses the game while something covers it (App.coverChanged)
// and resumes it once nothing does.
func (s *gameScreen) setCovered(on bool) {
	if s.sess.Closed() || on == s.covered {
		return
	}
	s.covered = on
	if on {
		s.sess.Pause()
		s.refreshClock()
		return
	}
	s.resume()
}

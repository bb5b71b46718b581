package app

import (
	"runtime"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"

	"huntchess/core"
)

func (a *App) installShortcuts() {
	c := a.win.Canvas()
	mod := fyne.KeyModifierShortcutDefault
	undo := func(fyne.Shortcut) {
		if g, ok := a.top().(*gameScreen); ok {
			g.undo()
		}
	}
	redo := func(fyne.Shortcut) {
		if g, ok := a.top().(*gameScreen); ok {
			g.redo()
		}
	}
	// Fyne's desktop driver turns Ctrl+Z / Ctrl+Y (Cmd on macOS) into
	// fyne.ShortcutUndo / fyne.ShortcutRedo, never into the custom shortcuts;
	// those stay for drivers that send them (and Ctrl+Shift+Z redoes).
	c.AddShortcut(&fyne.ShortcutUndo{}, undo)
	c.AddShortcut(&fyne.ShortcutRedo{}, redo)
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: mod}, undo)
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyY, Modifier: mod}, redo)
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: mod | fyne.KeyModifierShift}, redo)
	c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyN, Modifier: mod}, func(fyne.Shortcut) {
		if g, ok := a.top().(*gameScreen); ok {
			g.newGame()
		}
	})
	if canQuit() {
		c.AddShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyQ, Modifier: mod}, func(fyne.Shortcut) { a.quit() })
	}
	c.SetOnTypedKey(a.typedKey)
}

// canQuit reports whether the app offers to quit (Ctrl+Q, Cmd+Q on macOS,
// and Quit on the home screen): on a desktop, not on a phone (its system
// ends apps) nor in the browser (a page is closed with its tab). Tests
// stand in for it.
var canQuit = func() bool { return !fyne.CurrentDevice().IsMobile() && runtime.GOOS != "js" }

// quit closes the window, which saves the game in progress and ends the
// app (the window is the app's master).
func (a *App) quit() {
	if a.closed {
		return
	}
	a.win.Close()
}

// typedKey handles the keys that are not shortcuts: H (hint), Escape (back;
// out of an unfinished game, after asking), an arrow in a game with nothing
// focused (the board takes the focus). The focused board passes them on.
func (a *App) typedKey(ev *fyne.KeyEvent) {
	if r, ok := a.top().(*replayScreen); ok && r.typedKey(ev) {
		return
	}
	if e, ok := a.top().(*exploreScreen); ok && e.typedKey(ev) {
		return
	}
	g, inGame := a.top().(*gameScreen)
	if inGame && g.pendingMove().Kind != core.MoveNone { // a move waits for confirmation (confirm.go)
		switch ev.Name {
		case fyne.KeyReturn, fyne.KeyEnter, fyne.KeySpace:
			g.confirmMove()
			return
		case fyne.KeyEscape:
			g.cancelMove()
			return
		}
	}
	switch ev.Name {
	case fyne.KeyH:
		if inGame {
			g.hint()
		}
	case fyne.KeyEscape:
		if inGame {
			g.leave()
		} else {
			a.back()
		}
	case fyne.KeyUp, fyne.KeyDown, fyne.KeyLeft, fyne.KeyRight:
		// Keyboard play without Tab first: the board takes the focus and
		// shows its cursor.
		if c := a.win.Canvas(); inGame && c.Focused() == nil {
			c.Focus(g.board)
		}
	}
}

//go:build ci

package app

import (
	"context"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"

	"huntchess/ai"
	"huntchess/core"
	"huntchess/match"
)

// The keyboard: shortcuts, Escape and the board's keys.

// Desktop shortcuts: Ctrl+N opens the new-game screen of the game in
// progress, H asks for a hint, Esc goes back one screen.
func TestKeyboardShortcuts(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	c := h.a.Window().Canvas()
	sc := c.(fyne.Shortcutable)
	ctrlN := &desktop.CustomShortcut{KeyName: fyne.KeyN, Modifier: fyne.KeyModifierShortcutDefault}
	key := func(k fyne.KeyName) { c.OnTypedKey()(&fyne.KeyEvent{Name: k}) }

	// On the home screen they do nothing.
	sc.TypedShortcut(ctrlN)
	key(fyne.KeyH)
	key(fyne.KeyEscape)
	h.home()

	g := h.startGame(2, match.ModeTwoPlayers) // Surround the Lion
	sc.TypedShortcut(ctrlN)
	setup, ok := h.a.top().(*setupScreen)
	if !ok || setup.info != g.info {
		t.Fatalf("Ctrl+N: top is %T, want the new-game screen of %s", h.a.top(), g.info.Key)
	}
	if !g.sess.Paused() {
		t.Fatal("the game is paused under the new-game screen")
	}
	sc.TypedShortcut(ctrlN) // not in a game: nothing
	if h.a.top() != setup {
		t.Fatal("Ctrl+N outside a game must do nothing")
	}
	key(fyne.KeyH) // not in a game: nothing
	key(fyne.KeyEscape)
	if h.gameScreen() != g || g.sess.Paused() || g.sess.Hinting() {
		t.Fatal("Esc from the new-game screen goes back to the game, which goes on")
	}

	key(fyne.KeyH)
	if !g.sess.Hinting() {
		t.Fatal("H must start a hint search")
	}
	h.waitFor("the hint", func() bool { return g.board.Hint().Kind != core.MoveNone })
	key(fyne.KeyEscape)
	h.home()
}

// H asks for no hint when the computer plays both sides.
func TestHintKeyIgnoredWhenWatching(t *testing.T) {
	block := func(ctx context.Context, g *core.Game, _ match.Level) ai.Result {
		<-ctx.Done()
		return ai.Result{}
	}
	h := newHarness(t, test.NewTempApp(t), withThink(block))
	g := h.startGame(0, match.ModeWatch)
	h.a.Window().Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyH})
	if g.sess.Hinting() {
		t.Fatal("no hint while watching")
	}
}

// The desktop driver sends Ctrl+Z / Ctrl+Y as fyne.ShortcutUndo /
// fyne.ShortcutRedo.
func TestUndoRedoStandardShortcuts(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	g := h.startGame(1, match.ModeTwoPlayers)
	g.board.OnMove(g.sess.Game().LegalMoves()[0])
	g.board.OnMove(g.sess.Game().LegalMoves()[0])
	sc := h.a.Window().Canvas().(fyne.Shortcutable)
	sc.TypedShortcut(&fyne.ShortcutUndo{})
	if g.sess.Game().Len() != 1 {
		t.Fatalf("ShortcutUndo: len %d, want 1", g.sess.Game().Len())
	}
	sc.TypedShortcut(&fyne.ShortcutRedo{})
	if g.sess.Game().Len() != 2 {
		t.Fatalf("ShortcutRedo: len %d, want 2", g.sess.Game().Len())
	}
	sc.TypedShortcut(&fyne.ShortcutUndo{})
	sc.TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift})
	if g.sess.Game().Len() != 2 {
		t.Fatalf("Ctrl+Shift+Z: len %d, want 2", g.sess.Game().Len())
	}
}

func TestEscapeAndBoardKeys(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	g := h.startGame(0, match.ModeTwoPlayers)
	g.board.OnMove(g.sess.Game().LegalMoves()[0])
	c := h.a.Window().Canvas()
	c.Focus(g.board)
	c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape}) // passed on by the board
	if g.askDialog == nil || h.a.top() != screen(g) {
		t.Fatal("Escape in an unfinished game asks before leaving")
	}
	g.askDialog.Confirm()
	h.home()
}

// In a game with nothing focused, an arrow key gives the board the focus
// and its cursor (keyboard play without Tab first).
func TestArrowFocusesBoard(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	g := h.startGame(0, match.ModeTwoPlayers)
	c := h.a.Window().Canvas()
	c.Unfocus()
	h.a.typedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
	if c.Focused() != g.board || g.board.Cursor() < 0 {
		t.Fatalf("after an arrow: focused %T, cursor %d", c.Focused(), g.board.Cursor())
	}
	at := g.board.Cursor()
	c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyUp})
	if g.board.Cursor() == at {
		t.Fatal("the next arrow moves the cursor")
	}
}

//go:build ci

package app

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"huntchess/ai"
	"huntchess/translations"
)

// Issue 43, item 5: leaving a game loses nothing (it stays saved), so
// Leave is not in the danger colour; Resign, which ends the game, is.
func TestLeaveIsNotDanger(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	g := h.startGame(0, ai.ModeTwoPlayers)
	g.board.OnMove(g.sess.Game().LegalMoves()[0])
	test.Tap(g.homeBtn)
	if b := overlayButton(t, h.a.Window(), translations.T("leave.confirm")); b.Importance == widget.DangerImportance {
		t.Fatal("Leave is shown in the danger colour, though the game is kept")
	}
	test.Tap(overlayButton(t, h.a.Window(), translations.T("dialog.cancel")))
	test.Tap(g.resignBtn)
	if b := overlayButton(t, h.a.Window(), translations.T("game.resign")); b.Importance != widget.DangerImportance {
		t.Fatal("Resign ends the game: its answer keeps the danger colour")
	}
}

// Issue 43, item 5: on a desktop Ctrl+Q (Cmd+Q on macOS) and Quit at the
// foot of the home screen end the app, the game in progress saved; a phone
// (and the browser) offers neither.
func TestQuitOnDesktopOnly(t *testing.T) {
	defer func(f func() bool) { canQuit = f }(canQuit)
	ctrlQ := &desktop.CustomShortcut{KeyName: fyne.KeyQ, Modifier: fyne.KeyModifierShortcutDefault}
	for _, desk := range []bool{true, false} {
		canQuit = func() bool { return desk }
		fa := test.NewTempApp(t)
		h := newHarness(t, fa)
		if got := h.home().quitBtn != nil; got != desk {
			t.Fatalf("desktop %v: Quit shown %v", desk, got)
		}
		g := h.startGame(0, ai.ModeTwoPlayers)
		g.board.OnMove(g.sess.Game().LegalMoves()[0])
		h.a.Window().Canvas().(fyne.Shortcutable).TypedShortcut(ctrlQ)
		if h.a.closed != desk {
			t.Fatalf("desktop %v: Ctrl+Q closed the app: %v", desk, h.a.closed)
		}
		if desk {
			if r, err := savesOf(t, fa).Load(); err != nil || r.Game.Len() != 1 {
				t.Fatalf("the game quit is not saved: %v", err)
			}
			h2 := newHarness(t, test.NewTempApp(t))
			test.Tap(h2.home().quitBtn)
			if !h2.a.closed {
				t.Fatal("Quit on the home screen did not close the app")
			}
		}
	}
}

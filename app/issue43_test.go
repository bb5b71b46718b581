//go:build ci

package app

import (
	"testing"

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

//go:build ci

package app

import (
	"testing"

	"fyne.io/fyne/v2/test"

	"huntchess/match"
	"huntchess/storage"
)

// Face to face: the board turns to the player to move.

func TestFaceToFaceTurnsBoard(t *testing.T) {
	fa := test.NewTempApp(t)
	fa.Preferences().SetBool(storage.KeyFaceToFace, true)
	h := newHarness(t, fa)
	g := h.startGame(0, match.ModeTwoPlayers) // the wolf (predator) opens
	if !g.board.Flipped() {
		t.Fatal("the wolf's turn: the board turns to the wolf's player")
	}
	g.board.OnMove(g.sess.Game().LegalMoves()[0])
	if g.board.Flipped() {
		t.Fatal("the dogs' turn: the board as drawn normally")
	}
	test.Tap(g.settingsBtn)
	h.a.top().(*settingsScreen).faceToFace.SetChecked(false)
	h.a.back()
	g.board.OnMove(g.sess.Game().LegalMoves()[0])
	if g.board.Flipped() {
		t.Fatal("setting off: never turned")
	}
	g.home()
	fa.Preferences().SetBool(storage.KeyFaceToFace, true)
	h.a.settings.FaceToFace = true
	g = h.startGame(0, match.ModeVsAIAsPredator)
	if g.board.Flipped() {
		t.Fatal("against the AI the board never turns")
	}
}

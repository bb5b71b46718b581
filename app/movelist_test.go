//go:build ci

package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"huntchess/core"
	"huntchess/match"
	"huntchess/translations"
	"huntchess/widgets"
)

// The move list as a tool: browsing earlier positions, copying and pasting
// the record.

// moveButton finds the move list's cell showing text.
func moveButton(t *testing.T, g *gameScreen, text string) *widgets.MoveCell {
	t.Helper()
	for _, o := range test.LaidOutObjects(g.movesList) {
		if c, ok := o.(*widgets.MoveCell); ok && c.Visible() && c.Text() == text {
			return c
		}
	}
	t.Fatalf("no move %q in the list", text)
	return nil
}

func TestMoveListBrowse(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	g := h.startGame(1, match.ModeTwoPlayers)
	for range 4 {
		g.board.OnMove(g.sess.Game().LegalMoves()[0])
	}
	moves := g.sess.Game().Moves()
	test.Tap(moveButton(t, g, displayMove(moves[1])))
	if g.browse != 2 || !g.board.ReadOnly() || !g.browseRow.Visible() || g.movesHead.Visible() {
		t.Fatalf("tapping move 2: browse %d, read-only %v", g.browse, g.board.ReadOnly())
	}
	if g.board.GamePosition() != positionAfter(g.sess.Game(), 2) || g.board.LastMove() != moves[1] {
		t.Fatal("the board shows the position after move 2")
	}
	g.board.OnMove(core.Move{}) // ignored: read-only
	g.undo()
	if g.sess.Game().Len() != 4 || !g.undoBtn.Disabled() {
		t.Fatal("the game does not change while browsing")
	}
	test.Tap(g.prevBtn)
	test.Tap(g.prevBtn)
	if g.browse != 0 || g.board.GamePosition() != g.sess.Game().Start() || !g.prevBtn.Disabled() {
		t.Fatalf("◀ twice: browse %d", g.browse)
	}
	test.Tap(g.settingsBtn) // another screen on top and back: still browsing
	h.a.back()
	if g.browse != 0 {
		t.Fatal("back from settings keeps the position shown")
	}
	test.Tap(g.nextBtn)
	if g.browse != 1 {
		t.Fatalf("▶: browse %d", g.browse)
	}
	test.Tap(g.liveBtn)
	if g.browsing() || g.board.ReadOnly() || g.board.GamePosition() != g.sess.Game().Position() || g.browseRow.Visible() {
		t.Fatal("Back to game shows the game and takes moves")
	}
	g.board.OnMove(g.sess.Game().LegalMoves()[0])
	if g.sess.Game().Len() != 5 {
		t.Fatal("the game goes on")
	}
}

func TestMoveListBrowsePausesAI(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	g := h.startGame(0, match.ModeVsAIAsPredator)
	g.board.OnMove(g.sess.Game().LegalMoves()[0])
	g.showPly(0) // while the AI thinks
	h.drain()
	if g.sess.Thinking() || g.sess.Game().Len() != 1 {
		t.Fatal("the AI waits while an earlier position is shown")
	}
	g.endBrowse()
	h.waitFor("the AI's answer", func() bool { return g.sess.Game().Len() == 2 })
}

func TestCopyAndPasteRecord(t *testing.T) {
	fa := test.NewTempApp(t)
	h := newHarness(t, fa)
	g := h.startGame(0, match.ModeTwoPlayers)
	g.board.OnMove(g.sess.Game().LegalMoves()[0])
	g.board.OnMove(g.sess.Game().LegalMoves()[0])
	test.Tap(g.copyBtn)
	want := "beat-the-wolf: " + g.sess.Game().Record()
	if got := fa.Clipboard().Content(); got != want {
		t.Fatalf("copied %q, want %q", got, want)
	}
	for _, tc := range []struct{ text, id string }{
		{"", "paste.empty"},
		{"chess: e2-e4", "paste.unknown_game"},
		{"d4-d5 c3-c4 d5-d9", "paste.bad_move"},
	} {
		fa.Clipboard().SetContent(tc.text)
		test.Tap(g.pasteBtn)
		if g.pasteErr == "" || !strings.Contains(texts(h.a.Window()), g.pasteErr) {
			t.Fatalf("paste %q: no error shown", tc.text)
		}
		if tc.id == "paste.bad_move" && !strings.Contains(g.pasteErr, "d5-d9") {
			t.Fatalf("the error names the bad move: %q", g.pasteErr)
		}
		test.Tap(overlayButton(t, h.a.Window(), translations.T("dialog.ok")))
	}
	// a record of another game, over the unfinished one: asks, then loads
	lion, _ := core.NewGame("surround-the-lion")
	_ = lion.PlayMove(lion.LegalMoves()[0])
	fa.Clipboard().SetContent(recordText(lion))
	test.Tap(g.pasteBtn)
	test.Tap(overlayButton(t, h.a.Window(), translations.T("paste.confirm")))
	n := h.gameScreen()
	if n.info.Key != "surround-the-lion" || n.sess.Game().Record() != lion.Record() || n.sess.Mode() != match.ModeTwoPlayers {
		t.Fatalf("pasted: %s %q", n.info.Key, n.sess.Game().Record())
	}
	// a bare record loads into the game shown
	fa.Clipboard().SetContent(" " + lion.Record() + "\n")
	test.Tap(n.pasteBtn)
	test.Tap(overlayButton(t, h.a.Window(), translations.T("paste.confirm")))
	if m := h.gameScreen(); m.sess.Game().Record() != lion.Record() {
		t.Fatalf("bare record: %q", m.sess.Game().Record())
	}
}

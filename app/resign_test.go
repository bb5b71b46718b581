//go:build ci

package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"huntchess/core"
	"huntchess/match"
	"huntchess/translations"
)

// Resigning a game.

// isLoser reports whether side resigned the game of g.
func isLoser(g *gameScreen, side core.Side) bool {
	l, ok := g.sess.Game().Loser()
	return ok && l == side
}

func TestResignAsksThenEnds(t *testing.T) {
	for _, lang := range translations.Languages {
		t.Run(string(lang), func(t *testing.T) {
			h := newHarness(t, test.NewTempApp(t))
			translations.SetLanguage(lang)
			g := h.startGame(0, match.ModeVsAIAsPredator)
			g.board.OnMove(g.sess.Game().LegalMoves()[0])
			h.waitFor("the AI's answer", func() bool { return g.sess.HumanTurn() })
			test.Tap(g.resignBtn)
			if g.askDialog == nil || g.sess.Over() {
				t.Fatal("Resign must ask first")
			}
			test.Tap(overlayButton(t, h.a.Window(), translations.T("dialog.cancel")))
			if g.sess.Over() || g.askDialog != nil {
				t.Fatal("Cancel must not resign")
			}
			test.Tap(g.resignBtn)
			test.Tap(overlayButton(t, h.a.Window(), translations.T("game.resign")))
			if !g.sess.Over() || !g.sess.Resigned() || !isLoser(g, core.Predator) {
				t.Fatalf("after resigning: over %v, side %v", g.sess.Over(), g.sess.Game().Outcome())
			}
			shown := texts(h.a.Window())
			for _, id := range []string{"gameover.you_lost", "reason.you_resigned"} {
				if !strings.Contains(shown, translations.T(id)) {
					t.Fatalf("the end lacks %q; shown:\n%s", translations.T(id), shown)
				}
			}
			if !g.undoBtn.Disabled() || !g.resignBtn.Disabled() || !g.board.ReadOnly() {
				t.Fatal("a resigned game takes no undo, resign or move")
			}
			g.save()
			if h.a.hasSaved() {
				t.Fatal("a resigned game is not offered to continue")
			}
		})
	}
}

func TestResignTwoPlayersNamesSide(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	g := h.startGame(2, match.ModeTwoPlayers) // Surround the Lion: the lion opens
	g.board.OnMove(g.sess.Game().LegalMoves()[0])
	// the dogs are to move: they resign
	g.confirmResign()
	want := translations.TData("resign.message_side", map[string]any{"Side": sideName(g.info, core.Prey)})
	if !strings.Contains(texts(h.a.Window()), want) {
		t.Fatalf("the question lacks %q", want)
	}
	g.askDialog.Confirm()
	shown := texts(h.a.Window())
	for _, w := range []string{
		translations.TData("gameover.predator_wins", map[string]any{"Predator": sideName(g.info, core.Predator)}),
		translations.TData("reason.resigned", map[string]any{"Side": sideName(g.info, core.Prey)}),
	} {
		if !strings.Contains(shown, w) {
			t.Fatalf("the end lacks %q; shown:\n%s", w, shown)
		}
	}
}

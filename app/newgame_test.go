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

// The new-game screen.

// Starting a new game asks before it discards an unfinished one, in
// progress or saved.
func TestNewGameAsksBeforeDiscarding(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	g := h.startGame(1, match.ModeTwoPlayers)
	for i := 0; i < 3; i++ {
		g.board.OnMove(g.sess.Game().LegalMoves()[0])
	}
	test.Tap(g.newBtn)
	setup := h.a.top().(*setupScreen)
	test.Tap(setup.startBtn)
	want := translations.TData("newgame.confirm_message", map[string]any{
		"Game": translations.Game(g.info.Key).Title, "Move": 2})
	if setup.confirm == nil || !strings.Contains(texts(h.a.Window()), want) {
		t.Fatalf("no question before discarding the game; shown:\n%s", texts(h.a.Window()))
	}
	test.Tap(overlayButton(t, h.a.Window(), translations.T("dialog.cancel")))
	if h.a.top() != setup || g.sess.Closed() || g.sess.Game().Len() != 3 {
		t.Fatal("Cancel keeps the unfinished game")
	}
	h.a.back()
	if h.gameScreen() != g {
		t.Fatal("back to the unfinished game")
	}
	test.Tap(g.newBtn)
	setup = h.a.top().(*setupScreen)
	test.Tap(setup.startBtn)
	test.Tap(overlayButton(t, h.a.Window(), translations.T("newgame.confirm_start")))
	if n := h.gameScreen(); n == g || n.sess.Game().Len() != 0 {
		t.Fatal("confirming starts the new game")
	}

	// A saved game, offered at start: Play → Start of its game asks too.
	fa := test.NewTempApp(t)
	sg, _ := core.LoadRecord("beat-the-wolf", "")
	_ = sg.PlayMove(sg.LegalMoves()[0])
	_ = savesOf(t, fa, sg.Info().Key).Store(sg, match.ModeTwoPlayers, match.Easy, 0)
	h2 := newHarness(t, fa)
	h2.a.closeStartDialog()
	test.Tap(h2.home().playBtns[0])
	setup = h2.a.top().(*setupScreen)
	test.Tap(setup.startBtn)
	if setup.confirm == nil {
		t.Fatal("no question before discarding the saved game")
	}
	test.Tap(overlayButton(t, h2.a.Window(), translations.T("dialog.cancel")))
	if !h2.a.hasSaved() {
		t.Fatal("Cancel keeps the saved game")
	}
	// Another game's new game asks nothing, and Beat the Wolf's stays.
	h2.a.back()
	test.Tap(h2.home().playBtns[2])
	setup = h2.a.top().(*setupScreen)
	test.Tap(setup.startBtn)
	if setup.confirm != nil {
		t.Fatal("a question before a new game of another game")
	}
	if n := h2.gameScreen(); n.info.Key != "surround-the-lion" {
		t.Fatalf("started %s", n.info.Key)
	}
	if r, err := h2.a.saves.Of("beat-the-wolf").Load(); err != nil || r.Game.Record() != sg.Record() {
		t.Fatalf("Beat the Wolf's unfinished game: %v %v", r, err)
	}
	// Nothing to lose: no question.
	h3 := newHarness(t, test.NewTempApp(t))
	test.Tap(h3.home().playBtns[0])
	test.Tap(h3.a.top().(*setupScreen).startBtn)
	h3.gameScreen()
}

// The difficulty is greyed out on the new-game screen
// where no AI plays (two players), and comes back with a mode with the AI.
func TestTwoPlayersGreysTheDifficulty(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	test.Tap(h.home().playBtns[0])
	setup := h.a.top().(*setupScreen)
	if setup.levelRadio.Disabled() {
		t.Fatal("against the AI the difficulty is a choice")
	}
	for j, m := range match.Modes {
		setup.modeRadio.SetSelected(setup.modeRadio.Options[j])
		if want := m == match.ModeTwoPlayers; setup.levelRadio.Disabled() != want {
			t.Fatalf("%s: difficulty disabled %v", m, setup.levelRadio.Disabled())
		}
	}
	setup.modeRadio.SetSelected(modeLabel(setup.info, match.ModeTwoPlayers))
	translations.SetLanguage(translations.Chinese) // the page built again
	setup = h.a.top().(*setupScreen)
	if !setup.levelRadio.Disabled() {
		t.Fatal("after a language switch: still greyed out")
	}
}

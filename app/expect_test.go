//go:build ci

package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"huntchess/core"
	"huntchess/session"
	"huntchess/translations"
	"huntchess/widgets"
)

// Tests of issue 13's second half, "what players expect": resign, leaving,
// the capture mark and tray, the move list as a tool, watch controls.

// firstCaptureGame plays, in game id, the first capture available at each
// turn (else the first legal move) until a capture happens.
func firstCaptureGame(t *testing.T, id string) *core.Game {
	t.Helper()
	g, err := core.NewGame(id)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 200; i++ {
		moves := g.LegalMoves()
		if len(moves) == 0 {
			break
		}
		m := moves[0]
		for _, c := range moves {
			if c.Capt != 0 {
				m = c
			}
		}
		if err := g.PlayMove(m); err != nil {
			t.Fatal(err)
		}
		if m.Capt != 0 {
			return g
		}
	}
	t.Fatalf("%s: no capture found; record %q", id, g.Record())
	return nil
}

func TestResignAsksThenEnds(t *testing.T) {
	for _, lang := range translations.Languages {
		t.Run(string(lang), func(t *testing.T) {
			h := newHarness(t, test.NewTempApp(t))
			translations.SetLanguage(lang)
			g := h.startGame(0, session.ModeVsAIAsPredator)
			g.board.OnMove(g.Game().LegalMoves()[0])
			h.waitFor("the AI's answer", func() bool { return g.HumanTurn() })
			test.Tap(g.resignBtn)
			if g.askDialog == nil || g.Over() {
				t.Fatal("Resign must ask first")
			}
			test.Tap(overlayButton(t, h.a.Window(), translations.T("dialog.cancel")))
			if g.Over() || g.askDialog != nil {
				t.Fatal("Cancel must not resign")
			}
			test.Tap(g.resignBtn)
			test.Tap(overlayButton(t, h.a.Window(), translations.T("game.resign")))
			if !g.Over() || !g.Resigned() || !isLoser(g, core.Predator) {
				t.Fatalf("after resigning: over %v, side %v", g.Over(), g.Game().Outcome())
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
	g := h.startGame(2, session.ModeTwoPlayers) // Surround the Lion: the lion opens
	g.board.OnMove(g.Game().LegalMoves()[0])
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

func TestLeaveAsksForUnfinishedGame(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	g := h.startGame(0, session.ModeTwoPlayers)
	test.Tap(g.homeBtn) // nothing played yet: no question
	h.home()
	g = h.startGame(0, session.ModeTwoPlayers)
	g.board.OnMove(g.Game().LegalMoves()[0])
	test.Tap(g.homeBtn)
	if g.askDialog == nil || h.a.top() != screen(g) {
		t.Fatal("leaving an unfinished game must ask")
	}
	test.Tap(overlayButton(t, h.a.Window(), translations.T("dialog.cancel")))
	if h.a.top() != screen(g) {
		t.Fatal("Cancel stays in the game")
	}
	test.Tap(g.homeBtn)
	test.Tap(overlayButton(t, h.a.Window(), translations.T("leave.confirm")))
	h.home()
	if !h.a.hasSaved() {
		t.Fatal("the game left is saved")
	}
}

func TestCaptureMarkAndTray(t *testing.T) {
	for _, id := range []string{"beat-the-wolf", "surround-the-lion"} { // the lion's 挑 too
		t.Run(id, func(t *testing.T) {
			h := newHarness(t, test.NewTempApp(t))
			g0 := firstCaptureGame(t, id)
			h.a.startGame(g0, session.ModeTwoPlayers)
			g := h.gameScreen()
			last := g0.LastMove()
			mark := strings.Replace(last.String(), "-", "×", 1)
			if !strings.Contains(g.movesText(), mark) || displayMove(last) != mark {
				t.Fatalf("move list %q lacks %q", g.movesText(), mark)
			}
			if strings.Contains(g0.Record(), "×") {
				t.Fatalf("the record keeps docs/RULES.md notation: %q", g0.Record())
			}
			if c, n := g.tray.Counts(); c != g0.Captured() || n != g0.Info().CapturesToWin || c == 0 {
				t.Fatalf("tray %d/%d, want %d/%d", c, n, g0.Captured(), g0.Info().CapturesToWin)
			}
		})
	}
}

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
	g := h.startGame(1, session.ModeTwoPlayers)
	for range 4 {
		g.board.OnMove(g.Game().LegalMoves()[0])
	}
	moves := g.Game().Moves()
	test.Tap(moveButton(t, g, displayMove(moves[1])))
	if g.browse != 2 || !g.board.ReadOnly() || !g.browseRow.Visible() || g.movesHead.Visible() {
		t.Fatalf("tapping move 2: browse %d, read-only %v", g.browse, g.board.ReadOnly())
	}
	if g.board.GamePosition() != positionAfter(g.Game(), 2) || g.board.LastMove() != moves[1] {
		t.Fatal("the board shows the position after move 2")
	}
	g.board.OnMove(core.Move{}) // ignored: read-only
	g.undo()
	if g.Game().Len() != 4 || !g.undoBtn.Disabled() {
		t.Fatal("the game does not change while browsing")
	}
	test.Tap(g.prevBtn)
	test.Tap(g.prevBtn)
	if g.browse != 0 || g.board.GamePosition() != g.Game().Start() || !g.prevBtn.Disabled() {
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
	if g.browsing() || g.board.ReadOnly() || g.board.GamePosition() != g.Game().Position() || g.browseRow.Visible() {
		t.Fatal("Back to game shows the game and takes moves")
	}
	g.board.OnMove(g.Game().LegalMoves()[0])
	if g.Game().Len() != 5 {
		t.Fatal("the game goes on")
	}
}

func TestMoveListBrowsePausesAI(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	g := h.startGame(0, session.ModeVsAIAsPredator)
	g.board.OnMove(g.Game().LegalMoves()[0])
	g.showPly(0) // while the AI thinks
	h.drain()
	if g.Thinking() || g.Game().Len() != 1 {
		t.Fatal("the AI waits while an earlier position is shown")
	}
	g.endBrowse()
	h.waitFor("the AI's answer", func() bool { return g.Game().Len() == 2 })
}

func TestCopyAndPasteRecord(t *testing.T) {
	fa := test.NewTempApp(t)
	h := newHarness(t, fa)
	g := h.startGame(0, session.ModeTwoPlayers)
	g.board.OnMove(g.Game().LegalMoves()[0])
	g.board.OnMove(g.Game().LegalMoves()[0])
	test.Tap(g.copyBtn)
	want := "beat-the-wolf: " + g.Game().Record()
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
	if n.info.Key != "surround-the-lion" || n.Game().Record() != lion.Record() || n.Mode() != session.ModeTwoPlayers {
		t.Fatalf("pasted: %s %q", n.info.Key, n.Game().Record())
	}
	// a bare record loads into the game shown
	fa.Clipboard().SetContent(" " + lion.Record() + "\n")
	test.Tap(n.pasteBtn)
	test.Tap(overlayButton(t, h.a.Window(), translations.T("paste.confirm")))
	if m := h.gameScreen(); m.Game().Record() != lion.Record() {
		t.Fatalf("bare record: %q", m.Game().Record())
	}
}

func TestWatchPauseStepSpeed(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	g := h.startGame(1, session.ModeWatch)
	test.Tap(g.holdBtn) // while the AI thinks of its first move
	h.drain()
	n := g.Game().Len()
	if !g.Held() || g.Thinking() || n != 0 || g.holdBtn.Text != translations.T("watch.play") || g.stepBtn.Disabled() ||
		!strings.Contains(g.turnLabel.Text, translations.T("watch.paused")) {
		t.Fatalf("Pause holds the AI and offers Play and Step: held %v thinking %v moves %d text %q", g.Held(), g.Thinking(), n, g.holdBtn.Text)
	}
	test.Tap(g.stepBtn)
	h.waitFor("one step", func() bool { return g.Game().Len() == n+1 && !g.Thinking() })
	h.drain()
	if g.Game().Len() != n+1 || !g.Held() {
		t.Fatalf("Step plays exactly one move: %d → %d", n, g.Game().Len())
	}
	if g.speedBtn.Text != translations.T("watch.speed_normal") {
		t.Fatalf("speed %q", g.speedBtn.Text)
	}
	test.Tap(g.speedBtn)
	if g.speedBtn.Text != translations.T("watch.speed_fast") || session.WatchSpeeds[g.SpeedIndex()].Delay != session.WatchSpeeds[2].Delay {
		t.Fatalf("speed after one tap: %q", g.speedBtn.Text)
	}
	test.Tap(g.speedBtn)
	if g.speedBtn.Text != translations.T("watch.speed_slow") {
		t.Fatalf("speed after two taps: %q", g.speedBtn.Text)
	}
	test.Tap(g.holdBtn)
	h.waitFor("the AI to go on", func() bool { return g.Game().Len() > n+1 || g.Over() })
}

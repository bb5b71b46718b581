//go:build ci

package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"huntchess/core"
	"huntchess/match"
	"huntchess/storage"
	"huntchess/translations"
)

// The history of finished games, its replay, and the statistics it feeds.

// A game that ends is kept in the history and counted in the statistics;
// the history lists it, replays it move by move, and plays on from a
// position as a new game.
func TestHistoryRecordsReplaysAndPlaysOn(t *testing.T) {
	fa := test.NewTempApp(t)
	h := newHarness(t, fa)
	g := h.startGame(0, match.ModeVsAIAsPredator)
	for range 2 {
		g.board.OnMove(g.sess.Game().LegalMoves()[0])
		h.waitFor("the AI's reply", func() bool { return g.sess.HumanTurn() })
	}
	test.Tap(g.resignBtn)
	test.Tap(overlayButton(t, h.a.Window(), translations.T("game.resign")))
	if n := h.a.history.Len(); n != 1 {
		t.Fatalf("%d games in the history after a resignation", n)
	}
	if st := storage.LoadStats(h.a.prefs); st[storage.StatKey("beat-the-wolf", core.Predator, h.a.settings.Level)].Lost != 1 {
		t.Fatalf("the statistics count it: %+v", st)
	}
	g.dismissGameOver()
	g.home()
	// A new app on the same storage reads it back.
	h.a.Close()
	h2 := newHarness(t, fa)
	test.Tap(h2.home().historyBtn)
	hs, ok := h2.a.top().(*historyScreen)
	if !ok || len(hs.open) != 1 {
		t.Fatalf("the history lists the game: %T", h2.a.top())
	}
	shown := texts(h2.a.Window())
	for _, want := range []string{translations.Game("beat-the-wolf").Title, translations.T("gameover.you_lost"), levelLabel(h2.a.settings.Level)} {
		if !strings.Contains(shown, want) {
			t.Errorf("the list lacks %q", want)
		}
	}
	test.Tap(hs.open[0])
	r, ok := h2.a.top().(*replayScreen)
	if !ok {
		t.Fatalf("Replay opens %T", h2.a.top())
	}
	if r.cur != r.game.Len() || r.game.Len() != 4 {
		t.Fatalf("the replay opens at the end: %d of %d", r.cur, r.game.Len())
	}
	test.Tap(r.first)
	test.Tap(r.next)
	if r.cur != 1 || r.board.GamePosition() != r.game.Start().After(r.game.Moves()[0]) {
		t.Fatalf("one move on from the start: at %d", r.cur)
	}
	if r.playFrom.Disabled() {
		t.Fatal("play on is offered from a position of a resigned game")
	}
	test.Tap(r.reviewBtn)
	if _, ok := h2.a.top().(*reviewScreen); !ok {
		t.Fatalf("Review opens %T", h2.a.top())
	}
	h2.a.back()
	test.Tap(r.copyBtn)
	if got := fa.Clipboard().Content(); !strings.Contains(got, r.game.Moves()[0].String()) {
		t.Fatalf("Copy put %q on the clipboard", got)
	}
	test.Tap(r.next)
	test.Tap(r.playFrom)
	gs := h2.gameScreen()
	if gs.sess.Game().Len() != 2 || gs.sess.Mode() != match.ModeVsAIAsPredator || gs.sess.Over() {
		t.Fatalf("play on from move 2: %d moves, %s", gs.sess.Game().Len(), gs.sess.Mode())
	}
}

// The replay steps with the arrow keys; the statistics open the history.
func TestReplayKeysAndStatsHistory(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	g := finishedLionGame(t)
	f, _ := storage.FinishedOf(g, match.ModeTwoPlayers, h.a.settings.Level, h.clock.Now())
	h.a.history.Add(f)
	h.a.showStats()
	test.Tap(h.a.top().(*statsScreen).historyBtn)
	hs, ok := h.a.top().(*historyScreen)
	if !ok || len(hs.open) != 1 {
		t.Fatalf("Statistics → History: %T", h.a.top())
	}
	test.Tap(hs.open[0])
	r := h.a.top().(*replayScreen)
	key := func(k fyne.KeyName) { h.a.typedKey(&fyne.KeyEvent{Name: k}) }
	key(fyne.KeyHome)
	key(fyne.KeyRight)
	key(fyne.KeyRight)
	key(fyne.KeyLeft)
	if r.cur != 1 {
		t.Fatalf("Home → → ←: at %d, want 1", r.cur)
	}
	key(fyne.KeyEnd)
	if r.cur != g.Len() || !r.playFrom.Disabled() {
		t.Fatalf("End: at %d of %d; play on is off at the end the rules made (%v)", r.cur, g.Len(), r.playFrom.Disabled())
	}
}

// finishedLionGame is a Surround the Lion game the rules ended.
func finishedLionGame(t *testing.T) *core.Game {
	t.Helper()
	g := core.NewGameFrom(core.Games()[2].Start())
	for i := 0; i < 400 && !g.Outcome().Over(); i++ {
		_ = g.PlayMove(g.LegalMoves()[0])
	}
	if !g.Outcome().Over() || g.Outcome().ByAgreement() {
		t.Fatalf("the lion game is over by the rules: %v", g.Outcome())
	}
	return g
}

//go:build ci

package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"huntchess/match"
	"huntchess/session"
	"huntchess/translations"
)

// Watch mode, the computer playing both sides: pause, step and speed.

func TestWatchModePlaysItself(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	g := h.startGame(3, match.ModeWatch)
	h.waitFor("six AI moves", func() bool { return g.sess.Game().Len() >= 6 || g.sess.Game().Outcome().Over() })
	if !g.board.ReadOnly() || g.undoBtn.Disabled() == false || g.hintBtn.Disabled() == false {
		t.Fatal("watching: the board takes no moves and undo / hint are off")
	}
	test.Tap(g.settingsBtn) // covered: the search stops
	n := g.sess.Game().Len()
	h.drain()
	if g.sess.Thinking() || g.sess.Game().Len() != n {
		t.Fatal("the AI must not move while another screen covers the game")
	}
	h.a.back()
	h.waitFor("the AI to go on", func() bool { return g.sess.Game().Len() > n || g.sess.Game().Outcome().Over() })
}

func TestWatchPauseStepSpeed(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	g := h.startGame(1, match.ModeWatch)
	test.Tap(g.holdBtn) // while the AI thinks of its first move
	h.drain()
	n := g.sess.Game().Len()
	if !g.sess.Held() || g.sess.Thinking() || n != 0 || g.holdBtn.Text != translations.T("watch.play") || g.stepBtn.Disabled() ||
		!strings.Contains(g.turnLabel.Text, translations.T("watch.paused")) {
		t.Fatalf("Pause holds the AI and offers Play and Step: held %v thinking %v moves %d text %q", g.sess.Held(), g.sess.Thinking(), n, g.holdBtn.Text)
	}
	test.Tap(g.stepBtn)
	h.waitFor("one step", func() bool { return g.sess.Game().Len() == n+1 && !g.sess.Thinking() })
	h.drain()
	if g.sess.Game().Len() != n+1 || !g.sess.Held() {
		t.Fatalf("Step plays exactly one move: %d → %d", n, g.sess.Game().Len())
	}
	if g.speedBtn.Text != translations.T("watch.speed_normal") {
		t.Fatalf("speed %q", g.speedBtn.Text)
	}
	test.Tap(g.speedBtn)
	if g.speedBtn.Text != translations.T("watch.speed_fast") || session.WatchSpeeds[g.sess.SpeedIndex()].Delay != session.WatchSpeeds[2].Delay {
		t.Fatalf("speed after one tap: %q", g.speedBtn.Text)
	}
	test.Tap(g.speedBtn)
	if g.speedBtn.Text != translations.T("watch.speed_slow") {
		t.Fatalf("speed after two taps: %q", g.speedBtn.Text)
	}
	// Round to normal again (the harness's: no least time per move), so
	// the AI goes on without the slow speed's 1.5 s of real time.
	test.Tap(g.speedBtn)
	if g.speedBtn.Text != translations.T("watch.speed_normal") || g.sess.SpeedIndex() != 1 {
		t.Fatalf("speed after three taps: %q", g.speedBtn.Text)
	}
	test.Tap(g.holdBtn)
	h.waitFor("the AI to go on", func() bool { return g.sess.Game().Len() > n+1 || g.sess.Over() })
}

//go:build ci

package app

import (
	"context"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"huntchess/ai"
	"huntchess/core"
	"huntchess/match"
	"huntchess/storage"
	"huntchess/translations"
)

// What covers a game (a dialog, another screen) holds its clock and its
// engine (cover.go).

// The turn timer ran on behind dialogs ("Leave this
// game?" open, the turn ran out and the record gained a pass). Whatever
// covers the game — a dialog or another screen — holds its clock, in
// pass-and-play too, and the clock goes on with the time it had left once
// uncovered. Each cover: the turn's 15 s, 5 s gone, covered for a minute,
// uncovered, then the 10 s left run out.
func TestCoverHoldsTheClock(t *testing.T) {
	type cover struct {
		name   string
		open   func(h *harness, g *gameScreen)
		closed func(h *harness, g *gameScreen) // back to the game
	}
	back := func(h *harness, _ *gameScreen) { h.a.back() }
	dismissAsk := func(_ *harness, g *gameScreen) { g.askDialog.Dismiss() }
	tapOK := func(h *harness, _ *gameScreen) {
		test.Tap(overlayButton(h.t, h.a.Window(), translations.T("dialog.ok")))
	}
	covers := []cover{
		{"leave", func(_ *harness, g *gameScreen) { g.leave() }, dismissAsk},
		{"resign", func(_ *harness, g *gameScreen) { g.confirmResign() }, dismissAsk},
		{"draw offer", func(_ *harness, g *gameScreen) { g.sess.OfferDraw() }, func(h *harness, _ *gameScreen) {
			test.Tap(overlayButton(h.t, h.a.Window(), translations.T("draw.decline")))
		}},
		{"paste error", func(h *harness, g *gameScreen) {
			h.fa.Clipboard().SetContent("d4-d5 c3-c9")
			g.pasteRecord()
		}, tapOK},
		{"paste over the game", func(h *harness, g *gameScreen) {
			h.fa.Clipboard().SetContent("d4-d5")
			g.pasteRecord()
		}, dismissAsk},
		{"start dialog", func(h *harness, _ *gameScreen) { h.a.showStartDialog("resume.corrupt") }, tapOK},
		{"a message", func(h *harness, _ *gameScreen) { h.a.showMessage("t", "m") }, tapOK},
		// Settings, the rules and the settings over the rules: visited in
		// TestVisitsFromAGameKeepTheClock (the clock held while there, and
		// running on from the same time once back), not again here: they are
		// the slowest screens to lay out under -race.
		{"review", func(_ *harness, g *gameScreen) { test.Tap(g.reviewBtn) }, back},
		{"explore", func(_ *harness, g *gameScreen) { test.Tap(g.exploreBtn) }, back},
		{"new game", func(_ *harness, g *gameScreen) { test.Tap(g.newBtn) }, back},
		{"new game's question", func(h *harness, g *gameScreen) {
			test.Tap(g.newBtn)
			h.a.top().(*setupScreen).start()
		}, func(h *harness, _ *gameScreen) {
			h.a.top().(*setupScreen).confirm.Dismiss()
			h.a.back()
		}},
	}
	for _, c := range covers {
		t.Run(c.name, func(t *testing.T) {
			fa := test.NewTempApp(t)
			fa.Preferences().SetInt(storage.KeyTimer, 15)
			h := newHarness(t, fa)
			g := h.startGame(0, match.ModeTwoPlayers)
			g.board.OnMove(g.sess.Game().LegalMoves()[0]) // a game to leave, resign, offer a draw in
			h.drain()
			h.clock.Advance(5 * time.Second)
			g.tick()
			n := g.sess.Game().Len()

			c.open(h, g)
			h.drain()
			if !g.sess.Paused() || !g.covered {
				t.Fatal("covered: the game must be paused")
			}
			if got := g.clockLabel.Text; !g.clockLabel.Visible() || got != translations.T("game.clock_paused") || !g.timerView.Visible() {
				t.Fatalf("covered: the clock says %q (shown %v) beside the time (shown %v)", got, g.clockLabel.Visible(), g.timerView.Visible())
			}
			h.clock.Advance(time.Minute)
			g.tick()
			if g.sess.Game().Len() != n {
				t.Fatalf("the turn passed while covered: %q", g.sess.Game().Record())
			}
			if g.timer.Remaining() != 10*time.Second || g.timerView.Text() != "0:10" {
				t.Fatalf("covered: remaining %v, shown %q", g.timer.Remaining(), g.timerView.Text())
			}

			c.closed(h, g)
			h.drain()
			if h.gameScreen() != g || g.sess.Paused() || g.covered || !g.timer.Running() {
				t.Fatalf("uncovered: paused %v, covered %v, running %v", g.sess.Paused(), g.covered, g.timer.Running())
			}
			if g.clockLabel.Visible() {
				t.Fatalf("uncovered: the clock still says %q", g.clockLabel.Text)
			}
			h.clock.Advance(9 * time.Second)
			g.tick()
			if g.sess.Game().Len() != n || g.timer.Remaining() != time.Second {
				t.Fatalf("uncovered: the time left goes on: %v left, record %q", g.timer.Remaining(), g.sess.Game().Record())
			}
			h.clock.Advance(time.Second)
			g.tick()
			if g.sess.Game().Len() != n+1 || g.sess.Game().LastMove().Kind != core.MovePass {
				t.Fatalf("the 10 s left ran out: record %q", g.sess.Game().Record())
			}
		})
	}
}

// A dialog opened by no helper at all (any overlay on the
// window) still holds the clock: the tick reads what covers the game before
// the countdown may run out.
func TestAnyOverlayHoldsTheClock(t *testing.T) {
	fa := test.NewTempApp(t)
	fa.Preferences().SetInt(storage.KeyTimer, 15)
	h := newHarness(t, fa)
	g := h.startGame(0, match.ModeTwoPlayers)
	c := h.a.Window().Canvas()
	o := test.WidgetRenderer(g.board).Objects()[0] // any object
	c.Overlays().Add(o)
	h.clock.Advance(time.Minute)
	g.tick()
	if g.sess.Game().Len() != 0 || !g.sess.Paused() {
		t.Fatalf("an overlay covers the game: record %q, paused %v", g.sess.Game().Record(), g.sess.Paused())
	}
	c.Overlays().Remove(o)
	g.tick()
	if g.sess.Paused() || g.timer.Remaining() != 15*time.Second {
		t.Fatalf("uncovered: paused %v, remaining %v", g.sess.Paused(), g.timer.Remaining())
	}
}

// Against the AI, a dialog over the game stops the
// engine's search and starts it again once closed: its move comes, and the
// player's clock then starts afresh.
func TestCoverHoldsTheEngine(t *testing.T) {
	fa := test.NewTempApp(t)
	fa.Preferences().SetInt(storage.KeyTimer, 15)
	release := make(chan struct{})
	started := make(chan struct{}, 8)
	h := newHarness(t, fa, withThink(func(ctx context.Context, g *core.Game, l match.Level) ai.Result {
		started <- struct{}{}
		select {
		case <-ctx.Done():
		case <-release:
		}
		return fastThink(ctx, g, l)
	}))
	defer close(release)
	g := h.startGame(0, match.ModeVsAIAsPredator) // the player's wolf opens
	g.board.OnMove(g.sess.Game().LegalMoves()[0])
	<-started
	if !g.sess.Thinking() {
		t.Fatal("the AI thinks")
	}
	g.leave()
	if g.sess.Thinking() {
		t.Fatal("covered: the AI's search stops")
	}
	g.askDialog.Dismiss()
	h.drain()
	<-started
	if !g.sess.Thinking() {
		t.Fatal("uncovered: the AI thinks again")
	}
	release <- struct{}{}
	h.waitFor("the AI's move", func() bool { return g.sess.Game().Len() == 2 && g.sess.HumanTurn() })
	if !g.timer.Running() || g.timer.Remaining() != 15*time.Second {
		t.Fatalf("the player's turn: running %v, remaining %v", g.timer.Running(), g.timer.Remaining())
	}
}

// The rules' line on the player's timer setting says the
// clock stops while the board is covered (the games' own timer texts stay as
// written); with no limit there is no clock to stop.
func TestRulesSayTheClockStopsWhenCovered(t *testing.T) {
	for _, lang := range translations.Languages {
		for _, sec := range []int{0, 30} {
			translations.SetLanguage(lang)
			got := timerSettingText(sec)
			paused := translations.T("rules.timer_paused")
			if has := strings.Contains(got, paused); has != (sec > 0) {
				t.Errorf("%s, %d s: %q", lang, sec, got)
			}
		}
	}
	translations.SetLanguage(translations.English)
	if got := timerSettingText(30); !strings.HasSuffix(got, "(change it in Settings). The clock stops while a dialog or another screen covers the board.") {
		t.Errorf("English: %q", got)
	}
}

// The turn clock was seen running while Rules or
// Settings was open from a game (0:59 → 0:45 across Rules; 0:59 → 0:53 and
// 1:26 → 1:17, in Chinese, across Settings). Each visit below goes through
// the real screens — the game's Rules and Settings buttons, the screens'
// own Back buttons or Escape, and what a player changes in Settings
// meanwhile (the language, the text size, the theme, the time per turn) —
// with a minute on the fake clock while the game is covered, and reads the
// clock shown after each step: covered, it holds its time ("Paused"); back
// in the game it shows the same time and runs on from it.
func TestVisitsFromAGameKeepTheClock(t *testing.T) {
	type visit struct {
		name string
		do   func(h *harness, g *gameScreen) // opens, a minute passes, back to the game
	}
	minute := func(h *harness, g *gameScreen) {
		h.t.Helper()
		h.drain()
		h.clock.Advance(time.Minute)
		g.tick()
		h.drain()
		if got := g.timerView.Text(); got != "1:26" || !g.clockLabel.Visible() || g.clockLabel.Text != translations.T("game.clock_paused") {
			h.t.Fatalf("covered by %T: the clock shows %s beside %q (shown %v), want 1:26, paused", h.a.top(), got, g.clockLabel.Text, g.clockLabel.Visible())
		}
	}
	back := func(h *harness) { tapShown(h.t, h.a.Window(), translations.T("game.back")) }
	settings := func(change func(s *settingsScreen)) func(h *harness, g *gameScreen) {
		return func(h *harness, g *gameScreen) {
			test.Tap(g.settingsBtn)
			minute(h, g)
			change(h.a.top().(*settingsScreen))
			h.drain()
			minute(h, g)
			back(h)
		}
	}
	visits := []visit{
		{"rules, Back", func(h *harness, g *gameScreen) { test.Tap(g.rulesBtn); minute(h, g); back(h) }},
		{"rules, Escape", func(h *harness, g *gameScreen) {
			test.Tap(g.rulesBtn)
			minute(h, g)
			h.a.Window().Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
		}},
		{"rules, Learn, lessons", func(h *harness, g *gameScreen) {
			test.Tap(g.rulesBtn)
			test.Tap(h.a.top().(*rulesScreen).learn)
			minute(h, g)
			back(h)
			back(h)
		}},
		{"settings, Back", settings(func(*settingsScreen) {})},
		{"settings, Chinese", settings(func(s *settingsScreen) { s.lang.SetSelectedIndex(1) })},
		{"settings, larger text", settings(func(s *settingsScreen) { s.textSize.SetSelectedIndex(2) })},
		{"settings, dark theme", settings(func(s *settingsScreen) { s.themeSel.SetSelectedIndex(2) })},
		{"settings, time per turn", settings(func(s *settingsScreen) { s.timer.SetSelectedIndex(len(storage.TimerChoices) - 1) })},
		{"settings over the rules", func(h *harness, g *gameScreen) {
			test.Tap(g.rulesBtn)
			h.a.showSettings()
			minute(h, g)
			back(h)
			minute(h, g)
			back(h)
		}},
	}
	for _, mode := range []match.Mode{match.ModeTwoPlayers, match.ModeVsAIAsPredator} {
		for i, v := range visits {
			if mode != match.ModeTwoPlayers && i%4 != 0 { // against the computer: a few (the test's time under -race)
				continue
			}
			t.Run(string(mode)+"/"+v.name, func(t *testing.T) {
				fa := test.NewTempApp(t)
				fa.Preferences().SetInt(storage.KeyTimer, 90)
				h := newHarness(t, fa)
				g := h.startGame(0, mode) // the wolf (the person's side) to move
				h.clock.Advance(4 * time.Second)
				g.tick()
				if got := g.timerView.Text(); got != "1:26" {
					t.Fatalf("before: the clock shows %s, want 1:26", got)
				}
				v.do(h, g)
				h.drain()
				if h.a.top() != screen(g) {
					t.Fatalf("not back in the game: %T", h.a.top())
				}
				g.tick()
				if got := g.timerView.Text(); got != "1:26" || g.clockLabel.Visible() || !g.timer.Running() {
					t.Fatalf("back in the game the clock shows %s (running %v, %q shown %v), want 1:26 running on",
						got, g.timer.Running(), g.clockLabel.Text, g.clockLabel.Visible())
				}
				h.clock.Advance(6 * time.Second)
				g.tick()
				if got := g.timerView.Text(); got != "1:20" {
					t.Fatalf("6 s later the clock shows %s, want 1:20", got)
				}
			})
		}
	}
}

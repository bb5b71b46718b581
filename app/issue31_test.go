//go:build ci

package app

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"huntchess/ai"
	"huntchess/core"
	"huntchess/session"
	"huntchess/translations"
)

// Issue 31, item 2: the turn timer ran on behind dialogs ("Leave this
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
		{"draw offer", func(_ *harness, g *gameScreen) { g.OfferDraw() }, func(h *harness, _ *gameScreen) {
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
		{"settings", func(_ *harness, g *gameScreen) { test.Tap(g.settingsBtn) }, back},
		{"rules", func(_ *harness, g *gameScreen) { test.Tap(g.rulesBtn) }, back},
		{"review", func(_ *harness, g *gameScreen) { test.Tap(g.reviewBtn) }, back},
		{"new game", func(_ *harness, g *gameScreen) { test.Tap(g.newBtn) }, back},
		{"new game's question", func(h *harness, g *gameScreen) {
			test.Tap(g.newBtn)
			h.a.top().(*setupScreen).start()
		}, func(h *harness, _ *gameScreen) {
			h.a.top().(*setupScreen).confirm.Dismiss()
			h.a.back()
		}},
		{"settings over the rules", func(h *harness, g *gameScreen) {
			test.Tap(g.rulesBtn)
			h.a.showSettings()
		}, func(h *harness, _ *gameScreen) { h.a.back(); h.a.back() }},
	}
	for _, c := range covers {
		t.Run(c.name, func(t *testing.T) {
			fa := test.NewTempApp(t)
			fa.Preferences().SetInt(session.KeyTimer, 15)
			h := newHarness(t, fa)
			g := h.startGame(0, session.ModeTwoPlayers)
			g.board.OnMove(g.Game().LegalMoves()[0]) // a game to leave, resign, offer a draw in
			h.drain()
			h.clock.Advance(5 * time.Second)
			g.tick()
			n := g.Game().Len()

			c.open(h, g)
			h.drain()
			if !g.Paused() || !g.covered {
				t.Fatal("covered: the game must be paused")
			}
			if got := g.clockLabel.Text; !g.clockLabel.Visible() || got != translations.T("game.clock_paused") || !g.timerView.Visible() {
				t.Fatalf("covered: the clock says %q (shown %v) beside the time (shown %v)", got, g.clockLabel.Visible(), g.timerView.Visible())
			}
			h.clock.Advance(time.Minute)
			g.tick()
			if g.Game().Len() != n {
				t.Fatalf("the turn passed while covered: %q", g.Game().Record())
			}
			if g.timer.Remaining() != 10*time.Second || g.timerView.Text() != "0:10" {
				t.Fatalf("covered: remaining %v, shown %q", g.timer.Remaining(), g.timerView.Text())
			}

			c.closed(h, g)
			h.drain()
			if h.gameScreen() != g || g.Paused() || g.covered || !g.timer.Running() {
				t.Fatalf("uncovered: paused %v, covered %v, running %v", g.Paused(), g.covered, g.timer.Running())
			}
			if g.clockLabel.Visible() {
				t.Fatalf("uncovered: the clock still says %q", g.clockLabel.Text)
			}
			h.clock.Advance(9 * time.Second)
			g.tick()
			if g.Game().Len() != n || g.timer.Remaining() != time.Second {
				t.Fatalf("uncovered: the time left goes on: %v left, record %q", g.timer.Remaining(), g.Game().Record())
			}
			h.clock.Advance(time.Second)
			g.tick()
			if g.Game().Len() != n+1 || g.Game().LastMove().Kind != core.MovePass {
				t.Fatalf("the 10 s left ran out: record %q", g.Game().Record())
			}
		})
	}
}

// Issue 31, item 2: a dialog opened by no helper at all (any overlay on the
// window) still holds the clock: the tick reads what covers the game before
// the countdown may run out.
func TestAnyOverlayHoldsTheClock(t *testing.T) {
	fa := test.NewTempApp(t)
	fa.Preferences().SetInt(session.KeyTimer, 15)
	h := newHarness(t, fa)
	g := h.startGame(0, session.ModeTwoPlayers)
	c := h.a.Window().Canvas()
	o := test.WidgetRenderer(g.board).Objects()[0] // any object
	c.Overlays().Add(o)
	h.clock.Advance(time.Minute)
	g.tick()
	if g.Game().Len() != 0 || !g.Paused() {
		t.Fatalf("an overlay covers the game: record %q, paused %v", g.Game().Record(), g.Paused())
	}
	c.Overlays().Remove(o)
	g.tick()
	if g.Paused() || g.timer.Remaining() != 15*time.Second {
		t.Fatalf("uncovered: paused %v, remaining %v", g.Paused(), g.timer.Remaining())
	}
}

// Issue 31, item 2: against the AI, a dialog over the game stops the
// engine's search and starts it again once closed: its move comes, and the
// player's clock then starts afresh.
func TestCoverHoldsTheEngine(t *testing.T) {
	fa := test.NewTempApp(t)
	fa.Preferences().SetInt(session.KeyTimer, 15)
	release := make(chan struct{})
	started := make(chan struct{}, 8)
	h := newHarness(t, fa, withThink(func(ctx context.Context, g *core.Game, l ai.Level) ai.Result {
		started <- struct{}{}
		select {
		case <-ctx.Done():
		case <-release:
		}
		return fastThink(ctx, g, l)
	}))
	defer close(release)
	g := h.startGame(0, session.ModeVsAIAsPredator) // the player's wolf opens
	g.board.OnMove(g.Game().LegalMoves()[0])
	<-started
	if !g.Thinking() {
		t.Fatal("the AI thinks")
	}
	g.leave()
	if g.Thinking() {
		t.Fatal("covered: the AI's search stops")
	}
	g.askDialog.Dismiss()
	h.drain()
	<-started
	if !g.Thinking() {
		t.Fatal("uncovered: the AI thinks again")
	}
	release <- struct{}{}
	h.waitFor("the AI's move", func() bool { return g.Game().Len() == 2 && g.HumanTurn() })
	if !g.timer.Running() || g.timer.Remaining() != 15*time.Second {
		t.Fatalf("the player's turn: running %v, remaining %v", g.timer.Running(), g.timer.Remaining())
	}
}

// Issue 31, item 2: the rules' line on the player's timer setting says the
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
	if got := timerSettingText(30); !strings.HasSuffix(got, "(change it in Game Settings). The clock stops while a dialog or another screen covers the board.") {
		t.Errorf("English: %q", got)
	}
}

// Issue 31, item 3: the difficulty setting is the one level. A game saved at
// Easy, Master set in the home Settings, then resumed: the offer to resume
// names Master, the game plays at Master and says so, and the in-game
// Settings show Master.
func TestResumePlaysTheSetDifficulty(t *testing.T) {
	fa := test.NewTempApp(t)
	g, err := core.NewGame("beat-the-wolf")
	if err != nil {
		t.Fatal(err)
	}
	if err := g.PlayMove(g.LegalMoves()[0]); err != nil { // the wolf (the player) opened
		t.Fatal(err)
	}
	_ = savesOf(t, fa).Store(g, session.ModeVsAIAsPredator, ai.Easy, 0)
	var mu sync.Mutex
	var levels []ai.Level
	h := newHarness(t, fa, withThink(func(ctx context.Context, g *core.Game, l ai.Level) ai.Result {
		mu.Lock()
		levels = append(levels, l)
		mu.Unlock()
		return fastThink(ctx, g, l)
	}))
	h.a.closeStartDialog() // not now: home
	test.Tap(h.home().settingsBtn)
	st := h.a.top().(*settingsScreen)
	st.level.SetSelected(levelLabel(ai.Master))
	h.a.back()
	if h.a.settings.Level != ai.Master {
		t.Fatalf("setting %v", h.a.settings.Level)
	}
	if got := h.a.startDialogText("resume.message"); !strings.Contains(got, levelLabel(ai.Master)) || strings.Contains(got, levelLabel(ai.Easy)) {
		t.Fatalf("the offer to resume names the level set: %q", got)
	}
	test.Tap(h.home().continueBtn)
	r := h.gameScreen()
	if r.Level() != ai.Master {
		t.Fatalf("resumed at %v", r.Level())
	}
	if !strings.Contains(r.playerLabel.Text, levelLabel(ai.Master)) {
		t.Fatalf("the game says %q", r.playerLabel.Text)
	}
	h.waitFor("the AI's move", func() bool { return r.HumanTurn() })
	mu.Lock()
	if len(levels) != 1 || levels[0] != ai.Master {
		t.Fatalf("the AI searched at %v", levels)
	}
	mu.Unlock()
	test.Tap(r.settingsBtn)
	if got := h.a.top().(*settingsScreen).level.Selected; got != levelLabel(ai.Master) {
		t.Fatalf("the in-game Settings show %q", got)
	}
	// A change there is the game's level at once, and what it says.
	h.a.top().(*settingsScreen).level.SetSelected(levelLabel(ai.Medium))
	h.a.back()
	if r.Level() != ai.Medium || !strings.Contains(r.playerLabel.Text, levelLabel(ai.Medium)) {
		t.Fatalf("after the change: %v, %q", r.Level(), r.playerLabel.Text)
	}
}

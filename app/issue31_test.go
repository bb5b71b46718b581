//go:build ci

package app

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"huntchess/ai"
	"huntchess/core"
	"huntchess/match"
	"huntchess/storage"
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

// Issue 31, item 2: a dialog opened by no helper at all (any overlay on the
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

// Issue 31, item 2: against the AI, a dialog over the game stops the
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
	if got := timerSettingText(30); !strings.HasSuffix(got, "(change it in Settings). The clock stops while a dialog or another screen covers the board.") {
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
	_ = savesOf(t, fa, g.Info().Key).Store(g, match.ModeVsAIAsPredator, match.Easy, 0)
	var mu sync.Mutex
	var levels []match.Level
	h := newHarness(t, fa, withThink(func(ctx context.Context, g *core.Game, l match.Level) ai.Result {
		mu.Lock()
		levels = append(levels, l)
		mu.Unlock()
		return fastThink(ctx, g, l)
	}))
	h.a.closeStartDialog() // not now: home
	test.Tap(h.home().settingsBtn)
	st := h.a.top().(*settingsScreen)
	st.level.SetSelected(levelLabel(match.Master))
	h.a.back()
	if h.a.settings.Level != match.Master {
		t.Fatalf("setting %v", h.a.settings.Level)
	}
	if got := h.a.startDialogText("resume.message"); !strings.Contains(got, levelLabel(match.Master)) || strings.Contains(got, levelLabel(match.Easy)) {
		t.Fatalf("the offer to resume names the level set: %q", got)
	}
	test.Tap(h.home().continueBtn())
	r := h.gameScreen()
	if r.sess.Level() != match.Master {
		t.Fatalf("resumed at %v", r.sess.Level())
	}
	if !strings.Contains(r.playerLabel.Text, levelLabel(match.Master)) {
		t.Fatalf("the game says %q", r.playerLabel.Text)
	}
	h.waitFor("the AI's move", func() bool { return r.sess.HumanTurn() })
	mu.Lock()
	if len(levels) != 1 || levels[0] != match.Master {
		t.Fatalf("the AI searched at %v", levels)
	}
	mu.Unlock()
	test.Tap(r.settingsBtn)
	if got := h.a.top().(*settingsScreen).level.Selected; got != levelLabel(match.Master) {
		t.Fatalf("the in-game Settings show %q", got)
	}
	// A change there is the game's level at once, and what it says.
	h.a.top().(*settingsScreen).level.SetSelected(levelLabel(match.Medium))
	h.a.back()
	if r.sess.Level() != match.Medium || !strings.Contains(r.playerLabel.Text, levelLabel(match.Medium)) {
		t.Fatalf("after the change: %v, %q", r.sess.Level(), r.playerLabel.Text)
	}
}

// Issue 31, item 6: with settings.json and both copies of the saved game
// damaged, the first start said only "settings restored" (the saved game's
// loss came after that notice's OK, or on the next start). Now one notice
// on the start where it happened lists everything recovered or lost; the
// next start has nothing to say. A saved game whose newest copy is damaged
// but whose previous one is good is said restored in the same notice, and
// offered after it.
func TestOneRecoveryNoticeSaysAll(t *testing.T) {
	for _, tc := range []struct {
		name     string
		damage   []string // the saved game's files garbled
		restored bool     // the saved game is still there
	}{
		{"both saved copies damaged", []string{storage.SaveFileOf("beat-the-wolf"), storage.PrevSaveFileOf("beat-the-wolf")}, false},
		{"the newest saved copy damaged", []string{storage.SaveFileOf("beat-the-wolf")}, true},
	} {
		for _, lang := range translations.Languages {
			t.Run(tc.name+"/"+string(lang), func(t *testing.T) {
				fa := test.NewTempApp(t)
				dir := saveDirFor(t, fa)
				// Settings written twice (a previous copy), a game saved twice.
				vt := storage.OpenVault(dir, fa.Preferences())
				s := storage.LoadSettings(vt)
				s.Timer = 90
				s.Save(vt)
				vt.Flush()
				s.Timer = 120
				s.Save(vt)
				vt.Flush()
				st := savesOf(t, fa, "beat-the-wolf")
				g, _ := core.NewGame("beat-the-wolf")
				for range 2 {
					_ = g.PlayMove(g.LegalMoves()[0])
					_ = st.Store(g, match.ModeTwoPlayers, match.Easy, 0)
					_ = st.Flush()
				}
				garble := func(name string, torn bool) {
					path := filepath.Join(dir, name)
					raw, err := os.ReadFile(path)
					if err != nil {
						t.Fatal(err)
					}
					if torn {
						raw = raw[:len(raw)/2]
					} else {
						raw = bytes.ReplaceAll(raw, []byte("beat-the-wolf"), []byte("beat-the-wXlf"))
					}
					if err := os.WriteFile(path, raw, 0o644); err != nil {
						t.Fatal(err)
					}
				}
				garble(storage.VaultFile(storage.GroupSettings), true)
				for _, f := range tc.damage {
					garble(f, false)
				}

				translations.SetLanguage(lang)
				h := newHarness(t, fa, func(o *Options) { o.SystemLocale = "" })
				translations.SetLanguage(lang) // the harness starts in English
				h.drain()
				if h.a.startMsg != "recovery" {
					t.Fatalf("the first dialog of the start is %q", h.a.startMsg)
				}
				shown := texts(h.a.Window())
				wolf := map[string]any{"Game": translations.Game("beat-the-wolf").Title}
				saved := translations.TData("resume.corrupt_of", wolf)
				if tc.restored {
					saved = translations.TData("recovery.saved_game_restored_of", wolf)
				}
				for _, want := range []string{translations.T("recovery.settings_restored"), saved} {
					if !strings.Contains(shown, want) {
						t.Fatalf("the notice lacks %q; shown:\n%s", want, shown)
					}
				}
				if got := strings.Count(h.a.recoveryText(), "\n") + 1; got != 2 {
					t.Fatalf("%d lines: %q", got, h.a.recoveryText())
				}
				if (h.home().continueBtn() != nil) != tc.restored {
					t.Fatalf("Continue on the home screen: %v", h.home().continueBtn() != nil)
				}
				test.Tap(overlayButton(t, h.a.Window(), translations.T("dialog.ok")))
				h.drain()
				if tc.restored {
					if h.a.startMsg != "resume.message" {
						t.Fatalf("after OK: the offer to resume, not %q", h.a.startMsg)
					}
					test.Tap(overlayButton(t, h.a.Window(), translations.T("resume.continue")))
					if r := h.gameScreen(); r.sess.Game().Len() != 1 {
						t.Fatalf("the previous copy resumes: %q", r.sess.Game().Record())
					}
				} else if h.a.startMsg != "" || h.a.Window().Canvas().Overlays().Top() != nil {
					t.Fatalf("after OK nothing more is said, yet %q:\n%s", h.a.startMsg, texts(h.a.Window()))
				}
				h.a.Close()

				h2 := newHarness(t, fa)
				if h2.a.startMsg == "recovery" || h2.a.startMsg == "resume.corrupt" {
					t.Fatalf("the next start says it again: %q", h2.a.recoveryText())
				}
			})
		}
	}
}

// Issue 31, item 7: the difficulty is greyed out on the new-game screen
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

// Issue 31, item 7: the last move stays marked on the board after Undo (the
// move now last) and in a resumed game.
func TestLastMoveMarkedAfterUndoAndResume(t *testing.T) {
	fa := test.NewTempApp(t)
	h := newHarness(t, fa)
	g := h.startGame(0, match.ModeTwoPlayers)
	for range 3 {
		g.board.OnMove(g.sess.Game().LegalMoves()[0])
		h.drain()
	}
	first := g.sess.Game().Moves()[1]
	g.undo()
	if g.sess.Game().Len() != 2 || g.board.LastMove() != first {
		t.Fatalf("after Undo: marked %v, want %v", g.board.LastMove(), first)
	}
	g.undo()
	g.undo()
	if g.board.LastMove().Kind != core.MoveNone {
		t.Fatalf("back at the start: marked %v", g.board.LastMove())
	}
	g.redo()
	g.redo()
	h.a.showHome() // saved
	h.a.resumeSaved(g.info.Key)
	r := h.gameScreen()
	if r == g || r.board.LastMove() != first {
		t.Fatalf("resumed: marked %v, want %v", r.board.LastMove(), first)
	}
}

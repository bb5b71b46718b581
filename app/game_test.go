//go:build ci

package app

import (
	"context"
	"fmt"
	"image/color"
	"math"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"huntchess/ai"
	"huntchess/core"
	"huntchess/session"
	"huntchess/translations"
	"huntchess/widgets"
)

// fakeClock is a clock the test moves by hand.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// fastThink is a quick, deterministic search in place of the real levels.
func fastThink(ctx context.Context, g *core.Game, _ ai.Level) ai.Result {
	return ai.Search(ctx, g.Position(), ai.Limits{Depth: 2, Nodes: 3000, History: g.History()})
}

func fastHint(ctx context.Context, g *core.Game) ai.Result { return fastThink(ctx, g, ai.Easy) }

// harness runs an App on the test driver. Results of the AI goroutines are
// queued and run on the test goroutine by wait, like fyne.Do would run them
// on the UI goroutine.
type harness struct {
	t     *testing.T
	fa    fyne.App
	a     *App
	q     chan func()
	clock *fakeClock
	think session.ThinkFunc
}

type harnessOpt func(*Options)

// saveDirs gives each test app its own save folder (the test driver's
// storage is the shared system temp folder), kept across harnesses on the
// same app like a real app's storage.
var saveDirs sync.Map // fyne.App → string

func saveDirFor(t *testing.T, fa fyne.App) string {
	if d, ok := saveDirs.Load(fa); ok {
		return d.(string)
	}
	d := t.TempDir()
	saveDirs.Store(fa, d)
	return d
}

// savesOf is the save store a harness on fa uses.
func savesOf(t *testing.T, fa fyne.App) *session.Store {
	return session.NewStore(saveDirFor(t, fa), fa.Preferences())
}

func withThink(f session.ThinkFunc) harnessOpt { return func(o *Options) { o.Think = f } }

func newHarness(t *testing.T, fa fyne.App, opts ...harnessOpt) *harness {
	t.Helper()
	translations.SetLanguage(translations.English)
	h := &harness{t: t, fa: fa, q: make(chan func(), 1024), clock: &fakeClock{now: time.Unix(1_000_000, 0)}}
	o := Options{
		Think: fastThink, Hint: fastHint, Clock: h.clock,
		Do:        func(f func()) { h.q <- f },
		TickEvery: -1, WatchDelay: -1, SystemLocale: "en_US.UTF-8",
		SaveDir: saveDirFor(t, fa),
	}
	for _, f := range opts {
		f(&o)
	}
	h.a = New(fa, o)
	h.a.Window().Resize(fyne.NewSize(390, 844))
	t.Cleanup(func() {
		h.a.Close()
		translations.SetLanguage(translations.English)
	})
	return h
}

// drain runs the queued UI callbacks without waiting.
func (h *harness) drain() {
	for {
		select {
		case f := <-h.q:
			f()
		default:
			return
		}
	}
}

// waitFor runs queued UI callbacks until cond holds, failing after a deadline.
func (h *harness) waitFor(what string, cond func() bool) {
	h.t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		h.drain()
		if cond() {
			return
		}
		if time.Now().After(deadline) {
			h.t.Fatalf("timed out waiting for %s", what)
		}
		select {
		case f := <-h.q:
			f()
		case <-time.After(5 * time.Millisecond):
		}
	}
}

func (h *harness) home() *homeScreen {
	h.t.Helper()
	s, ok := h.a.top().(*homeScreen)
	if !ok {
		h.t.Fatalf("top screen is %T, want home", h.a.top())
	}
	return s
}

func (h *harness) gameScreen() *gameScreen {
	h.t.Helper()
	s, ok := h.a.top().(*gameScreen)
	if !ok {
		h.t.Fatalf("top screen is %T, want game", h.a.top())
	}
	return s
}

// startGame goes home → Play (game i) → mode → Start, by tapping.
func (h *harness) startGame(i int, mode session.Mode) *gameScreen {
	h.t.Helper()
	test.Tap(h.home().playBtns[i])
	setup, ok := h.a.top().(*setupScreen)
	if !ok {
		h.t.Fatalf("after Play: top screen is %T", h.a.top())
	}
	for j, m := range session.Modes {
		if m == mode {
			setup.modeRadio.SetSelected(setup.modeRadio.Options[j])
		}
	}
	test.Tap(setup.startBtn)
	if setup.confirm != nil { // an unfinished game would be discarded: yes
		setup.confirm.Confirm()
	}
	return h.gameScreen()
}

// tapMove plays m by tapping the board: the piece, then the target.
func tapMove(t *testing.T, b *widgets.Board, m core.Move) {
	t.Helper()
	pos := b.GamePosition()
	l := widgets.NewLayout(pos.Board(), b.Size())
	if m.Kind != core.MovePlace {
		test.TapAt(b, l.PointPos(int(m.From)))
	}
	test.TapAt(b, l.PointPos(int(m.To)))
}

// texts returns every text shown in the window and its overlays.
func texts(w fyne.Window) string {
	var sb strings.Builder
	objs := test.LaidOutObjects(w.Content())
	for _, o := range w.Canvas().Overlays().List() {
		objs = append(objs, test.LaidOutObjects(o)...)
	}
	for _, o := range objs {
		switch x := o.(type) {
		case *widget.Label:
			sb.WriteString(x.Text + "\n")
		case *widgets.Paragraph: // its source text (its inner label shows it broken into lines)
			sb.WriteString(x.Text + "\n")
		case *widget.Button:
			sb.WriteString(x.Text + "\n")
		case *widget.Card:
			sb.WriteString(x.Title + "\n" + x.Subtitle + "\n")
		}
	}
	return sb.String()
}

func TestPlayAgainstAIAndUndo(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	h.a.Window().Resize(fyne.NewSize(1280, 800))
	g := h.startGame(0, session.ModeVsAIAsPredator) // Beat the Wolf; the wolf moves first
	if !g.HumanTurn() || g.turnLabel.Text != translations.T("game.your_turn") {
		t.Fatalf("want the player's turn first, got %q", g.turnLabel.Text)
	}
	first := g.Game().LegalMoves()[0]
	tapMove(t, g.board, first)
	if g.Game().Len() != 1 || g.Game().Moves()[0] != first {
		t.Fatalf("tapping the board did not play %v: record %q", first, g.Game().Record())
	}
	if !g.Thinking() || g.turnLabel.Text != translations.T("game.ai_thinking") {
		t.Fatalf("want the thinking state while the AI searches, got %q", g.turnLabel.Text)
	}
	if !g.board.ReadOnly() {
		t.Fatal("the board must not take moves on the AI's turn")
	}
	h.waitFor("the AI's reply", func() bool { return g.Game().Len() == 2 && g.HumanTurn() })
	if g.Thinking() || g.board.ReadOnly() {
		t.Fatal("after the reply the player must be able to move")
	}
	if !strings.Contains(g.movesText(), first.String()) {
		t.Fatalf("move list %q lacks %s", g.movesText(), first)
	}
	test.Tap(g.undoBtn)
	if g.Game().Len() != 0 || !g.HumanTurn() || !g.Game().CanRedo() {
		t.Fatalf("undo against the AI must go back to the player's turn: len %d", g.Game().Len())
	}
	test.Tap(g.redoBtn)
	if g.Game().Len() != 2 || !g.HumanTurn() {
		t.Fatalf("redo must replay both moves: len %d", g.Game().Len())
	}
	// Keyboard: Ctrl+Z undoes, Ctrl+Y redoes.
	sc := h.a.Window().Canvas().(fyne.Shortcutable)
	sc.TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: fyne.KeyModifierShortcutDefault})
	if g.Game().Len() != 0 {
		t.Fatalf("Ctrl+Z: len %d", g.Game().Len())
	}
	sc.TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyY, Modifier: fyne.KeyModifierShortcutDefault})
	if g.Game().Len() != 2 {
		t.Fatalf("Ctrl+Y: len %d", g.Game().Len())
	}
}

func TestPlayerAsPreyAIMovesFirst(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	g := h.startGame(0, session.ModeVsAIAsPrey) // the AI's wolf opens
	h.waitFor("the AI's opening", func() bool { return g.Game().Len() == 1 && g.HumanTurn() })
	m := g.Game().LegalMoves()[0]
	g.board.OnMove(m)
	h.waitFor("the AI's reply", func() bool { return g.Game().Len() == 3 && g.HumanTurn() })
	g.undo()
	if g.Game().Len() != 1 || !g.HumanTurn() {
		t.Fatalf("undo: len %d, want 1 (the player's turn)", g.Game().Len())
	}
}

func TestHint(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	g := h.startGame(1, session.ModeTwoPlayers)
	h.a.Window().Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyH})
	if !g.Hinting() || !g.noticeLabel.Visible() || g.noticeLabel.Text != translations.T("hint.thinking") {
		t.Fatal("H must start a hint search with a visible notice")
	}
	h.waitFor("the hint", func() bool { return g.board.Hint().Kind != core.MoveNone })
	legal := false
	for _, m := range g.Game().LegalMoves() {
		legal = legal || m == g.board.Hint()
	}
	if !legal || g.Hinting() {
		t.Fatalf("hint %v is not a legal move", g.board.Hint())
	}
}

// A search that is still running when the game changes is cancelled, and its
// late result is dropped.
func TestStaleAIResultDropped(t *testing.T) {
	release := make(chan struct{})
	cancelled := make(chan struct{}, 4)
	var mu sync.Mutex
	var levels []ai.Level
	slow := func(ctx context.Context, g *core.Game, lv ai.Level) ai.Result {
		mu.Lock()
		levels = append(levels, lv)
		mu.Unlock()
		select {
		case <-ctx.Done():
			cancelled <- struct{}{}
		case <-release:
		}
		return ai.Result{Move: g.LegalMoves()[0]}
	}
	h := newHarness(t, test.NewTempApp(t), withThink(slow))
	g := h.startGame(0, session.ModeVsAIAsPredator)
	g.board.OnMove(g.Game().LegalMoves()[0])
	if !g.Thinking() {
		t.Fatal("the AI should be thinking")
	}
	// A difficulty change applies from the AI's next move.
	s := h.a.settings
	s.Level = ai.Master
	h.a.setSettings(s)
	g.undo() // cancels the search
	select {
	case <-cancelled:
	case <-time.After(10 * time.Second):
		t.Fatal("undo did not cancel the search")
	}
	h.drain()
	if g.Game().Len() != 0 || g.Thinking() {
		t.Fatalf("after undo: len %d thinking %v", g.Game().Len(), g.Thinking())
	}
	// A result arriving for an old generation is ignored: the session's
	// TestTurnsAgainstAI delivers one (the search's generation is its own).
	g.board.OnMove(g.Game().LegalMoves()[0])
	close(release)
	h.waitFor("the reply", func() bool { return g.Game().Len() == 2 })
	mu.Lock()
	defer mu.Unlock()
	if len(levels) != 2 || levels[0] != ai.Medium || levels[1] != ai.Master {
		t.Fatalf("levels used %v, want [medium master]", levels)
	}
}

func TestLeavingCancelsSearch(t *testing.T) {
	cancelled := make(chan struct{}, 1)
	block := func(ctx context.Context, g *core.Game, _ ai.Level) ai.Result {
		<-ctx.Done()
		cancelled <- struct{}{}
		return ai.Result{}
	}
	h := newHarness(t, test.NewTempApp(t), withThink(block))
	g := h.startGame(0, session.ModeVsAIAsPrey)
	if !g.Thinking() {
		t.Fatal("the AI should be thinking")
	}
	h.a.Window().Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	select {
	case <-cancelled:
	case <-time.After(10 * time.Second):
		t.Fatal("leaving the game did not cancel the search")
	}
	h.home()
}

func TestTimerExpiryPassesTurn(t *testing.T) {
	fa := test.NewTempApp(t)
	fa.Preferences().SetInt(session.KeyTimer, 15)
	h := newHarness(t, fa)
	g := h.startGame(0, session.ModeTwoPlayers)
	if !g.timer.Running() || g.timer.Remaining() != 15*time.Second {
		t.Fatalf("timer: running %v remaining %v", g.timer.Running(), g.timer.Remaining())
	}
	h.clock.Advance(10 * time.Second)
	g.tick()
	if g.Game().Len() != 0 || !g.timer.Warning() {
		t.Fatal("after 10 s: the turn must not pass yet, and the timer must warn")
	}
	h.clock.Advance(6 * time.Second)
	g.tick()
	if g.Game().Len() != 1 || g.Game().LastMove().Kind != core.MovePass || g.Game().ToMove() != core.Prey {
		t.Fatalf("timeout: record %q, to move %v", g.Game().Record(), g.Game().ToMove())
	}
	if !strings.Contains(g.movesText(), translations.T("game.pass")) {
		t.Fatalf("move list %q does not show the pass", g.movesText())
	}
	if g.noticeLabel.Text != translations.T("game.pass_timeout") || !g.noticeLabel.Visible() {
		t.Fatalf("notice %q", g.noticeLabel.Text)
	}
	if g.timer.Remaining() != 15*time.Second || !g.timer.Running() {
		t.Fatal("the other side's timer must start afresh")
	}
}

func TestTimerOffAndPausedUnderSettings(t *testing.T) {
	fa := test.NewTempApp(t)
	fa.Preferences().SetInt(session.KeyTimer, 0)
	h := newHarness(t, fa)
	g := h.startGame(0, session.ModeTwoPlayers)
	if g.timer.Running() || g.clockLabel.Text != translations.T("game.timer_off") {
		t.Fatal("timer off: no countdown, and a label saying so")
	}
	s := h.a.settings
	s.Timer = 30
	h.a.setSettings(s)
	g.board.OnMove(g.Game().LegalMoves()[0])
	if !g.timer.Running() {
		t.Fatal("the new timer setting applies from the next turn")
	}
	test.Tap(g.settingsBtn)
	h.clock.Advance(time.Minute)
	g.tick()
	if g.Game().Len() != 1 {
		t.Fatal("the timer must be paused while the settings cover the game")
	}
	h.a.back()
	if h.gameScreen() != g || g.timer.Remaining() != 30*time.Second {
		t.Fatalf("back in the game: remaining %v", g.timer.Remaining())
	}
}

func TestPassAndPlayAlternates(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	g := h.startGame(1, session.ModeTwoPlayers) // Wolf Carries the Pig: the pigs open
	info := g.info
	for i := 0; i < 6; i++ {
		side := g.Game().ToMove()
		want := translations.TData("game.to_move", map[string]any{"Side": sideName(info, side)})
		if g.turnLabel.Text != want || g.board.ReadOnly() || g.Thinking() {
			t.Fatalf("ply %d: label %q (want %q), read-only %v, thinking %v", i, g.turnLabel.Text, want, g.board.ReadOnly(), g.Thinking())
		}
		m := g.Game().LegalMoves()[0]
		tapMove(t, g.board, m)
		h.drain()
		if g.Game().Len() != i+1 || g.Game().ToMove() == side {
			t.Fatalf("ply %d: the move did not pass the turn", i)
		}
	}
	if strings.Count(g.movesText(), "\n") != 2 {
		t.Fatalf("six moves make three lines: %q", g.movesText())
	}
}

func TestGameOverShowsReason(t *testing.T) {
	for _, tc := range []struct {
		game, record, last, reason string
		result                     core.Result
	}{
		{"surround-the-lion", "c3-c2 b1-b2 c2-b1 d1-c1", "b1-S", "reason.lion_trapped", core.PreyWins},
		{"deer-chess", "", "c5-b6", "reason.deer_cliff", core.PreyWins},
	} {
		t.Run(tc.game, func(t *testing.T) {
			h := newHarness(t, test.NewTempApp(t))
			g0, err := core.LoadRecord(tc.game, tc.record)
			if err != nil {
				t.Fatal(err)
			}
			h.a.startGame(g0, session.ModeTwoPlayers)
			g := h.gameScreen()
			pos := g0.Position()
			m, err := pos.ParseMove(tc.last)
			if err != nil {
				t.Fatal(err)
			}
			g.HumanMove(m)
			if g.Game().Outcome().Result != tc.result || g.overDialog == nil {
				t.Fatalf("outcome %v, dialog %v", g.Game().Outcome(), g.overDialog != nil)
			}
			shown := texts(h.a.Window())
			for _, want := range []string{translations.T("gameover.title"), translations.T(tc.reason),
				translations.TData("gameover.prey_wins", map[string]any{"Prey": sideName(g.info, core.Prey)}),
				translations.T("gameover.play_again"), translations.T("gameover.home")} {
				if !strings.Contains(shown, want) {
					t.Errorf("the game-over dialog lacks %q; shown:\n%s", want, shown)
				}
			}
			// The dialog follows a language switch.
			translations.SetLanguage(translations.Chinese)
			if !strings.Contains(texts(h.a.Window()), translations.T(tc.reason)) {
				t.Error("the game-over dialog must be relabelled")
			}
			translations.SetLanguage(translations.English)
			if !g.board.ReadOnly() || h.a.hasSaved() {
				t.Error("a finished game is read-only and not saved")
			}
			g.playAgain()
			if n := h.gameScreen(); n == g || n.Game().Len() != 0 || n.Mode() != session.ModeTwoPlayers {
				t.Error("Play again starts a fresh game in the same mode")
			}
		})
	}
	// The captures reason names the count and the prey.
	h := newHarness(t, test.NewTempApp(t))
	pos, err := core.ParsePosition("wolf-carries-pig", "predator:b5,c5,d5 prey:a1,b1,c1,d1,e1,a2,b2,c2 turn:predator captured:7 hand:0")
	if err != nil {
		t.Fatal(err)
	}
	h.a.startGame(core.NewGameFrom(pos), session.ModeTwoPlayers)
	_, reason := h.gameScreen().outcomeTexts()
	if want := translations.TData("reason.captures", map[string]any{"Count": 7, "Prey": translations.T("piece.pigs")}); reason != want {
		t.Errorf("reason %q, want %q", reason, want)
	}
}

func TestLanguageSwitchRelabels(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	zh := func(id string) string { return translations.Default().TIn(translations.Chinese, id) }
	en := func(id string) string { return translations.Default().TIn(translations.English, id) }
	if h.home().playBtns[0].Text != en("home.play") {
		t.Fatal("starts in English")
	}
	test.Tap(h.home().langBtn)
	hs := h.home()
	if hs.playBtns[0].Text != zh("home.play") || hs.settingsBtn.Text != zh("home.settings") ||
		hs.titles[0].Title != translations.GameIn("beat-the-wolf", translations.Chinese).Title {
		t.Fatalf("home not relabelled: %q", hs.playBtns[0].Text)
	}
	if h.a.settings.Language != string(translations.Chinese) || h.fa.Preferences().String(session.KeyLanguage) != "zh-Hans" {
		t.Fatal("the toggle must save the language")
	}
	g := h.startGame(0, session.ModeTwoPlayers)
	if g.undoBtn.Text != zh("game.undo") {
		t.Fatal("the game screen must be in Chinese")
	}
	translations.SetLanguage(translations.English)
	g = h.gameScreen()
	if g.undoBtn.Text != en("game.undo") || !strings.Contains(texts(h.a.Window()), en("game.moves")) {
		t.Fatalf("switching the language must relabel the visible screen at once: %q", g.undoBtn.Text)
	}
}

func TestSettingsSurviveNewInstance(t *testing.T) {
	fa := test.NewTempApp(t)
	h := newHarness(t, fa)
	test.Tap(h.home().settingsBtn)
	ss, ok := h.a.top().(*settingsScreen)
	if !ok {
		t.Fatalf("top is %T", h.a.top())
	}
	ss.level.SetSelectedIndex(3)    // master
	ss.timer.SetSelectedIndex(1)    // 15 s
	ss.themeSel.SetSelectedIndex(2) // dark
	ss.showLegal.SetChecked(false)
	ss.animations.SetChecked(false)
	ss.textSize.SetSelectedIndex(1) // large
	ss.faceToFace.SetChecked(true)
	ss.sound.SetChecked(false)
	ss = h.a.top().(*settingsScreen)
	ss.lang.SetSelectedIndex(1) // 中文: the screen is rebuilt in Chinese
	ss = h.a.top().(*settingsScreen)
	if ss.timer.Selected != timerLabel(15) || translations.Current() != translations.Chinese {
		t.Fatalf("settings screen after the switch: timer %q", ss.timer.Selected)
	}
	want := session.Settings{Language: "zh-Hans", Level: ai.Master, Timer: 15, ShowLegal: false, Animations: false, Theme: session.ThemeDark,
		TextScale: session.TextScales[1], FaceToFace: true, Sound: false}
	h.a.Close()
	translations.SetLanguage(translations.English)

	h2 := newHarness(t, fa) // a new UI on the same preferences
	if got := h2.a.Settings(); got != want {
		t.Fatalf("settings after restart %+v, want %+v", got, want)
	}
	if translations.Current() != translations.Chinese {
		t.Fatal("the saved language applies at start")
	}
	if th, ok := fa.Settings().Theme().(*appTheme); !ok || th.variant != session.ThemeDark {
		t.Fatal("the saved theme applies at start")
	}
	g := h2.startGame(0, session.ModeTwoPlayers)
	if g.board.ShowLegal() || g.board.Animations() || g.timer.Limit() != 15*time.Second {
		t.Fatal("the game uses the saved settings")
	}
}

func TestCorruptPreferencesFallBack(t *testing.T) {
	fa := test.NewTempApp(t)
	p := fa.Preferences()
	p.SetString(session.KeyLanguage, "klingon")
	p.SetString(session.KeyLevel, "grandmaster")
	p.SetString(session.KeyTimer, "sixty")
	p.SetInt(session.KeyTheme, 7)
	p.SetString(session.KeyShowLegal, "yes")
	p.SetFloat(session.KeyAnimations, 1)
	h := newHarness(t, fa)
	if got := h.a.Settings(); got != session.DefaultSettings() {
		t.Fatalf("corrupt preferences: %+v, want the defaults", got)
	}
	p.SetInt(session.KeyTimer, 45) // not a choice
	p.SetString(session.KeyLevel, "HARD")
	if s := session.LoadSettings(p); s.Timer != 60 || s.Level != ai.Hard {
		t.Fatalf("timer %d level %v", s.Timer, s.Level)
	}
	p.SetFloat(session.KeyTimer, 1e300)
	if s := session.LoadSettings(p); s.Timer != 60 {
		t.Fatalf("huge timer: %d", s.Timer)
	}
}

func TestCorruptSaveDiscarded(t *testing.T) {
	for name, raw := range map[string]string{
		"not json":      "{{{",
		"wrong version": `{"v":9,"game":"beat-the-wolf","mode":"two-players","level":"easy","record":"d4-d5"}`,
		"unknown game":  `{"v":1,"game":"chess","mode":"two-players","level":"easy","record":"e2-e4"}`,
		"illegal move":  `{"v":1,"game":"beat-the-wolf","mode":"two-players","level":"easy","record":"d4-d7"}`,
		"bad notation":  `{"v":1,"game":"beat-the-wolf","mode":"two-players","level":"easy","record":"xyz"}`,
		"bad mode":      `{"v":1,"game":"beat-the-wolf","mode":"online","level":"easy","record":"d4-d5"}`,
		"bad level":     `{"v":1,"game":"beat-the-wolf","mode":"two-players","level":"9","record":"d4-d5"}`,
	} {
		t.Run(name, func(t *testing.T) {
			fa := test.NewTempApp(t)
			fa.Preferences().SetString(session.KeySavedGame, raw)
			h := newHarness(t, fa)
			if h.a.startNotice != "resume.corrupt" {
				t.Fatal("a corrupt save must be reported")
			}
			if fa.Preferences().String(session.KeySavedGame) != "" {
				t.Fatal("a corrupt save must be discarded")
			}
			if !strings.Contains(texts(h.a.Window()), translations.T("resume.corrupt")) {
				t.Fatal("the notice must be shown")
			}
			if h.home().continueBtn != nil {
				t.Fatal("no Continue without a save")
			}
		})
	}
	fa := test.NewTempApp(t)
	fa.Preferences().SetInt(session.KeySavedGame, 5) // wrong type: treated as none
	h := newHarness(t, fa)
	if h.a.startNotice != "" || h.home().continueBtn != nil {
		t.Fatal("a save of the wrong type is no save")
	}
}

func TestSaveAndResume(t *testing.T) {
	fa := test.NewTempApp(t)
	fa.Preferences().SetInt(session.KeyTimer, 30)
	h := newHarness(t, fa)
	g := h.startGame(2, session.ModeVsAIAsPredator) // Surround the Lion: the lion (player) opens
	g.board.OnMove(g.Game().LegalMoves()[0])
	h.waitFor("the reply", func() bool { return g.Game().Len() == 2 && g.HumanTurn() })
	h.clock.Advance(12 * time.Second)
	record := g.Game().Record()
	// Leaving the foreground saves the game.
	fa.Lifecycle().(interface{ OnExitedForeground() func() }).OnExitedForeground()()
	h.a.Close()

	h2 := newHarness(t, fa)
	if !strings.Contains(texts(h2.a.Window()), translations.T("resume.message")) {
		t.Fatal("the saved game must be offered at start")
	}
	if h2.home().continueBtn == nil {
		t.Fatal("home shows Continue while a game is saved")
	}
	test.Tap(h2.home().continueBtn)
	r := h2.gameScreen()
	if r.Game().Record() != record || r.Mode() != session.ModeVsAIAsPredator || r.info.Key != "surround-the-lion" {
		t.Fatalf("resumed %q %v %s, want %q", r.Game().Record(), r.Mode(), r.info.Key, record)
	}
	if r.timer.Remaining() != 18*time.Second {
		t.Fatalf("time left %v, want 18s", r.timer.Remaining())
	}
	// Going home saves it again; a finished or new game replaces it.
	h2.a.back()
	if !h2.a.hasSaved() {
		t.Fatal("leaving the game for home keeps it saved")
	}
	h2.startGame(0, session.ModeTwoPlayers)
	if h2.a.hasSaved() {
		t.Fatal("a new game replaces the saved one")
	}
}

func TestRulesScreen(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	for i, info := range core.Games() {
		test.Tap(h.home().rulesBtns[i])
		r, ok := h.a.top().(*rulesScreen)
		if !ok {
			t.Fatalf("top is %T", h.a.top())
		}
		shown := texts(h.a.Window())
		gt := translations.Game(info.Key)
		for _, s := range gt.Rules {
			if !strings.Contains(shown, s.Heading) {
				t.Errorf("%s: missing section %q", info.Key, s.Heading)
			}
			for _, p := range s.Paragraphs {
				if !strings.Contains(shown, p) {
					t.Errorf("%s: missing paragraph %q", info.Key, p)
				}
			}
		}
		for _, c := range gt.Clarifications {
			if !strings.Contains(shown, c) {
				t.Errorf("%s: missing clarification %q", info.Key, c)
			}
		}
		if !r.board.ReadOnly() || r.board.GamePosition() != info.Start() {
			t.Errorf("%s: the diagram is the read-only start position", info.Key)
		}
		h.a.back()
		h.home()
	}
}

func TestBoardLayout(t *testing.T) {
	board, panel := widget.NewLabel(""), widget.NewLabel("")
	objs := []fyne.CanvasObject{board, panel}
	l := boardLayout{}
	l.Layout(objs, fyne.NewSize(390, 844)) // phone portrait: board on top
	if board.Size().Width != 390 || board.Size().Height != 390 || panel.Position().Y <= board.Size().Height-1 {
		t.Fatalf("portrait: board %v panel at %v", board.Size(), panel.Position())
	}
	l.Layout(objs, fyne.NewSize(1280, 800)) // desktop: board left, panel right
	if board.Size().Height != 800 || panel.Position().X < 800 || panel.Size().Width < minPanelWidth {
		t.Fatalf("landscape: board %v panel at %v size %v", board.Size(), panel.Position(), panel.Size())
	}
	l.Layout(objs, fyne.NewSize(360, 640))
	if board.Size().Width > 360 || panel.Size().Height < minPanelHeight {
		t.Fatalf("small phone: board %v panel %v", board.Size(), panel.Size())
	}
}

func TestWatchModePlaysItself(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	g := h.startGame(3, session.ModeWatch)
	h.waitFor("six AI moves", func() bool { return g.Game().Len() >= 6 || g.Game().Outcome().Over() })
	if !g.board.ReadOnly() || g.undoBtn.Disabled() == false || g.hintBtn.Disabled() == false {
		t.Fatal("watching: the board takes no moves and undo / hint are off")
	}
	test.Tap(g.settingsBtn) // covered: the search stops
	n := g.Game().Len()
	h.drain()
	if g.Thinking() || g.Game().Len() != n {
		t.Fatal("the AI must not move while another screen covers the game")
	}
	h.a.back()
	h.waitFor("the AI to go on", func() bool { return g.Game().Len() > n || g.Game().Outcome().Over() })
}

// In Chinese the rules are broken into lines by the paragraphs: every
// paragraph is shown, and no shown line starts with closing punctuation.
func TestRulesChineseLineBreaks(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	test.Tap(h.home().langBtn)
	for i, info := range core.Games() {
		test.Tap(h.home().rulesBtns[i])
		r := h.a.top().(*rulesScreen)
		shown := texts(h.a.Window())
		broken := 0
		for _, p := range r.labels {
			if !strings.Contains(shown, p.Text) {
				t.Errorf("%s: paragraph %q not shown", info.Key, p.Text)
			}
			lines := strings.Split(p.ShownText(), "\n")
			if strings.Join(lines, "") != strings.ReplaceAll(p.Text, "\n", "") && !strings.Contains(p.Text, " ") {
				t.Errorf("%s: shown %q for %q", info.Key, lines, p.Text)
			}
			for j, l := range lines {
				first, _ := utf8.DecodeRuneInString(l)
				if j > 0 && widgets.IsClosingPunct(first) {
					t.Errorf("%s: line starts with punctuation: %q", info.Key, l)
				}
			}
			if len(lines) > strings.Count(p.Text, "\n")+1 {
				broken++
			}
		}
		if broken == 0 {
			t.Errorf("%s: no paragraph was broken into lines at phone width", info.Key)
		}
		h.a.back()
	}
}

// The window is created as "Hunt Chess" (on X11 its WM_CLASS, which the
// .desktop entry names), and retitled in the current language once shown.
func TestWindowTitle(t *testing.T) {
	fa := test.NewTempApp(t)
	fa.Preferences().SetString(session.KeyLanguage, "zh-Hans")
	h := newHarness(t, fa)
	if got := h.a.Window().Title(); got != "Hunt Chess" || WindowClass != "Hunt Chess" {
		t.Fatalf("created with title %q, want Hunt Chess", got)
	}
	translations.SetLanguage(translations.English)
	translations.SetLanguage(translations.Chinese)
	if got := h.a.Window().Title(); got != WindowClass {
		t.Fatalf("retitled to %q before it was shown", got)
	}
	h.a.Show()
	if got := h.a.Window().Title(); got != "围猎棋" {
		t.Fatalf("shown in Chinese: title %q", got)
	}
	test.Tap(h.home().langBtn)
	if got := h.a.Window().Title(); got != "Hunt Chess" {
		t.Fatalf("after switching to English: title %q", got)
	}
}

// Desktop shortcuts: Ctrl+N opens the new-game screen of the game in
// progress, H asks for a hint, Esc goes back one screen.
func TestKeyboardShortcuts(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	c := h.a.Window().Canvas()
	sc := c.(fyne.Shortcutable)
	ctrlN := &desktop.CustomShortcut{KeyName: fyne.KeyN, Modifier: fyne.KeyModifierShortcutDefault}
	key := func(k fyne.KeyName) { c.OnTypedKey()(&fyne.KeyEvent{Name: k}) }

	// On the home screen they do nothing.
	sc.TypedShortcut(ctrlN)
	key(fyne.KeyH)
	key(fyne.KeyEscape)
	h.home()

	g := h.startGame(2, session.ModeTwoPlayers) // Surround the Lion
	sc.TypedShortcut(ctrlN)
	setup, ok := h.a.top().(*setupScreen)
	if !ok || setup.info != g.info {
		t.Fatalf("Ctrl+N: top is %T, want the new-game screen of %s", h.a.top(), g.info.Key)
	}
	if !g.Paused() {
		t.Fatal("the game is paused under the new-game screen")
	}
	sc.TypedShortcut(ctrlN) // not in a game: nothing
	if h.a.top() != setup {
		t.Fatal("Ctrl+N outside a game must do nothing")
	}
	key(fyne.KeyH) // not in a game: nothing
	key(fyne.KeyEscape)
	if h.gameScreen() != g || g.Paused() || g.Hinting() {
		t.Fatal("Esc from the new-game screen goes back to the game, which goes on")
	}

	key(fyne.KeyH)
	if !g.Hinting() {
		t.Fatal("H must start a hint search")
	}
	h.waitFor("the hint", func() bool { return g.board.Hint().Kind != core.MoveNone })
	key(fyne.KeyEscape)
	h.home()
}

// H asks for no hint when the computer plays both sides.
func TestHintKeyIgnoredWhenWatching(t *testing.T) {
	block := func(ctx context.Context, g *core.Game, _ ai.Level) ai.Result {
		<-ctx.Done()
		return ai.Result{}
	}
	h := newHarness(t, test.NewTempApp(t), withThink(block))
	g := h.startGame(0, session.ModeWatch)
	h.a.Window().Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyH})
	if g.Hinting() {
		t.Fatal("no hint while watching")
	}
}

// The offer to resume and the corrupt-save notice follow a language switch
// while they are open, and the switch answers nothing.
func TestStartDialogsFollowLanguage(t *testing.T) {
	zh := func(id string) string { return translations.Default().TIn(translations.Chinese, id) }
	en := func(id string) string { return translations.Default().TIn(translations.English, id) }
	fa := test.NewTempApp(t)
	g, err := core.NewGame("beat-the-wolf")
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Play(g.LegalMoves()[0].String()); err != nil {
		t.Fatal(err)
	}
	_ = savesOf(t, fa).Store(g, session.ModeTwoPlayers, ai.Easy, 0)
	h := newHarness(t, fa)
	if !strings.Contains(texts(h.a.Window()), en("resume.message")) {
		t.Fatal("the offer to resume is shown")
	}
	translations.SetLanguage(translations.Chinese)
	shown := texts(h.a.Window())
	for _, id := range []string{"resume.title", "resume.message", "resume.continue", "resume.discard"} {
		if !strings.Contains(shown, zh(id)) {
			t.Errorf("after switching to Chinese the dialog lacks %q; shown:\n%s", zh(id), shown)
		}
	}
	if strings.Contains(shown, en("resume.message")) {
		t.Error("the English offer is still shown")
	}
	if !h.a.hasSaved() || h.a.startDialog == nil {
		t.Fatal("a language switch must not answer the offer")
	}
	var cont *widget.Button
	for _, o := range test.LaidOutObjects(h.a.Window().Canvas().Overlays().Top()) {
		if b, ok := o.(*widget.Button); ok && b.Text == zh("resume.continue") {
			cont = b
		}
	}
	if cont == nil {
		t.Fatal("no Continue button in the dialog")
	}
	test.Tap(cont)
	if r := h.gameScreen(); r.Game().Record() != g.Record() || h.a.startDialog != nil {
		t.Fatal("Continue resumes the saved game and closes the dialog")
	}
	if h.a.Window().Canvas().Overlays().Top() != nil {
		t.Fatal("no dialog is left on screen")
	}

	// The corrupt-save notice.
	translations.SetLanguage(translations.English)
	fa2 := test.NewTempApp(t)
	fa2.Preferences().SetString(session.KeySavedGame, "{{{")
	h2 := newHarness(t, fa2)
	translations.SetLanguage(translations.Chinese)
	shown = texts(h2.a.Window())
	if !strings.Contains(shown, zh("resume.corrupt")) || strings.Contains(shown, en("resume.corrupt")) {
		t.Fatalf("the corrupt-save notice must be relabelled; shown:\n%s", shown)
	}
	if n := len(h2.a.Window().Canvas().Overlays().List()); n != 1 {
		t.Fatalf("%d overlays, want the one notice", n)
	}
}

// Issue 13, defect 1: against the AI, the notice that the player's time ran
// out stays on screen after the AI's answer, until the player acts again.
func TestTimeoutNoticeStaysUntilPlayerActs(t *testing.T) {
	fa := test.NewTempApp(t)
	fa.Preferences().SetInt(session.KeyTimer, 15)
	h := newHarness(t, fa)
	g := h.startGame(0, session.ModeVsAIAsPredator) // the player's wolf opens
	h.clock.Advance(16 * time.Second)
	g.tick()
	if g.Game().Len() != 1 || g.Game().LastMove().Kind != core.MovePass {
		t.Fatalf("timeout: record %q", g.Game().Record())
	}
	h.waitFor("the AI's answer", func() bool { return g.Game().Len() == 2 && g.HumanTurn() })
	if g.Game().LastMove().Kind == core.MovePass {
		t.Fatal("the AI should have moved, not passed")
	}
	want := translations.T("game.pass_timeout")
	if g.noticeLabel.Text != want || !g.noticeLabel.Visible() {
		t.Fatalf("after the AI's move the notice is %q (visible %v), want %q", g.noticeLabel.Text, g.noticeLabel.Visible(), want)
	}
	g.board.OnMove(g.Game().LegalMoves()[0])
	if g.noticeLabel.Visible() && g.noticeLabel.Text == want {
		t.Fatal("the player's move must clear the notice")
	}
}

// Issue 13, defect 2: the desktop driver sends Ctrl+Z / Ctrl+Y as
// fyne.ShortcutUndo / fyne.ShortcutRedo.
func TestUndoRedoStandardShortcuts(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	g := h.startGame(1, session.ModeTwoPlayers)
	g.board.OnMove(g.Game().LegalMoves()[0])
	g.board.OnMove(g.Game().LegalMoves()[0])
	sc := h.a.Window().Canvas().(fyne.Shortcutable)
	sc.TypedShortcut(&fyne.ShortcutUndo{})
	if g.Game().Len() != 1 {
		t.Fatalf("ShortcutUndo: len %d, want 1", g.Game().Len())
	}
	sc.TypedShortcut(&fyne.ShortcutRedo{})
	if g.Game().Len() != 2 {
		t.Fatalf("ShortcutRedo: len %d, want 2", g.Game().Len())
	}
	sc.TypedShortcut(&fyne.ShortcutUndo{})
	sc.TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: fyne.KeyModifierShortcutDefault | fyne.KeyModifierShift})
	if g.Game().Len() != 2 {
		t.Fatalf("Ctrl+Shift+Z: len %d, want 2", g.Game().Len())
	}
}

// Issue 13, defect 7: the panel says which side the player has and the AI's
// level; against the AI the end says "You won!" or "You lost", in both
// languages.
func TestPanelShowsSideLevelAndPersonalResult(t *testing.T) {
	// The AI waits, then plays the move it is sent (the lion's last step).
	moves := make(chan core.Move, 1)
	block := func(ctx context.Context, g *core.Game, _ ai.Level) ai.Result {
		select {
		case <-ctx.Done():
			return ai.Result{}
		case m := <-moves:
			return ai.Result{Move: m}
		}
	}
	for _, tc := range []struct {
		mode session.Mode
		won  bool
	}{{session.ModeVsAIAsPrey, true}, {session.ModeVsAIAsPredator, false}} {
		for _, lang := range translations.Languages {
			t.Run(string(tc.mode)+"/"+string(lang), func(t *testing.T) {
				h := newHarness(t, test.NewTempApp(t), withThink(block))
				translations.SetLanguage(lang)
				g0, err := core.LoadRecord("surround-the-lion", "c3-c2 b1-b2 c2-b1 d1-c1")
				if err != nil {
					t.Fatal(err)
				}
				h.a.startGame(g0, tc.mode)
				g := h.gameScreen()
				want := translations.TData("game.you_play", map[string]any{
					"Side": sideName(g.info, tc.mode.HumanSide()), "Level": translations.T("level.medium")})
				if g.playerLabel.Text != want || !strings.Contains(texts(h.a.Window()), want) {
					t.Fatalf("player line %q, want %q", g.playerLabel.Text, want)
				}
				pos := g0.Position()
				m, err := pos.ParseMove("b1-S") // the lion steps into a trap
				if err != nil {
					t.Fatal(err)
				}
				if g.HumanTurn() {
					g.HumanMove(m)
				} else {
					moves <- m
					h.waitFor("the lion's move", func() bool { return g.Game().Len() == 5 })
				}
				id := "gameover.you_lost"
				if tc.won {
					id = "gameover.you_won"
				}
				if !strings.Contains(texts(h.a.Window()), translations.T(id)) {
					t.Fatalf("the game-over dialog lacks %q; shown:\n%s", translations.T(id), texts(h.a.Window()))
				}
			})
		}
	}
	h := newHarness(t, test.NewTempApp(t), withThink(block))
	g := h.startGame(0, session.ModeWatch)
	if want := translations.TData("game.watching", map[string]any{"Level": translations.T("level.medium")}); g.playerLabel.Text != want {
		t.Fatalf("watching: %q, want %q", g.playerLabel.Text, want)
	}
	g.a.back()
	g = h.startGame(0, session.ModeTwoPlayers)
	if g.playerLabel.Text != translations.T("mode.two_players") {
		t.Fatalf("two players: %q", g.playerLabel.Text)
	}
}

// overlayButton finds a button with the given text in the top overlay.
func overlayButton(t *testing.T, w fyne.Window, text string) *widget.Button {
	t.Helper()
	top := w.Canvas().Overlays().Top()
	if top == nil {
		t.Fatalf("no dialog on screen, looking for %q", text)
	}
	for _, o := range test.LaidOutObjects(top) {
		if b, ok := o.(*widget.Button); ok && b.Text == text {
			return b
		}
	}
	t.Fatalf("no button %q in the dialog; shown:\n%s", text, texts(w))
	return nil
}

// Issue 13, defect 6: starting a new game asks before it discards an
// unfinished one, in progress or saved.
func TestNewGameAsksBeforeDiscarding(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	g := h.startGame(1, session.ModeTwoPlayers)
	for i := 0; i < 3; i++ {
		g.board.OnMove(g.Game().LegalMoves()[0])
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
	if h.a.top() != setup || g.Closed() || g.Game().Len() != 3 {
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
	if n := h.gameScreen(); n == g || n.Game().Len() != 0 {
		t.Fatal("confirming starts the new game")
	}

	// A saved game, offered at start: Play → Start asks too.
	fa := test.NewTempApp(t)
	sg, _ := core.LoadRecord("beat-the-wolf", "")
	_ = sg.PlayMove(sg.LegalMoves()[0])
	_ = savesOf(t, fa).Store(sg, session.ModeTwoPlayers, ai.Easy, 0)
	h2 := newHarness(t, fa)
	h2.a.closeStartDialog()
	test.Tap(h2.home().playBtns[2])
	setup = h2.a.top().(*setupScreen)
	test.Tap(setup.startBtn)
	if setup.confirm == nil {
		t.Fatal("no question before discarding the saved game")
	}
	test.Tap(overlayButton(t, h2.a.Window(), translations.T("dialog.cancel")))
	if !h2.a.hasSaved() {
		t.Fatal("Cancel keeps the saved game")
	}
	// Nothing to lose: no question.
	h3 := newHarness(t, test.NewTempApp(t))
	test.Tap(h3.home().playBtns[0])
	test.Tap(h3.a.top().(*setupScreen).startBtn)
	h3.gameScreen()
}

// Issue 13, defect 5: a saved record with a bad move keeps its legal moves,
// resumes after them and says so.
func TestPartlyDamagedSaveResumes(t *testing.T) {
	fa := test.NewTempApp(t)
	g, _ := core.NewGame("beat-the-wolf")
	for i := 0; i < 5; i++ {
		_ = g.PlayMove(g.LegalMoves()[0])
	}
	raw := `{"v":1,"game":"beat-the-wolf","mode":"vs-ai-predator","level":"hard","record":"` + g.Record() + ` zz9 a1-a2","time_left_ms":5000}`
	dir := saveDirFor(t, fa)
	if err := os.WriteFile(filepath.Join(dir, session.SaveFile), []byte(raw), 0o644); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, fa)
	partial := translations.TData("resume.partial", map[string]any{"Move": 3})
	details := translations.TData("resume.details_ai", map[string]any{
		"Game": translations.T("games.beat-the-wolf.title"), "Mode": modeLabel(g.Info(), session.ModeVsAIAsPredator),
		"Level": translations.T("level.hard"), "Move": 3})
	shown := texts(h.a.Window())
	for _, want := range []string{details, partial, translations.T("resume.message")} {
		if !strings.Contains(shown, want) {
			t.Fatalf("the offer to resume lacks %q; shown:\n%s", want, shown)
		}
	}
	test.Tap(overlayButton(t, h.a.Window(), translations.T("resume.continue")))
	r := h.gameScreen()
	if r.Game().Record() != g.Record() || r.Level() != ai.Hard {
		t.Fatalf("resumed %q level %v, want %q", r.Game().Record(), r.Level(), g.Record())
	}
	if r.noticeLabel.Text != partial || !r.noticeLabel.Visible() {
		t.Fatalf("notice %q, want %q", r.noticeLabel.Text, partial)
	}
	translations.SetLanguage(translations.Chinese)
	if r = h.gameScreen(); r.noticeLabel.Text != translations.TData("resume.partial", map[string]any{"Move": 3}) {
		t.Fatalf("the notice follows the language: %q", r.noticeLabel.Text)
	}
	translations.SetLanguage(translations.English)
	h.waitFor("the AI's move", func() bool { return r.HumanTurn() })
	r.board.OnMove(r.Game().LegalMoves()[0])
	if r.noticeLabel.Visible() {
		t.Fatal("the player's move clears the notice")
	}
}

// Issue 13, defect 4: the saved game has its own file, written through a
// temporary file and a rename with the previous copy kept; a damaged save
// falls back to that copy, and damaged (reset) preferences lose no game.
func TestSaveFileAtomicWithBackup(t *testing.T) {
	fa := test.NewTempApp(t)
	dir := saveDirFor(t, fa)
	h := newHarness(t, fa)
	g := h.startGame(1, session.ModeTwoPlayers)
	g.board.OnMove(g.Game().LegalMoves()[0])
	h.a.saveCurrent()
	first := g.Game().Record()
	g.board.OnMove(g.Game().LegalMoves()[0])
	h.a.saveCurrent()
	second := g.Game().Record()
	h.a.Close()

	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		names = append(names, e.Name())
	}
	if strings.Join(names, " ") != session.SaveFile+" "+session.PrevSaveFile {
		t.Fatalf("files in the save folder: %v, want the save and its previous copy (no temporary files)", names)
	}
	if fa.Preferences().String(session.KeySavedGame) != "" {
		t.Fatal("the game is not kept in the preferences")
	}
	read := func(name string) string {
		raw, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		g, err := session.DecodeSaved(raw)
		if err != nil {
			t.Fatal(err)
		}
		return g.Game.Record()
	}
	if read(session.SaveFile) != second || read(session.PrevSaveFile) != first {
		t.Fatalf("save %q, previous %q; want %q, %q", read(session.SaveFile), read(session.PrevSaveFile), second, first)
	}

	// Damaged preferences (Fyne starts afresh on them): the game survives.
	fresh := test.NewTempApp(t)
	saveDirs.Store(fresh, dir)
	h2 := newHarness(t, fresh)
	if h2.home().continueBtn == nil {
		t.Fatal("with fresh preferences the saved game must still be offered")
	}
	h2.a.Close()

	// The save loses its last byte: the previous copy is resumed.
	raw, _ := os.ReadFile(filepath.Join(dir, session.SaveFile))
	_ = os.WriteFile(filepath.Join(dir, session.SaveFile), raw[:len(raw)-1], 0o644)
	h3 := newHarness(t, fa)
	test.Tap(h3.home().continueBtn)
	if r := h3.gameScreen(); r.Game().Record() != first {
		t.Fatalf("resumed %q, want the previous copy %q", r.Game().Record(), first)
	}
	// A new game forgets every copy.
	h3.a.back()
	h3.startGame(0, session.ModeTwoPlayers)
	if _, err := savesOf(t, fa).Load(); err != session.ErrNoSave {
		t.Fatalf("after a new game: %v, want no save", err)
	}
}

// A game saved by an older version in the preferences is still offered, and
// moves to the file at the next save.
func TestSaveInPreferencesMigrates(t *testing.T) {
	fa := test.NewTempApp(t)
	fa.Preferences().SetString(session.KeySavedGame, `{"v":1,"game":"beat-the-wolf","mode":"two-players","level":"easy","record":"d4-d5"}`)
	h := newHarness(t, fa)
	test.Tap(overlayButton(t, h.a.Window(), translations.T("resume.continue")))
	g := h.gameScreen()
	if g.Game().Record() != "d4-d5" {
		t.Fatalf("resumed %q", g.Game().Record())
	}
	g.board.OnMove(g.Game().LegalMoves()[0])
	h.a.saveCurrent()
	if fa.Preferences().String(session.KeySavedGame) != "" {
		t.Fatal("the old preference must be removed once the file is written")
	}
	if _, err := os.Stat(filepath.Join(saveDirFor(t, fa), session.SaveFile)); err != nil {
		t.Fatal(err)
	}
}

// Issue 13, defect 12: the notice has its room reserved, so the buttons below
// it do not move when it shows (a tap must not land on the wrong button).
func TestNoticeDoesNotMoveButtons(t *testing.T) {
	for _, size := range []fyne.Size{{Width: 1024, Height: 720}, {Width: 390, Height: 844}} {
		for _, lang := range translations.Languages {
			t.Run(fmt.Sprintf("%vx%v/%s", size.Width, size.Height, lang), func(t *testing.T) {
				fa := test.NewTempApp(t)
				fa.Preferences().SetInt(session.KeyTimer, 15)
				h := newHarness(t, fa)
				translations.SetLanguage(lang)
				h.a.Window().Resize(size)
				g := h.startGame(1, session.ModeTwoPlayers)
				d := fyne.CurrentApp().Driver()
				where := func() []fyne.Position {
					h.a.Window().Content().Refresh()
					var out []fyne.Position
					for _, b := range []*widget.Button{g.undoBtn, g.hintBtn, g.newBtn, g.settingsBtn} {
						out = append(out, d.AbsolutePositionForObject(b))
					}
					return out
				}
				before := where()
				if g.noticeLabel.Visible() {
					t.Fatal("no notice at the start")
				}
				h.clock.Advance(16 * time.Second)
				g.tick() // the timeout notice
				if !g.noticeLabel.Visible() {
					t.Fatal("the timeout notice shows")
				}
				if after := where(); fmt.Sprint(after) != fmt.Sprint(before) {
					t.Fatalf("buttons moved from %v to %v", before, after)
				}
				g.hint() // the hint notice
				if after := where(); fmt.Sprint(after) != fmt.Sprint(before) {
					t.Fatalf("hint: buttons moved from %v to %v", before, after)
				}
			})
		}
	}
}

// Issue 13, defect 13: the rules screens state the player's own timer
// setting, "no limit" included, after the rules' default.
func TestRulesShowTimerSetting(t *testing.T) {
	for _, sec := range []int{0, 30} {
		for _, lang := range translations.Languages {
			t.Run(fmt.Sprintf("%d/%s", sec, lang), func(t *testing.T) {
				fa := test.NewTempApp(t)
				fa.Preferences().SetInt(session.KeyTimer, sec)
				h := newHarness(t, fa)
				translations.SetLanguage(lang)
				for i := range core.Games() {
					test.Tap(h.home().rulesBtns[i])
					want := translations.TData("rules.timer_yours", map[string]any{"Seconds": sec})
					if sec == 0 {
						want = translations.T("rules.timer_yours_off")
					}
					if !strings.Contains(texts(h.a.Window()), want) {
						t.Fatalf("game %d: the rules lack %q", i, want)
					}
					h.a.back()
				}
			})
		}
	}
}

// Issue 13, defect 8: once the app is interrupted (SIGINT/SIGTERM) or
// stopped, a result the AI finds later, or a timer tick, touches nothing: at
// shutdown fyne.Do would run it at once on the AI's goroutine, off the UI
// goroutine. Run with -race: the inline calls below race with the test
// goroutine if a callback gets through.
func TestInterruptWhileAIThinks(t *testing.T) {
	for _, how := range []string{"signal", "stopped"} {
		t.Run(how, func(t *testing.T) {
			release := make(chan struct{})
			thinking := make(chan struct{}, 8)
			slow := func(ctx context.Context, g *core.Game, _ ai.Level) ai.Result {
				thinking <- struct{}{}
				<-release
				return ai.Result{Move: g.LegalMoves()[0]}
			}
			var inline atomic.Bool // fyne.Do after Fyne's queue is drained
			var late atomic.Int32  // callbacks handed to Do after the stop
			done := make(chan struct{}, 8)
			fa := test.NewTempApp(t)
			h := newHarness(t, fa, withThink(slow), func(o *Options) {
				q := o.Do
				o.Do = func(f func()) {
					if !inline.Load() {
						q(f)
						return
					}
					late.Add(1)
					f()
					done <- struct{}{}
				}
				o.TickEvery = time.Millisecond
			})
			g := h.startGame(3, session.ModeWatch)
			<-thinking
			h.drain()
			n, pos := g.Game().Len(), g.board.GamePosition()
			switch how {
			case "signal":
				h.a.interrupt()
			case "stopped":
				fa.Lifecycle().(interface{ OnStopped() func() }).OnStopped()()
			}
			inline.Store(true)
			close(release)
			time.Sleep(50 * time.Millisecond) // ticks and the AI's result arrive
			h.drain()                         // callbacks queued before the stop
			if late.Load() != 0 {
				t.Fatalf("%d callbacks were handed to fyne.Do after the stop", late.Load())
			}
			if g.Game().Len() != n || g.board.GamePosition() != pos {
				t.Fatal("the AI's late move was played after the stop")
			}
		})
	}
}

// Issue 13, defect 9: the home page scrolls as far as its cards go, no
// further (at 1024×720 all four fit; on a phone the last card ends the page).
func TestHomeScrollsNoFurtherThanCards(t *testing.T) {
	for _, size := range []fyne.Size{{Width: 1024, Height: 720}, {Width: 390, Height: 844}, {Width: 1280, Height: 800}} {
		for _, lang := range translations.Languages {
			t.Run(fmt.Sprintf("%vx%v/%s", size.Width, size.Height, lang), func(t *testing.T) {
				h := newHarness(t, test.NewTempApp(t))
				translations.SetLanguage(lang)
				h.a.Window().Resize(size)
				hs := h.home()
				last := hs.titles[len(hs.titles)-1]
				bottom := last.Position().Y + last.Size().Height
				content := hs.scroll.Content.Size().Height
				pad := 2 * theme.Padding() // the padded container around the grid
				if content > max(bottom+pad+1, hs.scroll.Size().Height) {
					t.Fatalf("the page is %v tall, the cards end at %v (view %v)", content, bottom, hs.scroll.Size().Height)
				}
				if bottom+pad > content+1 {
					t.Fatalf("the cards (to %v) do not fit the page (%v)", bottom, content)
				}
			})
		}
	}
}

// Issue 13, defects 10 and 11: at 1024×720 the game panel's buttons get their
// full width ("+ New game" fits) and the turn line is not cut when watching.
func TestGamePanelFitsDesktop(t *testing.T) {
	block := func(ctx context.Context, g *core.Game, _ ai.Level) ai.Result {
		<-ctx.Done()
		return ai.Result{}
	}
	for _, lang := range translations.Languages {
		for _, mode := range []session.Mode{session.ModeWatch, session.ModeVsAIAsPredator, session.ModeTwoPlayers} {
			t.Run(string(lang)+"/"+string(mode), func(t *testing.T) {
				h := newHarness(t, test.NewTempApp(t), withThink(block))
				translations.SetLanguage(lang)
				h.a.Window().Resize(fyne.NewSize(1024, 720))
				g := h.startGame(3, mode) // deer chess: the longest side names
				btns := []*widget.Button{g.newBtn, g.rulesBtn, g.settingsBtn, g.copyBtn, g.pasteBtn}
				if mode == session.ModeWatch { // pause, step and speed in place of undo, redo and hint; no resign
					btns = append(btns, g.holdBtn, g.stepBtn, g.speedBtn)
				} else {
					btns = append(btns, g.undoBtn, g.redoBtn, g.hintBtn, g.resignBtn)
				}
				for _, b := range btns {
					if b.Size().Width < b.MinSize().Width {
						t.Errorf("button %q is %v wide, needs %v", b.Text, b.Size().Width, b.MinSize().Width)
					}
				}
				full := widget.NewLabelWithStyle(g.turnLabel.Text, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
				if need := full.MinSize().Width; g.turnLabel.Size().Width < need {
					t.Errorf("turn line %q is %v wide, needs %v", g.turnLabel.Text, g.turnLabel.Size().Width, need)
				}
				side := widget.NewLabel(g.playerLabel.Text)
				if need := side.MinSize().Width; g.playerLabel.Size().Width < need {
					t.Errorf("player line %q is %v wide, needs %v", g.playerLabel.Text, g.playerLabel.Size().Width, need)
				}
			})
		}
	}
}

// Issue 13, defect 14: the start dialogs hug their message: no empty band
// between the text and the buttons, at desktop and phone sizes.
func TestStartDialogHasNoEmptyBand(t *testing.T) {
	for _, size := range []fyne.Size{{Width: 1024, Height: 720}, {Width: 390, Height: 844}} {
		for _, lang := range translations.Languages {
			for _, raw := range []string{"{{{", `{"v":1,"game":"deer-chess","mode":"vs-ai-prey","level":"master","record":"c5-c3 @a5"}`} {
				t.Run(fmt.Sprintf("%vx%v/%s/%.3s", size.Width, size.Height, lang, raw), func(t *testing.T) {
					fa := test.NewTempApp(t)
					_ = os.WriteFile(filepath.Join(saveDirFor(t, fa), session.SaveFile), []byte(raw), 0o644)
					translations.SetLanguage(lang)
					h := newHarness(t, fa)
					translations.SetLanguage(lang)
					h.a.Window().Resize(size)
					msg := h.a.startMsg
					h.a.closeStartDialog()
					h.a.showStartDialog(msg)
					top := h.a.Window().Canvas().Overlays().Top()
					d := fyne.CurrentApp().Driver()
					var body *widgets.Paragraph
					var btn *widget.Button
					for _, o := range test.LaidOutObjects(top) {
						switch x := o.(type) {
						case *widgets.Paragraph:
							body = x
						case *widget.Button:
							btn = x
						}
					}
					if body == nil || btn == nil {
						t.Fatal("no message or button in the dialog")
					}
					gap := d.AbsolutePositionForObject(btn).Y - (d.AbsolutePositionForObject(body).Y + body.Size().Height)
					if band := body.Size().Height - body.MinSize().Height; band > 1 || gap > 3*theme.Padding()+1 {
						t.Fatalf("%v px of empty band under the message, then %v px to the buttons", band, gap)
					}
				})
			}
		}
	}
}

// Issue 13, defect 15: the window gets the app icon when the packaging
// metadata gives none, and opens at the size it had when it was closed.
func TestWindowIconAndSizeRemembered(t *testing.T) {
	fa := test.NewTempApp(t)
	icon := fyne.NewStaticResource("Icon.png", []byte("png"))
	h := newHarness(t, fa, func(o *Options) { o.Icon = icon })
	if appIcon(fa, icon) != icon || appIcon(fa, nil) != nil {
		t.Fatal("without metadata the app gets the icon it is given")
	}
	if got := loadWindowSize(fa.Preferences()); got != DefaultWindowSize {
		t.Fatalf("first start: %v, want %v", got, DefaultWindowSize)
	}
	h.a.Window().Resize(fyne.NewSize(900, 650))
	h.a.Window().Close() // closing the window closes the app
	if got := loadWindowSize(fa.Preferences()); got != fyne.NewSize(900, 650) {
		t.Fatalf("remembered %v, want 900x650", got)
	}
	var sized fyne.Size
	newHarness(t, fa, func(o *Options) { sized = loadWindowSize(fa.Preferences()) })
	if sized != fyne.NewSize(900, 650) {
		t.Fatalf("next start at %v", sized)
	}
	fa.Preferences().SetFloat(KeyWindowWidth, 5) // nonsense: the default
	if got := loadWindowSize(fa.Preferences()); got != DefaultWindowSize {
		t.Fatalf("a bad size gives %v", got)
	}
}

// Issue 13, defect 16: the keyboard focus shows clearly on every kind of
// button, in both theme variants.
func TestFocusIsVisible(t *testing.T) {
	th := newAppTheme(session.ThemeSystem)
	blend := func(under, over color.Color) color.NRGBA {
		ur, ug, ub, _ := under.RGBA()
		or, og, ob, oa := over.RGBA()
		a := float64(oa) / 0xffff
		mix := func(u, o uint32) uint8 { return uint8((float64(o) + float64(u)*(1-a)) / 0x101) }
		return color.NRGBA{R: mix(ur, or), G: mix(ug, og), B: mix(ub, ob), A: 0xff}
	}
	dist := func(a, b color.Color) float64 {
		ar, ag, ab, _ := a.RGBA()
		br, bg, bb, _ := b.RGBA()
		d := func(x, y uint32) float64 { return math.Abs(float64(x)-float64(y)) / 0x101 }
		return d(ar, br) + d(ag, bg) + d(ab, bb)
	}
	for _, v := range []fyne.ThemeVariant{theme.VariantLight, theme.VariantDark} {
		for _, bg := range []fyne.ThemeColorName{theme.ColorNameButton, theme.ColorNamePrimary, theme.ColorNameBackground} {
			under := th.Color(bg, v)
			if d := dist(under, blend(under, th.Color(theme.ColorNameFocus, v))); d < 120 {
				t.Errorf("variant %d, %s: focus changes the colour by only %.0f", v, bg, d)
			}
		}
	}
}

// Issue 13, defect 16: list items hang their continuation lines under their
// text, not under the bullet.
func TestBulletsHangingIndent(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	test.Tap(h.home().rulesBtns[0])
	r := h.a.top().(*rulesScreen)
	d := fyne.CurrentApp().Driver()
	wrapped := 0
	for _, b := range r.bullets {
		if b.Paragraph().MinSize().Height > 1.5*b.Mark().MinSize().Height {
			wrapped++
		}
		if tx, bx := d.AbsolutePositionForObject(b.Paragraph()).X, d.AbsolutePositionForObject(b.Mark()).X; tx <= bx+theme.InnerPadding() {
			t.Fatalf("item %q: text at x=%v, bullet at x=%v", b.Paragraph().Text, tx, bx)
		}
	}
	if wrapped == 0 {
		t.Fatal("no list item wraps at phone width: the test shows nothing")
	}
}

// The home screen fits a 390-wide phone with Continue shown, in English (its
// longest labels): the window need not grow.
func TestHomeFitsPhoneWithContinue(t *testing.T) {
	fa := test.NewTempApp(t)
	g, _ := core.NewGame("beat-the-wolf")
	_ = g.PlayMove(g.LegalMoves()[0])
	_ = savesOf(t, fa).Store(g, session.ModeTwoPlayers, ai.Easy, 0)
	h := newHarness(t, fa)
	h.a.closeStartDialog()
	if h.home().continueBtn == nil {
		t.Fatal("Continue is shown")
	}
	if w := h.a.Window().Content().MinSize().Width; w > 390 {
		t.Fatalf("home needs %v px, more than a 390 px phone", w)
	}
}

// playNotation plays a move given in notation for the side to move of the
// game screen's session, whoever plays it.
func playNotation(g *gameScreen, notation string) error {
	pos := g.Game().Position()
	m, err := pos.ParseMove(notation)
	if err != nil {
		return err
	}
	return g.Play(m)
}

// isLoser reports whether side resigned the game of g.
func isLoser(g *gameScreen, side core.Side) bool {
	l, ok := g.Game().Loser()
	return ok && l == side
}

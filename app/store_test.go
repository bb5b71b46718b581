//go:build ci

package app

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/match"
	"huntchess/storage"
	"huntchess/tables"
	"huntchess/translations"
)

// Small defects of the screens (buttons cut, texts cut), held by tests
// where a test can hold them.

// buttonsInside fails unless every button of the top overlay lies inside
// the window's width, wide enough for its text.
func buttonsInside(t *testing.T, w fyne.Window, what string) int {
	t.Helper()
	top := w.Canvas().Overlays().Top()
	if top == nil {
		t.Fatalf("%s: no dialog", what)
	}
	width := w.Canvas().Size().Width
	n := 0
	for _, o := range test.LaidOutObjects(top) {
		b, ok := o.(*widget.Button)
		if !ok || !b.Visible() {
			continue
		}
		n++
		pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(b)
		if pos.X < 0 || pos.X+b.Size().Width > width+0.5 {
			t.Errorf("%s: button %q at x %v, %v wide, in a window %v wide", what, b.Text, pos.X, b.Size().Width, width)
		}
		if b.MinSize().Width > b.Size().Width+0.5 {
			t.Errorf("%s: button %q is %v wide, needs %v", what, b.Text, b.Size().Width, b.MinSize().Width)
		}
	}
	return n
}

// The game-over dialog fits a phone in both languages at every text size:
// no answer cut ("OK", "Play ag…").
func TestGameOverFitsPhone(t *testing.T) {
	layoutOnly(t)
	for _, scale := range textScales() {
		for _, lang := range translations.Languages {
			fa := test.NewTempApp(t)
			fa.Preferences().SetFloat(storage.KeyTextScale, scale)
			h := newHarness(t, fa)
			translations.SetLanguage(lang)
			h.a.startGame(lionTrapped(t), match.ModeTwoPlayers)
			g := h.gameScreen()
			pos := g.sess.Game().Position()
			m, err := pos.ParseMove("b1-S")
			if err != nil {
				t.Fatal(err)
			}
			g.sess.HumanMove(m)
			if g.overDialog == nil {
				t.Fatal("no game-over dialog")
			}
			what := fmt.Sprintf("%s text ×%v", lang, scale)
			if n := buttonsInside(t, h.a.Window(), what); n != 4 {
				t.Errorf("%s: %d buttons, want 4", what, n)
			}
			// A desktop window keeps them in one row.
			h.a.Window().Resize(fyne.NewSize(1024, 720))
			g.dismissGameOver()
			g.showGameOver()
			buttonsInside(t, h.a.Window(), what+" desktop")
		}
	}
}

// The About screen lists the keyboard shortcuts only where a keyboard is.
func TestAboutKeysOnlyWithKeyboard(t *testing.T) {
	layoutOnly(t)
	defer func(f func() bool) { hasKeyboard = f }(hasKeyboard)
	for _, keyboard := range []bool{true, false} {
		hasKeyboard = func() bool { return keyboard }
		for _, lang := range translations.Languages {
			h := newHarness(t, test.NewTempApp(t))
			translations.SetLanguage(lang)
			h.a.showAbout()
			shown := texts(h.a.Window())
			for _, id := range []string{"about.keys", "about.keys_text", "about.keys_board"} {
				if got := strings.Contains(shown, translations.T(id)); got != keyboard {
					t.Errorf("%s, keyboard %v: %s shown %v", lang, keyboard, id, got)
				}
			}
			if !strings.Contains(shown, translations.T("about.how_tap")) || !strings.Contains(shown, translations.T("about.font_licence")) {
				t.Errorf("%s: the rest of About is shown", lang)
			}
		}
	}
}

// Resign, Leave, the new-game question and Reset statistics draw no large "?" icon over their
// text (Fyne's confirm dialog does), on a phone and a desktop, and their
// answers fit.
func TestQuestionsDrawNoIcon(t *testing.T) {
	layoutOnly(t)
	for _, size := range []fyne.Size{fyne.NewSize(390, 844), fyne.NewSize(1024, 720)} {
		for _, lang := range translations.Languages {
			h := newHarness(t, test.NewTempApp(t))
			h.a.Window().Resize(size)
			translations.SetLanguage(lang)
			g := h.startGame(0, match.ModeTwoPlayers)
			g.board.OnMove(g.sess.Game().LegalMoves()[0])
			check := func(what string) {
				t.Helper()
				what = fmt.Sprintf("%s, %s, %v", what, lang, size)
				top := h.a.Window().Canvas().Overlays().Top()
				if top == nil {
					t.Fatalf("%s: no dialog", what)
				}
				for _, o := range test.LaidOutObjects(top) {
					_, icon := o.(*widget.Icon)
					_, image := o.(*canvas.Image)
					if (icon || image) && o.Visible() && o.Size().Height > 2*theme.IconInlineSize() {
						t.Errorf("%s: a large icon %v over the text", what, o.Size())
					}
				}
				if n := buttonsInside(t, h.a.Window(), what); n != 2 {
					t.Errorf("%s: %d answers", what, n)
				}
			}
			g.confirmResign()
			check("resign")
			g.dismissAsk()
			g.leave()
			check("leave")
			g.dismissAsk()
			if g.askDialog != nil || g.sess.Over() {
				t.Fatal("dismissed without an answer")
			}
			setup := newSetupScreen(h.a, g.info)
			h.a.push(setup)
			setup.start()
			check("new game")
			setup.confirm.Dismiss()
			stats := newStatsScreen(h.a)
			h.a.push(stats)
			stats.askReset() // Reset statistics asks the same way
			check("reset statistics")
			stats.confirm.Dismiss()
		}
	}
}

// A pass by time says so in large text over the board for a moment, in
// both languages; the clock is in its warning colours before.
func TestTimeoutBannerOverBoard(t *testing.T) {
	for _, lang := range translations.Languages {
		fa := test.NewTempApp(t)
		fa.Preferences().SetInt(storage.KeyTimer, 15)
		// The banner goes after a millisecond of real time, not 2.5 s (it
		// is hidden only when the test runs the queued callbacks).
		h := newHarness(t, fa, func(o *Options) { o.BannerShown = time.Millisecond })
		translations.SetLanguage(lang)
		g := h.startGame(0, match.ModeTwoPlayers)
		h.clock.Advance(10 * time.Second)
		g.tick()
		if !g.timerView.Warning() || g.banner.Visible() {
			t.Fatalf("%s: 5 s left: warning %v, banner %v", lang, g.timerView.Warning(), g.banner.Visible())
		}
		h.clock.Advance(6 * time.Second)
		g.tick()
		if g.sess.Game().LastMove().Kind != core.MovePass || !g.banner.Visible() {
			t.Fatalf("%s: after the timeout: last %v, banner %v", lang, g.sess.Game().LastMove(), g.banner.Visible())
		}
		title, line := g.banner.Text()
		want := translations.TData("game.timeout_passes", map[string]any{"Side": sideName(g.info, core.Prey)})
		if title != translations.T("game.timeout_title") || line != want {
			t.Errorf("%s: banner %q / %q", lang, title, line)
		}
		// Over the board, inside it.
		bp := fyne.CurrentApp().Driver().AbsolutePositionForObject(g.board)
		op := fyne.CurrentApp().Driver().AbsolutePositionForObject(g.banner.object())
		if op != bp || g.banner.object().Size() != g.board.Size() {
			t.Errorf("%s: banner at %v %v, board at %v %v", lang, op, g.banner.object().Size(), bp, g.board.Size())
		}
		h.waitFor("the banner to go", func() bool { return !g.banner.Visible() })
	}
}

// A lesson shows the piece to move and its target after a wrong try (an
// illegal tap, or a wrong move taken back) and on Show me; the right move
// clears it.
func TestLessonShowsTheMove(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	s := h.a.showLesson(core.BeatTheWolf.Info(), 4) // Trap the wolf: e2-e1
	want, err := func() (core.Move, error) { p := s.run.Position(); return p.ParseMove("e2-e1") }()
	if err != nil {
		t.Fatal(err)
	}
	if s.board.Hint().Kind != core.MoveNone || !s.showBtn.Visible() {
		t.Fatalf("at the start: hint %v, Show me %v", s.board.Hint(), s.showBtn.Visible())
	}
	test.Tap(s.showBtn)
	if s.board.Hint() != want {
		t.Fatalf("Show me: hint %v, want %v", s.board.Hint(), want)
	}
	s.board.SetHint(core.Move{})
	tapPoints(t, s, "c3", "b4") // illegal
	if s.board.Hint() != want {
		t.Fatalf("after an illegal try: hint %v", s.board.Hint())
	}
	test.TapAt(s.board, fyne.NewPos(1, 1)) // off the board: the dog is no longer selected
	tapLessonMove(t, s, "c3-c4")           // legal, wrong
	if s.showBtn.Visible() || !s.retryBtn.Visible() {
		t.Fatal("a missed step offers Try again, not Show me")
	}
	test.Tap(s.retryBtn)
	if s.board.Hint() != want || !s.showBtn.Visible() {
		t.Fatalf("after Try again: hint %v", s.board.Hint())
	}
	tapLessonMove(t, s, "e2-e1")
	if s.board.Hint().Kind != core.MoveNone || s.showBtn.Visible() {
		t.Fatalf("after the right move: hint %v", s.board.Hint())
	}
}

// The review of a game the search judges fits a phone in both languages:
// its long lines are cut in the list and wrap under the buttons.
func TestReviewFitsPhone(t *testing.T) {
	for _, lang := range translations.Languages {
		h := newHarness(t, test.NewTempApp(t))
		translations.SetLanguage(lang)
		g := firstCaptureGame(t, core.BeatTheWolf.String())
		h.a.startGame(g, match.ModeTwoPlayers)
		h.a.showReview(g)
		r := h.a.top().(*reviewScreen)
		h.waitSearched(r)
		h.a.render()
		if w := h.a.Window().Content().MinSize().Width; w > 390 {
			t.Errorf("%s: the review is %v wide", lang, w)
		}
	}
}

// Deer chess's table line says what the table covers, whole, on a desktop
// (the phone solves no deer table) in both languages.
func TestDeerTableLineFits(t *testing.T) {
	for _, lang := range translations.Languages {
		owner := tables.New("", nil, false, func(f func()) { f() })
		owner.Use(core.DeerChess, &tablebase.Table{Header: tablebase.Header{Sections: []*tablebase.Section{{Hand: 0}}}})
		h := newHarness(t, test.NewTempApp(t), func(o *Options) { o.Tables = owner })
		h.a.Window().Resize(fyne.NewSize(1024, 720))
		translations.SetLanguage(lang)
		g := h.startGame(3, match.ModeTwoPlayers)
		l := g.tables.label
		if l == nil || !l.Visible() || l.Text != translations.T("tables.ready_moving") {
			t.Fatalf("%s: table line %v", lang, l)
		}
		full := widget.NewLabelWithStyle(l.Text, fyne.TextAlignLeading, l.TextStyle).MinSize().Width
		if full > l.Size().Width+0.5 {
			t.Errorf("%s: %q needs %v, has %v", lang, l.Text, full, l.Size().Width)
		}
	}
}

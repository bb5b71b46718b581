//go:build ci

package app

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"huntchess/ai"
	"huntchess/core"
	"huntchess/internal/testkit"
	"huntchess/match"
	"huntchess/session"
	"huntchess/storage"
	"huntchess/translations"
	"huntchess/widgets"
)

// The shared harness of the app's tests: an App on Fyne's test driver with
// a fake clock and quick, deterministic AI searches, the UI callbacks run by
// the test (drain, waitFor), and helpers that tap through the screens and
// read what they show.

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
func fastThink(ctx context.Context, g *core.Game, _ match.Level) ai.Result {
	return ai.Search(ctx, g.Position(), ai.Limits{Depth: 2, Nodes: 3000, History: g.History()})
}

func fastHint(ctx context.Context, g *core.Game) ai.Result { return fastThink(ctx, g, match.Easy) }

// harness runs an App on the test driver. Results of the AI goroutines are
// queued and run on the test goroutine by wait, like fyne.Do would run them
// on the UI goroutine.
type harness struct {
	t     *testing.T
	fa    fyne.App
	a     *App
	q     chan func()
	clock *fakeClock
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
	t.Cleanup(func() { saveDirs.Delete(fa) }) // the app and all it shows can go
	return d
}

// savesOf is the store of game's unfinished game a harness on fa uses.
func savesOf(t *testing.T, fa fyne.App, game string) *storage.SavedGame {
	return storage.OpenSaves(saveDirFor(t, fa), fa.Preferences()).Of(game)
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
		// The phone's window from the start: the home screen laid out
		// once, not at the remembered size and again at the phone's (a
		// quarter of a harness's start).
		WindowSize: phone,
	}
	for _, f := range opts {
		f(&o)
	}
	h.a = New(fa, o)
	t.Cleanup(func() {
		h.a.Close()
		translations.SetLanguage(translations.English)
		dropOldRenderers()
	})
	return h
}

// dropOldRenderers has Fyne drop the renderers of the widgets not drawn for
// a while (cache.Clean, at most every 10 s; the desktop driver runs it as
// it paints, the test driver only when a canvas is captured: here an empty
// one). Fyne's while is a minute, or FYNE_CACHE, read as the process
// starts: make's test targets set it to 2 s. Otherwise every screen of every
// test app stays in memory to the end of the package: 590 MB of memory
// under -race instead of 290, and the garbage collector's work on it
// (a quarter of the package's time without -race) grows with each test.
func dropOldRenderers() { test.NewCanvas().Capture() }

// layoutOnly, a test's first line, marks a test of where things are laid
// out and which texts show, across window sizes, languages and text sizes,
// all on the test goroutine (no search, table or file work of its own).
// The race detector has nothing to find there and makes Fyne's layout and
// text shaping about ten times slower (these tests took half the package's
// time under -race), so under -race they are skipped: make test runs them
// again without it (the Makefile's test-quick, PLAIN_TESTS).
func layoutOnly(t *testing.T) {
	t.Helper()
	if testkit.Race {
		t.Skip("a layout test: it runs without -race (make test-quick runs it so)")
	}
}

// textScales are the text sizes the layout tests try: every one of
// storage.TextScales, or under -short (make test-short, the quick lane)
// the largest alone, where texts are widest.
func textScales() []float64 {
	if testing.Short() {
		return storage.TextScales[len(storage.TextScales)-1:]
	}
	return storage.TextScales
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
	deadline := time.Now().Add(2 * time.Minute) // only a hang takes this long
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
func (h *harness) startGame(i int, mode match.Mode) *gameScreen {
	h.t.Helper()
	test.Tap(h.home().playBtns[i])
	setup, ok := h.a.top().(*setupScreen)
	if !ok {
		h.t.Fatalf("after Play: top screen is %T", h.a.top())
	}
	for j, m := range match.Modes {
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

// playNotation plays a move given in notation for the side to move of the
// game screen's session, whoever plays it.
func playNotation(g *gameScreen, notation string) error {
	pos := g.sess.Game().Position()
	m, err := pos.ParseMove(notation)
	if err != nil {
		return err
	}
	return g.sess.Play(m)
}

// lionTrapped is a Surround the Lion game where the lion's next step, b1-S,
// walks into a trap (the dogs win).
func lionTrapped(t *testing.T) *core.Game {
	g, err := core.LoadRecord("surround-the-lion", "c3-c2 b1-b2 c2-b1 d1-c1")
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// blockThink is an AI that never answers (until its search is cancelled).
func blockThink(ctx context.Context, _ *core.Game, _ match.Level) ai.Result {
	<-ctx.Done()
	return ai.Result{}
}

// waitSearched waits until the review screen r has the search's verdicts.
func (h *harness) waitSearched(r *reviewScreen) {
	h.waitFor("the search's verdicts", func() bool {
		select {
		case <-r.searched:
			return true
		default:
			return false
		}
	})
}

// continueBtn is the home screen's Continue: the first game's, in the
// games' order, that has one (nil: none). The tests that use it keep one
// game unfinished.
func (h *homeScreen) continueBtn() *widget.Button {
	for _, info := range core.Games() {
		if b := h.continueBtns[info.Key]; b != nil {
			return b
		}
	}
	return nil
}

// hasSaved reports whether some game's unfinished game can be continued.
func (a *App) hasSaved() bool {
	_, ok := a.saves.Latest()
	return ok
}

// phone is the phone-sized window of these tests (an iPhone 12–15, in pt).
var phone = fyne.NewSize(390, 844)

// sizedHarness is a harness on a window of size (phone, or a desktop's),
// its app started at text size scale, in language lang, the engine's
// search blocked (blockThink) unless opts say otherwise.
func sizedHarness(t *testing.T, scale float64, lang translations.Lang, size fyne.Size, opts ...harnessOpt) *harness {
	t.Helper()
	fa := test.NewTempApp(t)
	fa.Preferences().SetFloat(storage.KeyTextScale, scale)
	h := newHarness(t, fa, append([]harnessOpt{withThink(blockThink), func(o *Options) { o.WindowSize = size }}, opts...)...)
	translations.SetLanguage(lang)
	h.a.Window().Resize(size) // the same size: no new layout
	return h
}

// walkShown calls f for every visible object under o with its absolute
// position, and whether it lies in a scroll (which may take it below the
// window: only its width must fit).
func walkShown(o fyne.CanvasObject, origin fyne.Position, inScroll bool, f func(o fyne.CanvasObject, at fyne.Position, inScroll bool)) {
	if o == nil || !o.Visible() {
		return
	}
	at := origin.Add(o.Position())
	f(o, at, inScroll)
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			walkShown(c, at, inScroll, f)
		}
	case *container.Scroll:
		walkShown(x.Content, at, true, f)
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			walkShown(c, at, inScroll, f)
		}
	}
}

// outside lists the widgets of w's content that do not lie within a
// window of the given size: beyond its left or right edge, or (outside a
// scroll) below it. (The test driver's window grows to its content's least
// size, which a phone's screen does not: that is reported too.)
func outside(w fyne.Window, size fyne.Size) []string {
	var out []string
	if c := w.Canvas().Size(); c.Width > size.Width || c.Height > size.Height {
		out = append(out, fmt.Sprintf("the window grew from %v to %v", size, c))
		walkShown(w.Content(), fyne.Position{}, false, func(o fyne.CanvasObject, _ fyne.Position, _ bool) {
			if m := o.MinSize(); m.Width > size.Width {
				out = append(out, fmt.Sprintf("  %T %q needs %v", o, widgetText(o), m))
			}
		})
		return out
	}
	walkShown(w.Content(), fyne.Position{}, false, func(o fyne.CanvasObject, at fyne.Position, inScroll bool) {
		if _, ok := o.(fyne.Widget); !ok || o.Size().IsZero() {
			return
		}
		s := o.Size()
		if at.X < -0.5 || at.X+s.Width > size.Width+0.5 || (!inScroll && at.Y+s.Height > size.Height+0.5) {
			out = append(out, fmt.Sprintf("%T %q at %v size %v", o, widgetText(o), at, s))
		}
	})
	return out
}

// widgetText is a widget's text, to name it in a failure.
func widgetText(o fyne.CanvasObject) string {
	switch x := o.(type) {
	case *widget.Label:
		return x.Text
	case *widget.Button:
		return x.Text
	case *widget.Check:
		return x.Text
	case *widget.Select:
		return x.Selected
	case *widgets.Paragraph:
		return x.Text
	case *canvas.Text:
		return x.Text
	}
	return ""
}

// settle lays the window's content out again, as the driver does at its
// next frame when a least size has changed (twice: a wrapped text's height
// follows its new width).
func settle(w fyne.Window) {
	w.Content().Refresh()
	w.Content().Refresh()
}

// places are where objs are on the window and how large.
func places(objs ...fyne.CanvasObject) string {
	d := fyne.CurrentApp().Driver()
	var sb strings.Builder
	for _, o := range objs {
		fmt.Fprintf(&sb, "%T at %v size %v\n", o, d.AbsolutePositionForObject(o), o.Size())
	}
	return sb.String()
}

// phoneScreens opens, one after the other, every screen of the app on h's
// phone-sized window (deer chess: the longest names), calling check on each
// with its name; a game in two-player mode with moves played, the review,
// the history and a replay included.
func phoneScreens(t *testing.T, h *harness, check func(what string)) {
	t.Helper()
	check("home")
	info := core.Games()[3]
	for _, s := range []struct {
		name string
		open func()
	}{
		{"settings", h.a.showSettings},
		{"about", h.a.showAbout},
		{"statistics", h.a.showStats},
		{"rules", func() { h.a.showRules(info) }},
		{"new game", func() { h.a.showNewGame(info) }},
		{"new game (wolf and pig)", func() { h.a.showNewGame(core.Games()[1]) }},
		{"puzzles", func() { h.a.showPuzzles(info) }},
		{"puzzle", func() { h.a.showPuzzle(info, 0) }},
		{"lessons", func() { h.a.showLessons(info) }},
		{"lesson", func() { h.a.showLesson(info, 0) }},
		{"position editor", func() { h.a.showEditor(info.Start(), nil) }},
	} {
		s.open()
		check(s.name)
		h.a.back()
	}
	for _, mode := range []match.Mode{match.ModeTwoPlayers, match.ModeVsAIAsPredator} {
		g := h.startGame(3, mode)
		if mode == match.ModeTwoPlayers {
			for range 6 {
				g.board.OnMove(g.sess.Game().LegalMoves()[0])
			}
		}
		check("game " + string(mode))
		if mode != match.ModeTwoPlayers {
			g.home()
			continue
		}
		g.showPly(3)
		check("browsing")
		g.endBrowse()
		test.Tap(g.settingsBtn)
		check("settings over the game")
		h.a.back()
		h.a.showReview(g.sess.Game())
		check("review")
		h.a.back()
		h.historyWalk(g, check)
		h.a.showHome()
	}
}

// historyWalk ends the two players' game on game screen g (the prey
// resigns), keeps it as finished and goes home, then to the history and the
// game's replay, calling check after each of the two (the phone walks of
// the layout tests).
func (h *harness) historyWalk(g *gameScreen, check func(what string)) {
	_ = g.sess.Game().Resign(core.Prey)
	f, _ := storage.FinishedOf(g.sess.Game(), match.ModeTwoPlayers, h.a.settings.Level, h.clock.Now())
	h.a.history.Add(f)
	g.home()
	h.a.showHistory()
	check("history")
	h.a.showReplay(f)
	check("replay")
}

// crowded lists what on w's screen lies under a scroll bar or in the
// window's margins: a widget inside a vertical scroll that shows its bar
// reaching into the bar's gutter (the bar's area takes the taps there and
// covers the widget), and a widget nearer than the theme's padding to the
// window's left or right edge (the board, which keeps its own margin
// round the points, aside).
func crowded(w fyne.Window, size fyne.Size) []string {
	var out []string
	pad := theme.Padding()
	type bar struct{ right float32 }
	var walk func(o fyne.CanvasObject, origin fyne.Position, bars []bar)
	walk = func(o fyne.CanvasObject, origin fyne.Position, bars []bar) {
		if o == nil || !o.Visible() {
			return
		}
		at := origin.Add(o.Position())
		if _, ok := o.(fyne.Widget); ok && !o.Size().IsZero() {
			s := o.Size()
			name := fmt.Sprintf("%T %q at x %.1f–%.1f", o, widgetText(o), at.X, at.X+s.Width)
			for _, b := range bars {
				if at.X+s.Width > b.right+0.5 {
					out = append(out, fmt.Sprintf("%s: under the scroll bar (from x %.1f)", name, b.right))
				}
			}
			switch o.(type) {
			case *widgets.Board, *widgets.BoardPicture:
			default:
				if at.X < pad-0.5 || at.X+s.Width > size.Width-pad+0.5 {
					out = append(out, fmt.Sprintf("%s: in the window's margin (%.0f of %.0f)", name, pad, size.Width))
				}
			}
		}
		switch x := o.(type) {
		case *fyne.Container:
			for _, c := range x.Objects {
				walk(c, at, bars)
			}
		case *container.Scroll:
			if x.Content.Size().Height > x.Size().Height+0.5 { // its bar shows
				bars = append(bars, bar{right: at.X + x.Size().Width - widgets.ScrollGutter()})
			}
			walk(x.Content, at, bars) // the content is moved by the offset
		case *widget.List:
			// its rows: a list of its own, with its own bar
		case fyne.Widget:
			for _, c := range test.WidgetRenderer(x).Objects() {
				walk(c, at, bars)
			}
		}
	}
	walk(w.Content(), fyne.Position{}, nil)
	return out
}

// shownEntries counts the text fields on w's screen.
func shownEntries(w fyne.Window) int {
	n := 0
	walkShown(w.Content(), fyne.Position{}, false, func(o fyne.CanvasObject, _ fyne.Position, _ bool) {
		if _, ok := o.(*widget.Entry); ok {
			n++
		}
	})
	return n
}

// tapShown taps the button with text shown on w's screen (not a dialog's).
func tapShown(t *testing.T, w fyne.Window, text string) {
	t.Helper()
	for _, o := range test.LaidOutObjects(w.Content()) {
		if b, ok := o.(*widget.Button); ok && b.Visible() && b.Text == text {
			test.Tap(b)
			return
		}
	}
	t.Fatalf("no button %q on screen:\n%s", text, texts(w))
}

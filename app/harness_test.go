//go:build ci

package app

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
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
	}
	for _, f := range opts {
		f(&o)
	}
	h.a = New(fa, o)
	h.a.Window().Resize(fyne.NewSize(390, 844))
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

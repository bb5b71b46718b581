package widgets

import (
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"huntchess/core"
	"huntchess/internal/themevariant"
)

// harness shows a board in a test window and records the moves it reports.
type harness struct {
	t     *testing.T
	b     *Board
	w     fyne.Window
	moves []string
	last  core.Move
}

func newHarness(t *testing.T, pos core.Position, size fyne.Size) *harness {
	t.Helper()
	test.NewTempApp(t)
	h := &harness{t: t, b: NewBoard(pos)}
	h.b.OnMove = func(m core.Move) {
		h.moves = append(h.moves, m.String())
		h.last = m
	}
	h.w = test.NewWindow(h.b)
	h.w.SetPadded(false)
	h.w.Resize(size)
	t.Cleanup(h.w.Close)
	return h
}

func mustPos(t *testing.T, game, text string) core.Position {
	t.Helper()
	p, err := core.ParsePosition(game, text)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func (h *harness) idx(name string) int {
	h.t.Helper()
	p := h.b.GamePosition()
	i, ok := p.Board().Index(name)
	if !ok {
		h.t.Fatalf("no point %s", name)
	}
	return i
}

// tap taps the centre of the named point, through Fyne's test driver.
func (h *harness) tap(name string) {
	h.t.Helper()
	test.TapAt(h.b, h.b.Layout().PointPos(h.idx(name)))
}

func (h *harness) wantMoves(want ...string) {
	h.t.Helper()
	if len(h.moves) != len(want) {
		h.t.Fatalf("moves %q, want %q", h.moves, want)
	}
	for i := range want {
		if h.moves[i] != want[i] {
			h.t.Fatalf("moves %q, want %q", h.moves, want)
		}
	}
}

func (h *harness) wantSelected(name string) {
	h.t.Helper()
	want := -1
	if name != "" {
		want = h.idx(name)
	}
	if got := h.b.Selected(); got != want {
		h.t.Fatalf("selected %d, want %d (%q)", got, want, name)
	}
}

// state returns what the renderer draws at the named point.
func (h *harness) state(name string) pointState {
	h.t.Helper()
	return h.b.r.pts[h.idx(name)].st
}

// drag drags on the board from one widget position to another in a few steps,
// with events as the desktop driver sends them: Position is the pointer's
// current position, Dragged the movement since the previous event. (Fyne's
// test.Drag sends one event whose Position is the start point instead.)
func (h *harness) drag(from, to fyne.Position) {
	const steps = 4
	prev := from
	for k := 1; k <= steps; k++ {
		cur := lerpPos(from, to, float32(k)/steps)
		h.b.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: cur}, Dragged: fyne.NewDelta(cur.X-prev.X, cur.Y-prev.Y)})
		prev = cur
	}
	h.b.DragEnd()
}

var phone = fyne.NewSize(390, 844)
var desktop = fyne.NewSize(1280, 800)

func TestTapSelectThenStep(t *testing.T) {
	for _, size := range []fyne.Size{phone, desktop} {
		h := newHarness(t, core.BeatTheWolf.Info().Start(), size)
		h.tap("d4")
		h.wantSelected("d4")
		if s := h.state("d5"); s.target != targetStep {
			t.Fatalf("d5 target %d, want step", s.target)
		}
		if s := h.state("c5"); s.target != targetStep { // a wolf diagonal
			t.Fatalf("c5 target %d, want step", s.target)
		}
		if s := h.state("d3"); s.target != targetNone || s.occ != occPrey {
			t.Fatalf("d3 state %+v", s)
		}
		h.tap("d5")
		h.wantMoves("d4-d5")
		h.wantSelected("")
		// The widget does not play the move itself.
		if got := h.b.GamePosition(); got != core.BeatTheWolf.Info().Start() {
			t.Fatalf("position changed to %s", got)
		}
	}
}

func TestTapJumpCapture(t *testing.T) {
	pos := mustPos(t, "beat-the-wolf",
		"predator:d4 prey:d3,c1,d1,e1,c2,e2,a3,b3,f3,g3,a4,a5,g4,g5 turn:predator captured:3 hand:0")
	h := newHarness(t, pos, phone)
	h.tap("d4")
	if s := h.state("d2"); s.target != targetCapture {
		t.Fatalf("d2 target %d, want capture", s.target)
	}
	if s := h.state("d3"); !s.capt {
		t.Fatal("the dog on d3 is not marked as capturable")
	}
	if s := h.state("c3"); s.target != targetStep || s.capt {
		t.Fatalf("c3 state %+v", s)
	}
	h.tap("d2")
	h.wantMoves("d4-d2")
	if h.last.Kind != core.MoveJump || h.last.Capt != 1<<uint(h.idx("d3")) {
		t.Fatalf("move %+v does not capture d3", h.last)
	}
	// After the app plays it: the dog fades, the last move is shown.
	h.b.SetPosition(pos.After(h.last), h.last)
	if s := h.state("d3"); s.occ != occEmpty || s.capt {
		t.Fatalf("d3 after the capture: %+v", s)
	}
	if !h.state("d4").last || !h.state("d2").last || h.state("d2").occ != occPred {
		t.Fatal("last move not shown")
	}
}

func TestTapLionPairCapture(t *testing.T) {
	pos := mustPos(t, "surround-the-lion",
		"predator:c3 prey:a1,b1,c1,d1,e1,a2,e2,a3,e3,a5,e5,b4,d4 turn:predator captured:3 hand:0")
	h := newHarness(t, pos, phone)
	h.tap("c3")
	if s := h.state("c4"); s.target != targetCapture {
		t.Fatalf("c4 target %d, want capture", s.target)
	}
	for _, n := range []string{"b4", "d4"} {
		if !h.state(n).capt {
			t.Fatalf("the pair dog on %s is not marked", n)
		}
	}
	if h.state("a3").capt || h.state("e3").capt {
		t.Fatal("a3/e3 marked, but no move of the lion takes them")
	}
	h.tap("c4")
	h.wantMoves("c3-c4")
	if h.last.Capt != 1<<uint(h.idx("b4"))|1<<uint(h.idx("d4")) {
		t.Fatalf("capt %b", h.last.Capt)
	}
}

func TestTapPigsAndSwitchSelection(t *testing.T) {
	h := newHarness(t, core.WolfCarriesPig.Info().Start(), desktop)
	h.tap("b5") // a wolf, but the pigs move first
	h.wantSelected("")
	if h.b.flashCount != 1 {
		t.Fatalf("flashes %d, want 1", h.b.flashCount)
	}
	h.tap("b3")
	h.wantSelected("b3")
	h.tap("c3") // another own piece with moves: the selection moves there
	h.wantSelected("c3")
	h.tap("b4") // diagonal step c3-b4
	h.wantMoves("c3-b4")
}

func TestTapPlacement(t *testing.T) {
	pos := mustPos(t, "deer-chess", "predator:c5 prey:b2,c2,d2,b3,d3,b4,c4,d4 turn:prey captured:0 hand:12")
	h := newHarness(t, pos, phone)
	if s := h.state("a1"); s.target != targetPlace {
		t.Fatalf("a1 target %d, want place", s.target)
	}
	if s := h.state("c6"); s.target != targetNone {
		t.Fatal("a cliff point is offered for placement")
	}
	h.tap("b2") // a dog on the board cannot move while dogs are in hand
	h.tap("c6") // the cliff
	h.tap("c5") // the deer
	h.wantMoves()
	if h.b.flashCount != 3 {
		t.Fatalf("flashes %d, want 3", h.b.flashCount)
	}
	h.tap("a1")
	h.wantMoves("@a1")
	// The placed dog fades in once the app shows the new position.
	m := h.last
	h.b.SetPosition(pos.After(m), m)
	if s := h.state("a1"); s.occ != occPrey || !s.last || s.alpha != 1 {
		t.Fatalf("a1 after the placement: %+v", s)
	}
}

func TestTapDeselectAndIllegal(t *testing.T) {
	h := newHarness(t, core.BeatTheWolf.Info().Start(), phone)
	h.tap("d4")
	h.wantSelected("d4")
	h.tap("d4") // the selected piece again
	h.wantSelected("")

	h.tap("d4")
	test.TapAt(h.b, fyne.NewPos(2, 2)) // outside the board
	h.wantSelected("")
	if h.b.flashCount != 0 {
		t.Fatalf("deselecting flashed %d times", h.b.flashCount)
	}

	h.tap("d4")
	h.tap("d7") // an empty point the wolf cannot reach: cue, selection kept
	h.wantSelected("d4")
	if h.b.flashCount != 1 || h.b.flashAt != h.idx("d7") {
		t.Fatalf("flash %d at %d", h.b.flashCount, h.b.flashAt)
	}
	h.tap("d3") // a dog: not the side to move
	h.wantSelected("d4")
	h.wantMoves()
	if h.b.flashCount != 2 {
		t.Fatalf("flashes %d, want 2", h.b.flashCount)
	}
	// The cue fades out (the test driver runs animations to their end at once).
	if h.b.r.flashC.Visible() {
		t.Fatal("the illegal-tap ring is still shown")
	}
}

func TestReadOnlyIgnoresInput(t *testing.T) {
	h := newHarness(t, core.BeatTheWolf.Info().Start(), phone)
	h.tap("d4")
	h.b.SetReadOnly(true)
	h.wantSelected("")
	if !h.b.ReadOnly() {
		t.Fatal("ReadOnly() false")
	}
	h.tap("d4")
	h.tap("d5")
	h.tap("d3")
	d4 := h.b.Layout().PointPos(h.idx("d4"))
	h.drag(d4, d4.AddXY(0, -h.b.Layout().Unit))
	h.wantSelected("")
	h.wantMoves()
	if h.b.flashCount != 0 {
		t.Fatal("read-only board flashed")
	}
	h.b.SetReadOnly(false)
	h.tap("d4")
	h.tap("d5")
	h.wantMoves("d4-d5")
}

func TestDragPiece(t *testing.T) {
	h := newHarness(t, core.BeatTheWolf.Info().Start(), desktop)
	l := h.b.Layout()
	from, to := l.PointPos(h.idx("d4")), l.PointPos(h.idx("e5"))
	h.drag(from, to)
	h.wantMoves("d4-e5")
	h.wantSelected("")

	// Dropped on a non-target: nothing is played, the piece goes back, stays selected.
	h.moves = nil
	h.b.SetPosition(core.BeatTheWolf.Info().Start(), core.Move{})
	to = l.PointPos(h.idx("d7"))
	h.drag(from, to)
	h.wantMoves()
	h.wantSelected("d4")
	if c := h.b.r.tokenCenter(h.idx("d4")); c != from {
		t.Fatalf("token at %v, want back on d4 %v", c, from)
	}
	// While dragging, the piece follows the pointer above the others and its
	// own token is hidden; a drop back on its point changes nothing.
	mid := lerpPos(from, l.PointPos(h.idx("d3")), 0.8) // over the dog on d3
	h.b.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: mid}, Dragged: fyne.NewDelta(mid.X-from.X, mid.Y-from.Y)})
	r := h.b.r
	if !r.dragTok.Visible() || r.pts[h.idx("d4")].token.Visible() {
		t.Fatal("dragged token not shown on top")
	}
	objs := r.Objects()
	if topTok := indexOf(objs, r.dragTok); topTok < indexOf(objs, r.pts[h.idx("d3")].token) {
		t.Fatal("dragged token drawn below the other pieces")
	}
	if c := r.dragTok.Position().AddXY(r.dragTok.Size().Width/2, r.dragTok.Size().Height/2); distance(c, mid) > 0.5 {
		t.Fatalf("dragged token at %v, pointer at %v", c, mid)
	}
	h.b.Dragged(&fyne.DragEvent{PointEvent: fyne.PointEvent{Position: from}, Dragged: fyne.NewDelta(from.X-mid.X, from.Y-mid.Y)})
	h.b.DragEnd()
	h.wantMoves()
	if r.dragTok.Visible() || !r.pts[h.idx("d4")].token.Visible() || h.b.flashCount != 1 {
		t.Fatalf("after the drop: drag token %v, d4 token %v, flashes %d", r.dragTok.Visible(), r.pts[h.idx("d4")].token.Visible(), h.b.flashCount)
	}

	// Dragging a dog (not the side to move) does nothing.
	d3 := l.PointPos(h.idx("d3"))
	h.b.SetPosition(core.BeatTheWolf.Info().Start(), core.Move{})
	h.drag(d3, d3.AddXY(0, -l.Unit))
	h.wantMoves()
	h.wantSelected("")
}

func TestForcedPassAndGameOver(t *testing.T) {
	// A forced pass: the only legal move is pass (such positions are rare, so
	// the move list is set directly). Taps give the cue and never a move.
	h := newHarness(t, core.BeatTheWolf.Info().Start(), phone)
	pos := h.b.GamePosition()
	h.b.moves = append(h.b.moves[:0], pos.PassMove())
	for _, n := range []string{"d4", "d3", "a4", "d7"} {
		h.tap(n)
	}
	h.wantMoves()
	h.wantSelected("")
	h.b.Refresh()

	// A finished game (12 dogs captured): no moves; taps do nothing harmful.
	over := mustPos(t, "beat-the-wolf", "predator:d4 prey:c1,d1,e1,c2,d2 turn:prey captured:12 hand:0")
	h.b.SetPosition(over, core.Move{})
	h.tap("d4")
	h.tap("c1")
	h.wantMoves()
	h.wantSelected("")
}

func TestShowLegalOff(t *testing.T) {
	h := newHarness(t, core.BeatTheWolf.Info().Start(), phone)
	h.b.SetShowLegal(false)
	h.tap("d4")
	h.wantSelected("d4")
	if s := h.state("d5"); s.target != targetNone {
		t.Fatal("target shown with show-legal off")
	}
	if !h.b.r.selRing.Visible() {
		t.Fatal("selection ring hidden")
	}
	h.tap("d5")
	h.wantMoves("d4-d5")
}

func TestHintAndLastMove(t *testing.T) {
	g := core.BeatTheWolf.Info()
	h := newHarness(t, g.Start(), phone)
	start := g.Start()
	m, err := start.ParseMove("d4-d5")
	if err != nil {
		t.Fatal(err)
	}
	h.b.SetHint(m)
	if !h.state("d4").hint || !h.state("d5").hint || !h.b.r.hintLine.Visible() {
		t.Fatal("hint not shown")
	}
	if h.b.Hint() != m {
		t.Fatal("Hint()")
	}
	h.b.SetHint(core.Move{})
	if h.state("d4").hint || h.b.r.hintLine.Visible() {
		t.Fatal("hint not cleared")
	}
	h.b.SetHint(m)
	next := start.After(m)
	h.b.SetPosition(next, m)
	if h.b.Hint() != (core.Move{}) || h.state("d4").hint {
		t.Fatal("SetPosition kept the hint")
	}
	if !h.state("d4").last || !h.state("d5").last || h.state("d5").occ != occPred {
		t.Fatal("last move not shown")
	}
	// A slide ends with the token on its point.
	if c := h.b.r.tokenCenter(h.idx("d5")); c != h.b.Layout().PointPos(h.idx("d5")) {
		t.Fatalf("token at %v", c)
	}
	// The zero move: nothing highlighted.
	h.b.SetPosition(start, core.Move{})
	if h.state("d4").last || h.state("d5").last {
		t.Fatal("last move shown after SetPosition with the zero Move")
	}
	// Animations off: same end state.
	h.b.SetAnimations(false)
	h.b.SetPosition(next, m)
	if !h.state("d5").last || h.state("d5").occ != occPred || h.state("d4").occ != occEmpty {
		t.Fatal("state without animations")
	}
}

func TestSwitchGame(t *testing.T) {
	h := newHarness(t, core.BeatTheWolf.Info().Start(), phone)
	for _, g := range core.Games() {
		h.b.SetPosition(g.Start(), core.Move{})
		if n := len(h.b.r.pts); n != len(g.Board.Points) {
			t.Fatalf("%s: %d point objects, want %d", g.Key, n, len(g.Board.Points))
		}
		preds := 0
		for i := range h.b.r.pts {
			if h.b.r.pts[i].st.occ == occPred {
				preds++
			}
		}
		if preds != g.PredatorCount {
			t.Fatalf("%s: %d predators drawn", g.Key, preds)
		}
	}
	// From the smallest board straight to a placement on a bigger one.
	h.b.SetPosition(core.WolfCarriesPig.Info().Start(), core.Move{})
	h.tap("b3")
	place := mustPos(t, "deer-chess", "predator:c5 prey:b2,c2,d2,b3,d3,b4,c4,d4 turn:prey captured:0 hand:12")
	h.b.SetPosition(place, core.Move{})
	if h.state("a1").target != targetPlace {
		t.Fatal("placement targets not shown after switching games")
	}
}

func indexOf(objs []fyne.CanvasObject, o fyne.CanvasObject) int {
	for i, x := range objs {
		if x == o {
			return i
		}
	}
	return -1
}

// Redraw only what changed: selecting a piece does not rebuild or restyle the
// tokens of the other pieces.
func TestRefreshKeepsObjects(t *testing.T) {
	h := newHarness(t, core.BeatTheWolf.Info().Start(), phone)
	objs := append([]fyne.CanvasObject(nil), h.b.r.Objects()...)
	h.tap("d4")
	h.tap("d4")
	h.b.SetPosition(core.BeatTheWolf.Info().Start(), core.Move{})
	got := h.b.r.Objects()
	if len(got) != len(objs) {
		t.Fatalf("%d objects, was %d", len(got), len(objs))
	}
	for i := range objs {
		if got[i] != objs[i] {
			t.Fatalf("object %d replaced", i)
		}
	}
}

func TestStartGoldens(t *testing.T) {
	for _, g := range core.Games() {
		t.Run(g.Key, func(t *testing.T) {
			h := newHarness(t, g.Start(), fyne.NewSize(300, 360))
			test.AssertRendersToMarkup(t, "board_"+g.Key+"_start.xml", h.w.Canvas())
		})
	}
}

func TestThemeVariantAndGlyphs(t *testing.T) {
	h := newHarness(t, core.SurroundTheLion.Info().Start(), phone)
	r := h.b.r
	dark := r.surface.FillColor
	test.ApplyTheme(t, themevariant.Light())
	h.b.Refresh()
	if r.surface.FillColor != lightPalette.surface || r.surface.FillColor == dark {
		t.Fatalf("light theme: surface %v", r.surface.FillColor)
	}
	test.ApplyTheme(t, themevariant.Dark())
	h.b.Refresh()
	if r.surface.FillColor != darkPalette.surface {
		t.Fatalf("dark theme: surface %v", r.surface.FillColor)
	}
	if got := r.pts[h.idx("c3")].glyph.Text; got != "狮" {
		t.Fatalf("lion glyph %q", got)
	}
	h.b.Glyph = func(kind string) string { return strings.ToUpper(kind[:1]) }
	h.b.Refresh()
	if got := r.pts[h.idx("c3")].glyph.Text; got != "L" {
		t.Fatalf("custom lion glyph %q", got)
	}
	if got := r.pts[h.idx("a1")].glyph.Text; got != "D" {
		t.Fatalf("custom dog glyph %q", got)
	}
}

// A golden of a selection with step and capture targets and the pair a lion
// step would take.
func TestSelectionGolden(t *testing.T) {
	pos := mustPos(t, "surround-the-lion",
		"predator:c3 prey:a1,b1,c1,d1,e1,a2,e2,a3,e3,a5,e5,b4,d4 turn:predator captured:3 hand:0")
	h := newHarness(t, pos, fyne.NewSize(300, 360))
	h.tap("c3")
	test.AssertRendersToMarkup(t, "board_surround-the-lion_selection.xml", h.w.Canvas())
}

// TestOnIllegal: a tap or drop that is no legal move tells OnIllegal the
// selected piece (or -1) and the point.
func TestOnIllegal(t *testing.T) {
	h := newHarness(t, core.BeatTheWolf.Info().Start(), phone)
	var got [][2]int
	h.b.OnIllegal = func(from, to int) { got = append(got, [2]int{from, to}) }
	h.tap("d4")
	h.tap("d6") // the wolf cannot reach it
	h.tap("d3") // a dog, with the wolf selected
	h.b.SetPosition(core.BeatTheWolf.Info().Start(), core.Move{})
	h.tap("d3") // a dog, nothing selected
	want := [][2]int{{h.idx("d4"), h.idx("d6")}, {h.idx("d4"), h.idx("d3")}, {-1, h.idx("d3")}}
	if len(got) != len(want) {
		t.Fatalf("OnIllegal got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("OnIllegal got %v, want %v", got, want)
		}
	}
	h.wantMoves()
}

// TestFlashHidesThroughDo: without animations the illegal-tap ring is hidden
// by a timer, whose callback goes through Board.Do (the app's guarded do).
func TestFlashHidesThroughDo(t *testing.T) {
	h := newHarness(t, core.BeatTheWolf.Info().Start(), phone)
	calls := make(chan func(), 1)
	h.b.Do = func(f func()) { calls <- f }
	h.b.SetAnimations(false)
	h.tap("d4")
	h.tap("d7")
	if !h.b.r.flashC.Visible() {
		t.Fatal("no illegal-tap ring")
	}
	select {
	case f := <-calls:
		f() // on the test goroutine, as Do would on the UI goroutine
	case <-time.After(time.Minute): // only a hang takes this long
		t.Fatal("the ring's timer did not call Do")
	}
	if h.b.r.flashC.Visible() {
		t.Fatal("the illegal-tap ring is still shown")
	}
}

// The paper board has its own colours in both variants, and plain shapes
// draw no characters on the tokens.
func TestBoardStyles(t *testing.T) {
	t.Cleanup(func() { SetStyle(DefaultStyle()) })
	light := paletteFor(themevariant.Light())
	SetStyle(Style{Board: BoardPaper, Pieces: PiecesShapes})
	if p := paletteFor(themevariant.Light()); p == light || p != paperPalette {
		t.Fatal("the paper board has its own light palette")
	}
	b := NewBoard(core.Games()[0].Start())
	if g := b.glyph(core.PieceWolf); g != "" {
		t.Fatalf("plain shapes draw %q", g)
	}
	SetStyle(Style{Board: "marble", Pieces: "runes"})
	if CurrentStyle() != DefaultStyle() {
		t.Fatalf("unknown styles fall back to the defaults: %+v", CurrentStyle())
	}
	if g := b.glyph(core.PieceWolf); g != PieceGlyphs[core.PieceWolf] {
		t.Fatalf("characters: %q", g)
	}
}

// TestTapOnPoint: an editor's board (OnPoint set) hands every tapped point
// to OnPoint, selects nothing, makes no move and drags no piece.
func TestTapOnPoint(t *testing.T) {
	h := newHarness(t, core.BeatTheWolf.Info().Start(), phone)
	var got []int
	h.b.OnPoint = func(p int) { got = append(got, p) }
	h.tap("d4") // the wolf: not selected
	h.tap("d5") // an empty point
	h.wantSelected("")
	h.drag(h.b.Layout().PointPos(h.idx("d4")), h.b.Layout().PointPos(h.idx("d5")))
	h.wantMoves()
	if len(got) != 2 || got[0] != h.idx("d4") || got[1] != h.idx("d5") {
		t.Fatalf("OnPoint got %v, want d4 then d5", got)
	}
}

package widgets

import (
	"testing"

	"fyne.io/fyne/v2"

	"huntchess/core"
)

// Keyboard play: with the focus, the arrows move the cursor on screen and
// Enter / Space select like taps; other keys go to OnKey.
func TestKeyboardPlay(t *testing.T) {
	g, _ := core.NewGame("beat-the-wolf")
	h := newHarness(t, g.Position(), fyne.NewSize(600, 600))
	var other []fyne.KeyName
	h.b.OnKey = func(ev *fyne.KeyEvent) { other = append(other, ev.Name) }
	h.w.Canvas().Focus(h.b)
	if h.b.Cursor() != h.idx("d4") {
		t.Fatalf("the cursor starts on the wolf (d4), not %d", h.b.Cursor())
	}
	if r := h.b.renderer(); r == nil || !r.cursor.Visible() {
		t.Fatal("the cursor ring shows while the board has the focus")
	}
	key := func(k fyne.KeyName) { h.w.Canvas().Focused().TypedKey(&fyne.KeyEvent{Name: k}) }
	key(fyne.KeyUp)
	if h.b.Cursor() != h.idx("d5") {
		t.Fatalf("Up: cursor %d, want d5", h.b.Cursor())
	}
	key(fyne.KeyDown)
	key(fyne.KeyReturn) // select the wolf
	h.wantSelected("d4")
	key(fyne.KeyUp)
	key(fyne.KeyUp)
	if h.b.Cursor() != h.idx("d6") {
		t.Fatalf("Up twice: cursor %d, want d6", h.b.Cursor())
	}
	key(fyne.KeySpace) // d4-d6 is no move: it flashes, the wolf stays selected
	key(fyne.KeyDown)
	key(fyne.KeySpace)
	h.wantMoves("d4-d5")
	key(fyne.KeyH)
	key(fyne.KeyEscape)
	if len(other) != 2 || other[0] != fyne.KeyH || other[1] != fyne.KeyEscape {
		t.Fatalf("other keys %v, want H and Escape passed on", other)
	}
	h.w.Canvas().Unfocus()
	if h.b.renderer().cursor.Visible() {
		t.Fatal("no cursor without the focus")
	}
}

// A flipped board (face to face) turns by 180°: c1 where e7 was,
// taps and arrows follow the screen.
func TestBoardFlipped(t *testing.T) {
	g, _ := core.NewGame("beat-the-wolf")
	h := newHarness(t, g.Position(), fyne.NewSize(600, 600))
	l := h.b.Layout()
	c1, e7 := l.PointPos(h.idx("c1")), l.PointPos(h.idx("e7"))
	h.b.SetFlipped(true)
	f := h.b.Layout()
	if got := f.PointPos(h.idx("e7")); got != c1 {
		t.Fatalf("flipped: e7 at %v, want c1's place %v", got, c1)
	}
	if got := f.PointPos(h.idx("c1")); got != e7 {
		t.Fatalf("flipped: c1 at %v, want e7's place %v", got, e7)
	}
	h.tap("d4") // the tap lands where d4 is drawn now
	h.wantSelected("d4")
	h.w.Canvas().Focus(h.b)
	h.b.keyMode = true
	h.b.MoveCursor(0, -1) // up on screen is down the ranks
	if h.b.Cursor() != h.idx("d3") {
		t.Fatalf("flipped Up: cursor %d, want d3", h.b.Cursor())
	}
}

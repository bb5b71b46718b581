package widgets

import (
	"image/color"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"

	"huntchess/core"
)

// The capture tray has one slot per capture needed: the captured pieces
// filled with the prey's glyph, the rest empty, all within its width.
func TestCaptureTray(t *testing.T) {
	test.NewTempApp(t)
	tr := NewCaptureTray(core.PieceDog)
	w := test.NewWindow(tr)
	defer w.Close()
	tr.Set(3, 12)
	tr.Resize(fyne.NewSize(200, 24))
	r := test.TempWidgetRenderer(t, tr).(*trayRenderer)
	r.Layout(tr.Size())
	filled, empty := 0, 0
	for i, tok := range r.tokens {
		if tok.Position().X+tok.Size().Width > 200.5 {
			t.Fatalf("token %d ends at %v, beyond the tray", i, tok.Position().X+tok.Size().Width)
		}
		if tok.FillColor == color.Transparent {
			empty++
			if r.glyphs[i].Text != "" {
				t.Fatal("an empty slot has no glyph")
			}
		} else {
			filled++
			if r.glyphs[i].Text != PieceGlyphs[core.PieceDog] {
				t.Fatalf("glyph %q", r.glyphs[i].Text)
			}
		}
	}
	if filled != 3 || empty != 9 {
		t.Fatalf("filled %d, empty %d; want 3 and 9", filled, empty)
	}
	tr.Set(7, 7)
	if len(r.tokens) != 7 || len(r.Objects()) != 14 {
		t.Fatalf("7 slots: %d tokens, %d objects", len(r.tokens), len(r.Objects()))
	}
	var _ *canvas.Text = r.glyphs[0]
}

// Too narrow for legible tokens, the tray shows none (not a row of dots);
// wider again, they come back.
func TestCaptureTrayHidesDots(t *testing.T) {
	test.NewTempApp(t)
	tr := NewCaptureTray(core.PieceDog)
	w := test.NewWindow(tr)
	defer w.Close()
	tr.Set(3, 7)
	r := test.TempWidgetRenderer(t, tr).(*trayRenderer)
	visible := func() (n int) {
		for _, tok := range r.tokens {
			if tok.Visible() {
				n++
			}
		}
		return n
	}
	r.Layout(fyne.NewSize(60, 24))
	if n := visible(); n != 0 {
		t.Fatalf("60 wide for 7 tokens: %d shown", n)
	}
	r.Layout(fyne.NewSize(200, 24))
	if n := visible(); n != 7 {
		t.Fatalf("200 wide: %d of 7 shown", n)
	}
}

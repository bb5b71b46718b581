package widgets

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/widget"
)

// CaptureTray shows the captured prey as a row of tokens, one slot per
// capture the predator needs to win: a filled token (the prey's colour and
// glyph, as on the board) for each piece taken, an empty outline for each
// still to take.
type CaptureTray struct {
	widget.BaseWidget

	kind             string // the prey's piece kind (core.PieceDog …)
	captured, needed int
}

// NewCaptureTray returns an empty tray for prey pieces of the given kind.
func NewCaptureTray(kind string) *CaptureTray {
	t := &CaptureTray{kind: kind}
	t.ExtendBaseWidget(t)
	return t
}

// Set shows captured pieces out of needed.
func (t *CaptureTray) Set(captured, needed int) {
	if captured == t.captured && needed == t.needed {
		return
	}
	t.captured, t.needed = captured, needed
	t.Refresh()
}

// Counts returns the captured pieces shown and the slots.
func (t *CaptureTray) Counts() (captured, needed int) { return t.captured, t.needed }

// trayToken is the largest token size; the tokens shrink to fit the width.
const (
	trayToken   = 20
	trayGap     = 3
	trayLegible = 12 // the least token size drawn
)

// MinSize is one small token high and a few tokens wide: it gives way to
// the labels around it.
func (t *CaptureTray) MinSize() fyne.Size { return fyne.NewSize(4*(8+trayGap), trayToken) }

// CreateRenderer is part of fyne.Widget.
func (t *CaptureTray) CreateRenderer() fyne.WidgetRenderer {
	r := &trayRenderer{t: t}
	r.Refresh()
	return r
}

type trayRenderer struct {
	t      *CaptureTray
	tokens []*canvas.Rectangle
	glyphs []*canvas.Text
	objs   []fyne.CanvasObject
}

func (r *trayRenderer) Destroy() {}

func (r *trayRenderer) MinSize() fyne.Size { return r.t.MinSize() }

func (r *trayRenderer) Objects() []fyne.CanvasObject { return r.objs }

func (r *trayRenderer) Layout(size fyne.Size) {
	n := len(r.tokens)
	if n == 0 {
		return
	}
	s := min(trayToken, (size.Width-trayGap*float32(n-1))/float32(n), size.Height)
	s = max(s, 2)
	// Tokens too small to tell apart would be dots: the tray then shows
	// nothing (the count beside it says as much), by design.
	legible := s >= trayLegible
	y := (size.Height - s) / 2
	for i, tok := range r.tokens {
		if legible != tok.Visible() {
			if legible {
				tok.Show()
				r.glyphs[i].Show()
			} else {
				tok.Hide()
				r.glyphs[i].Hide()
			}
		}
		x := float32(i) * (s + trayGap)
		tok.Move(fyne.NewPos(x, y))
		tok.Resize(fyne.NewSize(s, s))
		tok.CornerRadius = 0.26 * s
		tok.StrokeWidth = max(1, 0.08*s)
		g := r.glyphs[i]
		g.TextSize = 0.62 * s
		g.Move(fyne.NewPos(x, y))
		g.Resize(fyne.NewSize(s, s))
	}
}

func (r *trayRenderer) Refresh() {
	t := r.t
	for len(r.tokens) < t.needed {
		tok := canvas.NewRectangle(color.Transparent)
		g := canvas.NewText("", color.White)
		g.Alignment = fyne.TextAlignCenter
		r.tokens = append(r.tokens, tok)
		r.glyphs = append(r.glyphs, g)
	}
	r.tokens, r.glyphs = r.tokens[:t.needed], r.glyphs[:t.needed]
	r.objs = r.objs[:0]
	p := paletteFor(t.Theme())
	for i, tok := range r.tokens {
		g := r.glyphs[i]
		if i < t.captured {
			tok.FillColor, tok.StrokeColor = p.preyFill, p.preyStroke
			g.Text, g.Color = PieceGlyph(t.kind), p.preyText
			if style.Pieces == PiecesShapes {
				g.Text = ""
			}
		} else {
			tok.FillColor, tok.StrokeColor = color.Transparent, withAlpha(p.preyStroke, 0.45)
			g.Text = ""
		}
		r.objs = append(r.objs, tok, g)
		tok.Refresh()
		g.Refresh()
	}
	r.Layout(t.Size())
}

package widgets

import (
	"image/color"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
)

// Keyboard play: once the board has the focus (Tab, or a tap), the arrow
// keys move a cursor over the points, on screen (so a flipped board too),
// and Enter or Space selects the point under it like a tap. Other keys go to
// OnKey (the app's shortcuts: H, Escape …).

var _ fyne.Focusable = (*Board)(nil)

// FocusGained is part of fyne.Focusable: the cursor shows (on the selected
// piece, else on a piece that can move).
func (b *Board) FocusGained() {
	b.focused, b.keyMode = true, true
	if b.cursor < 0 || b.cursor >= len(b.pos.Board().Points) {
		b.cursor = b.startCursor()
	}
	b.Refresh()
}

// FocusLost is part of fyne.Focusable.
func (b *Board) FocusLost() {
	b.focused = false
	b.Refresh()
}

// TypedRune is part of fyne.Focusable.
func (b *Board) TypedRune(r rune) {
	if b.OnRune != nil {
		b.OnRune(r)
	}
}

// TypedKey is part of fyne.Focusable.
func (b *Board) TypedKey(ev *fyne.KeyEvent) {
	switch ev.Name {
	case fyne.KeyReturn, fyne.KeyEnter, fyne.KeySpace:
		if b.readOnly && b.OnKey != nil { // nothing to select: the app's key (confirm a move)
			b.OnKey(ev)
			return
		}
	}
	switch ev.Name {
	case fyne.KeyUp, fyne.KeyDown, fyne.KeyLeft, fyne.KeyRight, fyne.KeyReturn, fyne.KeyEnter, fyne.KeySpace:
		if !b.keyMode { // the first key after a tap shows the cursor where it is
			b.keyMode = true
			b.Refresh()
			return
		}
	}
	switch ev.Name {
	case fyne.KeyUp:
		b.MoveCursor(0, -1)
	case fyne.KeyDown:
		b.MoveCursor(0, 1)
	case fyne.KeyLeft:
		b.MoveCursor(-1, 0)
	case fyne.KeyRight:
		b.MoveCursor(1, 0)
	case fyne.KeyReturn, fyne.KeyEnter, fyne.KeySpace:
		b.SelectCursor()
	default:
		if b.OnKey != nil {
			b.OnKey(ev)
		}
	}
}

// Cursor returns the point under the keyboard cursor (-1: none yet).
func (b *Board) Cursor() int { return b.cursor }

// startCursor is where the cursor starts: the selected piece, else the first
// piece that can move (or the first placement), else point 0.
func (b *Board) startCursor() int {
	if b.selected >= 0 {
		return b.selected
	}
	for _, m := range b.moves {
		if b.placing() {
			return int(m.To)
		}
		if m.From >= 0 && int(m.From) < len(b.pos.Board().Points) {
			return int(m.From)
		}
	}
	return 0
}

// MoveCursor moves the cursor to the nearest point in the screen direction
// (dx, dy) (one of them 0, the other ±1), within 45° of it; it stays where
// no point lies that way.
func (b *Board) MoveCursor(dx, dy float32) {
	if b.cursor < 0 {
		b.cursor = b.startCursor()
	}
	l := b.Layout()
	if l.Unit <= 0 {
		return
	}
	from := l.PointPos(b.cursor)
	best, bestScore := -1, float32(math.MaxFloat32)
	for i := range b.pos.Board().Points {
		p := l.PointPos(i)
		vx, vy := p.X-from.X, p.Y-from.Y
		along := vx*dx + vy*dy
		across := float32(math.Abs(float64(vx*dy - vy*dx)))
		if along <= 0.01 || across > along {
			continue
		}
		if s := along + 2*across; s < bestScore {
			best, bestScore = i, s
		}
	}
	if best >= 0 {
		b.cursor = best
		b.Refresh()
	}
}

// SelectCursor acts on the point under the cursor like a tap.
func (b *Board) SelectCursor() {
	if b.readOnly || b.cursor < 0 {
		return
	}
	b.tapPoint(b.cursor, true)
}

// placeCursor shows the keyboard cursor while the board has the focus.
func (r *boardRenderer) placeCursor() {
	b := r.b
	if r.cursor == nil {
		return
	}
	if !b.focused || !b.keyMode || !r.validPoint(b.cursor) || r.l.Unit <= 0 {
		if r.cursor.Visible() {
			r.cursor.Hide()
		}
		return
	}
	r.cursor.StrokeColor = b.Theme().Color(theme.ColorNameFocus, fyne.CurrentApp().Settings().ThemeVariant())
	r.cursor.StrokeColor = opaque(r.cursor.StrokeColor)
	r.cursor.StrokeWidth = max(3, 0.1*r.l.Unit)
	placeCircle(r.cursor, r.tokenCenter(b.cursor), 0.55*r.l.Unit)
	r.cursor.Show()
	canvas.Refresh(r.cursor)
}

// opaque is c without transparency (the focus colour is see-through, for
// blending over buttons; the cursor ring must stand out on the board).
func opaque(c color.Color) color.Color {
	r, g, b, a := c.RGBA()
	if a == 0 {
		return c
	}
	return color.NRGBA{R: uint8(r * 0xffff / a >> 8), G: uint8(g * 0xffff / a >> 8), B: uint8(b * 0xffff / a >> 8), A: 0xff}
}

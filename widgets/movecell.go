package widgets

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// MoveCell is one entry of a move list: a compact text (a move, or a move
// number), highlighted when its position is the one shown, that calls onTap
// when tapped.
type MoveCell struct {
	widget.BaseWidget
	text    string
	current bool
	dim     bool // the move number
	onTap   func()
}

var _ fyne.Tappable = (*MoveCell)(nil)

// NewMoveCell returns an empty cell for a move.
func NewMoveCell() *MoveCell {
	c := &MoveCell{}
	c.ExtendBaseWidget(c)
	return c
}

// NewMoveNumberCell returns an empty cell for a move number ("12."), dimmed
// and narrower than a move's.
func NewMoveNumberCell() *MoveCell {
	c := &MoveCell{dim: true}
	c.ExtendBaseWidget(c)
	return c
}

// Set shows text, highlighted when current, and makes a tap call onTap
// (nil: nothing).
func (c *MoveCell) Set(text string, current bool, onTap func()) {
	c.onTap = onTap
	if c.text != text || c.current != current {
		c.text, c.current = text, current
		c.Refresh()
	}
}

// Tapped is part of fyne.Tappable.
func (c *MoveCell) Tapped(*fyne.PointEvent) {
	if c.onTap != nil {
		c.onTap()
	}
}

// Text returns the text shown.
func (c *MoveCell) Text() string { return c.text }

// Current reports whether the cell is highlighted.
func (c *MoveCell) Current() bool { return c.current }

// CreateRenderer is part of fyne.Widget.
func (c *MoveCell) CreateRenderer() fyne.WidgetRenderer {
	bg := canvas.NewRectangle(color.Transparent)
	bg.CornerRadius = theme.InputRadiusSize()
	txt := canvas.NewText("", theme.Color(theme.ColorNameForeground))
	r := &moveCellRenderer{c: c, bg: bg, txt: txt}
	r.Refresh()
	return r
}

type moveCellRenderer struct {
	c   *MoveCell
	bg  *canvas.Rectangle
	txt *canvas.Text
}

func (r *moveCellRenderer) Destroy() {}

func (r *moveCellRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.bg, r.txt} }

func (r *moveCellRenderer) pad() (x, y float32) { return theme.Padding() * 1.5, theme.Padding() * 0.75 }

func (r *moveCellRenderer) MinSize() fyne.Size {
	px, py := r.pad()
	sample := "0000000" // a move
	if r.c.dim {
		sample = "000." // a move number
	}
	m := fyne.MeasureText(sample, r.txt.TextSize, r.txt.TextStyle)
	return fyne.NewSize(m.Width+2*px, m.Height+2*py)
}

func (r *moveCellRenderer) Layout(size fyne.Size) {
	px, _ := r.pad()
	r.bg.Resize(size)
	ts := r.txt.MinSize()
	r.txt.Move(fyne.NewPos(px, (size.Height-ts.Height)/2))
	r.txt.Resize(fyne.NewSize(size.Width-2*px, ts.Height))
}

func (r *moveCellRenderer) Refresh() {
	c := r.c
	r.txt.Text = c.text
	r.txt.TextSize = theme.TextSize()
	r.txt.TextStyle = fyne.TextStyle{Bold: c.current}
	r.txt.Color = theme.Color(theme.ColorNameForeground)
	if c.dim {
		r.txt.Color = theme.Color(theme.ColorNamePlaceHolder)
	}
	r.bg.FillColor = color.Transparent
	if c.current {
		r.bg.FillColor = theme.Color(theme.ColorNameSelection)
	}
	r.Layout(c.Size())
	r.bg.Refresh()
	r.txt.Refresh()
}

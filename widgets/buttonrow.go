package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// buttonRow lays buttons out in equal columns, like a grid of one row; where
// equal columns are too narrow for their icons, each button takes the width
// it needs with its icon and the room left is shared out; where even that
// does not fit, it drops their icons (large text on a phone). Where even the buttons without icons do not fit
// on one line, it wraps them onto more lines, so that its least width is
// that of its widest button: it never makes a screen wider than a phone.
// Like ColumnsLayout, its least height is that of the lines at the width
// it was last laid out at. The rows of one IconGroup (as wide as each other)
// keep or drop their icons together.
type buttonRow struct {
	g     *IconGroup
	width float32 // the width of the last layout (0: none yet)
}

// IconGroup is rows of buttons (Row) that show their icons or not
// together, and the buttons' icons.
type IconGroup struct {
	rows  [][]fyne.CanvasObject
	icons map[*widget.Button]fyne.Resource
	// plain holds the least widths of plain buttons by text and text size
	// (plainWidth).
	plain map[plainKey]float32
}

type plainKey struct {
	text string
	size float32
}

// NewIconGroup makes a group of rows of buttons.
func NewIconGroup() *IconGroup {
	return &IconGroup{icons: map[*widget.Button]fyne.Resource{}, plain: map[plainKey]float32{}}
}

// plainWidth is the least width of a plain button (no icon) with text, at
// the theme's text size. It is measured on a button made for it once per
// text and size: a new button at every layout would leave a renderer in
// Fyne's cache for a minute each time (tens of MB in watch mode).
func (g *IconGroup) plainWidth(text string) float32 {
	k := plainKey{text, theme.TextSize()}
	w, ok := g.plain[k]
	if !ok {
		w = widget.NewButton(text, nil).MinSize().Width
		g.plain[k] = w
	}
	return w
}

// Row returns the buttons in a buttonRow of the group.
func (g *IconGroup) Row(btns ...*widget.Button) *fyne.Container {
	objs := make([]fyne.CanvasObject, len(btns))
	for i, b := range btns {
		g.icons[b] = b.Icon
		objs[i] = b
	}
	g.rows = append(g.rows, objs)
	return container.New(&buttonRow{g: g}, objs...)
}

// Width is the width of the group's widest row with its icons: its
// buttons in equal columns, or each as wide as it needs where that is
// less, and the padding between them.
func (g *IconGroup) Width() float32 {
	w := float32(0)
	for _, row := range g.rows {
		l := &buttonRow{g: g}
		with, _ := l.widths(row)
		k := float32(len(row))
		_, sum := l.natural(row, true)
		w = max(w, min(k*with+(k-1)*theme.Padding(), sum))
	}
	return w
}

// IconWidth is what an icon adds to a button's width.
func IconWidth() float32 { return theme.IconInlineSize() + theme.Padding() }

// widths are the widest button's least width with its icon and without.
// (A button's own MinSize lags behind SetIcon, so both are measured on
// plain buttons with the same text.)
func (l *buttonRow) widths(objs []fyne.CanvasObject) (with, without float32) {
	for _, o := range objs {
		if !o.Visible() {
			continue
		}
		b, ok := o.(*widget.Button)
		if !ok || l.g.icons[b] == nil {
			w := o.MinSize().Width
			with, without = max(with, w), max(without, w)
			continue
		}
		plain := l.g.plainWidth(b.Text)
		with = max(with, plain+IconWidth())
		without = max(without, plain)
	}
	return with, without
}

// perLine is how many of n buttons go on one line at width w: all of them
// where they fit without icons (in equal columns or each its own width),
// else as many as fit in equal columns (at least one).
func (l *buttonRow) perLine(objs []fyne.CanvasObject, w float32) int {
	if fits, _ := l.fits(objs, w, false); fits {
		return len(objs)
	}
	_, without := l.widths(objs)
	pad := theme.Padding()
	k := len(objs)
	for k > 1 && float32(k)*without+float32(k-1)*pad > w {
		k--
	}
	return k
}

// natural is each button's least width, with its icon or without, and
// their sum with the padding between them: the row's least width where
// the buttons need not be as wide as each other.
func (l *buttonRow) natural(objs []fyne.CanvasObject, icons bool) (ws []float32, sum float32) {
	ws = make([]float32, len(objs))
	for i, o := range objs {
		if !o.Visible() {
			continue
		}
		b, ok := o.(*widget.Button)
		switch {
		case !ok || l.g.icons[b] == nil:
			ws[i] = o.MinSize().Width
		case icons:
			ws[i] = l.g.plainWidth(b.Text) + IconWidth()
		default:
			ws[i] = l.g.plainWidth(b.Text)
		}
		sum += ws[i]
	}
	return ws, sum + float32(len(objs)-1)*theme.Padding()
}

// fits reports whether row fits on one line of width w, with its icons or
// without: in equal columns (equal), or else each button as wide as it
// needs and the room left shared out (a phone's card of three buttons, one
// of them long).
func (l *buttonRow) fits(row []fyne.CanvasObject, w float32, icons bool) (fits, equal bool) {
	k := float32(len(row))
	with, without := l.widths(row)
	widest := without
	if icons {
		widest = with
	}
	if w >= k*widest+(k-1)*theme.Padding() {
		return true, true
	}
	_, sum := l.natural(row, icons)
	return w >= sum, false
}

func (l *buttonRow) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	n := len(objs)
	if n == 0 {
		return
	}
	l.width = size.Width
	pad := theme.Padding()
	k := l.perLine(objs, size.Width)
	lines := (n + k - 1) / k
	showIcons := k == n
	for _, row := range l.g.rows {
		fits, _ := l.fits(row, size.Width, true)
		showIcons = showIcons && fits
	}
	w := (size.Width - float32(k-1)*pad) / float32(k)
	h := (size.Height - float32(lines-1)*pad) / float32(lines)
	// On one line where equal columns do not fit: each button its own
	// width, and the room left shared out equally.
	var widths []float32
	if _, equal := l.fits(objs, size.Width, showIcons); k == n && !equal {
		ws, sum := l.natural(objs, showIcons)
		extra := (size.Width - sum) / float32(n)
		for i := range ws {
			ws[i] += extra
		}
		widths = ws
	}
	x := float32(0)
	for i, o := range objs {
		if b, ok := o.(*widget.Button); ok && l.g.icons[b] != nil {
			if showIcons && b.Icon == nil {
				b.SetIcon(l.g.icons[b])
			} else if !showIcons && b.Icon != nil && b.Text != "" {
				b.SetIcon(nil)
			}
		}
		if widths != nil {
			o.Move(fyne.NewPos(x, 0))
			o.Resize(fyne.NewSize(widths[i], h))
			x += widths[i] + pad
			continue
		}
		o.Move(fyne.NewPos(float32(i%k)*(w+pad), float32(i/k)*(h+pad)))
		o.Resize(fyne.NewSize(w, h))
	}
}

func (l *buttonRow) MinSize(objs []fyne.CanvasObject) fyne.Size {
	n := len(objs)
	if n == 0 {
		return fyne.Size{}
	}
	_, without := l.widths(objs)
	h := float32(0)
	for _, o := range objs {
		h = max(h, o.MinSize().Height)
	}
	pad := theme.Padding()
	lines := 1
	if l.width > 0 {
		k := l.perLine(objs, l.width)
		lines = (n + k - 1) / k
	}
	return fyne.NewSize(without, float32(lines)*h+float32(lines-1)*pad)
}

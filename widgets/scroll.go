package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// NewVScroll is a vertical scroll whose content keeps clear of its scroll
// bar. Fyne lays a scroll's bar over the right edge of its content, and the
// bar's area takes the taps and drags there (ScrollBarSize wide while the
// pointer is over it): the buttons at the right end of a row (Resign, Offer
// a draw, Hint, Settings, Paste …) lay under it on a phone. Here, while the
// content is taller than the scroll (so the bar shows), the content is laid
// out ScrollBarSize narrower, and the bar has that gutter to itself; once
// it all fits, the content has the whole width again.
func NewVScroll(content fyne.CanvasObject) *container.Scroll {
	s := container.NewVScroll(nil)
	SetScrollContent(s, content)
	return s
}

// NewVScrollKeepingGutter is NewVScroll whose content keeps clear of the
// bar's place even while it all fits: for a panel whose content grows and
// shrinks as one plays (a notice comes and goes), so that the bar showing
// moves nothing sideways.
func NewVScrollKeepingGutter(content fyne.CanvasObject) *container.Scroll {
	s := container.NewVScroll(nil)
	s.Content = container.New(&gutterLayout{scroll: s, always: true}, content)
	return s
}

// SetScrollContent sets the content of a scroll made by NewVScroll (or any
// vertical scroll), with the gutter for its bar.
func SetScrollContent(s *container.Scroll, content fyne.CanvasObject) {
	s.Content = container.New(&gutterLayout{scroll: s}, content)
}

// ScrollGutter is the room kept for a vertical scroll's bar at the right of
// its content while the bar shows.
func ScrollGutter() float32 { return theme.ScrollBarSize() }

// gutterLayout lays its one object out the scroll's width less the bar's
// gutter while the content is taller than the scroll.
type gutterLayout struct {
	scroll *container.Scroll
	always bool // keep the gutter while the content fits too
}

// bar reports whether the scroll shows its bar for content of height h.
func (l *gutterLayout) bar(h float32) bool {
	if l.always {
		return true
	}
	sh := l.scroll.Size().Height
	return sh > 0 && h > sh+0.5
}

func (l *gutterLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) == 0 {
		return
	}
	o := objs[0]
	w := size.Width
	if l.bar(o.MinSize().Height) {
		// Narrower, even below the content's least width: rows whose
		// least width follows the width they were laid out at (rows of
		// buttons, captureRow, a title) take the new width and wrap.
		w = max(w-ScrollGutter(), 0)
	}
	o.Move(fyne.NewPos(0, 0))
	o.Resize(fyne.NewSize(w, size.Height))
}

func (l *gutterLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	if len(objs) == 0 {
		return fyne.Size{}
	}
	return objs[0].MinSize()
}

package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// AtLeast is o, at least h tall (a list that keeps room for a few lines).
func AtLeast(h float32, o fyne.CanvasObject) fyne.CanvasObject {
	return container.New(minHeightLayout{h}, o)
}

// minHeightLayout stacks its objects over its whole size and is at least h
// tall.
type minHeightLayout struct{ h float32 }

func (l minHeightLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

func (l minHeightLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		s = s.Max(o.MinSize())
	}
	s.Height = max(s.Height, l.h)
	return s
}

// ColumnsLayout lays its objects out in as many equal columns as fit
// colWidth, rows as tall as their tallest object (home screen cards).
//
// Its MinSize is the height at the width it was last laid out at (one column
// before that): a vertical scroll around it then scrolls exactly as far as
// the cards go. When a new width changes that height, OnChange (the scroll's
// Refresh) lays the scroll out again.
type ColumnsLayout struct {
	ColWidth float32
	OnChange func()

	width, height float32 // of the last layout: its width, the height needed
}

func (l *ColumnsLayout) cols(width float32) int {
	n := int(width / l.ColWidth)
	return max(n, 1)
}

// rows calls f for each row of objects with the row's height.
func (l *ColumnsLayout) rows(objs []fyne.CanvasObject, n int, f func(row []fyne.CanvasObject, h float32)) {
	for i := 0; i < len(objs); i += n {
		row := objs[i:min(i+n, len(objs))]
		h := float32(0)
		for _, o := range row {
			h = max(h, o.MinSize().Height)
		}
		f(row, h)
	}
}

func (l *ColumnsLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	pad := theme.Padding()
	n := l.cols(size.Width)
	w := (size.Width - pad*float32(n-1)) / float32(n)
	for _, o := range objs { // widths first: wrapped texts' heights follow them
		o.Resize(fyne.NewSize(w, o.Size().Height))
	}
	y := float32(0)
	l.rows(objs, n, func(row []fyne.CanvasObject, h float32) {
		for j, o := range row {
			o.Move(fyne.NewPos(float32(j)*(w+pad), y))
			o.Resize(fyne.NewSize(w, h))
		}
		y += h + pad
	})
	needed := max(y-pad, 0)
	changed := size.Width != l.width || needed != l.height
	l.width, l.height = size.Width, needed
	if changed && l.OnChange != nil {
		l.OnChange()
	}
}

func (l *ColumnsLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	pad := theme.Padding()
	n := 1
	if l.width > 0 {
		n = l.cols(l.width)
	}
	var w, h float32
	for _, o := range objs {
		w = max(w, o.MinSize().Width)
	}
	l.rows(objs, n, func(_ []fyne.CanvasObject, rh float32) { h += rh + pad })
	return fyne.NewSize(w, max(h-pad, 0))
}

// ReserveLayout stacks its objects over its whole size, and is at least
// Height() tall even when they are hidden or short: a row that keeps its room
// (the game's Pass and Offer a draw), so what is below it does not move when
// they show.
type ReserveLayout struct{ Height func() float32 }

func (l ReserveLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

func (l ReserveLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		if o.Visible() {
			s = s.Max(o.MinSize())
		}
	}
	s.Height = max(s.Height, l.Height())
	return s
}

package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// boardLayout places a board and a panel: on a portrait container (phone)
// the board is on top and the panel below; on a landscape one (tablet,
// desktop) the board is on the left and the panel on the right. It picks by
// the container's aspect ratio, so it follows window resizes and rotation.
// Objects: [0] board, [1] panel.
type boardLayout struct{}

// minPanel is the least room the panel gets beside or below the board.
const (
	minPanelWidth  = 360 // three buttons with icon and label side by side
	minPanelHeight = 260
	// movesRoom is the room kept below the panel's least height, in portrait,
	// for a few lines of the move list.
	movesRoom = 80
)

func (boardLayout) portrait(size fyne.Size) bool { return size.Width < size.Height*1.1 }

func (l boardLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) < 2 {
		return
	}
	board, panel := objs[0], objs[1]
	pad := theme.Padding()
	if l.portrait(size) {
		// The panel gets its least height and room for a few moves of the
		// list (large text makes its head taller), at least minPanelHeight.
		need := max(float32(minPanelHeight), panel.MinSize().Height+movesRoom)
		side := min(size.Width, size.Height-need-pad)
		side = max(side, 0)
		board.Move(fyne.NewPos((size.Width-side)/2, 0))
		board.Resize(fyne.NewSize(side, side))
		panel.Move(fyne.NewPos(0, side+pad))
		panel.Resize(fyne.NewSize(size.Width, max(size.Height-side-pad, 0)))
		return
	}
	side := min(size.Height, size.Width-minPanelWidth-pad)
	side = max(side, 0)
	board.Move(fyne.NewPos(0, (size.Height-side)/2))
	board.Resize(fyne.NewSize(side, side))
	panel.Move(fyne.NewPos(side+pad, 0))
	panel.Resize(fyne.NewSize(max(size.Width-side-pad, 0), size.Height))
}

func (boardLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	if len(objs) < 2 {
		return fyne.NewSize(0, 0)
	}
	p := objs[1].MinSize()
	// Portrait minimum: a small board above the panel.
	w := max(p.Width, 200)
	return fyne.NewSize(w, 200+theme.Padding()+p.Height)
}

// columnsLayout lays its objects out in as many equal columns as fit
// colWidth, rows as tall as their tallest object (home screen cards).
//
// Its MinSize is the height at the width it was last laid out at (one column
// before that): a vertical scroll around it then scrolls exactly as far as
// the cards go. When a new width changes that height, onChange (the scroll's
// Refresh) lays the scroll out again.
type columnsLayout struct {
	colWidth float32
	onChange func()

	width, height float32 // of the last layout: its width, the height needed
}

func (l *columnsLayout) cols(width float32) int {
	n := int(width / l.colWidth)
	return max(n, 1)
}

// rows calls f for each row of objects with the row's height.
func (l *columnsLayout) rows(objs []fyne.CanvasObject, n int, f func(row []fyne.CanvasObject, h float32)) {
	for i := 0; i < len(objs); i += n {
		row := objs[i:min(i+n, len(objs))]
		h := float32(0)
		for _, o := range row {
			h = max(h, o.MinSize().Height)
		}
		f(row, h)
	}
}

func (l *columnsLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
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
	if changed && l.onChange != nil {
		l.onChange()
	}
}

func (l *columnsLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
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

// reserveLayout stacks its objects over its whole size, and is at least
// height() tall even when they are hidden or short: a row that keeps its room
// (the game notice), so what is below it does not move when it shows.
type reserveLayout struct{ height func() float32 }

func (l reserveLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	for _, o := range objs {
		o.Move(fyne.NewPos(0, 0))
		o.Resize(size)
	}
}

func (l reserveLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		if o.Visible() {
			s = s.Max(o.MinSize())
		}
	}
	s.Height = max(s.Height, l.height())
	return s
}

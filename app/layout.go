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
	minPanelWidth  = 300
	minPanelHeight = 260
)

func (boardLayout) portrait(size fyne.Size) bool { return size.Width < size.Height*1.1 }

func (l boardLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) < 2 {
		return
	}
	board, panel := objs[0], objs[1]
	pad := theme.Padding()
	if l.portrait(size) {
		side := min(size.Width, size.Height-minPanelHeight-pad)
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
type columnsLayout struct{ colWidth float32 }

func (l columnsLayout) cols(width float32) int {
	n := int(width / l.colWidth)
	return max(n, 1)
}

func (l columnsLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	pad := theme.Padding()
	n := l.cols(size.Width)
	w := (size.Width - pad*float32(n-1)) / float32(n)
	y := float32(0)
	for i := 0; i < len(objs); i += n {
		row := objs[i:min(i+n, len(objs))]
		h := float32(0)
		for _, o := range row {
			h = max(h, o.MinSize().Height)
		}
		for j, o := range row {
			o.Move(fyne.NewPos(float32(j)*(w+pad), y))
			o.Resize(fyne.NewSize(w, h))
		}
		y += h + pad
	}
}

func (l columnsLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	// The height for one column; the scroll container around it is given the
	// real width, and Layout uses it. Good enough for a vertical scroll.
	var w, h float32
	for _, o := range objs {
		m := o.MinSize()
		w = max(w, m.Width)
		h += m.Height + theme.Padding()
	}
	return fyne.NewSize(w, h)
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

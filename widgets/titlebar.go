package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
)

// TitleBar puts a screen's title and its bar of buttons on one row where
// both fit whole, the buttons at the trailing edge; where they do not (a
// phone's home screen with Continue shown) the title takes a row of its
// own above the buttons: it is never cut short ("Hunt ⋯"). Its height
// follows the width it was last laid out at, so its parent must lay it out
// at its width before asking its height (WidthFirstBorder).
func TitleBar(title, bar fyne.CanvasObject) *fyne.Container {
	return container.New(&titleBarLayout{}, title, bar)
}

// titleBarLayout lays out [0] the title and [1] the bar (TitleBar).
type titleBarLayout struct{ width float32 }

// stacked reports whether at width w the title goes above the bar.
func (l *titleBarLayout) stacked(objs []fyne.CanvasObject, w float32) bool {
	return w > 0 && objs[0].MinSize().Width+theme.Padding()+objs[1].MinSize().Width > w
}

func (l *titleBarLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	l.width = size.Width
	title, bar := objs[0], objs[1]
	ts, bs := title.MinSize(), bar.MinSize()
	if l.stacked(objs, size.Width) {
		title.Move(fyne.NewPos(0, 0))
		title.Resize(fyne.NewSize(size.Width, ts.Height))
		bar.Move(fyne.NewPos(max(size.Width-bs.Width, 0), ts.Height+theme.Padding()))
		bar.Resize(bs)
		return
	}
	h := max(ts.Height, bs.Height)
	title.Move(fyne.NewPos(0, (h-ts.Height)/2))
	title.Resize(fyne.NewSize(max(size.Width-bs.Width-theme.Padding(), ts.Width), ts.Height))
	bar.Move(fyne.NewPos(size.Width-bs.Width, (h-bs.Height)/2))
	bar.Resize(bs)
}

func (l *titleBarLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	ts, bs := objs[0].MinSize(), objs[1].MinSize()
	w := max(ts.Width, bs.Width)
	if l.stacked(objs, l.width) {
		return fyne.NewSize(w, ts.Height+theme.Padding()+bs.Height)
	}
	return fyne.NewSize(w, max(ts.Height, bs.Height))
}

// WidthFirstBorder is container.NewBorder(top, bottom, nil, nil, center)
// for a top (or bottom) whose height depends on its width (TitleBar):
// each is given the width first, then its height at that width is asked.
func WidthFirstBorder(top, bottom, center fyne.CanvasObject) *fyne.Container {
	return container.New(widthFirstLayout{}, top, bottom, center)
}

// widthFirstLayout lays out [0] top, [1] bottom and [2] center
// (WidthFirstBorder).
type widthFirstLayout struct{}

// height gives o the width w at its current height, then returns its
// height at that width.
func (widthFirstLayout) height(o fyne.CanvasObject, w float32) float32 {
	o.Resize(fyne.NewSize(w, o.Size().Height))
	return o.MinSize().Height
}

func (l widthFirstLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	pad := theme.Padding()
	top, bottom, center := objs[0], objs[1], objs[2]
	th, bh := l.height(top, size.Width), l.height(bottom, size.Width)
	top.Move(fyne.NewPos(0, 0))
	top.Resize(fyne.NewSize(size.Width, th))
	bottom.Move(fyne.NewPos(0, size.Height-bh))
	bottom.Resize(fyne.NewSize(size.Width, bh))
	center.Move(fyne.NewPos(0, th+pad))
	center.Resize(fyne.NewSize(size.Width, max(size.Height-th-bh-2*pad, 0)))
}

func (widthFirstLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	pad := theme.Padding()
	t, b, c := objs[0].MinSize(), objs[1].MinSize(), objs[2].MinSize()
	return fyne.NewSize(max(t.Width, b.Width, c.Width), t.Height+b.Height+c.Height+2*pad)
}

package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"

	"huntchess/core"
	"huntchess/widgets"
)

// boardLayout places a board and a panel: on a portrait container (phone)
// the board is on top and the panel below; on a landscape one (tablet,
// desktop) the board is on the left and the panel on the right. It picks by
// the container's aspect ratio, so it follows window resizes and rotation.
// Objects: [0] board, [1] panel.
//
// The board's size follows the room, never the text: at large text the
// panel scrolls (scrollPanel) and the board stays as large as at normal
// text, its points never closer than widgets.MinTouchTarget where the
// window has room for that (boardFloor).
type boardLayout struct{}

// minPanel is the least room the panel gets beside or below the board.
const (
	minPanelWidth  = 360 // three buttons with icon and label side by side
	minPanelHeight = 260
	// movesRoom is the least height of a panel's list (the game's moves,
	// the review's), under the rest of the panel: the panel scrolls to it
	// where the room is short.
	movesRoom = 80
)

// boardFloor is the least side of the board where the window has room for
// it: the largest of the games' boards then has its points
// widgets.MinTouchTarget apart (a piece's touch target).
var boardFloor = func() float32 {
	span := 0
	for _, g := range core.Games() {
		b := g.Board
		span = max(span, b.MaxX-b.MinX, b.MaxY-b.MinY)
	}
	return widgets.MinTouchTarget * (float32(span) + 2*widgets.MarginUnits)
}()

func (boardLayout) portrait(size fyne.Size) bool { return size.Width < size.Height*1.1 }

// boardSide is the board's side in a container of size.
func (l boardLayout) boardSide(size fyne.Size) float32 {
	pad := theme.Padding()
	var side float32
	if l.portrait(size) {
		// The full width, less what leaves the panel its least height; but
		// at least the floor, where the width and height allow it.
		side = min(size.Width, size.Height, max(size.Height-minPanelHeight-pad, boardFloor))
	} else {
		// The height, less what leaves the panel its least width; but at
		// least the floor, or half the width where that is less (a small
		// window: the panel scrolls).
		// (The panel's scroll keeps a gutter for its bar: scrollPanel.)
		side = min(size.Height, max(size.Width-minPanelWidth-widgets.ScrollGutter()-pad, min(boardFloor, size.Width/2)))
	}
	return max(side, 0)
}

func (l boardLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	if len(objs) < 2 {
		return
	}
	board, panel := objs[0], objs[1]
	pad := theme.Padding()
	side := l.boardSide(size)
	if l.portrait(size) {
		board.Move(fyne.NewPos((size.Width-side)/2, 0))
		board.Resize(fyne.NewSize(side, side))
		panel.Move(fyne.NewPos(0, side+pad))
		panel.Resize(fyne.NewSize(size.Width, max(size.Height-side-pad, 0)))
		return
	}
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
	// Portrait minimum: a small board above the panel (which scrolls).
	w := max(p.Width, 200)
	return fyne.NewSize(w, 200+theme.Padding()+p.Height)
}

// scrollPanel is the panel of a screen with a board (boardLayout): head on
// top and, if not nil, rest under it in the room left (a list: at least
// movesRoom of it), in a vertical scroll. Where the room is short (large
// text, a small window) the panel scrolls and the board keeps its size;
// what changes in rest (a notice above the list) moves nothing above it.
func scrollPanel(head, rest fyne.CanvasObject) fyne.CanvasObject {
	var c *fyne.Container
	if rest == nil {
		c = container.NewBorder(head, nil, nil, nil)
	} else {
		c = container.NewBorder(head, nil, nil, nil, rest)
	}
	scroll := widgets.NewVScrollKeepingGutter(c) // a notice showing moves no button sideways
	if h, ok := head.(*fyne.Container); ok && h.Layout != nil {
		// a row whose height follows its width (captureRow, a wrapped
		// title): the panel is laid out again when the head's height changes
		watch := &heightWatch{inner: h.Layout, onChange: scroll.Refresh}
		h.Layout = watch
	}
	return container.NewPadded(scroll)
}

// captureRow is the game panel's row of captures: "Captured: n / m", the
// tray of captured pieces and, in a game with placement, the pieces in
// hand at the trailing edge. Where the three do not fit on one line (a
// phone at large text) the pieces in hand go on a line of their own under
// the others. Whether they do is decided on the widest text the pieces in
// hand will show in this game (inHandWidest), not on the one shown, so the
// row keeps its lines, and the buttons under it their places, as the count
// goes down. Objects: [0] captured, [1] tray, [2] in hand.
//
// Its MinSize is the height at the width it was last laid out at (as
// widgets.ColumnsLayout's); scrollPanel lays the panel out again when it
// changes.
type captureRow struct {
	inHandWidest func() float32
	width        float32
}

func (l *captureRow) stacked(objs []fyne.CanvasObject, w float32) bool {
	if !objs[2].Visible() || w <= 0 {
		return false
	}
	pad := theme.Padding()
	return objs[0].MinSize().Width+pad+objs[1].MinSize().Width+pad+l.inHandWidest() > w
}

func (l *captureRow) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	l.width = size.Width
	captured, tray, inHand := objs[0], objs[1], objs[2]
	pad := theme.Padding()
	cs, ts, is := captured.MinSize(), tray.MinSize(), inHand.MinSize()
	line := max(cs.Height, ts.Height)
	right := size.Width
	if !l.stacked(objs, size.Width) && inHand.Visible() {
		line = max(line, is.Height)
		right = size.Width - is.Width - pad
		inHand.Move(fyne.NewPos(size.Width-is.Width, (line-is.Height)/2))
		inHand.Resize(fyne.NewSize(is.Width, is.Height))
	} else if inHand.Visible() {
		inHand.Move(fyne.NewPos(max(size.Width-is.Width, 0), line+pad))
		inHand.Resize(fyne.NewSize(min(is.Width, size.Width), is.Height))
	}
	captured.Move(fyne.NewPos(0, (line-cs.Height)/2))
	captured.Resize(fyne.NewSize(cs.Width, cs.Height))
	tray.Move(fyne.NewPos(cs.Width+pad, (line-ts.Height)/2))
	tray.Resize(fyne.NewSize(max(right-cs.Width-pad, ts.Width), ts.Height))
}

func (l *captureRow) MinSize(objs []fyne.CanvasObject) fyne.Size {
	captured, tray, inHand := objs[0], objs[1], objs[2]
	pad := theme.Padding()
	cs, ts, is := captured.MinSize(), tray.MinSize(), inHand.MinSize()
	w := cs.Width + pad + ts.Width
	h := max(cs.Height, ts.Height)
	switch {
	case !inHand.Visible():
	case l.stacked(objs, l.width):
		w = max(w, is.Width)
		h += pad + is.Height
	default:
		w += pad + is.Width
		h = max(h, is.Height)
	}
	return fyne.NewSize(w, h)
}

package widgets

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"huntchess/core"
)

// Drawing sizes in board units.
const (
	dotRadius     = 0.075
	trapRadius    = 0.2
	gateRadius    = 0.47
	lastRadius    = 0.46
	hintRadius    = 0.44
	stepRadius    = 0.15
	captRadius    = 0.3
	placeRadius   = 0.17
	captMarkRad   = 0.43
	selectRadius  = 0.45
	flashRadius   = 0.42
	glyphSize     = 0.42
	labelSize     = 0.2
	labelOffset   = 0.62
	hatchSpacing  = 0.14 // between the cliff's hatching lines
	lineWidth     = 0.045
	dashesPerLine = 6
)

// boardRenderer draws a Board. Its objects are grouped by concern, each in
// its own file: the scenery (board_scenery.go), what each point shows
// (board_points.go), the selection and the dragged piece (board_drag.go),
// the keyboard cursor (keyboard.go), the move animations (board_anim.go) and
// the illegal-tap cue (board_flash.go); the colours are in palette.go.
type boardRenderer struct {
	b     *Board
	board *core.Board // the board the objects were built for
	l     Layout
	pal   palette

	scenery
	points
	dragView
	cursor *canvas.Circle // the keyboard cursor (keyboard.go)
	moveAnims
	flashCue

	objects []fyne.CanvasObject // every object, in drawing order
	shown   bool                // objects were shown: see show
}

func newBoardRenderer(b *Board) *boardRenderer {
	r := &boardRenderer{b: b, moveAnims: moveAnims{slideTo: -1}, flashCue: flashCue{flashP: -1}}
	r.build()
	r.update(true)
	return r
}

// build creates the canvas objects of the current board.
func (r *boardRenderer) build() {
	r.stopAnims()
	bd := r.b.pos.Board()
	r.board = bd
	r.l = r.b.layoutFor(r.b.Size())
	r.pal = r.palette()
	p := r.pal
	r.objects = r.objects[:0]
	add := func(o fyne.CanvasObject) { r.objects = append(r.objects, o) }

	r.scenery.build(bd, p, add)
	r.points.build(bd, p, add)
	r.dragView.build(p, add)
	r.cursor = canvas.NewCircle(color.Transparent)
	r.cursor.Hide()
	add(r.cursor)
	r.flashCue.build(p, add)
}

// Objects is part of fyne.WidgetRenderer.
func (r *boardRenderer) Objects() []fyne.CanvasObject { return r.objects }

// Destroy is part of fyne.WidgetRenderer.
func (r *boardRenderer) Destroy() {
	r.stopAnimations()
	if r.b.r == r {
		r.b.r = nil
	}
}

// MinSize is part of fyne.WidgetRenderer.
func (r *boardRenderer) MinSize() fyne.Size { return fyne.NewSize(160, 160) }

// Layout places every object for the widget size.
func (r *boardRenderer) Layout(size fyne.Size) {
	if r.board != r.b.pos.Board() {
		r.build()
	}
	r.l = r.b.layoutFor(size)
	r.scenery.layout(r.l, r.board)
	r.layoutPoints()
	r.placeHintLine()
	r.placeSelection()
	r.placeCursor()
	r.syncDrag()
	if r.flashP >= 0 && r.flashP < len(r.pts) {
		r.placeFlash()
	}
}

// Refresh brings the objects up to date with the widget state, refreshing
// only the objects whose state changed (all of them after a theme change).
func (r *boardRenderer) Refresh() {
	full := false
	if r.board != r.b.pos.Board() {
		r.build()
		r.Layout(r.b.Size())
		full = true
	}
	if p := r.palette(); p != r.pal {
		r.pal = p
		r.restyleStatic()
		full = true
	}
	r.update(full)
	r.placeCursor()
}

// restyleStatic applies the palette to the objects that do not depend on the position.
func (r *boardRenderer) restyleStatic() {
	p := r.pal
	r.scenery.restyle(p)
	r.points.restyle(p)
	r.selRing.StrokeColor = p.selected
	r.flashC.StrokeColor = p.flash
	for _, o := range r.objects {
		canvas.Refresh(o)
	}
}

func (r *boardRenderer) validPoint(i int) bool { return i >= 0 && i < len(r.pts) }

func (r *boardRenderer) setVisible(o fyne.CanvasObject, on bool) {
	if on == o.Visible() {
		return
	}
	if on {
		r.show(o)
	} else {
		o.Hide()
	}
	canvas.Refresh(o)
}

// show shows o. An object that was hidden when the window last walked its
// objects is unknown to the canvas, so canvas.Refresh(o) alone would not
// repaint it: flushShown refreshes the whole widget once instead.
func (r *boardRenderer) show(o fyne.CanvasObject) {
	if !o.Visible() {
		o.Show()
		r.shown = true
	}
}

// flushShown repaints the widget if objects were shown since the last call.
func (r *boardRenderer) flushShown() {
	if r.shown {
		r.shown = false
		canvas.Refresh(r.b)
	}
}

func placeCircle(c *canvas.Circle, center fyne.Position, radius float32) {
	c.Move(center.SubtractXY(radius, radius))
	c.Resize(fyne.NewSize(2*radius, 2*radius))
}

func lerpPos(a, b fyne.Position, t float32) fyne.Position {
	return fyne.NewPos(a.X+(b.X-a.X)*t, a.Y+(b.Y-a.Y)*t)
}

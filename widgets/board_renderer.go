package widgets

import (
	"image/color"
	"math"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"

	"huntchess/core"
)

// Animation durations.
const (
	slideDuration = 220 * time.Millisecond
	fadeDuration  = 320 * time.Millisecond
	flashDuration = 450 * time.Millisecond
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

// Target kinds of a point while a piece is selected (or while placing).
const (
	targetNone int8 = iota
	targetStep
	targetCapture
	targetPlace
)

// Occupants as drawn.
const (
	occEmpty int8 = iota
	occPred
	occPrey
)

// pointState is what is drawn at one point; objects are refreshed only when it changes.
type pointState struct {
	occ          int8
	target       int8
	capt         bool // a piece a legal move of the selection would capture
	last, hint   bool
	alpha        float32 // token opacity (fading captures, placements)
	glyph        string
	laidOutPos   fyne.Position
	laidOutUnit  float32
	pendingStyle bool
}

type pointObjs struct {
	dot    *canvas.Circle
	last   *canvas.Rectangle
	hint   *canvas.Circle
	target *canvas.Circle
	token  *canvas.Rectangle
	glyph  *canvas.Text
	capt   *canvas.Circle
	st     pointState
	valid  bool // st has been applied at least once
}

type lineObjs struct {
	line core.Line
	segs []*canvas.Line
}

// coordLabel is a file letter (below the board) or rank number (left of it).
type coordLabel struct {
	text *canvas.Text
	file bool
	v    int // the file's X or the rank's Y in board units
}

type boardRenderer struct {
	b     *Board
	board *core.Board
	l     Layout
	pal   palette

	surface  *canvas.Rectangle
	hull     [][2]float32   // cliff hull in board units (empty without a cliff)
	hatch    []*canvas.Line // the cliff's shading: hatching clipped to the hull
	hatchSeg [][2][2]float32
	labels   []coordLabel
	lines    []lineObjs
	traps    []*canvas.Circle
	trapX    []*canvas.Line
	gate     *canvas.Circle // nil unless the board has a gate
	pts      []pointObjs
	hintLine *canvas.Line
	// the dragged piece, drawn above the others
	dragTok   *canvas.Rectangle
	dragGlyph *canvas.Text
	dragShown int  // the point whose piece is shown dragged, or -1
	shown     bool // objects were shown: see show
	selRing   *canvas.Circle
	cursor    *canvas.Circle // the keyboard cursor (keyboard.go)
	flashC    *canvas.Circle

	objects []fyne.CanvasObject

	// animation state
	anims     []*fyne.Animation
	slideTo   int
	slideFrom fyne.Position
	slideT    float32
	fade      uint64 // captured prey fading out
	fadeA     float32
	appear    uint64 // placed prey fading in
	appearA   float32
	flashA    float32
	flashP    int
	flashAnim *fyne.Animation
	flashGen  int
}

func newBoardRenderer(b *Board) *boardRenderer {
	r := &boardRenderer{b: b, slideTo: -1, flashP: -1}
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

	r.surface = canvas.NewRectangle(p.surface)
	r.surface.StrokeColor = p.surfaceStroke
	add(r.surface)

	r.hull, r.hatch, r.hatchSeg = nil, nil, nil
	if bd.CliffMask() != 0 {
		var pts [][2]float32
		for i, pt := range bd.Points {
			if pt.Region == core.RegionCliff || i == bd.Gate {
				pts = append(pts, [2]float32{float32(pt.X), float32(pt.Y)})
			}
		}
		r.hull = convexHull(pts)
		r.hatchSeg = hatchSegments(r.hull, hatchSpacing)
		for range r.hatchSeg {
			h := canvas.NewLine(p.cliffHatch)
			r.hatch = append(r.hatch, h)
			add(h)
		}
	}

	r.labels = r.labels[:0]
	files, ranks := map[int]string{}, map[int]string{}
	for _, pt := range bd.Points {
		if f, rk, ok := splitName(pt.Name); ok {
			files[pt.X], ranks[pt.Y] = f, rk
		}
	}
	for x := bd.MinX; x <= bd.MaxX; x++ {
		if f, ok := files[x]; ok {
			r.labels = append(r.labels, coordLabel{text: canvas.NewText(f, p.label), file: true, v: x})
		}
	}
	for y := bd.MinY; y <= bd.MaxY; y++ {
		if rk, ok := ranks[y]; ok {
			r.labels = append(r.labels, coordLabel{text: canvas.NewText(rk, p.label), v: y})
		}
	}
	for _, lb := range r.labels {
		lb.text.Alignment = fyne.TextAlignCenter
		add(lb.text)
	}

	r.lines = r.lines[:0]
	for _, ln := range bd.Lines {
		n := 1
		if ln.Kind == core.LineWolfDiagonal {
			n = dashesPerLine
		}
		lo := lineObjs{line: ln}
		for k := 0; k < n; k++ {
			s := canvas.NewLine(p.lineColor(ln.Kind))
			lo.segs = append(lo.segs, s)
			add(s)
		}
		r.lines = append(r.lines, lo)
	}

	r.traps, r.trapX = nil, nil
	for _, pt := range bd.Points {
		if pt.Region != core.RegionTrap {
			continue
		}
		c := canvas.NewCircle(p.trap)
		c.StrokeColor = p.trapStroke
		r.traps = append(r.traps, c)
		add(c)
		for k := 0; k < 2; k++ {
			x := canvas.NewLine(p.trapStroke)
			r.trapX = append(r.trapX, x)
			add(x)
		}
	}

	r.gate = nil
	if bd.Gate >= 0 {
		r.gate = canvas.NewCircle(color.Transparent)
		r.gate.StrokeColor = p.gate
		add(r.gate)
	}

	r.pts = make([]pointObjs, len(bd.Points))
	for i, pt := range bd.Points {
		po := &r.pts[i]
		po.dot = canvas.NewCircle(p.dot)
		if pt.Region == core.RegionTrap {
			po.dot.Hide()
		}
		po.last = canvas.NewRectangle(p.last)
		po.last.StrokeColor = p.lastStroke
		po.hint = canvas.NewCircle(color.Transparent)
		po.hint.StrokeColor = p.hint
		po.target = canvas.NewCircle(color.Transparent)
		po.token = canvas.NewRectangle(color.Transparent)
		po.glyph = canvas.NewText("", color.White)
		po.glyph.Alignment = fyne.TextAlignCenter
		po.glyph.TextStyle = fyne.TextStyle{Bold: true}
		po.capt = canvas.NewCircle(p.captFill)
		po.capt.StrokeColor = p.capture
		for _, o := range []fyne.CanvasObject{po.last, po.hint, po.target, po.token, po.glyph, po.capt} {
			o.Hide()
		}
	}
	for i := range r.pts {
		add(r.pts[i].dot)
	}
	for i := range r.pts {
		add(r.pts[i].last)
	}
	for i := range r.pts {
		add(r.pts[i].hint)
	}
	for i := range r.pts {
		add(r.pts[i].target)
	}
	r.hintLine = canvas.NewLine(p.hintLine)
	r.hintLine.Hide()
	add(r.hintLine)
	for i := range r.pts {
		add(r.pts[i].token)
		add(r.pts[i].glyph)
	}
	for i := range r.pts {
		add(r.pts[i].capt)
	}
	r.dragShown = -1
	r.dragTok = canvas.NewRectangle(color.Transparent)
	r.dragGlyph = canvas.NewText("", color.White)
	r.dragGlyph.Alignment = fyne.TextAlignCenter
	r.dragTok.Hide()
	r.dragGlyph.Hide()
	add(r.dragTok)
	add(r.dragGlyph)
	r.selRing = canvas.NewCircle(color.Transparent)
	r.selRing.StrokeColor = p.selected
	r.selRing.Hide()
	add(r.selRing)
	r.cursor = canvas.NewCircle(color.Transparent)
	r.cursor.Hide()
	add(r.cursor)
	r.flashC = canvas.NewCircle(color.Transparent)
	r.flashC.StrokeColor = p.flash
	r.flashC.Hide()
	add(r.flashC)
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
	l := r.b.layoutFor(size)
	r.l = l
	u := l.Unit
	p := r.pal

	pos, sz := l.BoardRect()
	r.surface.Move(pos)
	r.surface.Resize(sz)
	r.surface.CornerRadius = 0.25 * u
	r.surface.StrokeWidth = max(1, 0.03*u)

	for k, h := range r.hatch {
		seg := r.hatchSeg[k]
		h.Position1 = l.UnitPos(seg[0][0], seg[0][1])
		h.Position2 = l.UnitPos(seg[1][0], seg[1][1])
		h.StrokeWidth = max(1.5, 0.075*u)
	}

	for _, lb := range r.labels {
		lb.text.TextSize = labelSize * u
		ts := lb.text.MinSize()
		var c fyne.Position
		off := labelOffset * u
		if l.Flipped { // files above, ranks on the right
			off = -off
		}
		if lb.file {
			c = l.UnitPos(float32(lb.v), float32(r.board.MinY)).AddXY(0, off)
		} else {
			c = l.UnitPos(float32(r.board.MinX), float32(lb.v)).AddXY(-off, 0)
		}
		lb.text.Resize(fyne.NewSize(max(ts.Width, 0.5*u), ts.Height))
		lb.text.Move(fyne.NewPos(c.X-lb.text.Size().Width/2, c.Y-ts.Height/2))
	}

	lw := max(1.5, lineWidth*u)
	for _, lo := range r.lines {
		a, c := l.PointPos(lo.line.A), l.PointPos(lo.line.B)
		n := len(lo.segs)
		if n == 1 {
			lo.segs[0].Position1, lo.segs[0].Position2 = a, c
			lo.segs[0].StrokeWidth = lw
			continue
		}
		// n dashes and n-1 gaps of 0.8 dash length, starting and ending with a dash.
		d := 1 / (float32(n) + 0.8*float32(n-1))
		for k, s := range lo.segs {
			t0 := float32(k) * 1.8 * d
			s.Position1 = lerpPos(a, c, t0)
			s.Position2 = lerpPos(a, c, t0+d)
			s.StrokeWidth = lw
		}
	}

	ti := 0
	for i, pt := range r.board.Points {
		if pt.Region != core.RegionTrap {
			continue
		}
		c := l.PointPos(i)
		placeCircle(r.traps[ti], c, trapRadius*u)
		r.traps[ti].StrokeWidth = max(1.5, 0.06*u)
		x := 0.11 * u
		x1, x2 := r.trapX[2*ti], r.trapX[2*ti+1]
		x1.Position1, x1.Position2 = c.AddXY(-x, -x), c.AddXY(x, x)
		x2.Position1, x2.Position2 = c.AddXY(-x, x), c.AddXY(x, -x)
		x1.StrokeWidth, x2.StrokeWidth = max(1.5, 0.05*u), max(1.5, 0.05*u)
		ti++
	}
	if r.gate != nil {
		placeCircle(r.gate, l.PointPos(r.board.Gate), gateRadius*u)
		r.gate.StrokeWidth = max(2, 0.07*u)
	}

	for i := range r.pts {
		po := &r.pts[i]
		c := l.PointPos(i)
		placeCircle(po.dot, c, max(2, dotRadius*u))
		po.last.Move(c.SubtractXY(lastRadius*u, lastRadius*u))
		po.last.Resize(fyne.NewSize(2*lastRadius*u, 2*lastRadius*u))
		po.last.CornerRadius = 0.14 * u
		po.last.StrokeWidth = max(1.5, 0.04*u)
		placeCircle(po.hint, c, hintRadius*u)
		po.hint.StrokeWidth = max(2, 0.07*u)
		placeCircle(po.capt, c, captMarkRad*u)
		po.capt.StrokeWidth = max(2, 0.07*u)
		r.placeTarget(po, c)
		r.placeToken(i)
	}
	r.placeHintLine()
	r.placeSelection()
	r.placeCursor()
	r.syncDrag()
	if r.flashP >= 0 && r.flashP < len(r.pts) {
		r.placeFlash()
	}
	_ = p
}

func (r *boardRenderer) placeTarget(po *pointObjs, c fyne.Position) {
	u := r.l.Unit
	switch po.st.target {
	case targetCapture:
		placeCircle(po.target, c, captRadius*u)
		po.target.StrokeWidth = max(2.5, 0.08*u)
	case targetPlace:
		placeCircle(po.target, c, placeRadius*u)
		po.target.StrokeWidth = max(2, 0.06*u)
	default:
		placeCircle(po.target, c, stepRadius*u)
		po.target.StrokeWidth = 0
	}
}

// tokenCenter returns where the token of point i is drawn now (it differs
// from the point while it slides or is dragged).
func (r *boardRenderer) tokenCenter(i int) fyne.Position {
	c := r.l.PointPos(i)
	if i == r.slideTo {
		return lerpPos(r.slideFrom, c, r.slideT)
	}
	return c
}

func (r *boardRenderer) placeToken(i int) {
	po := &r.pts[i]
	r.placeTokenAt(po.token, po.glyph, po.st.occ, r.tokenCenter(i))
}

// placeTokenAt sizes and places a token (shape and glyph) centred on c.
func (r *boardRenderer) placeTokenAt(tok *canvas.Rectangle, glyph *canvas.Text, occ int8, c fyne.Position) {
	u := r.l.Unit
	rad := r.l.PieceRadius()
	if occ == occPrey {
		rad *= 0.92 // the rounded square looks bigger than the circle
	}
	tok.Move(c.SubtractXY(rad, rad))
	tok.Resize(fyne.NewSize(2*rad, 2*rad))
	tok.StrokeWidth = max(1.5, 0.05*u)
	if occ == occPred {
		tok.CornerRadius = rad
	} else {
		tok.CornerRadius = 0.28 * rad
	}
	glyph.TextSize = glyphSize * u
	ts := glyph.MinSize()
	glyph.Resize(fyne.NewSize(2*rad, ts.Height))
	glyph.Move(fyne.NewPos(c.X-rad, c.Y-ts.Height/2))
}

// syncDrag shows the dragged piece on top of everything at the pointer (its
// own token hidden meanwhile), or puts it back when the drag has ended.
func (r *boardRenderer) syncDrag() {
	b := r.b
	if b.dragging && r.validPoint(b.dragFrom) && r.l.Unit > 0 {
		i := b.dragFrom
		po := &r.pts[i]
		if r.dragShown != i {
			if r.validPoint(r.dragShown) {
				r.undrag(r.dragShown)
			}
			r.dragShown = i
			r.dragTok.FillColor, r.dragTok.StrokeColor = po.token.FillColor, po.token.StrokeColor
			r.dragGlyph.Text, r.dragGlyph.Color, r.dragGlyph.TextStyle = po.glyph.Text, po.glyph.Color, po.glyph.TextStyle
			r.show(r.dragTok)
			r.show(r.dragGlyph)
		}
		if po.token.Visible() {
			po.token.Hide()
			po.glyph.Hide()
			canvas.Refresh(po.token)
			canvas.Refresh(po.glyph)
		}
		r.placeTokenAt(r.dragTok, r.dragGlyph, po.st.occ, b.dragAt)
		canvas.Refresh(r.dragTok)
		canvas.Refresh(r.dragGlyph)
		return
	}
	if r.dragShown >= 0 {
		r.undrag(r.dragShown)
		r.dragShown = -1
	}
}

func (r *boardRenderer) undrag(i int) {
	r.dragTok.Hide()
	r.dragGlyph.Hide()
	canvas.Refresh(r.dragTok)
	canvas.Refresh(r.dragGlyph)
	if !r.validPoint(i) {
		return
	}
	po := &r.pts[i]
	r.styleToken(po, po.st)
	if r.l.Unit > 0 {
		r.placeToken(i)
	}
}

func (r *boardRenderer) placeSelection() {
	sel := r.b.selected
	if sel < 0 || sel >= len(r.pts) {
		return
	}
	c := r.tokenCenter(sel)
	if r.b.dragging && sel == r.b.dragFrom {
		c = r.b.dragAt
	}
	placeCircle(r.selRing, c, selectRadius*r.l.Unit)
	r.selRing.StrokeWidth = max(2.5, 0.08*r.l.Unit)
}

func (r *boardRenderer) placeHintLine() {
	h := r.b.hint
	if h.Kind != core.MoveStep && h.Kind != core.MoveJump {
		return
	}
	if !r.validPoint(int(h.From)) || !r.validPoint(int(h.To)) {
		return
	}
	r.hintLine.Position1 = r.l.PointPos(int(h.From))
	r.hintLine.Position2 = r.l.PointPos(int(h.To))
	r.hintLine.StrokeWidth = max(3, 0.12*r.l.Unit)
}

func (r *boardRenderer) placeFlash() {
	t := 1 - r.flashA // grows a little while fading
	placeCircle(r.flashC, r.l.PointPos(r.flashP), (flashRadius+0.08*t)*r.l.Unit)
	r.flashC.StrokeWidth = max(3, 0.1*r.l.Unit)
}

func (r *boardRenderer) validPoint(i int) bool { return i >= 0 && i < len(r.pts) }

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
	r.surface.FillColor, r.surface.StrokeColor = p.surface, p.surfaceStroke
	for _, lb := range r.labels {
		lb.text.Color = p.label
	}
	for _, h := range r.hatch {
		h.StrokeColor = p.cliffHatch
	}
	for _, lo := range r.lines {
		for _, s := range lo.segs {
			s.StrokeColor = p.lineColor(lo.line.Kind)
		}
	}
	for _, t := range r.traps {
		t.FillColor, t.StrokeColor = p.trap, p.trapStroke
	}
	for _, x := range r.trapX {
		x.StrokeColor = p.trapStroke
	}
	if r.gate != nil {
		r.gate.StrokeColor = p.gate
	}
	for i := range r.pts {
		po := &r.pts[i]
		po.dot.FillColor = p.dot
		po.last.FillColor, po.last.StrokeColor = p.last, p.lastStroke
		po.hint.StrokeColor = p.hint
		po.capt.FillColor, po.capt.StrokeColor = p.captFill, p.capture
	}
	r.hintLine.StrokeColor = p.hintLine
	r.selRing.StrokeColor = p.selected
	r.flashC.StrokeColor = p.flash
	for _, o := range r.objects {
		canvas.Refresh(o)
	}
}

// wantState computes what point i should show.
func (r *boardRenderer) wantStates() []pointState {
	b := r.b
	n := len(r.pts)
	st := make([]pointState, n)
	targets := make([]int8, n)
	var capt uint64
	if !b.readOnly && b.showLegal {
		if b.selected >= 0 {
			for _, m := range b.movesFrom(b.selected) {
				k := targetStep
				if m.Capt != 0 {
					k = targetCapture
				}
				targets[m.To] = k
				capt |= m.Capt
			}
		} else if b.placing() {
			for _, m := range b.moves {
				if m.Kind == core.MovePlace {
					targets[m.To] = targetPlace
				}
			}
		}
	}
	for i := range st {
		s := &st[i]
		bit := uint64(1) << uint(i)
		s.alpha = 1
		switch {
		case b.pos.Pred&bit != 0:
			s.occ = occPred
			s.glyph = b.glyph(b.pos.Info().Predator)
		case b.pos.Prey&bit != 0:
			s.occ = occPrey
			s.glyph = b.glyph(b.pos.Info().Prey)
			if r.appear&bit != 0 {
				s.alpha = r.appearA
			}
		case r.fade&bit != 0:
			s.occ = occPrey
			s.glyph = b.glyph(b.pos.Info().Prey)
			s.alpha = r.fadeA
		}
		s.target = targets[i]
		s.capt = capt&bit != 0
		lm := b.last
		if lm.Kind != core.MoveNone && lm.Kind != core.MovePass && lm.Game == b.pos.Game {
			s.last = int(lm.From) == i || int(lm.To) == i
		}
		hm := b.hint
		if hm.Kind != core.MoveNone && hm.Kind != core.MovePass && hm.Game == b.pos.Game {
			s.hint = int(hm.From) == i || int(hm.To) == i
		}
	}
	return st
}

func (r *boardRenderer) update(full bool) {
	if r.board == nil {
		return
	}
	p := r.pal
	want := r.wantStates()
	for i := range r.pts {
		po := &r.pts[i]
		w := want[i]
		old := po.st
		if po.valid && !full && old.occ == w.occ && old.target == w.target && old.capt == w.capt &&
			old.last == w.last && old.hint == w.hint && old.alpha == w.alpha && old.glyph == w.glyph {
			continue
		}
		po.st = w
		po.valid = true
		c := r.l.PointPos(i)
		if full || old.last != w.last {
			r.setVisible(po.last, w.last)
		}
		if full || old.hint != w.hint {
			r.setVisible(po.hint, w.hint)
		}
		if full || old.target != w.target {
			switch w.target {
			case targetStep:
				po.target.FillColor, po.target.StrokeColor = p.step, color.Transparent
			case targetCapture:
				po.target.FillColor, po.target.StrokeColor = p.captTarget, p.capture
			case targetPlace:
				po.target.FillColor, po.target.StrokeColor = color.Transparent, p.place
			}
			if r.l.Unit > 0 {
				r.placeTarget(po, c)
			}
			r.setVisible(po.target, w.target != targetNone)
		}
		if full || old.capt != w.capt {
			r.setVisible(po.capt, w.capt)
		}
		if full || old.occ != w.occ || old.alpha != w.alpha || old.glyph != w.glyph {
			r.styleToken(po, w)
			if r.l.Unit > 0 {
				r.placeToken(i)
			}
		}
	}
	r.updateSelection()
	r.updateHintLine()
	r.syncDrag()
	r.flushShown()
}

func (r *boardRenderer) styleToken(po *pointObjs, s pointState) {
	p := r.pal
	if s.occ == occEmpty || s.alpha <= 0 {
		po.token.Hide()
		po.glyph.Hide()
		canvas.Refresh(po.token)
		canvas.Refresh(po.glyph)
		return
	}
	fill, stroke, text := p.predFill, p.predStroke, p.predText
	if s.occ == occPrey {
		fill, stroke, text = p.preyFill, p.preyStroke, p.preyText
	}
	po.token.FillColor = withAlpha(fill, s.alpha)
	po.token.StrokeColor = withAlpha(stroke, s.alpha)
	po.glyph.Color = withAlpha(text, s.alpha)
	po.glyph.Text = s.glyph
	r.show(po.token)
	r.show(po.glyph)
	canvas.Refresh(po.token)
	canvas.Refresh(po.glyph)
}

func (r *boardRenderer) updateSelection() {
	sel := r.b.selected
	if sel < 0 || sel >= len(r.pts) || r.b.readOnly {
		if r.selRing.Visible() {
			r.selRing.Hide()
		}
		return
	}
	if r.l.Unit > 0 {
		r.placeSelection()
	}
	r.show(r.selRing)
	canvas.Refresh(r.selRing)
}

func (r *boardRenderer) updateHintLine() {
	h := r.b.hint
	on := (h.Kind == core.MoveStep || h.Kind == core.MoveJump) && h.Game == r.b.pos.Game &&
		r.validPoint(int(h.From)) && r.validPoint(int(h.To))
	if !on {
		if r.hintLine.Visible() {
			r.hintLine.Hide()
		}
		return
	}
	if r.l.Unit > 0 {
		r.placeHintLine()
	}
	r.show(r.hintLine)
	canvas.Refresh(r.hintLine)
}

// dragMoved moves the dragged token and the selection ring with the pointer.
func (r *boardRenderer) dragMoved() {
	if r.l.Unit <= 0 {
		return
	}
	r.syncDrag()
	r.placeSelection()
	canvas.Refresh(r.selRing)
	r.flushShown()
}

// positionChanged starts the animations of the move that led from old to the
// widget's position.
func (r *boardRenderer) positionChanged(old core.Position, last core.Move, animate bool) {
	r.stopAnimations()
	if !animate || r.l.Unit <= 0 || r.board != r.b.pos.Board() || last.Game != old.Game || old.Game != r.b.pos.Game {
		return
	}
	switch last.Kind {
	case core.MoveStep, core.MoveJump:
		if !r.validPoint(int(last.From)) || !r.validPoint(int(last.To)) {
			return
		}
		to := int(last.To)
		r.slideTo, r.slideFrom, r.slideT = to, r.l.PointPos(int(last.From)), 0
		a := fyne.NewAnimation(slideDuration, func(t float32) {
			r.slideT = t
			if t >= 1 {
				r.slideTo = -1
			}
			if r.l.Unit > 0 && r.validPoint(to) {
				r.placeToken(to)
				canvas.Refresh(r.pts[to].token)
				canvas.Refresh(r.pts[to].glyph)
			}
		})
		a.Curve = fyne.AnimationEaseInOut
		r.startAnim(a)
		if c := last.Capt & old.Prey &^ r.b.pos.Prey; c != 0 {
			r.fade, r.fadeA = c, 1
			f := fyne.NewAnimation(fadeDuration, func(t float32) {
				r.fadeA = 1 - t
				if t >= 1 {
					r.fade = 0
				}
				r.update(false)
			})
			r.startAnim(f)
		}
	case core.MovePlace:
		if !r.validPoint(int(last.To)) {
			return
		}
		r.appear, r.appearA = uint64(1)<<uint(last.To), 0
		a := fyne.NewAnimation(fadeDuration, func(t float32) {
			r.appearA = t
			if t >= 1 {
				r.appear = 0
			}
			r.update(false)
		})
		r.startAnim(a)
	}
}

func (r *boardRenderer) startAnim(a *fyne.Animation) {
	r.anims = append(r.anims, a)
	a.Start()
}

// stopAnimations ends the running move animations, leaving the final state.
func (r *boardRenderer) stopAnimations() {
	moved := r.slideTo
	r.stopAnims()
	if r.board != r.b.pos.Board() || r.l.Unit <= 0 {
		return // build and Layout will draw everything
	}
	if r.validPoint(moved) {
		r.placeToken(moved)
	}
	r.update(false)
}

// stopAnims stops the animations and forgets their state, drawing nothing.
func (r *boardRenderer) stopAnims() {
	for _, a := range r.anims {
		a.Stop()
	}
	r.anims = r.anims[:0]
	r.slideTo, r.fade, r.appear = -1, 0, 0
}

// flash shows the illegal-tap cue: a red ring at point p that fades out.
func (r *boardRenderer) flash(p int, animate bool) {
	if !r.validPoint(p) {
		return
	}
	if r.flashAnim != nil {
		r.flashAnim.Stop()
		r.flashAnim = nil
	}
	r.flashP, r.flashA = p, 1
	r.flashGen++
	gen := r.flashGen
	r.flashC.StrokeColor = r.pal.flash
	if r.l.Unit > 0 {
		r.placeFlash()
	}
	r.show(r.flashC)
	canvas.Refresh(r.flashC)
	r.flushShown()
	if !animate {
		// No animation: show the ring briefly, then hide it on the UI goroutine.
		time.AfterFunc(flashDuration, func() {
			fyne.Do(func() {
				if r.flashGen == gen {
					r.hideFlash()
				}
			})
		})
		return
	}
	a := fyne.NewAnimation(flashDuration, func(t float32) {
		if r.flashGen != gen {
			return
		}
		r.flashA = 1 - t
		r.flashC.StrokeColor = withAlpha(r.pal.flash, r.flashA)
		if t >= 1 {
			r.hideFlash()
			return
		}
		if r.l.Unit > 0 {
			r.placeFlash()
		}
		canvas.Refresh(r.flashC)
	})
	a.Curve = fyne.AnimationEaseIn
	r.flashAnim = a
	a.Start()
}

func (r *boardRenderer) hideFlash() {
	r.flashP = -1
	r.flashAnim = nil
	r.flashC.Hide()
	canvas.Refresh(r.flashC)
}

// palette is the board's colours for the current theme variant.
type palette struct {
	surface, surfaceStroke         color.NRGBA
	line, wolfLine, trapLine       color.NRGBA
	cliffLine                      color.NRGBA
	trap, trapStroke, cliff, gate  color.NRGBA
	dot                            color.NRGBA
	predFill, predStroke, predText color.NRGBA
	preyFill, preyStroke, preyText color.NRGBA
	selected, step, place          color.NRGBA
	capture, captTarget, captFill  color.NRGBA
	last, lastStroke               color.NRGBA
	hint, hintLine, flash          color.NRGBA
	cliffHatch, label              color.NRGBA
}

func (p palette) lineColor(k core.LineKind) color.NRGBA {
	switch k {
	case core.LineWolfDiagonal:
		return p.wolfLine
	case core.LineTrap:
		return p.trapLine
	case core.LineCliff:
		return p.cliffLine
	}
	return p.line
}

func rgb(v uint32) color.NRGBA {
	return color.NRGBA{R: uint8(v >> 16), G: uint8(v >> 8), B: uint8(v), A: 0xff}
}

func rgba(v uint32, a uint8) color.NRGBA {
	c := rgb(v)
	c.A = a
	return c
}

var lightPalette = palette{
	surface: rgb(0xEBCF9C), surfaceStroke: rgb(0xB58B52),
	line: rgb(0x5A3A1A), wolfLine: rgb(0x7A5530), trapLine: rgb(0x9E2B22), cliffLine: rgb(0x4A3A2E),
	trap: rgb(0xF2B8AE), trapStroke: rgb(0x9E2B22), cliff: rgb(0xD8BC8A), gate: rgb(0xB7791F),
	dot:      rgb(0x5A3A1A),
	predFill: rgb(0xC0392B), predStroke: rgb(0x6E1A12), predText: rgb(0xFFFFFF),
	preyFill: rgb(0x24496E), preyStroke: rgb(0x0E2238), preyText: rgb(0xFFFFFF),
	selected: rgb(0xF1B800), step: rgba(0x1E8C45, 0xD0), place: rgb(0x1E8C45),
	capture: rgb(0xE0601A), captTarget: rgba(0xE0601A, 0x40), captFill: rgba(0xE53935, 0x50),
	last: rgba(0xFFE45C, 0xA0), lastStroke: rgb(0xB89000), cliffHatch: rgb(0xB0916A), label: rgba(0x5A3A1A, 0xC0),
	hint: rgb(0x1F6FD1), hintLine: rgba(0x1F6FD1, 0x90), flash: rgb(0xE53935),
}

var darkPalette = palette{
	surface: rgb(0x3A2F24), surfaceStroke: rgb(0x6B5538),
	line: rgb(0xE2CFA8), wolfLine: rgb(0xC7B08A), trapLine: rgb(0xF08A7E), cliffLine: rgb(0xE2CFA8),
	trap: rgb(0x6B2A24), trapStroke: rgb(0xF08A7E), cliff: rgb(0x2C241C), gate: rgb(0xF0B545),
	dot:      rgb(0xE2CFA8),
	predFill: rgb(0xD9473A), predStroke: rgb(0xFFD2CC), predText: rgb(0xFFFFFF),
	preyFill: rgb(0x3D6FA3), preyStroke: rgb(0xCFE2F5), preyText: rgb(0xFFFFFF),
	selected: rgb(0xFFD23F), step: rgba(0x4CD07D, 0xD0), place: rgb(0x4CD07D),
	capture: rgb(0xFF8A3D), captTarget: rgba(0xFF8A3D, 0x40), captFill: rgba(0xFF5A4F, 0x50),
	last: rgba(0xFFE45C, 0x48), lastStroke: rgb(0xE8C547), cliffHatch: rgb(0x76624D), label: rgba(0xE2CFA8, 0xB0),
	hint: rgb(0x6BB0FF), hintLine: rgba(0x6BB0FF, 0x90), flash: rgb(0xFF5A4F),
}

// palette picks the light or dark palette from the theme's background colour.
func (r *boardRenderer) palette() palette { return paletteFor(r.b.Theme()) }

// paletteFor is the light or dark palette for a theme (the capture tray uses
// it too).
func paletteFor(th fyne.Theme) palette {
	v := theme.VariantLight
	if a := fyne.CurrentApp(); a != nil && a.Settings() != nil {
		v = a.Settings().ThemeVariant()
	}
	if isDark(th.Color(theme.ColorNameBackground, v)) {
		return darkPalette
	}
	return lightPalette
}

func isDark(c color.Color) bool {
	if c == nil {
		return false
	}
	rr, g, b, _ := c.RGBA()
	lum := 0.2126*float64(rr) + 0.7152*float64(g) + 0.0722*float64(b)
	return lum < 0.5*0xffff
}

func withAlpha(c color.NRGBA, a float32) color.NRGBA {
	a = min(max(a, 0), 1)
	c.A = uint8(math.Round(float64(c.A) * float64(a)))
	return c
}

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

func placeCircle(c *canvas.Circle, center fyne.Position, radius float32) {
	c.Move(center.SubtractXY(radius, radius))
	c.Resize(fyne.NewSize(2*radius, 2*radius))
}

func lerpPos(a, b fyne.Position, t float32) fyne.Position {
	return fyne.NewPos(a.X+(b.X-a.X)*t, a.Y+(b.Y-a.Y)*t)
}

// convexHull returns the convex hull of pts, counter-clockwise (monotone chain).
func convexHull(pts [][2]float32) [][2]float32 {
	if len(pts) < 3 {
		return pts
	}
	ps := append([][2]float32(nil), pts...)
	for i := 1; i < len(ps); i++ { // insertion sort by x, then y
		for j := i; j > 0 && (ps[j][0] < ps[j-1][0] || (ps[j][0] == ps[j-1][0] && ps[j][1] < ps[j-1][1])); j-- {
			ps[j], ps[j-1] = ps[j-1], ps[j]
		}
	}
	cross := func(o, a, b [2]float32) float32 {
		return (a[0]-o[0])*(b[1]-o[1]) - (a[1]-o[1])*(b[0]-o[0])
	}
	var h [][2]float32
	for _, p := range ps {
		for len(h) >= 2 && cross(h[len(h)-2], h[len(h)-1], p) <= 0 {
			h = h[:len(h)-1]
		}
		h = append(h, p)
	}
	lower := len(h) + 1
	for i := len(ps) - 2; i >= 0; i-- {
		p := ps[i]
		for len(h) >= lower && cross(h[len(h)-2], h[len(h)-1], p) <= 0 {
			h = h[:len(h)-1]
		}
		h = append(h, p)
	}
	return h[:len(h)-1]
}

func insideConvex(h [][2]float32, x, y float32) bool {
	for i := range h {
		a, b := h[i], h[(i+1)%len(h)]
		if (b[0]-a[0])*(y-a[1])-(b[1]-a[1])*(x-a[0]) < 0 {
			return false
		}
	}
	return true
}

func hullBounds(h [][2]float32) (x0, y0, x1, y1 float32) {
	x0, y0, x1, y1 = math.MaxFloat32, math.MaxFloat32, -math.MaxFloat32, -math.MaxFloat32
	for _, p := range h {
		x0, x1 = min(x0, p[0]), max(x1, p[0])
		y0, y1 = min(y0, p[1]), max(y1, p[1])
	}
	return
}

// splitName splits a grid point name ("d4", "c7") into its file letter and
// rank number; trap names ("N") are not grid names.
func splitName(name string) (file, rank string, ok bool) {
	if len(name) < 2 || name[0] < 'a' || name[0] > 'z' {
		return "", "", false
	}
	for _, c := range name[1:] {
		if c < '0' || c > '9' {
			return "", "", false
		}
	}
	return name[:1], name[1:], true
}

// hatchSegments returns the segments of the lines at 45° (direction (1, 1)),
// spacing apart, clipped to the convex polygon h (counter-clockwise).
func hatchSegments(h [][2]float32, spacing float32) [][2][2]float32 {
	if len(h) < 3 {
		return nil
	}
	// Lines x - y = s for s between the polygon's extremes.
	lo, hi := float32(math.MaxFloat32), float32(-math.MaxFloat32)
	for _, v := range h {
		lo, hi = min(lo, v[0]-v[1]), max(hi, v[0]-v[1])
	}
	var out [][2][2]float32
	n := int((hi - lo) / spacing)
	off := (hi - lo - float32(n)*spacing) / 2
	for k := 0; k <= n; k++ {
		s := lo + off + float32(k)*spacing
		if s <= lo+1e-3 || s >= hi-1e-3 {
			continue
		}
		// Points (s + t, t); clip t against every edge's inside half-plane.
		t0, t1 := float32(-math.MaxFloat32), float32(math.MaxFloat32)
		ok := true
		for i := range h {
			a, b := h[i], h[(i+1)%len(h)]
			ex, ey := b[0]-a[0], b[1]-a[1]
			// inside: ex*(y-ay) - ey*(x-ax) >= 0 with x = s+t, y = t
			c0 := ex*(0-a[1]) - ey*(s-a[0])
			c1 := ex - ey // coefficient of t
			switch {
			case c1 > 0:
				t0 = max(t0, -c0/c1)
			case c1 < 0:
				t1 = min(t1, -c0/c1)
			case c0 < 0:
				ok = false
			}
		}
		if ok && t1 > t0 {
			out = append(out, [2][2]float32{{s + t0, t0}, {s + t1, t1}})
		}
	}
	return out
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

package widgets

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"huntchess/core"
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
	occ        int8
	target     int8
	capt       bool // a piece a legal move of the selection would capture
	last, hint bool
	alpha      float32 // token opacity (fading captures, placements)
	glyph      string
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

// points is what the points show: per point its dot, the last-move and hint
// marks, the legal-target mark, the token and the capture mark; and the
// hint's line.
type points struct {
	pts      []pointObjs
	hintLine *canvas.Line
}

// build creates the objects of bd's points, handing them to add in drawing order.
func (ps *points) build(bd *core.Board, p palette, add func(fyne.CanvasObject)) {
	ps.pts = make([]pointObjs, len(bd.Points))
	for i, pt := range bd.Points {
		po := &ps.pts[i]
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
	for i := range ps.pts {
		add(ps.pts[i].dot)
	}
	for i := range ps.pts {
		add(ps.pts[i].last)
	}
	for i := range ps.pts {
		add(ps.pts[i].hint)
	}
	for i := range ps.pts {
		add(ps.pts[i].target)
	}
	ps.hintLine = canvas.NewLine(p.hintLine)
	ps.hintLine.Hide()
	add(ps.hintLine)
	for i := range ps.pts {
		add(ps.pts[i].token)
		add(ps.pts[i].glyph)
	}
	for i := range ps.pts {
		add(ps.pts[i].capt)
	}
}

// layoutPoints places the objects of every point.
func (r *boardRenderer) layoutPoints() {
	l := r.l
	u := l.Unit
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
}

// restyle applies the palette p to the marks that do not depend on the position.
func (ps *points) restyle(p palette) {
	for i := range ps.pts {
		po := &ps.pts[i]
		po.dot.FillColor = p.dot
		po.last.FillColor, po.last.StrokeColor = p.last, p.lastStroke
		po.hint.StrokeColor = p.hint
		po.capt.FillColor, po.capt.StrokeColor = p.captFill, p.capture
	}
	ps.hintLine.StrokeColor = p.hintLine
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

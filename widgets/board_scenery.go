package widgets

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"

	"huntchess/core"
)

// lineObjs is one line of the board: one segment, or dashes (the wolf's diagonals).
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

// scenery is what does not depend on the position: the board's surface,
// the cliff's hatching, the coordinate labels, the lines, the traps and the gate.
type scenery struct {
	surface  *canvas.Rectangle
	hatch    []*canvas.Line // the cliff's shading: hatching clipped to the hull
	hatchSeg [][2][2]float32
	labels   []coordLabel
	lines    []lineObjs
	traps    []*canvas.Circle
	trapX    []*canvas.Line
	gate     *canvas.Circle // nil unless the board has a gate
}

// build creates the scenery of bd, handing each object to add in drawing order.
func (s *scenery) build(bd *core.Board, p palette, add func(fyne.CanvasObject)) {
	s.surface = canvas.NewRectangle(p.surface)
	s.surface.StrokeColor = p.surfaceStroke
	add(s.surface)

	s.hatch, s.hatchSeg = nil, nil
	if bd.CliffMask() != 0 {
		var pts [][2]float32
		for i, pt := range bd.Points {
			if pt.Region == core.RegionCliff || i == bd.Gate {
				pts = append(pts, [2]float32{float32(pt.X), float32(pt.Y)})
			}
		}
		s.hatchSeg = hatchSegments(convexHull(pts), hatchSpacing) // the cliff's hull, in board units
		for range s.hatchSeg {
			h := canvas.NewLine(p.cliffHatch)
			s.hatch = append(s.hatch, h)
			add(h)
		}
	}

	s.labels = s.labels[:0]
	files, ranks := map[int]string{}, map[int]string{}
	for _, pt := range bd.Points {
		if f, rk, ok := splitName(pt.Name); ok {
			files[pt.X], ranks[pt.Y] = f, rk
		}
	}
	for x := bd.MinX; x <= bd.MaxX; x++ {
		if f, ok := files[x]; ok {
			s.labels = append(s.labels, coordLabel{text: canvas.NewText(f, p.label), file: true, v: x})
		}
	}
	for y := bd.MinY; y <= bd.MaxY; y++ {
		if rk, ok := ranks[y]; ok {
			s.labels = append(s.labels, coordLabel{text: canvas.NewText(rk, p.label), v: y})
		}
	}
	for _, lb := range s.labels {
		lb.text.Alignment = fyne.TextAlignCenter
		add(lb.text)
	}

	s.lines = s.lines[:0]
	for _, ln := range bd.Lines {
		n := 1
		if ln.Kind == core.LineWolfDiagonal {
			n = dashesPerLine
		}
		lo := lineObjs{line: ln}
		for k := 0; k < n; k++ {
			seg := canvas.NewLine(p.lineColor(ln.Kind))
			lo.segs = append(lo.segs, seg)
			add(seg)
		}
		s.lines = append(s.lines, lo)
	}

	s.traps, s.trapX = nil, nil
	for _, pt := range bd.Points {
		if pt.Region != core.RegionTrap {
			continue
		}
		c := canvas.NewCircle(p.trap)
		c.StrokeColor = p.trapStroke
		s.traps = append(s.traps, c)
		add(c)
		for k := 0; k < 2; k++ {
			x := canvas.NewLine(p.trapStroke)
			s.trapX = append(s.trapX, x)
			add(x)
		}
	}

	s.gate = nil
	if bd.Gate >= 0 {
		s.gate = canvas.NewCircle(color.Transparent)
		s.gate.StrokeColor = p.gate
		add(s.gate)
	}
}

// layout places the scenery of bd for l.
func (s *scenery) layout(l Layout, bd *core.Board) {
	u := l.Unit
	pos, sz := l.BoardRect()
	s.surface.Move(pos)
	s.surface.Resize(sz)
	s.surface.CornerRadius = 0.25 * u
	s.surface.StrokeWidth = max(1, 0.03*u)

	for k, h := range s.hatch {
		seg := s.hatchSeg[k]
		h.Position1 = l.UnitPos(seg[0][0], seg[0][1])
		h.Position2 = l.UnitPos(seg[1][0], seg[1][1])
		h.StrokeWidth = max(1.5, 0.075*u)
	}

	for _, lb := range s.labels {
		lb.text.TextSize = labelSize * u
		ts := lb.text.MinSize()
		var c fyne.Position
		off := labelOffset * u
		if l.Flipped { // files above, ranks on the right
			off = -off
		}
		if lb.file {
			c = l.UnitPos(float32(lb.v), float32(bd.MinY)).AddXY(0, off)
		} else {
			c = l.UnitPos(float32(bd.MinX), float32(lb.v)).AddXY(-off, 0)
		}
		lb.text.Resize(fyne.NewSize(max(ts.Width, 0.5*u), ts.Height))
		lb.text.Move(fyne.NewPos(c.X-lb.text.Size().Width/2, c.Y-ts.Height/2))
	}

	lw := max(1.5, lineWidth*u)
	for _, lo := range s.lines {
		a, c := l.PointPos(lo.line.A), l.PointPos(lo.line.B)
		n := len(lo.segs)
		if n == 1 {
			lo.segs[0].Position1, lo.segs[0].Position2 = a, c
			lo.segs[0].StrokeWidth = lw
			continue
		}
		// n dashes and n-1 gaps of 0.8 dash length, starting and ending with a dash.
		d := 1 / (float32(n) + 0.8*float32(n-1))
		for k, seg := range lo.segs {
			t0 := float32(k) * 1.8 * d
			seg.Position1 = lerpPos(a, c, t0)
			seg.Position2 = lerpPos(a, c, t0+d)
			seg.StrokeWidth = lw
		}
	}

	ti := 0
	for i, pt := range bd.Points {
		if pt.Region != core.RegionTrap {
			continue
		}
		c := l.PointPos(i)
		placeCircle(s.traps[ti], c, trapRadius*u)
		s.traps[ti].StrokeWidth = max(1.5, 0.06*u)
		x := 0.11 * u
		x1, x2 := s.trapX[2*ti], s.trapX[2*ti+1]
		x1.Position1, x1.Position2 = c.AddXY(-x, -x), c.AddXY(x, x)
		x2.Position1, x2.Position2 = c.AddXY(-x, x), c.AddXY(x, -x)
		x1.StrokeWidth, x2.StrokeWidth = max(1.5, 0.05*u), max(1.5, 0.05*u)
		ti++
	}
	if s.gate != nil {
		placeCircle(s.gate, l.PointPos(bd.Gate), gateRadius*u)
		s.gate.StrokeWidth = max(2, 0.07*u)
	}
}

// restyle applies the palette p to the scenery.
func (s *scenery) restyle(p palette) {
	s.surface.FillColor, s.surface.StrokeColor = p.surface, p.surfaceStroke
	for _, lb := range s.labels {
		lb.text.Color = p.label
	}
	for _, h := range s.hatch {
		h.StrokeColor = p.cliffHatch
	}
	for _, lo := range s.lines {
		for _, seg := range lo.segs {
			seg.StrokeColor = p.lineColor(lo.line.Kind)
		}
	}
	for _, t := range s.traps {
		t.FillColor, t.StrokeColor = p.trap, p.trapStroke
	}
	for _, x := range s.trapX {
		x.StrokeColor = p.trapStroke
	}
	if s.gate != nil {
		s.gate.StrokeColor = p.gate
	}
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

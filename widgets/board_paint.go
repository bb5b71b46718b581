package widgets

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"math"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"github.com/go-text/render"
	"github.com/go-text/typesetting/di"
	"github.com/go-text/typesetting/font"
	"github.com/go-text/typesetting/shaping"
	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/math/fixed"
)

// Painting a board's canvas objects into an image (BoardPicture), the way
// Fyne's OpenGL painter draws them (fyne v2.7.1, internal/painter/gl: draw.go
// and the shaders round_rectangle.frag, rectangle.frag, line.frag), so that a
// picture looks like the live board: every shape is computed per pixel with
// the shader's own formula (its edge softness, its rounding to the pixel
// grid), and text is shaped and rasterised with the libraries Fyne uses
// (go-text), into a texture-sized image laid over the picture as Fyne lays a
// text texture. Only what boards use is drawn: rectangles (one corner radius
// for all corners), circles, lines and text.

// glEdgeSoftness is Fyne's anti-aliasing width of rounded shapes, in units.
const glEdgeSoftness = 1.0

// objectPainter paints canvas objects positioned in a board's coordinates
// (units) into dst at s pixels a unit, the board's origin at org on dst
// (units). Fyne rounds positions on the window to whole pixels: off is the
// fraction of a pixel by which dst's place on the window lies past its own
// first pixel (the image is laid at the rounded place), so that every
// object falls on the pixel it would fall on drawn live.
type objectPainter struct {
	dst   *image.RGBA
	s     float32
	org   fyne.Position // units
	off   fyne.Position // pixels
	fonts map[fyne.TextStyle]*pictureFonts
}

// paintObjects paints the visible objects of objs, in order, into dst at s
// pixels a unit, with the objects' origin at org on dst, for dst at place
// at on the window (units).
func paintObjects(dst *image.RGBA, objs []fyne.CanvasObject, s float32, org, at fyne.Position) {
	p := objectPainter{dst: dst, s: s, org: org,
		off:   fyne.NewPos(at.X*s-roundf(at.X*s), at.Y*s-roundf(at.Y*s)),
		fonts: map[fyne.TextStyle]*pictureFonts{}}
	for _, o := range objs {
		if !o.Visible() {
			continue
		}
		switch o := o.(type) {
		case *canvas.Rectangle:
			p.rectangle(o)
		case *canvas.Circle:
			p.circle(o)
		case *canvas.Line:
			p.line(o)
		case *canvas.Text:
			p.text(o)
		}
	}
}

// fragColor is a colour as Fyne hands it to a shader: straight (not
// premultiplied) red, green, blue and alpha in [0, 1].
type fragColor struct{ r, g, b, a float32 }

func toFrag(c color.Color) fragColor {
	if c == nil {
		return fragColor{}
	}
	r, g, b, a := c.RGBA()
	if a == 0 {
		return fragColor{}
	}
	fa := float32(a)
	return fragColor{float32(r) / fa, float32(g) / fa, float32(b) / fa, fa / 0xffff}
}

func (c fragColor) mix(d fragColor, t float32) fragColor {
	return fragColor{c.r + (d.r-c.r)*t, c.g + (d.g-c.g)*t, c.b + (d.b-c.b)*t, c.a + (d.a-c.a)*t}
}

// blend lays colour c with coverage alpha over pixel (x, y), as the GL
// blend function (source alpha, one minus source alpha) does on the window.
func (p *objectPainter) blend(x, y int, c fragColor, alpha float32) {
	a := c.a * alpha
	if a <= 0 || !(image.Point{x, y}).In(p.dst.Rect) {
		return
	}
	if a > 1 {
		a = 1
	}
	i := p.dst.PixOffset(x, y)
	px := p.dst.Pix[i : i+4 : i+4]
	k := 1 - a
	px[0] = to8(c.r*a + float32(px[0])/255*k)
	px[1] = to8(c.g*a + float32(px[1])/255*k)
	px[2] = to8(c.b*a + float32(px[2])/255*k)
	px[3] = to8(a + float32(px[3])/255*k)
}

func to8(v float32) uint8 {
	return uint8(min(max(math.Round(float64(v)*255), 0), 255))
}

func roundf(v float32) float32 { return float32(math.Round(float64(v))) }

// at is the pixel of the picture that a place on it (units) falls on, as
// Fyne's roundToPixel rounds places on the window.
func (p *objectPainter) at(pos fyne.Position) (x, y float32) {
	return roundf((p.org.X+pos.X)*p.s + p.off.X), roundf((p.org.Y+pos.Y)*p.s + p.off.Y)
}

// bounds is where Fyne's painter puts a rectangle or circle: its corners
// rounded to the pixel grid, in pixels, and its rounded size in units
// (vecRectCoordsWithPad and scaleRectCoords).
func (p *objectPainter) bounds(o fyne.CanvasObject) (x1, y1, x2, y2 float32, size fyne.Size) {
	x1, y1 = p.at(o.Position())
	w, h := roundf(o.Size().Width*p.s), roundf(o.Size().Height*p.s)
	return x1, y1, x1 + w, y1 + h, fyne.NewSize(w/p.s, h/p.s)
}

// pixelSpan is the pixels whose centres lie in [lo, hi].
func pixelSpan(lo, hi float32) (int, int) {
	return int(math.Ceil(float64(lo - 0.5))), int(math.Floor(float64(hi - 0.5)))
}

func (p *objectPainter) rectangle(r *canvas.Rectangle) {
	fill, stroke := toFrag(r.FillColor), toFrag(r.StrokeColor)
	if fill.a == 0 && (stroke.a == 0 || r.StrokeWidth == 0) {
		return
	}
	x1, y1, x2, y2, size := p.bounds(r)
	if r.CornerRadius != 0 {
		radius := maxCornerRadius(r.CornerRadius, size)
		p.roundRect(x1, y1, x2, y2, fill, stroke, r.StrokeWidth, roundf(radius*p.s))
		return
	}
	// rectangle.frag: no anti-aliasing; the stroke is the outer
	// StrokeWidth of the rectangle.
	sw := roundf(r.StrokeWidth * p.s)
	xa, xb := pixelSpan(x1, x2)
	ya, yb := pixelSpan(y1, y2)
	for y := ya; y <= yb; y++ {
		fy := float32(y) + 0.5
		for x := xa; x <= xb; x++ {
			fx := float32(x) + 0.5
			c := fill
			if fx >= x2-sw || fx <= x1+sw || fy >= y2-sw || fy <= y1+sw {
				c = stroke
			}
			p.blend(x, y, c, 1)
		}
	}
}

// maxCornerRadius is Fyne's GetMaximumCornerRadius for a rectangle whose
// four corners have the same radius.
func maxCornerRadius(radius float32, size fyne.Size) float32 {
	mw, mh := size.Width/2, size.Height/2
	if radius <= min(mw, mh) {
		return radius
	}
	return min(2*mw-min(mw, radius), 2*mh-min(mh, radius), radius)
}

func (p *objectPainter) circle(c *canvas.Circle) {
	fill, stroke := toFrag(c.FillColor), toFrag(c.StrokeColor)
	x1, y1, x2, y2, _ := p.bounds(c)
	radius := min(c.Size().Width, c.Size().Height) / 2
	p.roundRect(x1, y1, x2, y2, fill, stroke, c.StrokeWidth, roundf(radius*p.s))
}

// roundRect is round_rectangle.frag over the pixels of [x1, x2] × [y1, y2]
// (and its soft edge), all corners of the given radius in pixels.
func (p *objectPainter) roundRect(x1, y1, x2, y2 float32, fill, stroke fragColor, strokeWidth, radius float32) {
	sw := roundf(strokeWidth * p.s)
	swh := sw / 2
	hx, hy := (x2-x1-sw)/2, (y2-y1-sw)/2 // rect_size_half
	es := roundf(glEdgeSoftness * p.s)
	cx, cy := (x1+x2)/2, (y1+y2)/2
	allQuadrants := radius-0.9 > min(hx, hy)+swh
	if stroke.a == 0 {
		stroke = fragColor{}
	}
	xa, xb := pixelSpan(x1-es*p.s, x2+es*p.s)
	ya, yb := pixelSpan(y1-es*p.s, y2+es*p.s)
	for y := ya; y <= yb; y++ {
		py := cy - (float32(y) + 0.5)
		for x := xa; x <= xb; x++ {
			px := float32(x) + 0.5 - cx
			col := fill
			var alpha float32
			if allQuadrants {
				d := distanceAllQuadrants(px, py, hx+swh, hy+swh, radius)
				alpha = 1 - smoothstep(-es, es, d)
				if swh > 0 {
					col = fill.mix(stroke, 1-smoothstep(2*swh-es, 2*swh+es, absf(d)))
				}
			} else {
				d := distanceRounded(px, py, hx, hy, radius-swh)
				alpha = 1 - smoothstep(swh-es, swh+es, d)
				if swh > 0 {
					col = fill.mix(stroke, smoothstep(-swh-es, -swh+es, d))
				}
			}
			p.blend(x, y, col, alpha)
		}
	}
}

// distanceRounded is the shader's calc_distance: the signed distance of
// (px, py) from a rectangle of half size (bx, by) with corners of radius r.
func distanceRounded(px, py, bx, by, r float32) float32 {
	dx, dy := absf(px)-bx+r, absf(py)-by+r
	return min(max(dx, dy), 0) + hypotf(max(dx, 0), max(dy, 0)) - r
}

// distanceAllQuadrants is the shader's calc_distance_all_quadrants with
// equal corner radii r (a corner radius over half the shorter side): the
// distance from a rectangle of half size (sx, sy), each corner cut round.
func distanceAllQuadrants(px, py, sx, sy, r float32) float32 {
	dx, dy := absf(px)-sx, absf(py)-sy
	d := hypotf(max(dx, 0), max(dy, 0)) + min(max(dx, dy), 0)
	corner := func(cx, cy float32, left, top bool) {
		qx, qy := px-cx, py-cy
		if (qx < 0) == left && (qy > 0) == top && qx != 0 && qy != 0 {
			d = max(d, hypotf(qx, qy)-r)
		}
	}
	corner(r-sx, sy-r, true, true)   // top left
	corner(sx-r, sy-r, false, true)  // top right
	corner(sx-r, r-sy, false, false) // bottom right
	corner(r-sx, r-sy, true, false)  // bottom left
	return d
}

func (p *objectPainter) line(l *canvas.Line) {
	col := toFrag(l.StrokeColor)
	if col.a == 0 || l.StrokeWidth == 0 {
		return
	}
	// lineCoords: the ends rounded to the pixel grid; thin straight lines
	// shifted onto pixel centres.
	ax, ay := p.at(l.Position1)
	bx, by := p.at(l.Position2)
	if l.StrokeWidth <= 1 {
		off := float32(0.5)
		if l.StrokeWidth <= 0.5 && p.s > 1 {
			off = 0.25
		}
		off *= p.s
		if ax == bx {
			ax, bx = ax-off, bx-off
		}
		if ay == by {
			ay, by = ay-off, by-off
		}
	}
	const feather = 0.5
	half := roundf((l.StrokeWidth+feather)*p.s) / 2 // pixels
	fw := feather * p.s
	dx, dy := bx-ax, by-ay
	n := hypotf(dx, dy)
	if n == 0 {
		return
	}
	ux, uy := dx/n, dy/n
	// The quad: the segment, half wide on each side, with square ends.
	xa, xb := pixelSpan(min(ax, bx)-half, max(ax, bx)+half)
	ya, yb := pixelSpan(min(ay, by)-half, max(ay, by)+half)
	for y := ya; y <= yb; y++ {
		fy := float32(y) + 0.5 - ay
		for x := xa; x <= xb; x++ {
			fx := float32(x) + 0.5 - ax
			t := fx*ux + fy*uy
			d := absf(fx*uy - fy*ux)
			if t < 0 || t > n || d > half {
				continue
			}
			alpha := float32(1)
			if d > half-fw {
				alpha = 1 - (d-(half-fw))/fw
			}
			p.blend(x, y, col, alpha)
		}
	}
}

// text draws t as Fyne does: shaped into an image the size of its texture,
// laid over the picture at the text's place (aligned and centred as
// drawText does).
func (p *objectPainter) text(t *canvas.Text) {
	if t.Text == "" || t.Text == " " {
		return
	}
	size, box, pos := t.MinSize(), t.Size(), t.Position()
	switch t.Alignment {
	case fyne.TextAlignTrailing:
		pos.X += box.Width - size.Width
	case fyne.TextAlignCenter:
		pos.X += (box.Width - size.Width) / 2
	}
	if box.Height > size.Height {
		pos.Y += (box.Height - size.Height) / 2
	}
	w := int(math.Ceil(float64(roundf(size.Width * p.s))))
	h := int(math.Ceil(float64(roundf(size.Height * p.s))))
	if w <= 0 || h <= 0 {
		return
	}
	col := t.Color
	if col == nil {
		col = theme.Color(theme.ColorNameForeground)
	}
	tex := image.NewNRGBA(image.Rect(0, 0, w, h))
	fm := p.fonts[t.TextStyle]
	if fm == nil {
		fm = fontsFor(t.TextStyle)
		p.fonts[t.TextStyle] = fm
	}
	if len(fm.faces) == 0 {
		return
	}
	drawString(tex, t.Text, col, fm, t.TextSize, p.s)
	// The texture is stretched over the text's size rounded at the text's
	// own place (drawText), which can be a pixel more or less than the
	// texture: GL samples it linearly then.
	rel := t.Position()
	qw := int(roundf((rel.X+size.Width)*p.s) - roundf(rel.X*p.s))
	qh := int(roundf((rel.Y+size.Height)*p.s) - roundf(rel.Y*p.s))
	fx, fy := p.at(pos)
	x, y := int(fx), int(fy)
	if qw == w && qh == h {
		draw.Draw(p.dst, image.Rect(x, y, x+w, y+h), tex, image.Point{}, draw.Over)
		return
	}
	pre := image.NewRGBA(tex.Rect) // the texture as uploaded: premultiplied
	draw.Draw(pre, pre.Rect, tex, image.Point{}, draw.Src)
	xdraw.BiLinear.Scale(p.dst, image.Rect(x, y, x+qw, y+qh), pre, pre.Rect, xdraw.Over, nil)
}

// drawString is Fyne's painter.DrawString for one line without tabs: the
// text split into runs by face, each shaped and drawn from the baseline of
// the first run's ascent.
func drawString(dst draw.Image, s string, col color.Color, faces shaping.Fontmap, size, scale float32) {
	r := render.Renderer{FontSize: size, PixScale: scale, Color: col}
	runes := []rune(s)
	in := shaping.Input{Text: runes, RunEnd: len(runes), Direction: di.DirectionLTR,
		Size: fixed.Int26_6(float64(size) * (1 << 6))}
	var shaper shaping.HarfbuzzShaper
	var seg shaping.Segmenter
	x := float32(0)
	y := math.MinInt
	for _, run := range seg.Split(in, faces) {
		out := shaper.Shape(run)
		if y == math.MinInt {
			y = int(math.Ceil(float64(float32(out.LineBounds.Ascent) / 64 * scale)))
		}
		r.DrawShapedRunAt(out, dst, int(x), y)
		x += float32(out.Advance) / 64 * scale
	}
}

// pictureFonts is the faces a picture's text is drawn with: the theme's
// font for the style, then Fyne's own (parsed only when the theme's lacks
// a character). They are parsed for each painting (some 0.4 ms for each of
// the app's fonts) and dropped after it: nothing is kept between paintings.
type pictureFonts struct {
	faces    []*font.Face
	fallback fyne.Resource
}

// ResolveFace is part of shaping.Fontmap.
func (f *pictureFonts) ResolveFace(r rune) *font.Face {
	for _, fc := range f.faces {
		if _, ok := fc.NominalGlyph(r); ok {
			return fc
		}
	}
	if f.fallback != nil {
		fb := f.fallback
		f.fallback = nil
		if fc := parseFace(fb); fc != nil {
			f.faces = append(f.faces, fc)
			if _, ok := fc.NominalGlyph(r); ok {
				return fc
			}
		}
	}
	return f.faces[0]
}

// fontsFor is the faces of a text style in the current theme.
func fontsFor(style fyne.TextStyle) *pictureFonts {
	fallback := theme.DefaultTextFont()
	if style.Bold {
		fallback = theme.DefaultTextBoldFont()
	}
	fc := parseFace(theme.Current().Font(style))
	if fc == nil {
		fc = parseFace(fallback)
		fallback = nil
	}
	if fc == nil {
		return &pictureFonts{} // no font: no text
	}
	return &pictureFonts{faces: []*font.Face{fc}, fallback: fallback}
}

// parseFace is the font res, nil if it is none.
func parseFace(res fyne.Resource) *font.Face {
	fc, err := font.ParseTTF(bytes.NewReader(res.Content()))
	if err != nil {
		fyne.LogError("board picture: font "+res.Name(), err)
		return nil
	}
	return fc
}

func smoothstep(e0, e1, x float32) float32 {
	t := min(max((x-e0)/(e1-e0), 0), 1)
	return t * t * (3 - 2*t)
}

func absf(v float32) float32 { return float32(math.Abs(float64(v))) }

func hypotf(x, y float32) float32 { return float32(math.Hypot(float64(x), float64(y))) }

// Command icongen draws the Hunt Chess app icon (Icon.png at the repository
// root): the corner of a hunt-game board in wood tones, a red wolf token
// bearing 狼 on the central intersection and three cream dog tokens around
// it. Everything is drawn from code, so the output is byte-for-byte
// deterministic; regenerate with `make icon`.
//
//	go run ./cmd/icongen -o Icon.png -preview docs/screenshots/icon-48.png
//
// The 狼 glyph comes from the bundled Noto Sans SC subset
// (translations/fonts/NotoSansSC-Subset-Bold.otf), falling back to Debian's
// Noto Sans CJK collection (face 2 = SC) when the subset lacks it.
package main

import (
	"errors"
	"flag"
	"fmt"
	"image"
	"image/color"
	"math"
	"os"

	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"golang.org/x/image/vector"

	"huntchess/internal/pngfile"
)

const size = 1024

// Palette.
var (
	woodTop    = color.NRGBA{0xF4, 0xD6, 0x9C, 0xFF}
	woodBottom = color.NRGBA{0xD8, 0xA2, 0x58, 0xFF}
	woodEdge   = color.NRGBA{0x8A, 0x58, 0x28, 0xFF}
	lineColor  = color.NRGBA{0x5A, 0x36, 0x18, 0xFF}
	shadow     = color.NRGBA{0x3A, 0x20, 0x08, 0x60}
	wolfFill   = color.NRGBA{0xB0, 0x22, 0x1E, 0xFF}
	wolfDark   = color.NRGBA{0x6E, 0x10, 0x0E, 0xFF}
	cream      = color.NRGBA{0xFF, 0xF3, 0xD8, 0xFF}
	dogFill    = color.NRGBA{0xFF, 0xF8, 0xE8, 0xFF}
	dogRing    = color.NRGBA{0x5A, 0x36, 0x18, 0xFF}
)

// Default font sources, relative to the repository root.
var fontCandidates = []struct {
	path string
	face int // index in a collection; -1 for a single font
}{
	{"translations/fonts/NotoSansSC-Subset-Bold.otf", -1},
	{"/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc", 2},
}

func main() {
	out := flag.String("o", "Icon.png", "output PNG (1024×1024)")
	preview := flag.String("preview", "", "also write a 48×48 downscale here (optional)")
	flag.Parse()

	img, err := Draw()
	if err != nil {
		fmt.Fprintln(os.Stderr, "icongen:", err)
		os.Exit(1)
	}
	if err := pngfile.Write(*out, img); err != nil {
		fmt.Fprintln(os.Stderr, "icongen:", err)
		os.Exit(1)
	}
	fmt.Printf("icongen: wrote %s (%d×%d)\n", *out, size, size)
	if *preview != "" {
		small := image.NewNRGBA(image.Rect(0, 0, 48, 48))
		xdraw.CatmullRom.Scale(small, small.Bounds(), img, img.Bounds(), xdraw.Src, nil)
		if err := pngfile.Write(*preview, small); err != nil {
			fmt.Fprintln(os.Stderr, "icongen:", err)
			os.Exit(1)
		}
		fmt.Printf("icongen: wrote %s (48×48)\n", *preview)
	}
}

// Draw renders the icon at 1024×1024.
func Draw() (*image.NRGBA, error) {
	canvas := image.NewNRGBA(image.Rect(0, 0, size, size))

	// Wooden tile: a rounded square with a soft vertical gradient and a
	// darker rim.
	const inset, radius = 24.0, 200.0
	tile := newMask()
	roundRect(tile.r, inset, inset, size-inset, size-inset, radius)
	tile.fill()
	grad := image.NewNRGBA(canvas.Bounds())
	for y := 0; y < size; y++ {
		t := float64(y) / (size - 1)
		c := mix(woodTop, woodBottom, t)
		for x := 0; x < size; x++ {
			grad.SetNRGBA(x, y, c)
		}
	}
	rim := newMask()
	roundRect(rim.r, inset, inset, size-inset, size-inset, radius)
	roundRectRev(rim.r, inset+18, inset+18, size-inset-18, size-inset-18, radius-18)
	rim.fill()
	paint(canvas, tile.a, image.NewUniform(woodEdge))
	inner := newMask()
	roundRect(inner.r, inset+18, inset+18, size-inset-18, size-inset-18, radius-18)
	inner.fill()
	paint(canvas, inner.a, grad)

	// Board corner: a thick outer border along the top and left, inner
	// lines running off the tile, and the diagonals of the hunt boards.
	// Lines are clipped to the tile.
	const b, g = 196.0, 316.0 // border position, grid step
	lines := newMask()
	thick := func(x0, y0, x1, y1, w float64) { segment(lines.r, x0, y0, x1, y1, w) }
	far := float64(size)
	thick(b, b-22, b, far, 48) // left border
	thick(b-22, b, far, b, 48) // top border
	for i := 1; i <= 2; i++ {  // inner lines
		p := b + float64(i)*g
		thick(p, b, p, far, 30)
		thick(b, p, far, p, 30)
	}
	// Diagonals of an alquerque-style lattice (x±y even, in grid units)
	// as on the hunt boards, long enough to run off the tile.
	at := func(i float64) float64 { return b + i*g }
	thick(at(0), at(0), at(4), at(4), 30) // x−y = 0
	thick(at(2), at(0), at(0), at(2), 30) // x+y = 2
	thick(at(4), at(0), at(0), at(4), 30) // x+y = 4
	thick(at(2), at(0), at(5), at(3), 30) // x−y = 2
	thick(at(0), at(2), at(3), at(5), 30) // x−y = −2
	lines.fill()
	clipped := image.NewAlpha(canvas.Bounds())
	for i := range clipped.Pix {
		clipped.Pix[i] = uint8(uint16(lines.a.Pix[i]) * uint16(inner.a.Pix[i]) / 255)
	}
	paint(canvas, clipped, image.NewUniform(lineColor))

	// Dog tokens on three intersections.
	dogs := [][2]float64{{b + 2*g, b}, {b, b + 2*g}, {b + 2*g, b + 2*g}}
	for _, d := range dogs {
		disc(canvas, d[0]+6, d[1]+14, 96, shadow)
		disc(canvas, d[0], d[1], 96, dogRing)
		disc(canvas, d[0], d[1], 80, dogFill)
	}

	// The wolf token on the central intersection, with a drop shadow, a
	// dark rim, a cream inner ring and the character 狼.
	cx, cy := b+g, b+g
	const R = 300.0
	disc(canvas, cx+10, cy+26, R, shadow)
	disc(canvas, cx, cy, R, wolfDark)
	disc(canvas, cx, cy, R-22, wolfFill)
	ring(canvas, cx, cy, R-52, R-72, cream)
	if err := glyph(canvas, '狼', cx, cy, 330, cream); err != nil {
		return nil, err
	}
	return canvas, nil
}

// mask pairs a rasterizer with the alpha image it fills.
type mask struct {
	r *vector.Rasterizer
	a *image.Alpha
}

func newMask() *mask {
	return &mask{r: vector.NewRasterizer(size, size), a: image.NewAlpha(image.Rect(0, 0, size, size))}
}

func (m *mask) fill() { m.r.Draw(m.a, m.a.Bounds(), image.Opaque, image.Point{}) }

// paint composites src onto dst through alpha mask m.
func paint(dst *image.NRGBA, m *image.Alpha, src image.Image) {
	xdraw.DrawMask(dst, dst.Bounds(), src, image.Point{}, m, image.Point{}, xdraw.Over)
}

func mix(a, b color.NRGBA, t float64) color.NRGBA {
	l := func(x, y uint8) uint8 { return uint8(math.Round(float64(x)*(1-t) + float64(y)*t)) }
	return color.NRGBA{l(a.R, b.R), l(a.G, b.G), l(a.B, b.B), l(a.A, b.A)}
}

// circle adds a closed circle to r; reverse flips its winding (for holes).
func circle(r *vector.Rasterizer, cx, cy, rad float64, reverse bool) {
	const k = 0.5522847498 // cubic Bézier quarter-circle constant
	s := 1.0
	if reverse {
		s = -1
	}
	f := func(v float64) float32 { return float32(v) }
	r.MoveTo(f(cx+rad), f(cy))
	for q := 0; q < 4; q++ {
		a0 := s * float64(q) * math.Pi / 2
		a1 := s * float64(q+1) * math.Pi / 2
		x0, y0 := math.Cos(a0), math.Sin(a0)
		x1, y1 := math.Cos(a1), math.Sin(a1)
		r.CubeTo(
			f(cx+rad*(x0-s*k*y0)), f(cy+rad*(y0+s*k*x0)),
			f(cx+rad*(x1+s*k*y1)), f(cy+rad*(y1-s*k*x1)),
			f(cx+rad*x1), f(cy+rad*y1))
	}
	r.ClosePath()
}

func disc(dst *image.NRGBA, cx, cy, rad float64, c color.NRGBA) {
	m := newMask()
	circle(m.r, cx, cy, rad, false)
	m.fill()
	paint(dst, m.a, image.NewUniform(c))
}

func ring(dst *image.NRGBA, cx, cy, outer, inner float64, c color.NRGBA) {
	m := newMask()
	circle(m.r, cx, cy, outer, false)
	circle(m.r, cx, cy, inner, true)
	m.fill()
	paint(dst, m.a, image.NewUniform(c))
}

// roundRect adds a clockwise rounded rectangle; roundRectRev the same
// counter-clockwise.
func roundRect(r *vector.Rasterizer, x0, y0, x1, y1, rad float64) {
	roundRectPath(r, x0, y0, x1, y1, rad, false)
}

func roundRectRev(r *vector.Rasterizer, x0, y0, x1, y1, rad float64) {
	roundRectPath(r, x0, y0, x1, y1, rad, true)
}

func roundRectPath(r *vector.Rasterizer, x0, y0, x1, y1, rad float64, reverse bool) {
	const k = 0.5522847498
	type pt struct{ x, y float64 }
	// Corner arcs, clockwise (y down): top-right, bottom-right,
	// bottom-left, top-left. Each is start, ctrl1, ctrl2, end.
	arcs := [4][4]pt{
		{{x1 - rad, y0}, {x1 - rad + k*rad, y0}, {x1, y0 + rad - k*rad}, {x1, y0 + rad}},
		{{x1, y1 - rad}, {x1, y1 - rad + k*rad}, {x1 - rad + k*rad, y1}, {x1 - rad, y1}},
		{{x0 + rad, y1}, {x0 + rad - k*rad, y1}, {x0, y1 - rad + k*rad}, {x0, y1 - rad}},
		{{x0, y0 + rad}, {x0, y0 + rad - k*rad}, {x0 + rad - k*rad, y0}, {x0 + rad, y0}},
	}
	f := func(v float64) float32 { return float32(v) }
	if !reverse {
		r.MoveTo(f(x0+rad), f(y0))
		for _, a := range arcs {
			r.LineTo(f(a[0].x), f(a[0].y))
			r.CubeTo(f(a[1].x), f(a[1].y), f(a[2].x), f(a[2].y), f(a[3].x), f(a[3].y))
		}
	} else {
		r.MoveTo(f(x0+rad), f(y0))
		for i := 3; i >= 0; i-- {
			a := arcs[i]
			r.LineTo(f(a[3].x), f(a[3].y))
			r.CubeTo(f(a[2].x), f(a[2].y), f(a[1].x), f(a[1].y), f(a[0].x), f(a[0].y))
		}
	}
	r.ClosePath()
}

// segment adds a straight stroke of width w with square ends.
func segment(r *vector.Rasterizer, x0, y0, x1, y1, w float64) {
	dx, dy := x1-x0, y1-y0
	l := math.Hypot(dx, dy)
	nx, ny := -dy/l*w/2, dx/l*w/2
	f := func(v float64) float32 { return float32(v) }
	r.MoveTo(f(x0+nx), f(y0+ny))
	r.LineTo(f(x1+nx), f(y1+ny))
	r.LineTo(f(x1-nx), f(y1-ny))
	r.LineTo(f(x0-nx), f(y0-ny))
	r.ClosePath()
}

// loadFont returns the first candidate font that has a glyph for ch.
func loadFont(ch rune) (*sfnt.Font, sfnt.GlyphIndex, error) {
	var errs []error
	for _, c := range fontCandidates {
		data, err := os.ReadFile(c.path)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		var f *sfnt.Font
		if c.face < 0 {
			f, err = sfnt.Parse(data)
		} else {
			var coll *sfnt.Collection
			if coll, err = sfnt.ParseCollection(data); err == nil {
				f, err = coll.Font(c.face)
			}
		}
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", c.path, err))
			continue
		}
		var buf sfnt.Buffer
		gi, err := f.GlyphIndex(&buf, ch)
		if err != nil || gi == 0 {
			errs = append(errs, fmt.Errorf("%s: no glyph for %q", c.path, ch))
			continue
		}
		return f, gi, nil
	}
	return nil, 0, fmt.Errorf("no font with %q (run from the repository root): %w", ch, errors.Join(errs...))
}

// glyph draws ch so that its ink box is centred on (cx, cy) and its larger
// side measures px pixels.
func glyph(dst *image.NRGBA, ch rune, cx, cy, px float64, c color.NRGBA) error {
	f, gi, err := loadFont(ch)
	if err != nil {
		return err
	}
	var buf sfnt.Buffer
	const ppem = 1000
	segs, err := f.LoadGlyph(&buf, gi, fixed.I(ppem), nil)
	if err != nil {
		return err
	}
	// Ink bounds (Y grows downwards in sfnt segments).
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, s := range segs {
		n := map[sfnt.SegmentOp]int{sfnt.SegmentOpMoveTo: 1, sfnt.SegmentOpLineTo: 1, sfnt.SegmentOpQuadTo: 2, sfnt.SegmentOpCubeTo: 3}[s.Op]
		for _, p := range s.Args[:n] {
			x, y := fx(p.X), fx(p.Y)
			minX, maxX = math.Min(minX, x), math.Max(maxX, x)
			minY, maxY = math.Min(minY, y), math.Max(maxY, y)
		}
	}
	scale := px / math.Max(maxX-minX, maxY-minY)
	ox := cx - (minX+maxX)/2*scale
	oy := cy - (minY+maxY)/2*scale
	tr := func(p fixed.Point26_6) (float32, float32) {
		return float32(ox + fx(p.X)*scale), float32(oy + fx(p.Y)*scale)
	}
	m := newMask()
	for _, s := range segs {
		switch s.Op {
		case sfnt.SegmentOpMoveTo:
			x, y := tr(s.Args[0])
			m.r.MoveTo(x, y)
		case sfnt.SegmentOpLineTo:
			x, y := tr(s.Args[0])
			m.r.LineTo(x, y)
		case sfnt.SegmentOpQuadTo:
			x1, y1 := tr(s.Args[0])
			x2, y2 := tr(s.Args[1])
			m.r.QuadTo(x1, y1, x2, y2)
		case sfnt.SegmentOpCubeTo:
			x1, y1 := tr(s.Args[0])
			x2, y2 := tr(s.Args[1])
			x3, y3 := tr(s.Args[2])
			m.r.CubeTo(x1, y1, x2, y2, x3, y3)
		}
	}
	m.r.ClosePath()
	m.fill()
	paint(dst, m.a, image.NewUniform(c))
	return nil
}

func fx(v fixed.Int26_6) float64 { return float64(v) / 64 }

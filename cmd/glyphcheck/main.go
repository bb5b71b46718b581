// Command glyphcheck tells whether a screenshot shows a text drawn in a
// given font: it renders the text with the font (the app's bundled Noto
// subset) at each size of a range and finds the best match in a region of
// the screenshot by normalised cross-correlation (1: the same pixels up to
// brightness and contrast; boxes for missing glyphs, another font or other
// characters score far lower). A control text of other characters,
// rendered the same way, must score clearly lower in the same region, so
// that a match cannot come from any Chinese-looking ink.
//
//	glyphcheck -png SHOT.png -font FONT.otf -text 打狼棋 -control 狼背猪 [-region X,Y,W,H] [-sizes 12-32] [-min 0.9] [-margin 0.15]
//
// It prints the best score, its size and place, and the control's; exit
// status 1 where the score is under -min or not -margin over the control's
// (make test-windows: scripts/wine-test.sh checks the Chinese under Wine).
package main

import (
	"flag"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"os"
	"strconv"
	"strings"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// gray is an image as luminance in [0, 1], row by row.
type gray struct {
	w, h int
	p    []float64
}

func (g gray) at(x, y int) float64 { return g.p[y*g.w+x] }

// toGray is the luminance of img's rectangle r.
func toGray(img image.Image, r image.Rectangle) gray {
	g := gray{w: r.Dx(), h: r.Dy(), p: make([]float64, r.Dx()*r.Dy())}
	for y := 0; y < g.h; y++ {
		for x := 0; x < g.w; x++ {
			c := color.GrayModel.Convert(img.At(r.Min.X+x, r.Min.Y+y)).(color.Gray)
			g.p[y*g.w+x] = float64(c.Y) / 255
		}
	}
	return g
}

// render draws text in face, dark on light, cropped to its ink (ok false:
// no ink at all).
func render(face font.Face, text string) (gray, bool) {
	d := &font.Drawer{Face: face}
	adv := d.MeasureString(text).Ceil()
	m := face.Metrics()
	h := (m.Ascent + m.Descent).Ceil()
	img := image.NewGray(image.Rect(0, 0, adv+4, h+4))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	d.Dst, d.Src = img, image.Black
	d.Dot = fixed.Point26_6{X: fixed.I(2), Y: m.Ascent + fixed.I(2)}
	d.DrawString(text)
	ink := image.Rectangle{}
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if img.GrayAt(x, y).Y < 200 {
				ink = ink.Union(image.Rect(x, y, x+1, y+1))
			}
		}
	}
	if ink.Empty() {
		return gray{}, false
	}
	return toGray(img, ink), true
}

// match is the best absolute normalised cross-correlation of t over the
// places of s (dark text on light or light on dark alike), and its place.
func match(s, t gray) (best float64, at image.Point) {
	if t.w > s.w || t.h > s.h {
		return 0, at
	}
	n := float64(t.w * t.h)
	var tm float64
	for _, v := range t.p {
		tm += v
	}
	tm /= n
	var tv float64
	tc := make([]float64, len(t.p))
	for i, v := range t.p {
		tc[i] = v - tm
		tv += tc[i] * tc[i]
	}
	if tv == 0 {
		return 0, at
	}
	for oy := 0; oy+t.h <= s.h; oy++ {
		for ox := 0; ox+t.w <= s.w; ox++ {
			var sum, sum2, cross float64
			for y := 0; y < t.h; y++ {
				row := s.p[(oy+y)*s.w+ox : (oy+y)*s.w+ox+t.w]
				trow := tc[y*t.w : (y+1)*t.w]
				for x, v := range row {
					sum += v
					sum2 += v * v
					cross += v * trow[x]
				}
			}
			sv := sum2 - sum*sum/n
			if sv <= 1e-9 {
				continue
			}
			if c := math.Abs(cross / math.Sqrt(sv*tv)); c > best {
				best, at = c, image.Pt(ox, oy)
			}
		}
	}
	return best, at
}

// bestOver is match's best over the sizes, with the size.
func bestOver(f *opentype.Font, text string, sizes [2]int, s gray) (best float64, size int, at image.Point, err error) {
	for px := sizes[0]; px <= sizes[1]; px++ {
		face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: float64(px), DPI: 72, Hinting: font.HintingNone})
		if err != nil {
			return 0, 0, at, err
		}
		t, ok := render(face, text)
		face.Close()
		if !ok {
			continue
		}
		if c, p := match(s, t); c > best {
			best, size, at = c, px, p
		}
	}
	return best, size, at, nil
}

func ints(s string, n int) ([]int, error) {
	parts := strings.FieldsFunc(s, func(r rune) bool { return r == ',' || r == '-' })
	if len(parts) != n {
		return nil, fmt.Errorf("%q: want %d numbers", s, n)
	}
	out := make([]int, n)
	for i, p := range parts {
		v, err := strconv.Atoi(strings.TrimSpace(p))
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

func main() {
	pngPath := flag.String("png", "", "the screenshot")
	fontPath := flag.String("font", "", "the font the text should be drawn in (.otf, .ttf)")
	text := flag.String("text", "", "the text the screenshot should show")
	control := flag.String("control", "", "other characters, which must score lower")
	region := flag.String("region", "", "X,Y,W,H: where to look (default: the whole screenshot)")
	sizesFlag := flag.String("sizes", "12-32", "the text's sizes to try, in pixels: MIN-MAX")
	minScore := flag.Float64("min", 0.9, "the least score of a match")
	margin := flag.Float64("margin", 0.15, "how far the text's score must be over the control's")
	flag.Parse()
	if *pngPath == "" || *fontPath == "" || *text == "" || *control == "" {
		flag.Usage()
		os.Exit(2)
	}
	fail := func(err error) {
		fmt.Fprintln(os.Stderr, "glyphcheck:", err)
		os.Exit(2)
	}
	sz, err := ints(*sizesFlag, 2)
	if err != nil {
		fail(err)
	}
	fd, err := os.ReadFile(*fontPath)
	if err != nil {
		fail(err)
	}
	f, err := opentype.Parse(fd)
	if err != nil {
		fail(err)
	}
	pf, err := os.Open(*pngPath)
	if err != nil {
		fail(err)
	}
	img, err := png.Decode(pf)
	pf.Close()
	if err != nil {
		fail(err)
	}
	r := img.Bounds()
	if *region != "" {
		v, err := ints(*region, 4)
		if err != nil {
			fail(err)
		}
		r = image.Rect(v[0], v[1], v[0]+v[2], v[1]+v[3]).Intersect(img.Bounds())
	}
	s := toGray(img, r)
	score, size, at, err := bestOver(f, *text, [2]int{sz[0], sz[1]}, s)
	if err != nil {
		fail(err)
	}
	cscore, _, _, err := bestOver(f, *control, [2]int{sz[0], sz[1]}, s)
	if err != nil {
		fail(err)
	}
	fmt.Printf("glyphcheck: %q in %s: %.3f at %d px, (%d,%d); the control %q: %.3f\n",
		*text, *pngPath, score, size, r.Min.X+at.X, r.Min.Y+at.Y, *control, cscore)
	if score < *minScore || score-cscore < *margin {
		fmt.Printf("glyphcheck: FAIL: want at least %.2f and %.2f over the control\n", *minScore, *margin)
		os.Exit(1)
	}
}

// Command storeart draws the store listings' pictures that are not
// screenshots, from the app's own art (scripts/store-shots.sh runs it;
// docs/store-listings.md):
//
//   - the Play / F-Droid icon, 512×512: Icon.png scaled down onto a square of
//     the icon's frame colour (#8a5828), opaque: Google Play rounds the
//     corners of a full-square icon itself;
//   - the Play feature graphic, 1024×500, opaque: the icon, the app's name
//     in English and Chinese and the four games' names in the app's own font
//     (the Noto Sans SC subsets of translations/fonts), and the four boards
//     at their start as the home screen paints them (widgets.BoardPicture,
//     drawn by Fyne's software painter: no window, no display).
//
// Every character drawn must be in the font subset (it fails otherwise: the
// subset holds only what the app shows). Usage:
//
//	go run ./cmd/storeart -icon Icon.png -icon-out ICON.png -feature-out FEATURE.png
package main

import (
	"flag"
	"fmt"
	"image"
	"image/color"
	"log"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/software"
	"fyne.io/fyne/v2/test"
	xdraw "golang.org/x/image/draw"
	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"huntchess/core"
	"huntchess/internal/pngfile"
	"huntchess/internal/themevariant"
	"huntchess/translations/fonts"
	"huntchess/widgets"
)

// The icon's own colours (cmd/icongen): its frame and its dark lines.
var (
	frame = color.NRGBA{R: 0x8a, G: 0x58, B: 0x28, A: 0xff}
	cream = color.NRGBA{R: 0xfd, G: 0xf3, B: 0xe1, A: 0xff}
	sand  = color.NRGBA{R: 0xf0, G: 0xd4, B: 0x9c, A: 0xff}
	top   = color.NRGBA{R: 0x6e, G: 0x45, B: 0x20, A: 0xff}
	foot  = color.NRGBA{R: 0x46, G: 0x2a, B: 0x12, A: 0xff}
)

func main() {
	iconIn := flag.String("icon", "Icon.png", "the app icon (square PNG)")
	iconOut := flag.String("icon-out", "", "write the 512×512 store icon here")
	featureOut := flag.String("feature-out", "", "write the 1024×500 feature graphic here")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("storeart: ")

	icon, err := pngfile.Read(*iconIn)
	if err != nil {
		log.Fatal(err)
	}
	if *iconOut != "" {
		img := image.NewNRGBA(image.Rect(0, 0, 512, 512))
		fill(img, img.Bounds(), frame)
		xdraw.CatmullRom.Scale(img, img.Bounds(), icon, icon.Bounds(), xdraw.Over, nil)
		if err := pngfile.Write(*iconOut, opaque(img)); err != nil {
			log.Fatal(err)
		}
	}
	if *featureOut != "" {
		img, err := feature(icon)
		if err != nil {
			log.Fatal(err)
		}
		if err := pngfile.Write(*featureOut, img); err != nil {
			log.Fatal(err)
		}
	}
}

// feature draws the 1024×500 feature graphic.
func feature(icon image.Image) (image.Image, error) {
	const w, h = 1024, 500
	img := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ { // dark wood, lighter at the top
		t := float64(y) / float64(h-1)
		c := color.NRGBA{R: mix(top.R, foot.R, t), G: mix(top.G, foot.G, t), B: mix(top.B, foot.B, t), A: 0xff}
		fill(img, image.Rect(0, y, w, y+1), c)
	}

	// The icon, top left.
	iconBox := image.Rect(52, 36, 52+216, 36+216)
	xdraw.CatmullRom.Scale(img, iconBox, icon, icon.Bounds(), xdraw.Over, nil)

	// The names, beside it.
	bold, err := face(fonts.Bold, 70)
	if err != nil {
		return nil, err
	}
	regular, err := face(fonts.Regular, 29)
	if err != nil {
		return nil, err
	}
	x := 300
	if err := text(img, bold, "Hunt Chess  围猎棋", x, 118, cream); err != nil {
		return nil, err
	}
	if err := text(img, regular, "Four traditional Chinese hunt games", x, 175, sand); err != nil {
		return nil, err
	}
	if err := text(img, regular, "打狼棋 · 狼背猪 · 围狮棋 · 二十犬鹿棋", x, 222, sand); err != nil {
		return nil, err
	}

	// The four boards at their start, as the home screen shows them.
	boards, err := startBoards(200)
	if err != nil {
		return nil, err
	}
	const gap = 36
	bx := (w - 4*200 - 3*gap) / 2
	for i, b := range boards {
		r := image.Rect(bx+i*(200+gap), 274, bx+i*(200+gap)+200, 274+200)
		xdraw.Draw(img, r, b, b.Bounds().Min, xdraw.Over)
	}
	return opaque(img), nil
}

// startBoards paints each game's start position, size×size pixels, with the
// app's board picture and its light wood palette: at 1.5 times the size, scale 1
// (the picture takes its scale from the driver's canvas, which the test
// driver gives as 1), then scaled down.
func startBoards(size int) ([]image.Image, error) {
	a := test.NewApp()
	defer a.Quit()
	a.Settings().SetTheme(fonts.Theme(themevariant.Light())) // the light variant, as on a light phone
	var out []image.Image
	for _, info := range core.Games() {
		pic := widgets.NewBoardPicture(info.Start())
		c := software.NewTransparentCanvas()
		c.SetPadded(false)
		c.SetScale(1)
		c.SetContent(pic)
		c.Resize(fyne.NewSize(float32(3*size/2), float32(3*size/2)))
		big := c.Capture()
		if big.Bounds().Dx() != 3*size/2 || big.Bounds().Dy() != 3*size/2 {
			return nil, fmt.Errorf("the board of %s came out %v, not %d×%d", info.Key, big.Bounds().Size(), 3*size/2, 3*size/2)
		}
		img := image.NewNRGBA(image.Rect(0, 0, size, size))
		xdraw.CatmullRom.Scale(img, img.Bounds(), big, big.Bounds(), xdraw.Src, nil)
		out = append(out, img)
	}
	return out, nil
}

func face(res fyne.Resource, px float64) (font.Face, error) {
	f, err := opentype.Parse(res.Content())
	if err != nil {
		return nil, fmt.Errorf("%s: %w", res.Name(), err)
	}
	return opentype.NewFace(f, &opentype.FaceOptions{Size: px, DPI: 72, Hinting: font.HintingNone})
}

// text draws s with its baseline at y, failing on a character the font lacks.
func text(img *image.NRGBA, f font.Face, s string, x, y int, c color.Color) error {
	for _, r := range s {
		if r == ' ' {
			continue
		}
		if _, ok := f.GlyphAdvance(r); !ok {
			return fmt.Errorf("the font subset has no %q (of %q)", r, s)
		}
	}
	d := font.Drawer{Dst: img, Src: image.NewUniform(c), Face: f, Dot: fixed.P(x, y)}
	d.DrawString(s)
	if end := d.Dot.X.Round(); end > img.Bounds().Dx()-24 {
		return fmt.Errorf("%q runs to x=%d, past the picture's edge", s, end)
	}
	return nil
}

func mix(a, b uint8, t float64) uint8 { return uint8(float64(a)*(1-t) + float64(b)*t + 0.5) }

func fill(img *image.NRGBA, r image.Rectangle, c color.NRGBA) {
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			img.SetNRGBA(x, y, c)
		}
	}
}

// opaque is img as RGB on its own colours: the stores want no alpha here.
func opaque(img *image.NRGBA) image.Image {
	out := image.NewRGBA(img.Bounds())
	xdraw.Draw(out, out.Bounds(), image.NewUniform(frame), image.Point{}, xdraw.Src)
	xdraw.Draw(out, out.Bounds(), img, img.Bounds().Min, xdraw.Over)
	return out
}

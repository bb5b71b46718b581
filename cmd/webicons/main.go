// Command webicons draws the web app's icons from Icon.png: the manifest's
// 192 and 512 px icons (as drawn, transparent corners), their maskable
// versions (the icon shrunk into the safe zone on a full-bleed background),
// the opaque 180 px apple-touch-icon and a 32 px favicon.
//
//	go run ./cmd/webicons -in Icon.png -out build/web/icons
package main

import (
	"flag"
	"image"
	"image/color"
	"log"
	"os"
	"path/filepath"

	"golang.org/x/image/draw"

	"huntchess/internal/pngfile"
)

// background is the icon's own frame colour (#8a5828, the manifest's
// theme_color), so the maskable icons blend into the mask.
var background = color.NRGBA{R: 0x8a, G: 0x58, B: 0x28, A: 0xff}

func main() {
	in := flag.String("in", "Icon.png", "source icon (square PNG)")
	out := flag.String("out", "build/web/icons", "output folder")
	flag.Parse()
	log.SetFlags(0)
	log.SetPrefix("webicons: ")

	src, err := pngfile.Read(*in)
	if err != nil {
		log.Fatal(err)
	}
	if err := writeIcons(src, *out); err != nil {
		log.Fatal(err)
	}
}

// icons are the files writeIcons makes.
var icons = []struct {
	name  string
	size  int
	scale float64 // of the icon inside the square
	fill  bool    // opaque background
}{
	{"icon-192.png", 192, 1, false},
	{"icon-512.png", 512, 1, false},
	// The maskable safe zone is the centred circle of 80 % of the
	// size; the icon's rounded square fits in it at 70 %.
	{"maskable-192.png", 192, 0.7, true},
	{"maskable-512.png", 512, 0.7, true},
	{"apple-touch-icon.png", 180, 1, true},
	{"favicon-32.png", 32, 1, false},
}

// writeIcons draws every icon from src into the folder out.
func writeIcons(src image.Image, out string) error {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	for _, ic := range icons {
		dst := image.NewNRGBA(image.Rect(0, 0, ic.size, ic.size))
		if ic.fill {
			draw.Draw(dst, dst.Bounds(), image.NewUniform(background), image.Point{}, draw.Src)
		}
		n := int(float64(ic.size)*ic.scale + 0.5)
		off := (ic.size - n) / 2
		draw.CatmullRom.Scale(dst, image.Rect(off, off, off+n, off+n), src, src.Bounds(), draw.Over, nil)
		if err := pngfile.Write(filepath.Join(out, ic.name), dst); err != nil {
			return err
		}
	}
	return nil
}

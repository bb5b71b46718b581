package main

import (
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"
)

func TestWriteIcons(t *testing.T) {
	// A 64 px source: a red square with transparent corners.
	src := image.NewNRGBA(image.Rect(0, 0, 64, 64))
	for y := 8; y < 56; y++ {
		for x := 8; x < 56; x++ {
			src.Set(x, y, color.NRGBA{R: 200, A: 255})
		}
	}
	out := t.TempDir()
	if err := writeIcons(src, out); err != nil {
		t.Fatal(err)
	}
	for _, ic := range icons {
		f, err := os.Open(filepath.Join(out, ic.name))
		if err != nil {
			t.Fatal(err)
		}
		img, err := png.Decode(f)
		f.Close()
		if err != nil {
			t.Fatalf("%s: %v", ic.name, err)
		}
		if b := img.Bounds(); b.Dx() != ic.size || b.Dy() != ic.size {
			t.Errorf("%s is %dx%d, want %d", ic.name, b.Dx(), b.Dy(), ic.size)
		}
		// Opaque icons (maskable, apple-touch) fill the corners with the
		// frame colour; the others keep them transparent.
		_, _, _, a := img.At(0, 0).RGBA()
		if (a == 0xffff) != ic.fill {
			t.Errorf("%s: corner alpha %#x, opaque want %v", ic.name, a, ic.fill)
		}
		// The centre is the source's red.
		r, g, _, _ := img.At(ic.size/2, ic.size/2).RGBA()
		if r>>8 < 150 || g>>8 > 50 {
			t.Errorf("%s: centre is not the icon (r %d g %d)", ic.name, r>>8, g>>8)
		}
	}
}

package main

import (
	"os"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
)

// The text drawn in the bundled font, set into a larger light-grey
// picture, is found where it was put with a score near 1; the same place
// holding boxes the size of the glyphs (tofu: what a font without them
// shows) or other characters scores far lower.
func TestMatchFindsTheFontsGlyphsNotBoxes(t *testing.T) {
	data, err := os.ReadFile("../../translations/fonts/NotoSansSC-Subset-Bold.otf")
	if err != nil {
		t.Fatal(err)
	}
	f, err := opentype.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: 18, DPI: 72, Hinting: font.HintingNone})
	if err != nil {
		t.Fatal(err)
	}
	defer face.Close()
	text, ok := render(face, "打狼棋")
	if !ok {
		t.Fatal("no ink")
	}
	canvas := func(put func(g gray, x0, y0 int)) gray {
		g := gray{w: 120, h: 50, p: make([]float64, 120*50)}
		for i := range g.p {
			g.p[i] = 0.85
		}
		put(g, 17, 13)
		return g
	}
	shot := canvas(func(g gray, x0, y0 int) {
		for y := 0; y < text.h; y++ {
			for x := 0; x < text.w; x++ {
				g.p[(y0+y)*g.w+x0+x] = 0.85 * text.at(x, y)
			}
		}
	})
	score, at := match(shot, text)
	if score < 0.99 || at.X != 17 || at.Y != 13 {
		t.Fatalf("the text itself: %.3f at %v, want ~1 at (17,13)", score, at)
	}
	cell := text.w / 3
	tofu := canvas(func(g gray, x0, y0 int) {
		for i := 0; i < 3; i++ {
			for y := 0; y < text.h; y++ {
				for x := 1; x < cell-1; x++ {
					if y == 0 || y == text.h-1 || x == 1 || x == cell-2 {
						g.p[(y0+y)*g.w+x0+i*cell+x] = 0
					}
				}
			}
		}
	})
	if score, _ := match(tofu, text); score > 0.6 {
		t.Fatalf("boxes score %.3f, want far under a match", score)
	}
	other, _ := render(face, "狼背猪")
	if score, _ := match(shot, other); score > 0.6 {
		t.Fatalf("other characters score %.3f, want far under a match", score)
	}
}

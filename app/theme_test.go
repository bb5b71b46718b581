//go:build ci

package app

import (
	"image/color"
	"math"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"huntchess/storage"
)

// The app's theme.

// The keyboard focus shows clearly on every kind of button, in both
// theme variants.
func TestFocusIsVisible(t *testing.T) {
	th := newAppTheme(storage.ThemeSystem)
	blend := func(under, over color.Color) color.NRGBA {
		ur, ug, ub, _ := under.RGBA()
		or, og, ob, oa := over.RGBA()
		a := float64(oa) / 0xffff
		mix := func(u, o uint32) uint8 { return uint8((float64(o) + float64(u)*(1-a)) / 0x101) }
		return color.NRGBA{R: mix(ur, or), G: mix(ug, og), B: mix(ub, ob), A: 0xff}
	}
	dist := func(a, b color.Color) float64 {
		ar, ag, ab, _ := a.RGBA()
		br, bg, bb, _ := b.RGBA()
		d := func(x, y uint32) float64 { return math.Abs(float64(x)-float64(y)) / 0x101 }
		return d(ar, br) + d(ag, bg) + d(ab, bb)
	}
	for _, v := range []fyne.ThemeVariant{theme.VariantLight, theme.VariantDark} {
		for _, bg := range []fyne.ThemeColorName{theme.ColorNameButton, theme.ColorNamePrimary, theme.ColorNameBackground} {
			under := th.Color(bg, v)
			if d := dist(under, blend(under, th.Color(theme.ColorNameFocus, v))); d < 120 {
				t.Errorf("variant %d, %s: focus changes the colour by only %.0f", v, bg, d)
			}
		}
	}
}

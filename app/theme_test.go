//go:build ci

package app

import (
	"image/color"
	"math"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"github.com/stretchr/testify/require"

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

// contrastRatio is WCAG 2's contrast ratio of two opaque colours.
func contrastRatio(a, b color.Color) float64 {
	lum := func(c color.Color) float64 {
		r, g, bl, _ := c.RGBA()
		lin := func(v uint32) float64 {
			x := float64(v) / 0xffff
			if x <= 0.04045 {
				return x / 12.92
			}
			return math.Pow((x+0.055)/1.055, 2.4)
		}
		return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(bl)
	}
	la, lb := lum(a), lum(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// In the light theme unchecked check boxes and radio buttons were almost
// invisible (their outline, the input border, 1.3:1 on white) and the green
// "Solved!" text faint (1.5:1), the orange of a hint or a wrong move
// fainter still (2.2:1). Computed from the theme's colours, in both
// variants: the outline has 3:1 against every background it is drawn on
// (WCAG non-text contrast), coloured text and body text 4.5:1.
func TestThemeContrast(t *testing.T) {
	th := newAppTheme(storage.ThemeSystem)
	backgrounds := []fyne.ThemeColorName{theme.ColorNameBackground, theme.ColorNameOverlayBackground,
		theme.ColorNameInputBackground, theme.ColorNameMenuBackground}
	for _, v := range []fyne.ThemeVariant{theme.VariantLight, theme.VariantDark} {
		for _, bg := range backgrounds {
			under := th.Color(bg, v)
			if r := contrastRatio(th.Color(theme.ColorNameInputBorder, v), under); r < 3 {
				t.Errorf("variant %d: a check box's outline on %s is %.2f:1, want 3:1", v, bg, r)
			}
			if bg == theme.ColorNameInputBackground {
				continue // no text is drawn there but what one types
			}
			for _, fg := range []fyne.ThemeColorName{theme.ColorNameSuccess, theme.ColorNameWarning, theme.ColorNameError, theme.ColorNameForeground} {
				if r := contrastRatio(th.Color(fg, v), under); r < 4.5 {
					t.Errorf("variant %d: %s text on %s is %.2f:1, want 4.5:1", v, fg, bg, r)
				}
			}
		}
		// A success, warning or danger button's text on its colour.
		for on, bg := range map[fyne.ThemeColorName]fyne.ThemeColorName{theme.ColorNameForegroundOnSuccess: theme.ColorNameSuccess,
			theme.ColorNameForegroundOnWarning: theme.ColorNameWarning, theme.ColorNameForegroundOnError: theme.ColorNameError} {
			if r := contrastRatio(th.Color(on, v), th.Color(bg, v)); r < 4.5 {
				t.Errorf("variant %d: the text of a %s button is %.2f:1, want 4.5:1", v, bg, r)
			}
		}
	}
	// The forced variants are the same colours.
	for variant, v := range map[string]fyne.ThemeVariant{storage.ThemeLight: theme.VariantLight, storage.ThemeDark: theme.VariantDark} {
		forced := newAppTheme(variant)
		require.Equal(t, th.Color(theme.ColorNameInputBorder, v), forced.Color(theme.ColorNameInputBorder, 1-v))
	}
}

package app

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"huntchess/session"
	"huntchess/translations/fonts"
)

// appTheme wraps Fyne's default theme: the variant (light / dark) can be
// forced by the settings, text uses the bundled CJK fonts so Chinese
// renders on any machine, and the text-size setting scales the body text.
type appTheme struct {
	base    fyne.Theme
	variant string  // session.ThemeSystem, session.ThemeLight or session.ThemeDark
	scale   float32 // text size factor (session.Settings.TextScale); 0 means 1
}

func newAppTheme(variant string) *appTheme {
	return &appTheme{base: theme.DefaultTheme(), variant: variant, scale: 1}
}

// themeFor is the app theme for the settings (variant and text size).
func themeFor(s session.Settings) *appTheme {
	t := newAppTheme(s.Theme)
	if s.TextScale > 0 {
		t.scale = float32(s.TextScale)
	}
	return t
}

func (t *appTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	switch t.variant {
	case session.ThemeLight:
		v = theme.VariantLight
	case session.ThemeDark:
		v = theme.VariantDark
	}
	if n == theme.ColorNameFocus {
		return focusColor
	}
	return t.base.Color(n, v)
}

// focusColor marks the widget with the keyboard focus (Fyne blends it over a
// button's background). Fyne's own is a faint blue, invisible on the blue
// Play and Continue buttons and hard to see on the others: an amber that
// stands out on blue, grey, light and dark.
var focusColor = color.NRGBA{R: 0xff, G: 0xb3, B: 0x00, A: 0x99}

func (t *appTheme) Font(s fyne.TextStyle) fyne.Resource { return fonts.Font(s) }

func (t *appTheme) Icon(n fyne.ThemeIconName) fyne.Resource { return t.base.Icon(n) }

func (t *appTheme) Size(n fyne.ThemeSizeName) float32 {
	switch n {
	case theme.SizeNameText, theme.SizeNameCaptionText: // headings are large already
		if t.scale > 0 {
			return t.base.Size(n) * t.scale
		}
	}
	return t.base.Size(n)
}

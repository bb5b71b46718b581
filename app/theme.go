package app

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"

	"huntchess/storage"
	"huntchess/translations"
	"huntchess/translations/fonts"
)

// appTheme wraps Fyne's default theme: the variant (light / dark) can be
// forced by the settings, text uses the bundled CJK fonts so Chinese
// renders on any machine, and the text-size setting scales the body text.
type appTheme struct {
	base    fyne.Theme
	variant string  // storage.ThemeSystem, storage.ThemeLight or storage.ThemeDark
	scale   float32 // text size factor (storage.Settings.TextScale); 0 means 1
}

func newAppTheme(variant string) *appTheme {
	return &appTheme{base: theme.DefaultTheme(), variant: variant, scale: 1}
}

// applyTheme sets the app theme for s. Fyne's driver answers it at once
// and frees the text drawn in the old faces, which in the browser needs the
// WebGL context made current (withGL, webgl_js.go): every theme change goes
// through here.
func (a *App) applyTheme(s storage.Settings) {
	withGL(func() { a.fa.Settings().SetTheme(themeFor(s)) })
}

// themeFor is the app theme for the settings (variant and text size).
func themeFor(s storage.Settings) *appTheme {
	t := newAppTheme(s.Theme)
	if s.TextScale > 0 {
		t.scale = float32(s.TextScale)
	}
	return t
}

func (t *appTheme) Color(n fyne.ThemeColorName, v fyne.ThemeVariant) color.Color {
	switch t.variant {
	case storage.ThemeLight:
		v = theme.VariantLight
	case storage.ThemeDark:
		v = theme.VariantDark
	}
	if n == theme.ColorNameFocus {
		return focusColor
	}
	if c, ok := contrastColors[v][n]; ok {
		return c
	}
	return t.base.Color(n, v)
}

// contrastColors replace Fyne's colours that are too faint to read: an
// unchecked check box's or radio button's outline (input border: Fyne's light #e3e3e3 on white is 1.3:1, its dark #39393a on
// #171718 1.5:1) gets at least 3:1 against the backgrounds it is drawn on
// (WCAG's non-text contrast), and the colours of text at least 4.5:1: the
// success colour ("Solved!", a lesson done: Fyne's light #43f436 on white
// is 1.5:1), the warning colour (a hint, a wrong move: #ff9800, 2.2:1) and
// the error colour (#f44336, 3.7:1, as is white on it: a Danger button).
// TestThemeContrast computes them.
var contrastColors = map[fyne.ThemeVariant]map[fyne.ThemeColorName]color.Color{
	theme.VariantLight: {
		theme.ColorNameInputBorder: color.NRGBA{R: 0x76, G: 0x76, B: 0x76, A: 0xff},
		theme.ColorNameSuccess:     color.NRGBA{R: 0x2e, G: 0x7d, B: 0x32, A: 0xff},
		theme.ColorNameWarning:     color.NRGBA{R: 0xb4, G: 0x53, B: 0x09, A: 0xff},
		theme.ColorNameError:       color.NRGBA{R: 0xc6, G: 0x28, B: 0x28, A: 0xff},
	},
	theme.VariantDark: {
		theme.ColorNameInputBorder: color.NRGBA{R: 0x8a, G: 0x8a, B: 0x8a, A: 0xff},
		theme.ColorNameError:       color.NRGBA{R: 0xff, G: 0x66, B: 0x59, A: 0xff}, // #f44336 is 3.9:1 on a menu
	},
}

// focusColor marks the widget with the keyboard focus (Fyne blends it over a
// button's background). Fyne's own is a faint blue, invisible on the blue
// Play and Continue buttons and hard to see on the others: an amber that
// stands out on blue, grey, light and dark.
var focusColor = color.NRGBA{R: 0xff, G: 0xb3, B: 0x00, A: 0x99}

// Font is the bundled font of the current language: Noto Sans CJK TC for
// Traditional Chinese, with the glyph shapes and the punctuation of
// Taiwan's standard, SC otherwise (translations/fonts). The app sets its
// theme again when the family changes (App.New's subscription).
func (t *appTheme) Font(s fyne.TextStyle) fyne.Resource { return fonts.FontFor(traditionalFont(), s) }

// traditionalFont reports whether text is drawn in the Traditional Chinese
// fonts: while the language is Traditional Chinese.
func traditionalFont() bool { return translations.Current() == translations.TraditionalChinese }

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

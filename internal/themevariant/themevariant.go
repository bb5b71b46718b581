// Package themevariant draws a Fyne theme in one variant, light or dark,
// whatever the system or the user prefers: what Fyne's deprecated
// theme.LightTheme and theme.DarkTheme did. The board demo, the store
// art and the widgets' tests use it; the app has its own theme (app/theme.go).
package themevariant

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// Fixed is base with every colour in variant v.
func Fixed(base fyne.Theme, v fyne.ThemeVariant) fyne.Theme {
	return &fixed{Theme: base, v: v}
}

// Light is Fyne's default theme in its light variant.
func Light() fyne.Theme { return Fixed(theme.DefaultTheme(), theme.VariantLight) }

// Dark is Fyne's default theme in its dark variant.
func Dark() fyne.Theme { return Fixed(theme.DefaultTheme(), theme.VariantDark) }

type fixed struct {
	fyne.Theme
	v fyne.ThemeVariant
}

func (f *fixed) Color(n fyne.ThemeColorName, _ fyne.ThemeVariant) color.Color {
	return f.Theme.Color(n, f.v)
}

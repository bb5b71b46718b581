// Package fonts bundles subsets of Noto Sans CJK SC (Regular and Bold) that
// cover every character of every Hunt Chess message in English and
// Simplified Chinese, and of Noto Sans CJK TC that cover every character in
// English and Traditional Chinese, each plus the languages' own names
// (English, 简体, 繁體), ASCII, Latin-1 and common punctuation. Fyne's own
// font (Noto Sans) has no Chinese glyphs. The TC family draws the
// Traditional texts in the glyph shapes of Taiwan's standard (and the
// punctuation centred, as Taiwan sets it), which the SC family draws in
// the mainland's.
//
// # How Fyne v2.7.1 picks glyphs, and what the app theme must do
//
// For a text style, Fyne's painter (internal/painter/font.go, CachedFontFace
// and lookupFaces) builds an ordered face list:
//
//  1. theme.Font(style) — the current app theme's font for that style,
//  2. Fyne's own built-in font for the style (theme.DefaultTextFont(),
//     DefaultTextBoldFont(), …), unless it is the same resource as 1,
//  3. the built-in emoji font,
//  4. a system font found with fontconfig-like scanning — which the app
//     turns off (app/sysfonts.go: the subsets cover every character, and
//     the scan and its face cost 8 MB of memory).
//
// Each rune is drawn with the first face whose cmap has it; a rune no face
// has is drawn as a replacement box. So Chinese only renders reliably if the
// theme's own font has the Chinese glyphs. The app theme must therefore
// return these subsets from Font:
//
//	func (t *appTheme) Font(s fyne.TextStyle) fyne.Resource {
//		return fonts.Font(s) // Regular or Bold; Fyne's own for monospace/symbol
//	}
//
// or simply wrap its theme with fonts.Theme(base). Since the subsets also
// carry Latin glyphs, all UI text (English and Chinese, mixed in one label
// too) is drawn in one consistent typeface, Noto Sans CJK SC, whose Latin
// letters match the Chinese in weight and height. Italic styles get the
// upright subset (there is no CJK italic), so the app asks for no italic
// text: it would look the same, and Fyne loads two more fonts for every
// text style it draws (the theme's and its own italic); monospace and symbol styles keep
// Fyne's own fonts, so keep Chinese out of monospace text. Any character the
// subset lacks (e.g. one typed by the user) still falls back to Fyne's font
// (Latin), else shows as a box.
//
// Fyne caches the faces it loads, by text style, until the theme is set
// again: an app that switches between the families sets its theme again
// when the language switches (app/app.go).
//
// After changing any message file, run `make fonts` (scripts/fonts.sh):
// translations' tests fail if a message uses a character these fonts lack.
//
// The fonts are licensed under the SIL Open Font License 1.1; see OFL.txt.
package fonts

import (
	_ "embed"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

//go:embed NotoSansSC-Subset-Regular.otf
var regularData []byte

//go:embed NotoSansSC-Subset-Bold.otf
var boldData []byte

//go:embed NotoSansTC-Subset-Regular.otf
var regularTCData []byte

//go:embed NotoSansTC-Subset-Bold.otf
var boldTCData []byte

//go:embed OFL.txt
var License string

// The bundled fonts, as Fyne resources: Noto Sans CJK SC for English and
// Simplified Chinese, Noto Sans CJK TC for Traditional Chinese.
var (
	Regular   fyne.Resource = fyne.NewStaticResource("NotoSansSC-Subset-Regular.otf", regularData)
	Bold      fyne.Resource = fyne.NewStaticResource("NotoSansSC-Subset-Bold.otf", boldData)
	RegularTC fyne.Resource = fyne.NewStaticResource("NotoSansTC-Subset-Regular.otf", regularTCData)
	BoldTC    fyne.Resource = fyne.NewStaticResource("NotoSansTC-Subset-Bold.otf", boldTCData)
)

// Font returns the font an app theme should use for style in English or
// Simplified Chinese: Bold for bold text, Fyne's own fonts for monospace
// and symbol text, Regular otherwise (italic included).
func Font(style fyne.TextStyle) fyne.Resource { return FontFor(false, style) }

// FontFor is Font, in the Traditional Chinese family (RegularTC, BoldTC)
// when traditional is set.
func FontFor(traditional bool, style fyne.TextStyle) fyne.Resource {
	switch {
	case style.Monospace:
		return theme.DefaultTextMonospaceFont()
	case style.Symbol:
		return theme.DefaultSymbolFont()
	case style.Bold && traditional:
		return BoldTC
	case style.Bold:
		return Bold
	case traditional:
		return RegularTC
	default:
		return Regular
	}
}

// Theme wraps base so that its Font method returns Font(style); colours,
// icons and sizes stay those of base.
func Theme(base fyne.Theme) fyne.Theme { return &cjkTheme{Theme: base} }

// ThemeFor is Theme with the Traditional Chinese family when traditional
// is set.
func ThemeFor(base fyne.Theme, traditional bool) fyne.Theme {
	return &cjkTheme{Theme: base, traditional: traditional}
}

type cjkTheme struct {
	fyne.Theme
	traditional bool
}

func (t *cjkTheme) Font(style fyne.TextStyle) fyne.Resource { return FontFor(t.traditional, style) }

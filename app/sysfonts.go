package app

import _ "unsafe" // go:linkname, below

// No system fonts. For every text style Fyne adds a system font to the
// theme's and its own (internal/painter/font.go: lookupFaces calls
// lookupLangFont, which first scans the system's font folders with go-text's
// fontscan and then parses the face it picks). The app's fonts carry every
// character it shows (translations/fonts; TestSubsetsAreSelfContained), so
// that face is never drawn from, yet it costs about 8 MB of heap at idle on
// a desktop with 177 fonts, and a phone's /system/fonts holds a full CJK
// font. Fyne v2.7.1 has no setting, build tag or API for it (its only other
// loadSystemFonts is under the tag `test`, which changes the whole driver),
// so the app sets Fyne's unexported flag painter.loaded, "the scan is done",
// before any text is measured: with no font map the lookup finds nothing,
// the path Fyne takes where scanning fails. A character no bundled font has
// (none of the app's texts) would show as a box instead of a system glyph.
//
// The linker does not check the variable's type, so the write is pinned
// and tested: fyneFontFlagChecked is the Fyne version whose source was
// read, and TestFyneFontFlag fails unless go.mod requires that version and
// its internal/painter/font.go still declares loaded a package-level bool
// that lookupLangFont and lookupRuneFont test before scanning. On a Fyne
// upgrade: read that file again and change the constant.
// TestNoSystemFontScan proves that the flag works; a Fyne that renames it
// fails to link.
//
//go:linkname fyneFontsScanned fyne.io/fyne/v2/internal/painter.loaded
var fyneFontsScanned bool

// fyneFontFlagChecked is the Fyne version whose painter.loaded is a bool
// with the meaning above.
const fyneFontFlagChecked = "v2.7.1"

func init() { fyneFontsScanned = true }

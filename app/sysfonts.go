package app

import (
	_ "unsafe" // go:linkname, below
)

// No system fonts. For every text style Fyne v2.7.1 adds a system font to
// the theme's and its own (internal/painter/font.go: lookupFaces calls
// lookupLangFont, which first scans the system's font folders with go-text's
// fontscan and then parses the face it picks). The app's fonts carry every
// character it shows (translations/fonts; TestSubsetsAreSelfContained), so
// that face is never drawn from, yet it cost 8 MB of heap at idle on this
// machine's 177 fonts (README "Memory") — and a phone's /system/fonts holds
// a full CJK font. Fyne offers no setting for it, so the app marks the scan
// as done before any text is measured: with no font map, the lookup finds
// nothing (the path Fyne takes where scanning fails). A character no bundled
// font has (none of the app's texts) would show as a box instead of a
// system glyph. TestNoSystemFontScan proves the flag still exists and works;
// a Fyne that renames it fails to link.
//
//go:linkname fyneFontsScanned fyne.io/fyne/v2/internal/painter.loaded
var fyneFontsScanned bool

func init() { fyneFontsScanned = true }

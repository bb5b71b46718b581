//go:build ci

package app

import (
	"testing"
	_ "unsafe" // go:linkname, below

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/go-text/typesetting/fontscan"
	"github.com/stretchr/testify/assert"

	"huntchess/storage"
)

// fyneFontMap is Fyne's map of the system's fonts (painter.fm), made on
// the first lookup of a system face.
//
//go:linkname fyneFontMap fyne.io/fyne/v2/internal/painter.fm
var fyneFontMap *fontscan.FontMap

// Text in every style the app draws, Chinese and a character no bundled
// font has among it, is measured and drawn without Fyne ever scanning the
// system's fonts (sysfonts.go). Without the flag set, the first text
// measured makes the map (on a machine with no fonts at all the scan fails
// and leaves it nil: there the test proves nothing, and says so).
func TestNoSystemFontScan(t *testing.T) {
	assert.True(t, fyneFontsScanned)
	a := test.NewTempApp(t)
	a.Settings().SetTheme(newAppTheme(storage.ThemeSystem))
	texts := container.NewVBox(
		widget.NewLabel("Surround the Lion 围狮棋 龘"),
		widget.NewLabelWithStyle("打狼棋 Beat the Wolf", fyne.TextAlignCenter, fyne.TextStyle{Bold: true}),
		widget.NewRichTextFromMarkdown("# 二十犬鹿棋\n\n*狼背猪* `d4-d5`"),
	)
	w := test.NewTempWindow(t, texts)
	w.Resize(fyne.NewSize(400, 300))
	test.TempWidgetRenderer(t, texts.Objects[0].(fyne.Widget)).Refresh()
	_ = w.Canvas().Capture()
	assert.True(t, fyneFontMap == nil, "Fyne scanned the system's fonts")
}

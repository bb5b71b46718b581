//go:build ci

package app

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	_ "unsafe" // go:linkname, below

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/go-text/typesetting/fontscan"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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

// The variable sysfonts.go writes through go:linkname is still what it was
// when the write was written: in the Fyne of go.mod, which is the version
// checked, painter.loaded is a package-level bool, and both lookups of a
// system font (lookupLangFont, lookupRuneFont) scan only while it is false.
func TestFyneFontFlag(t *testing.T) {
	out, err := exec.Command("go", "list", "-m", "-f", "{{.Version}} {{.Dir}}", "fyne.io/fyne/v2").Output()
	require.NoError(t, err)
	version, dir, _ := strings.Cut(strings.TrimSpace(string(out)), " ")
	require.Equal(t, fyneFontFlagChecked, version, "a new Fyne: read its internal/painter/font.go and update sysfonts.go")
	path := filepath.Join(dir, "internal", "painter", "font.go")
	f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
	require.NoError(t, err)
	var loadedType string
	guarded := map[string]bool{}
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.GenDecl:
			for _, sp := range d.Specs {
				if vs, ok := sp.(*ast.ValueSpec); ok && len(vs.Names) == 1 && vs.Names[0].Name == "loaded" {
					if id, ok := vs.Type.(*ast.Ident); ok {
						loadedType = id.Name
					}
				}
			}
		case *ast.FuncDecl:
			ast.Inspect(d, func(n ast.Node) bool {
				if ifs, ok := n.(*ast.IfStmt); ok {
					if u, ok := ifs.Cond.(*ast.UnaryExpr); ok && u.Op == token.NOT {
						if id, ok := u.X.(*ast.Ident); ok && id.Name == "loaded" {
							guarded[d.Name.Name] = true
						}
					}
				}
				return true
			})
		}
	}
	assert.Equal(t, "bool", loadedType, "painter.loaded is no longer a bool")
	assert.True(t, guarded["lookupLangFont"] && guarded["lookupRuneFont"], "the system-font lookups no longer test painter.loaded: %v", guarded)
}

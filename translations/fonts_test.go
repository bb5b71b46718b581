package translations

import (
	"bytes"
	"fmt"
	"sort"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"github.com/go-text/typesetting/font"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"huntchess/translations/fonts"
)

func parseFont(t *testing.T, res fyne.Resource) *font.Face {
	t.Helper()
	require.NotNil(t, res)
	face, err := font.ParseTTF(bytes.NewReader(res.Content()))
	require.NoError(t, err, res.Name())
	return face
}

func hasGlyph(face *font.Face, r rune) bool {
	_, ok := face.NominalGlyph(r)
	return ok
}

// messageRunes returns every rune of every message text (all plural forms)
// in the given languages, and of the languages' names.
func messageRunes(t *testing.T, langs ...Lang) map[rune][]string {
	out := map[rune][]string{}
	for _, lang := range Languages {
		for _, r := range lang.Name() {
			out[r] = append(out[r], "Lang.Name")
		}
	}
	for _, lang := range langs {
		for id, forms := range rawMessages(t, lang) {
			for _, s := range forms {
				for _, r := range s {
					out[r] = append(out[r], string(lang)+":"+id)
				}
			}
		}
	}
	return out
}

// family is a bundled font family and the languages it draws.
type family struct {
	regular, bold fyne.Resource
	langs         []Lang
}

var families = []family{
	{fonts.Regular, fonts.Bold, []Lang{English, Chinese}},
	{fonts.RegularTC, fonts.BoldTC, []Lang{English, TraditionalChinese}},
}

// Every character the app shows must be drawable without any system font:
// by the bundled CJK subset of its language, or by Fyne's own font for the
// same weight. If this fails after a text change, run `make fonts`
// (scripts/fonts.sh).
func TestFontsCoverEveryMessageRune(t *testing.T) {
	for _, f := range families {
		fontsCover(t, f)
	}
}

func fontsCover(t *testing.T, f family) {
	subsetRegular := parseFont(t, f.regular)
	subsetBold := parseFont(t, f.bold)
	fyneRegular := parseFont(t, theme.DefaultTextFont())
	fyneBold := parseFont(t, theme.DefaultTextBoldFont())

	var missing []string
	for r, where := range messageRunes(t, f.langs...) {
		if r == '\n' || r == '\t' {
			continue
		}
		okRegular := hasGlyph(subsetRegular, r) || hasGlyph(fyneRegular, r)
		okBold := hasGlyph(subsetBold, r) || hasGlyph(fyneBold, r)
		if !okRegular || !okBold {
			sort.Strings(where)
			missing = append(missing, fmt.Sprintf("%q U+%04X (regular %v, bold %v) in %s",
				r, r, okRegular, okBold, where[0]))
		}
	}
	sort.Strings(missing)
	assert.Empty(t, missing, "characters without a glyph in %s — run `make fonts`:\n%s",
		f.regular.Name(), strings.Join(missing, "\n"))
}

// The subsets alone carry all Chinese text and the Latin letters, so the
// app theme can use them for everything.
func TestSubsetsAreSelfContained(t *testing.T) {
	for _, f := range families {
		subsetsSelfContained(t, f)
	}
}

func subsetsSelfContained(t *testing.T, f family) {
	for _, res := range []fyne.Resource{f.regular, f.bold} {
		face := parseFont(t, res)
		for r := range messageRunes(t, f.langs...) {
			if r == '\n' || r == '\t' {
				continue
			}
			assert.True(t, hasGlyph(face, r), "%s lacks %q U+%04X", res.Name(), r, r)
		}
		for r := rune(0x20); r < 0x7f; r++ {
			assert.True(t, hasGlyph(face, r), "%s lacks ASCII %q", res.Name(), r)
		}
		for _, r := range "·—–“”‘’…×，。、；：？！（）" {
			assert.True(t, hasGlyph(face, r), "%s lacks %q", res.Name(), r)
		}
		// A Chinese character that no message uses is not bundled: proof that
		// the test above checks a subset, not a full font.
		assert.False(t, hasGlyph(face, '龘'), res.Name())
	}
}

func TestFontResources(t *testing.T) {
	assert.Equal(t, fonts.Regular, fonts.Font(fyne.TextStyle{}))
	assert.Equal(t, fonts.Regular, fonts.Font(fyne.TextStyle{Italic: true}))
	assert.Equal(t, fonts.Bold, fonts.Font(fyne.TextStyle{Bold: true}))
	assert.Equal(t, fonts.Bold, fonts.Font(fyne.TextStyle{Bold: true, Italic: true}))
	assert.Equal(t, theme.DefaultTextMonospaceFont(), fonts.Font(fyne.TextStyle{Monospace: true}))
	assert.Equal(t, theme.DefaultSymbolFont(), fonts.Font(fyne.TextStyle{Symbol: true}))
	th := fonts.Theme(theme.DefaultTheme())
	assert.Equal(t, fonts.Bold, th.Font(fyne.TextStyle{Bold: true}))
	assert.Equal(t, theme.DefaultTheme().Size(theme.SizeNameText), th.Size(theme.SizeNameText))
	assert.Equal(t, fonts.Regular, fonts.FontFor(false, fyne.TextStyle{}))
	assert.Equal(t, fonts.RegularTC, fonts.FontFor(true, fyne.TextStyle{Italic: true}))
	assert.Equal(t, fonts.BoldTC, fonts.FontFor(true, fyne.TextStyle{Bold: true}))
	assert.Equal(t, theme.DefaultTextMonospaceFont(), fonts.FontFor(true, fyne.TextStyle{Monospace: true}))
	assert.Equal(t, fonts.BoldTC, fonts.ThemeFor(theme.DefaultTheme(), true).Font(fyne.TextStyle{Bold: true}))
	assert.Equal(t, fonts.Bold, fonts.ThemeFor(theme.DefaultTheme(), false).Font(fyne.TextStyle{Bold: true}))

	for _, f := range families {
		size := len(f.regular.Content()) + len(f.bold.Content())
		assert.LessOrEqual(t, size, 300*1024, "%s and its bold must stay within 300 KB", f.regular.Name())
	}
	assert.Contains(t, fonts.License, "SIL OPEN FONT LICENSE Version 1.1")
}

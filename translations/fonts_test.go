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
// in both languages.
func messageRunes(t *testing.T) map[rune][]string {
	out := map[rune][]string{}
	for _, lang := range Languages {
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

// Every character the app shows must be drawable without any system font:
// by the bundled CJK subset, or by Fyne's own font for the same weight.
// If this fails after a text change, run `make fonts` (scripts/fonts.sh).
func TestFontsCoverEveryMessageRune(t *testing.T) {
	subsetRegular := parseFont(t, fonts.Regular)
	subsetBold := parseFont(t, fonts.Bold)
	fyneRegular := parseFont(t, theme.DefaultTextFont())
	fyneBold := parseFont(t, theme.DefaultTextBoldFont())

	var missing []string
	for r, where := range messageRunes(t) {
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
	assert.Empty(t, missing, "characters without a glyph in the bundled fonts — run `make fonts`:\n%s",
		strings.Join(missing, "\n"))
}

// The subsets alone carry all Chinese text and the Latin letters, so the
// app theme can use them for everything.
func TestSubsetsAreSelfContained(t *testing.T) {
	for _, res := range []fyne.Resource{fonts.Regular, fonts.Bold} {
		face := parseFont(t, res)
		for r := range messageRunes(t) {
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

	total := len(fonts.Regular.Content()) + len(fonts.Bold.Content())
	assert.LessOrEqual(t, total, 300*1024, "bundled fonts must stay within 300 KB")
	assert.Contains(t, fonts.License, "SIL OPEN FONT LICENSE Version 1.1")
}

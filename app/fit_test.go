//go:build ci

package app

import (
	"testing"

	"fyne.io/fyne/v2/test"

	"huntchess/translations"
)

// Every screen fits a 390-point phone at every text size, in both languages
// (a wider minimum would be cut off on a phone).
func TestTextSizesFitPhone(t *testing.T) {
	const phone = 390
	for _, scale := range TextScales {
		for _, lang := range translations.Languages {
			fa := test.NewTempApp(t)
			fa.Preferences().SetFloat(KeyTextScale, scale)
			fa.Preferences().SetBool(KeyFaceToFace, true)
			h := newHarness(t, fa, withThink(blockThink))
			translations.SetLanguage(lang)
			check := func(what string) {
				t.Helper()
				if w := h.a.Window().Content().MinSize().Width; w > phone {
					t.Errorf("text ×%v, %s, %s: %v wide", scale, lang, what, w)
				}
			}
			check("home")
			test.Tap(h.home().settingsBtn)
			check("settings")
			h.a.back()
			h.a.showAbout()
			check("about")
			h.a.back()
			h.a.showStats()
			check("statistics")
			h.a.back()
			for _, mode := range Modes {
				g := h.startGame(3, mode) // deer chess: the longest names
				g.board.OnMove(g.game.LegalMoves()[0])
				check("game " + string(mode))
				g.showPly(0)
				check("browsing " + string(mode))
				g.endBrowse()
				test.Tap(g.newBtn)
				check("new game")
				h.a.back()
				h.gameScreen().home()
			}
		}
	}
}

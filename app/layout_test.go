//go:build ci

package app

import (
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"huntchess/session"
	"huntchess/translations"
)

// Every screen fits a 390-point phone at every text size, in both languages
// (a wider minimum would be cut off on a phone).
func TestTextSizesFitPhone(t *testing.T) {
	const phone = 390
	for _, scale := range session.TextScales {
		for _, lang := range translations.Languages {
			fa := test.NewTempApp(t)
			fa.Preferences().SetFloat(session.KeyTextScale, scale)
			fa.Preferences().SetBool(session.KeyFaceToFace, true)
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
			for _, mode := range session.Modes {
				g := h.startGame(3, mode) // deer chess: the longest names
				g.board.OnMove(g.Game().LegalMoves()[0])
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

// In portrait the board gives way so the move list keeps a few lines under
// a panel made taller by large text; at normal text the board keeps the
// phone's full width.
func TestPortraitKeepsRoomForMoves(t *testing.T) {
	for _, scale := range session.TextScales {
		fa := test.NewTempApp(t)
		fa.Preferences().SetFloat(session.KeyTextScale, scale)
		h := newHarness(t, fa, withThink(blockThink))
		g := h.startGame(0, session.ModeTwoPlayers)
		for range 6 {
			g.board.OnMove(g.Game().LegalMoves()[0])
		}
		if room := g.movesList.Size().Height; room < movesRoom-1 {
			t.Errorf("text ×%v: the move list has %v, want at least %v", scale, room, movesRoom)
		}
		if w := h.a.Window().Content().Size().Width; scale == 1 && g.board.Size().Width != w {
			t.Errorf("normal text: the board is %v wide, want the screen's %v", g.board.Size().Width, w)
		}
	}
}

// The panel's two button rows keep or drop their icons together: dropped at
// the largest text on a phone in English, kept at normal text.
func TestButtonRowsIconsTogether(t *testing.T) {
	for _, scale := range []float64{1, session.TextScales[2]} {
		fa := test.NewTempApp(t)
		fa.Preferences().SetFloat(session.KeyTextScale, scale)
		h := newHarness(t, fa, withThink(blockThink))
		g := h.startGame(0, session.ModeVsAIAsPredator)
		with := 0
		for _, b := range []*widget.Button{g.undoBtn, g.redoBtn, g.hintBtn, g.newBtn, g.rulesBtn, g.settingsBtn} {
			if b.Icon != nil {
				with++
			}
		}
		if want := map[bool]int{true: 6, false: 0}[scale == 1]; with != want {
			t.Errorf("text ×%v: %d of 6 buttons with icons, want %d", scale, with, want)
		}
	}
}

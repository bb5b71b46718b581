//go:build ci

package app

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"huntchess/core"
	"huntchess/match"
	"huntchess/translations"
)

// The home screen: its page of game cards.

// The home page scrolls as far as its cards go, no further (at 1024×720 all
// four fit; on a phone the last card ends the page).
func TestHomeScrollsNoFurtherThanCards(t *testing.T) {
	layoutOnly(t)
	for _, size := range []fyne.Size{{Width: 1024, Height: 720}, {Width: 390, Height: 844}, {Width: 1280, Height: 800}} {
		for _, lang := range translations.Languages {
			t.Run(fmt.Sprintf("%vx%v/%s", size.Width, size.Height, lang), func(t *testing.T) {
				h := newHarness(t, test.NewTempApp(t))
				translations.SetLanguage(lang)
				h.a.Window().Resize(size)
				hs := h.home()
				last := hs.titles[len(hs.titles)-1]
				bottom := last.Position().Y + last.Size().Height
				content := hs.scroll.Content.Size().Height
				pad := 2 * theme.Padding() // the padded container around the grid
				if content > max(bottom+pad+1, hs.scroll.Size().Height) {
					t.Fatalf("the page is %v tall, the cards end at %v (view %v)", content, bottom, hs.scroll.Size().Height)
				}
				if bottom+pad > content+1 {
					t.Fatalf("the cards (to %v) do not fit the page (%v)", bottom, content)
				}
			})
		}
	}
}

// The home screen fits a 390-wide phone with Continue shown, in English (its
// longest labels): the window need not grow.
func TestHomeFitsPhoneWithContinue(t *testing.T) {
	fa := test.NewTempApp(t)
	g, _ := core.NewGame("beat-the-wolf")
	_ = g.PlayMove(g.LegalMoves()[0])
	_ = savesOf(t, fa, g.Info().Key).Store(g, match.ModeTwoPlayers, match.Easy, 0)
	h := newHarness(t, fa)
	h.a.closeStartDialog()
	if h.home().continueBtn() == nil {
		t.Fatal("Continue is shown")
	}
	if w := h.a.Window().Content().MinSize().Width; w > 390 {
		t.Fatalf("home needs %v px, more than a 390 px phone", w)
	}
}

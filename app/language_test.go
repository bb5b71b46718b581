//go:build ci

package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"huntchess/match"
	"huntchess/storage"
	"huntchess/translations"
)

// Switching the language.

func TestLanguageSwitchRelabels(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	zh := func(id string) string { return translations.Default().TIn(translations.Chinese, id) }
	en := func(id string) string { return translations.Default().TIn(translations.English, id) }
	if h.home().playBtns[0].Text != en("home.play") {
		t.Fatal("starts in English")
	}
	test.Tap(h.home().langBtn)
	hs := h.home()
	if hs.playBtns[0].Text != zh("home.play") || hs.settingsBtn.Text != zh("home.settings") ||
		hs.names[0].Text != translations.GameIn("beat-the-wolf", translations.Chinese).Title {
		t.Fatalf("home not relabelled: %q", hs.playBtns[0].Text)
	}
	if h.a.settings.Language != string(translations.Chinese) || h.fa.Preferences().String(storage.KeyLanguage) != "zh-Hans" {
		t.Fatal("the toggle must save the language")
	}
	g := h.startGame(0, match.ModeTwoPlayers)
	if g.undoBtn.Text != zh("game.undo") {
		t.Fatal("the game screen must be in Chinese")
	}
	translations.SetLanguage(translations.English)
	g = h.gameScreen()
	if g.undoBtn.Text != en("game.undo") || !strings.Contains(texts(h.a.Window()), en("game.moves")) {
		t.Fatalf("switching the language must relabel the visible screen at once: %q", g.undoBtn.Text)
	}
}

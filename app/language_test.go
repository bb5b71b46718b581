//go:build ci

package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"huntchess/core"
	"huntchess/match"
	"huntchess/storage"
	"huntchess/translations"
	"huntchess/widgets"
)

// Switching the language.

// pickLanguage chooses lang with the home screen's language control: a tap
// on it opens the menu of the languages, with the current one checked, and
// a tap on lang's item switches.
func (h *harness) pickLanguage(lang translations.Lang) {
	h.t.Helper()
	hs := h.home()
	if hs.langBtn.Text != translations.Current().Name() {
		h.t.Fatalf("the language control says %q in %s", hs.langBtn.Text, translations.Current())
	}
	test.Tap(hs.langBtn)
	if hs.langMenu == nil || !hs.langMenu.Visible() {
		h.t.Fatal("a tap on the language control opens no menu")
	}
	items := hs.langItems
	if len(items) != len(translations.Languages) {
		h.t.Fatalf("the menu offers %d languages", len(items))
	}
	for i, l := range translations.Languages {
		if items[i].Label != l.Name() || items[i].Checked != (l == translations.Current()) {
			h.t.Fatalf("item %d: %q checked %v, in %s", i, items[i].Label, items[i].Checked, translations.Current())
		}
	}
	if h.a.Window().Canvas().Overlays().Top() == nil {
		h.t.Fatal("the menu is not on the canvas")
	}
	items[indexOf(translations.Languages, lang)].Action()
	hs.langMenu.Hide()
}

func indexOf(ls []translations.Lang, l translations.Lang) int {
	for i, x := range ls {
		if x == l {
			return i
		}
	}
	return -1
}

// Traditional Chinese is the third language: chosen from the home screen's
// control, shown at once in the Traditional texts and fonts, kept across
// starts, and left again for English.
func TestTraditionalChinese(t *testing.T) {
	fa := test.NewTempApp(t)
	h := newHarness(t, fa)
	hant := func(id string) string { return translations.Default().TIn(translations.TraditionalChinese, id) }
	h.pickLanguage(translations.TraditionalChinese)
	hs := h.home()
	if hs.playBtns[0].Text != hant("home.play") || hs.langBtn.Text != "繁體" ||
		hs.names[1].Text != "狼背豬" || hs.title.Text != "圍獵棋" {
		t.Fatalf("home not in Traditional Chinese: %q %q %q", hs.playBtns[0].Text, hs.names[1].Text, hs.title.Text)
	}
	if h.a.prefs.StringWithFallback(storage.KeyLanguage, "") != "zh-Hant" {
		t.Fatal("the choice must be kept")
	}
	th := fa.Settings().Theme()
	if th.Font(fyne.TextStyle{}).Name() != "NotoSansTC-Subset-Regular.otf" ||
		th.Font(fyne.TextStyle{Bold: true}).Name() != "NotoSansTC-Subset-Bold.otf" {
		t.Fatalf("Traditional text drawn in %s", th.Font(fyne.TextStyle{}).Name())
	}
	if widgets.PieceGlyph(core.PiecePig) != "豬" || widgets.PieceGlyph(core.PieceLion) != "獅" {
		t.Fatalf("the pieces in Traditional Chinese: %s %s", widgets.PieceGlyph(core.PiecePig), widgets.PieceGlyph(core.PieceLion))
	}
	test.Tap(hs.rulesBtns[3])
	if !strings.Contains(texts(h.a.Window()), "二十犬鹿棋") || !strings.Contains(texts(h.a.Window()), "懸崖") {
		t.Fatal("the rules must be in Traditional Chinese")
	}
	h.a.back()

	// Kept across starts: a new app on the same preferences starts in it.
	h2 := newHarness(t, fa)
	if translations.Current() != translations.TraditionalChinese || h2.home().playBtns[0].Text != hant("home.play") {
		t.Fatalf("after a restart: %s, %q", translations.Current(), h2.home().playBtns[0].Text)
	}
	h2.pickLanguage(translations.English)
	if h2.home().playBtns[0].Text != "Play" || fa.Settings().Theme().Font(fyne.TextStyle{}).Name() != "NotoSansSC-Subset-Regular.otf" {
		t.Fatalf("back to English: %q in %s", h2.home().playBtns[0].Text, fa.Settings().Theme().Font(fyne.TextStyle{}).Name())
	}
	if widgets.PieceGlyph(core.PiecePig) != "猪" {
		t.Fatal("the pieces back in Simplified characters")
	}
}

// The settings offer the three languages by their own names, and the
// system's.
func TestSettingsOfferThreeLanguages(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	h.a.showSettings()
	s := h.a.top().(*settingsScreen)
	want := []string{"English", "简体", "繁體", translations.T("settings.lang_system")}
	if strings.Join(s.lang.Options, "|") != strings.Join(want, "|") {
		t.Fatalf("languages offered: %q", s.lang.Options)
	}
	s.lang.SetSelectedIndex(2)
	if translations.Current() != translations.TraditionalChinese || h.a.settings.Language != "zh-Hant" {
		t.Fatalf("chose 繁體: %s, saved %q", translations.Current(), h.a.settings.Language)
	}
	s = h.a.top().(*settingsScreen)
	s.lang.SetSelectedIndex(3)
	if h.a.settings.Language != translations.SystemPreference {
		t.Fatalf("chose the system's: saved %q", h.a.settings.Language)
	}
}

func TestLanguageSwitchRelabels(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	zh := func(id string) string { return translations.Default().TIn(translations.Chinese, id) }
	en := func(id string) string { return translations.Default().TIn(translations.English, id) }
	if h.home().playBtns[0].Text != en("home.play") {
		t.Fatal("starts in English")
	}
	h.pickLanguage(translations.Chinese)
	hs := h.home()
	if hs.playBtns[0].Text != zh("home.play") || hs.settingsBtn.Text != zh("home.settings") ||
		hs.names[0].Text != translations.GameIn("beat-the-wolf", translations.Chinese).Title {
		t.Fatalf("home not relabelled: %q", hs.playBtns[0].Text)
	}
	if h.a.settings.Language != string(translations.Chinese) || h.a.prefs.StringWithFallback(storage.KeyLanguage, "") != "zh-Hans" {
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

//go:build ci

package app

import (
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"huntchess/ai"
	"huntchess/session"
	"huntchess/translations"
)

// The settings screen and the settings kept in the preferences.

func TestSettingsSurviveNewInstance(t *testing.T) {
	fa := test.NewTempApp(t)
	h := newHarness(t, fa)
	test.Tap(h.home().settingsBtn)
	ss, ok := h.a.top().(*settingsScreen)
	if !ok {
		t.Fatalf("top is %T", h.a.top())
	}
	ss.level.SetSelectedIndex(3)    // master
	ss.timer.SetSelectedIndex(1)    // 15 s
	ss.themeSel.SetSelectedIndex(2) // dark
	ss.showLegal.SetChecked(false)
	ss.animations.SetChecked(false)
	ss.textSize.SetSelectedIndex(1) // large
	ss.faceToFace.SetChecked(true)
	ss.sound.SetChecked(false)
	ss = h.a.top().(*settingsScreen)
	ss.lang.SetSelectedIndex(1) // 中文: the screen is rebuilt in Chinese
	ss = h.a.top().(*settingsScreen)
	if ss.timer.Selected != timerLabel(15) || translations.Current() != translations.Chinese {
		t.Fatalf("settings screen after the switch: timer %q", ss.timer.Selected)
	}
	want := session.Settings{Language: "zh-Hans", Level: ai.Master, Timer: 15, ShowLegal: false, Animations: false, Theme: session.ThemeDark,
		TextScale: session.TextScales[1], FaceToFace: true, Sound: false,
		BoardStyle: session.BoardWood, PieceStyle: session.PiecesCharacters}
	h.a.Close()
	translations.SetLanguage(translations.English)

	h2 := newHarness(t, fa) // a new UI on the same preferences
	if got := h2.a.Settings(); got != want {
		t.Fatalf("settings after restart %+v, want %+v", got, want)
	}
	if translations.Current() != translations.Chinese {
		t.Fatal("the saved language applies at start")
	}
	if th, ok := fa.Settings().Theme().(*appTheme); !ok || th.variant != session.ThemeDark {
		t.Fatal("the saved theme applies at start")
	}
	g := h2.startGame(0, ai.ModeTwoPlayers)
	if g.board.ShowLegal() || g.board.Animations() || g.timer.Limit() != 15*time.Second {
		t.Fatal("the game uses the saved settings")
	}
}

func TestCorruptPreferencesFallBack(t *testing.T) {
	fa := test.NewTempApp(t)
	p := fa.Preferences()
	p.SetString(session.KeyLanguage, "klingon")
	p.SetString(session.KeyLevel, "grandmaster")
	p.SetString(session.KeyTimer, "sixty")
	p.SetInt(session.KeyTheme, 7)
	p.SetString(session.KeyShowLegal, "yes")
	p.SetFloat(session.KeyAnimations, 1)
	h := newHarness(t, fa)
	if got := h.a.Settings(); got != session.DefaultSettings() {
		t.Fatalf("corrupt preferences: %+v, want the defaults", got)
	}
	p.SetInt(session.KeyTimer, 45) // not a choice
	p.SetString(session.KeyLevel, "HARD")
	if s := session.LoadSettings(p); s.Timer != 60 || s.Level != ai.Hard {
		t.Fatalf("timer %d level %v", s.Timer, s.Level)
	}
	p.SetFloat(session.KeyTimer, 1e300)
	if s := session.LoadSettings(p); s.Timer != 60 {
		t.Fatalf("huge timer: %d", s.Timer)
	}
}

func TestTextSizeSetting(t *testing.T) {
	fa := test.NewTempApp(t)
	h := newHarness(t, fa)
	base := theme.DefaultTheme().Size(theme.SizeNameText)
	test.Tap(h.home().settingsBtn)
	s := h.a.top().(*settingsScreen)
	s.textSize.SetSelectedIndex(2)
	if got := fa.Settings().Theme().Size(theme.SizeNameText); got != base*float32(session.TextScales[2]) {
		t.Fatalf("text size %v, want %v", got, base*float32(session.TextScales[2]))
	}
	if got := fa.Settings().Theme().Size(theme.SizeNamePadding); got != theme.DefaultTheme().Size(theme.SizeNamePadding) {
		t.Fatal("only text sizes scale")
	}
	if session.LoadSettings(fa.Preferences()).TextScale != session.TextScales[2] {
		t.Fatal("the text size is kept")
	}
	fa.Preferences().SetFloat(session.KeyTextScale, 7)
	if session.LoadSettings(fa.Preferences()).TextScale != 1 {
		t.Fatal("an unknown text size falls back to normal")
	}
}

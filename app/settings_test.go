//go:build ci

package app

import (
	"testing"
	"time"

	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"huntchess/match"
	"huntchess/storage"
	"huntchess/translations"
	"huntchess/widgets"
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
	want := storage.Settings{Language: "zh-Hans", Level: match.Master, Timer: 15, ShowLegal: false, Animations: false, Theme: storage.ThemeDark,
		TextScale: storage.TextScales[1], FaceToFace: true, Sound: false,
		BoardStyle: storage.BoardWood, PieceStyle: storage.PiecesCharacters}
	h.a.Close()
	translations.SetLanguage(translations.English)

	h2 := newHarness(t, fa) // a new UI on the same preferences
	if got := h2.a.Settings(); got != want {
		t.Fatalf("settings after restart %+v, want %+v", got, want)
	}
	if translations.Current() != translations.Chinese {
		t.Fatal("the saved language applies at start")
	}
	if th, ok := fa.Settings().Theme().(*appTheme); !ok || th.variant != storage.ThemeDark {
		t.Fatal("the saved theme applies at start")
	}
	g := h2.startGame(0, match.ModeTwoPlayers)
	if g.board.ShowLegal() || g.board.Animations() || g.timer.Limit() != 15*time.Second {
		t.Fatal("the game uses the saved settings")
	}
}

func TestCorruptPreferencesFallBack(t *testing.T) {
	fa := test.NewTempApp(t)
	p := fa.Preferences()
	p.SetString(storage.KeyLanguage, "klingon")
	p.SetString(storage.KeyLevel, "grandmaster")
	p.SetString(storage.KeyTimer, "sixty")
	p.SetInt(storage.KeyTheme, 7)
	p.SetString(storage.KeyShowLegal, "yes")
	p.SetFloat(storage.KeyAnimations, 1)
	h := newHarness(t, fa)
	if got := h.a.Settings(); got != storage.DefaultSettings() {
		t.Fatalf("corrupt preferences: %+v, want the defaults", got)
	}
	p.SetInt(storage.KeyTimer, 45) // not a choice
	p.SetString(storage.KeyLevel, "HARD")
	if s := storage.LoadSettings(p); s.Timer != 60 || s.Level != match.Hard {
		t.Fatalf("timer %d level %v", s.Timer, s.Level)
	}
	p.SetFloat(storage.KeyTimer, 1e300)
	if s := storage.LoadSettings(p); s.Timer != 60 {
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
	if got := fa.Settings().Theme().Size(theme.SizeNameText); got != base*float32(storage.TextScales[2]) {
		t.Fatalf("text size %v, want %v", got, base*float32(storage.TextScales[2]))
	}
	if got := fa.Settings().Theme().Size(theme.SizeNamePadding); got != theme.DefaultTheme().Size(theme.SizeNamePadding) {
		t.Fatal("only text sizes scale")
	}
	if storage.LoadSettings(h.a.prefs).TextScale != storage.TextScales[2] {
		t.Fatal("the text size is kept")
	}
	h.a.prefs.SetFloat(storage.KeyTextScale, 7)
	if storage.LoadSettings(h.a.prefs).TextScale != 1 {
		t.Fatal("an unknown text size falls back to normal")
	}
}

// The board and piece styles: chosen in the settings, shown by the preview
// and every board at once, kept.
func TestBoardStylesInSettings(t *testing.T) {
	fa := test.NewTempApp(t)
	h := newHarness(t, fa)
	t.Cleanup(func() { widgets.SetStyle(widgets.DefaultStyle()) })
	test.Tap(h.home().settingsBtn)
	ss := h.a.top().(*settingsScreen)
	if ss.preview == nil || widgets.CurrentStyle() != widgets.DefaultStyle() {
		t.Fatal("a preview, in the default style")
	}
	ss.boardSel.SetSelectedIndex(1)
	ss.piecesSel.SetSelectedIndex(1)
	if got := widgets.CurrentStyle(); got.Board != widgets.BoardPaper || got.Pieces != widgets.PiecesShapes {
		t.Fatalf("the style is %+v", got)
	}
	ss = h.a.top().(*settingsScreen)
	for _, o := range test.LaidOutObjects(ss.preview) {
		if tx, ok := o.(*canvas.Text); ok && tx.Visible() && tx.Text != "" {
			for _, glyph := range widgets.PieceGlyphs {
				if tx.Text == glyph {
					t.Fatalf("plain shapes: the preview draws %q", glyph)
				}
			}
		}
	}
	if s := storage.LoadSettings(h.a.prefs); s.BoardStyle != storage.BoardPaper || s.PieceStyle != storage.PiecesShapes {
		t.Fatalf("kept: %+v", s)
	}
	// The settings fit a phone at every text size with the preview.
	if w := h.a.Window().Content().MinSize().Width; w > 390 {
		t.Fatalf("the settings need %v", w)
	}
}

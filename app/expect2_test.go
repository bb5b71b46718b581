//go:build ci

package app

import (
	"context"
	"os"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"

	"huntchess/ai"
	"huntchess/core"
	"huntchess/session"
	"huntchess/translations"
	"huntchess/translations/fonts"
)

// Tests of issue 13's second half, continued: about, statistics, text size,
// keyboard, face to face.

func TestAboutScreen(t *testing.T) {
	for _, lang := range translations.Languages {
		t.Run(string(lang), func(t *testing.T) {
			h := newHarness(t, test.NewTempApp(t))
			translations.SetLanguage(lang)
			test.Tap(h.home().aboutBtn)
			s, ok := h.a.top().(*aboutScreen)
			if !ok {
				t.Fatalf("About opens %T", h.a.top())
			}
			shown := texts(h.a.Window())
			for _, id := range []string{"about.version_dev", "about.how_tap", "about.keys_text", "about.keys_board", "about.font_licence", "about.toolkit_licence"} {
				if !strings.Contains(shown, translations.T(id)) {
					t.Fatalf("About lacks %q", translations.T(id))
				}
			}
			s.showFontLicence()
			if !strings.Contains(texts(h.a.Window()), "SIL Open Font License") || !strings.Contains(fonts.License, "SIL OPEN FONT LICENSE Version 1.1") {
				t.Fatal("the font licence shows in full")
			}
			h.a.back()
			h.home()
		})
	}
}

func TestVersionFromMetadata(t *testing.T) {
	translations.SetLanguage(translations.English)
	if got := versionText(fyne.AppMetadata{}, "", 0); got != translations.T("about.version_dev") {
		t.Fatalf("no metadata: %q", got)
	}
	toml, err := os.ReadFile("../FyneApp.toml")
	if err != nil {
		t.Fatal(err)
	}
	v, b := ParseAppVersion(string(toml))
	if v == "" || b < 1 || !strings.Contains(string(toml), "Version = \""+v+"\"") {
		t.Fatalf("FyneApp.toml: version %q build %d", v, b)
	}
	want := translations.TData("about.version", map[string]any{"Version": v, "Build": b})
	// Fyne's placeholder (no metadata found) gives way to FyneApp.toml's
	for _, m := range []fyne.AppMetadata{{}, {Version: "0.0.1", Build: 1}, {Version: v, Build: b}} {
		if got := versionText(m, v, b); got != want {
			t.Fatalf("metadata %+v: %q, want %q", m, got, want)
		}
	}
	if got := versionText(fyne.AppMetadata{Version: "2.0.0", Build: 7}, v, b); !strings.Contains(got, "2.0.0") {
		t.Fatalf("packaged metadata comes first: %q", got)
	}
}

// lionTrapped is a Surround the Lion game where the lion's next step, b1-S,
// walks into a trap (the dogs win).
func lionTrapped(t *testing.T) *core.Game {
	g, err := core.LoadRecord("surround-the-lion", "c3-c2 b1-b2 c2-b1 d1-c1")
	if err != nil {
		t.Fatal(err)
	}
	return g
}

func TestStatisticsCountEachGameOnce(t *testing.T) {
	fa := test.NewTempApp(t)
	h := newHarness(t, fa, withThink(blockThink))
	g0 := lionTrapped(t)
	h.a.startGame(g0, session.ModeVsAIAsPrey) // the player has the dogs
	g := h.gameScreen()
	if err := playNotation(g, "b1-S"); err != nil {
		t.Fatal(err)
	}
	g.gameOver() // shown again (e.g. after a language switch): not counted again
	key := session.StatKey("surround-the-lion", core.Prey, g.Level())
	if l := session.LoadStats(fa.Preferences())[key]; l != (session.StatLine{Played: 1, Won: 1}) {
		t.Fatalf("after a win: %+v", l)
	}
	// a resignation is a loss
	h.a.startGame(core.NewGameFrom(g0.Start()), session.ModeVsAIAsPrey)
	g = h.gameScreen()
	g.Resign()
	if l := session.LoadStats(fa.Preferences())[key]; l != (session.StatLine{Played: 2, Won: 1, Lost: 1}) {
		t.Fatalf("after resigning: %+v", l)
	}
	// a finished record loaded (paste) and a two-player game count nothing
	h.a.startGame(g0.Clone(), session.ModeVsAIAsPrey)
	h.a.startGame(core.NewGameFrom(g0.Start()), session.ModeTwoPlayers)
	h.gameScreen().Resign()
	if st := session.LoadStats(fa.Preferences()); len(st) != 1 || st[key].Played != 2 {
		t.Fatalf("stats %+v", st)
	}
	// the screen, from home
	g = h.gameScreen()
	g.home()
	test.Tap(h.home().statsBtn)
	s, ok := h.a.top().(*statsScreen)
	if !ok || len(s.rows) != 1 || s.rows[0] != key {
		t.Fatalf("stats screen %T rows %v", h.a.top(), s.rows)
	}
	shown := texts(h.a.Window())
	if !strings.Contains(shown, translations.Game("surround-the-lion").Title) || !strings.Contains(shown, "Dogs · "+levelLabel(g.Level())) {
		t.Fatalf("the screen shows the game and the side · level; shown:\n%s", shown)
	}
	s.askReset()
	s.confirm.Confirm()
	if len(session.LoadStats(fa.Preferences())) != 0 || !strings.Contains(texts(h.a.Window()), translations.T("stats.empty")) {
		t.Fatal("Reset clears the statistics")
	}
	fa.Preferences().SetString(session.KeyStats, "{not json")
	if len(session.LoadStats(fa.Preferences())) != 0 {
		t.Fatal("damaged statistics read as none")
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

func TestFaceToFaceTurnsBoard(t *testing.T) {
	fa := test.NewTempApp(t)
	fa.Preferences().SetBool(session.KeyFaceToFace, true)
	h := newHarness(t, fa)
	g := h.startGame(0, session.ModeTwoPlayers) // the wolf (predator) opens
	if !g.board.Flipped() {
		t.Fatal("the wolf's turn: the board turns to the wolf's player")
	}
	g.board.OnMove(g.Game().LegalMoves()[0])
	if g.board.Flipped() {
		t.Fatal("the dogs' turn: the board as drawn normally")
	}
	test.Tap(g.settingsBtn)
	h.a.top().(*settingsScreen).faceToFace.SetChecked(false)
	h.a.back()
	g.board.OnMove(g.Game().LegalMoves()[0])
	if g.board.Flipped() {
		t.Fatal("setting off: never turned")
	}
	g.home()
	fa.Preferences().SetBool(session.KeyFaceToFace, true)
	h.a.settings.FaceToFace = true
	g = h.startGame(0, session.ModeVsAIAsPredator)
	if g.board.Flipped() {
		t.Fatal("against the AI the board never turns")
	}
}

func TestEscapeAndBoardKeys(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	g := h.startGame(0, session.ModeTwoPlayers)
	g.board.OnMove(g.Game().LegalMoves()[0])
	c := h.a.Window().Canvas()
	c.Focus(g.board)
	c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyEscape}) // passed on by the board
	if g.askDialog == nil || h.a.top() != screen(g) {
		t.Fatal("Escape in an unfinished game asks before leaving")
	}
	g.askDialog.Confirm()
	h.home()
}

// blockThink is an AI that never answers (until its search is cancelled).
func blockThink(ctx context.Context, _ *core.Game, _ ai.Level) ai.Result {
	<-ctx.Done()
	return ai.Result{}
}

// In a game with nothing focused, an arrow key gives the board the focus
// and its cursor (keyboard play without Tab first).
func TestArrowFocusesBoard(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	g := h.startGame(0, session.ModeTwoPlayers)
	c := h.a.Window().Canvas()
	c.Unfocus()
	h.a.typedKey(&fyne.KeyEvent{Name: fyne.KeyDown})
	if c.Focused() != g.board || g.board.Cursor() < 0 {
		t.Fatalf("after an arrow: focused %T, cursor %d", c.Focused(), g.board.Cursor())
	}
	at := g.board.Cursor()
	c.Focused().TypedKey(&fyne.KeyEvent{Name: fyne.KeyUp})
	if g.board.Cursor() == at {
		t.Fatal("the next arrow moves the cursor")
	}
}

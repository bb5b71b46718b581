//go:build ci

package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"huntchess/core"
	"huntchess/match"
	"huntchess/storage"
	"huntchess/translations"
)

// The statistics: counting the games, and the statistics screen.

func TestStatisticsCountEachGameOnce(t *testing.T) {
	fa := test.NewTempApp(t)
	h := newHarness(t, fa, withThink(blockThink))
	g0 := lionTrapped(t)
	h.a.startGame(g0, match.ModeVsAIAsPrey) // the player has the dogs
	g := h.gameScreen()
	if err := playNotation(g, "b1-S"); err != nil {
		t.Fatal(err)
	}
	g.gameOver() // shown again (e.g. after a language switch): not counted again
	key := storage.StatKey("surround-the-lion", core.Prey, g.sess.Level())
	if l := storage.LoadStats(h.a.prefs)[key]; l != (storage.StatLine{Played: 1, Won: 1}) {
		t.Fatalf("after a win: %+v", l)
	}
	// a resignation is a loss
	h.a.startGame(core.NewGameFrom(g0.Start()), match.ModeVsAIAsPrey)
	g = h.gameScreen()
	g.sess.Resign()
	if l := storage.LoadStats(h.a.prefs)[key]; l != (storage.StatLine{Played: 2, Won: 1, Lost: 1}) {
		t.Fatalf("after resigning: %+v", l)
	}
	// a finished record loaded (paste) and a two-player game count nothing
	h.a.startGame(g0.Clone(), match.ModeVsAIAsPrey)
	h.a.startGame(core.NewGameFrom(g0.Start()), match.ModeTwoPlayers)
	h.gameScreen().sess.Resign()
	if st := storage.LoadStats(h.a.prefs); len(st) != 1 || st[key].Played != 2 {
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
	if !strings.Contains(shown, translations.Game("surround-the-lion").Title) || !strings.Contains(shown, "Dogs · "+levelLabel(g.sess.Level())) {
		t.Fatalf("the screen shows the game and the side · level; shown:\n%s", shown)
	}
	s.askReset()
	s.confirm.Confirm()
	if len(storage.LoadStats(h.a.prefs)) != 0 || !strings.Contains(texts(h.a.Window()), translations.T("stats.empty")) {
		t.Fatal("Reset clears the statistics")
	}
	fa.Preferences().SetString(storage.KeyStats, "{not json")
	if len(storage.LoadStats(h.a.prefs)) != 0 {
		t.Fatal("damaged statistics read as none")
	}
}

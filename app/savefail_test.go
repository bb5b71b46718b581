//go:build ci

package app

import (
	"os"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"huntchess/internal/testkit"
	"huntchess/match"
	"huntchess/translations"
)

// A full disk (a real tmpfs, filled) while a game is played: the player is
// told once, above the game, in their language; the game on offer stays
// the last one written; the notice follows a language switch, stays through
// more failed saves, and the next save written (space freed) takes it away.
func TestFullDiskTellsThePlayer(t *testing.T) {
	dir, ok := testkit.SmallDisk(t, 256<<10)
	if !ok {
		return
	}
	defer translations.SetLanguage(translations.Current())
	fa := test.NewTempApp(t)
	saveDirs.Store(fa, dir)
	h := newHarness(t, fa)
	g := h.startGame(3, match.ModeTwoPlayers) // deer chess
	g.board.OnMove(g.sess.Game().LegalMoves()[0])
	h.a.saveCurrent()
	good := g.sess.Game().Record()
	h.drain()
	if h.a.saveNotice != nil {
		t.Fatal("a notice with room on the disk")
	}

	filler := testkit.Fill(t, dir)
	g.board.OnMove(g.sess.Game().LegalMoves()[0])
	h.a.saveCurrent()
	h.waitFor("the notice", func() bool { return h.a.saveNotice != nil })
	full := translations.T("save.failed_full")
	if got := h.a.saveNotice.ShownText(); strings.Join(strings.Fields(got), " ") != full {
		t.Fatalf("notice %q, want %q", got, full)
	}
	if !strings.Contains(texts(h.a.Window()), translations.T("game.undo")) {
		t.Fatal("the game stays on screen under the notice")
	}
	if r, err := savesOf(t, fa, "deer-chess").Load(); err != nil || r.Game.Record() != good {
		t.Fatalf("on offer %v %v, want the last good save %q", r, err, good)
	}
	translations.SetLanguage(translations.Chinese)
	h.drain()
	if h.a.saveNotice == nil || h.a.saveNotice.ShownText() == full {
		t.Fatal("the notice follows the language")
	}
	zh := translations.T("save.failed_full")
	if got := strings.ReplaceAll(h.a.saveNotice.ShownText(), "\n", ""); got != zh {
		t.Fatalf("notice %q, want %q", got, zh)
	}
	g = h.gameScreen()
	g.board.OnMove(g.sess.Game().LegalMoves()[0]) // a further failed save: the same notice
	h.a.saveCurrent()
	h.drain()
	if h.a.saveNotice == nil {
		t.Fatal("the notice went away while saves still fail")
	}

	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	g = h.gameScreen()
	g.board.OnMove(g.sess.Game().LegalMoves()[0])
	h.a.saveCurrent()
	h.waitFor("the notice to go", func() bool { return h.a.saveNotice == nil })
	if r, err := savesOf(t, fa, "deer-chess").Load(); err != nil || r.Game.Record() != g.sess.Game().Record() {
		t.Fatalf("on offer %v %v, want %q", r, err, g.sess.Game().Record())
	}
}

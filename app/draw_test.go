//go:build ci

package app

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"

	"huntchess/core"
	"huntchess/match"
	"huntchess/storage"
	"huntchess/translations"
)

// Two players: a draw offered is asked of the other player, in both
// languages; accepted, the game ends drawn by agreement, shown as such in
// the result and the move list, and nothing is left to resume.
func TestDrawOfferedAndAccepted(t *testing.T) {
	for _, lang := range translations.Languages {
		t.Run(string(lang), func(t *testing.T) {
			fa := test.NewTempApp(t)
			h := newHarness(t, fa)
			h.startGame(1, match.ModeTwoPlayers) // Wolf Carries the Pig
			translations.SetLanguage(lang)
			h.drain()
			g := h.gameScreen()
			if !g.drawBtn.Disabled() {
				t.Fatal("no draw before the first move")
			}
			g.board.OnMove(g.sess.Game().LegalMoves()[0])
			if g.drawBtn.Disabled() {
				t.Fatal("Offer a draw is open on a player's turn")
			}
			by := g.sess.Game().ToMove()
			test.Tap(g.drawBtn)
			if g.drawDialog == nil || !strings.Contains(texts(h.a.Window()), translations.TData("draw.offer_side", map[string]any{"Side": sideName(g.info, by)})) {
				t.Fatalf("the other player is asked: %q", texts(h.a.Window()))
			}
			test.Tap(overlayButton(t, h.a.Window(), translations.T("draw.accept")))
			if o := g.sess.Game().Outcome(); o.Reason != core.ReasonAgreed || g.overDialog == nil {
				t.Fatalf("outcome %+v, result shown %v", o, g.overDialog != nil)
			}
			shown := texts(h.a.Window())
			for _, want := range []string{translations.T("gameover.draw"), translations.T("reason.agreed")} {
				if !strings.Contains(shown, want) {
					t.Fatalf("%q not shown in %q", want, shown)
				}
			}
			// The move list ends with the mark, in the cell after the last move.
			if g.endMark() != translations.T("moves.end_agreed") || g.moveRows() != 1 {
				t.Fatalf("end mark %q in %d rows", g.endMark(), g.moveRows())
			}
			if _, err := savesOf(t, fa, g.info.Key).Load(); err != storage.ErrNoSave {
				t.Fatalf("an agreed game is not offered again: %v", err)
			}
		})
	}
}

// A draw offered and declined: the offer goes, the game goes on; a move
// played over an open offer declines it and closes the question.
func TestDrawDeclinedAndPlayedOver(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	g := h.startGame(1, match.ModeTwoPlayers)
	g.board.OnMove(g.sess.Game().LegalMoves()[0])
	test.Tap(g.drawBtn)
	test.Tap(overlayButton(t, h.a.Window(), translations.T("draw.decline")))
	if g.sess.Over() || g.drawDialog != nil || !strings.Contains(texts(h.a.Window()), translations.T("draw.declined_person")) {
		t.Fatal("declined: the game goes on, and says so")
	}
	g.board.OnMove(g.sess.Game().LegalMoves()[0])
	test.Tap(g.drawBtn)
	if g.drawDialog == nil {
		t.Fatal("asked again")
	}
	if err := playNotation(g, g.sess.Game().LegalMoves()[0].String()); err != nil {
		t.Fatal(err)
	}
	if g.drawDialog != nil {
		t.Fatal("a move closes the question")
	}
}

// Settings, statistics and progress survive a damaged file: the app starts,
// restores them from the last good copy, and says so once, in both
// languages.
func TestRecoveryNotice(t *testing.T) {
	for _, lang := range translations.Languages {
		t.Run(string(lang), func(t *testing.T) {
			fa := test.NewTempApp(t)
			dir := saveDirFor(t, fa)
			h := newHarness(t, fa)
			s := h.a.settings
			s.Timer = 90
			h.a.setSettings(s)
			h.a.prefs.Flush()
			s.Timer = 120
			h.a.setSettings(s)
			h.a.prefs.Flush() // the file holds 120, its previous copy 90
			path := filepath.Join(dir, storage.VaultFile(storage.GroupSettings))
			raw, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(path, raw[:len(raw)/2], 0o644); err != nil { // torn
				t.Fatal(err)
			}
			h2 := newHarness(t, test.NewTempApp(t), func(o *Options) { o.SaveDir = dir })
			translations.SetLanguage(lang)
			h2.drain()
			if h2.a.startMsg != "recovery" {
				t.Fatalf("the start says what was repaired: %q", h2.a.startMsg)
			}
			if got := texts(h2.a.Window()); !strings.Contains(got, translations.T("recovery.settings_restored")) {
				t.Fatalf("notice: %q", got)
			}
			if h2.a.settings.Timer != 90 {
				t.Fatalf("the last good copy: timer %d", h2.a.settings.Timer)
			}
			test.Tap(overlayButton(t, h2.a.Window(), translations.T("dialog.ok")))
			h2.a.Close()
			if lang != translations.Languages[0] {
				return // the next start is the same in every language: once
			}
			h3 := newHarness(t, test.NewTempApp(t), func(o *Options) { o.SaveDir = dir })
			if h3.a.startMsg == "recovery" {
				t.Fatal("said once: the next start finds all well")
			}
		})
	}
}

//go:build ci

package app

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"fyne.io/fyne/v2/test"

	"huntchess/ai"
	"huntchess/core"
	"huntchess/match"
	"huntchess/storage"
	"huntchess/translations"
)

// Resuming a game's unfinished game, and the notices at the start
// (resume.go).

// The difficulty setting is the one level. A game saved at
// Easy, Master set in the home Settings, then resumed: the offer to resume
// names Master, the game plays at Master and says so, and the in-game
// Settings show Master.
func TestResumePlaysTheSetDifficulty(t *testing.T) {
	fa := test.NewTempApp(t)
	g, err := core.NewGame("beat-the-wolf")
	if err != nil {
		t.Fatal(err)
	}
	if err := g.PlayMove(g.LegalMoves()[0]); err != nil { // the wolf (the player) opened
		t.Fatal(err)
	}
	_ = savesOf(t, fa, g.Info().Key).Store(g, match.ModeVsAIAsPredator, match.Easy, 0)
	var mu sync.Mutex
	var levels []match.Level
	h := newHarness(t, fa, withThink(func(ctx context.Context, g *core.Game, l match.Level) ai.Result {
		mu.Lock()
		levels = append(levels, l)
		mu.Unlock()
		return fastThink(ctx, g, l)
	}))
	h.a.closeStartDialog() // not now: home
	test.Tap(h.home().settingsBtn)
	st := h.a.top().(*settingsScreen)
	st.level.SetSelected(levelLabel(match.Master))
	h.a.back()
	if h.a.settings.Level != match.Master {
		t.Fatalf("setting %v", h.a.settings.Level)
	}
	if got := h.a.startDialogText("resume.message"); !strings.Contains(got, levelLabel(match.Master)) || strings.Contains(got, levelLabel(match.Easy)) {
		t.Fatalf("the offer to resume names the level set: %q", got)
	}
	test.Tap(h.home().continueBtn())
	r := h.gameScreen()
	if r.sess.Level() != match.Master {
		t.Fatalf("resumed at %v", r.sess.Level())
	}
	if !strings.Contains(r.playerLabel.Text, levelLabel(match.Master)) {
		t.Fatalf("the game says %q", r.playerLabel.Text)
	}
	h.waitFor("the AI's move", func() bool { return r.sess.HumanTurn() })
	mu.Lock()
	if len(levels) != 1 || levels[0] != match.Master {
		t.Fatalf("the AI searched at %v", levels)
	}
	mu.Unlock()
	test.Tap(r.settingsBtn)
	if got := h.a.top().(*settingsScreen).level.Selected; got != levelLabel(match.Master) {
		t.Fatalf("the in-game Settings show %q", got)
	}
	// A change there is the game's level at once, and what it says.
	h.a.top().(*settingsScreen).level.SetSelected(levelLabel(match.Medium))
	h.a.back()
	if r.sess.Level() != match.Medium || !strings.Contains(r.playerLabel.Text, levelLabel(match.Medium)) {
		t.Fatalf("after the change: %v, %q", r.sess.Level(), r.playerLabel.Text)
	}
}

// With settings.json and both copies of the saved game
// damaged, the first start said only "settings restored" (the saved game's
// loss came after that notice's OK, or on the next start). Now one notice
// on the start where it happened lists everything recovered or lost; the
// next start has nothing to say. A saved game whose newest copy is damaged
// but whose previous one is good is said restored in the same notice, and
// offered after it.
func TestOneRecoveryNoticeSaysAll(t *testing.T) {
	for _, tc := range []struct {
		name     string
		damage   []string // the saved game's files garbled
		restored bool     // the saved game is still there
	}{
		{"both saved copies damaged", []string{storage.SaveFileOf("beat-the-wolf"), storage.PrevSaveFileOf("beat-the-wolf")}, false},
		{"the newest saved copy damaged", []string{storage.SaveFileOf("beat-the-wolf")}, true},
	} {
		for _, lang := range translations.Languages {
			t.Run(tc.name+"/"+string(lang), func(t *testing.T) {
				fa := test.NewTempApp(t)
				dir := saveDirFor(t, fa)
				// Settings written twice (a previous copy), a game saved twice.
				vt := storage.OpenVault(dir, fa.Preferences())
				s := storage.LoadSettings(vt)
				s.Timer = 90
				s.Save(vt)
				vt.Flush()
				s.Timer = 120
				s.Save(vt)
				vt.Flush()
				st := savesOf(t, fa, "beat-the-wolf")
				g, _ := core.NewGame("beat-the-wolf")
				for range 2 {
					_ = g.PlayMove(g.LegalMoves()[0])
					_ = st.Store(g, match.ModeTwoPlayers, match.Easy, 0)
					_ = st.Flush()
				}
				garble := func(name string, torn bool) {
					path := filepath.Join(dir, name)
					raw, err := os.ReadFile(path)
					if err != nil {
						t.Fatal(err)
					}
					if torn {
						raw = raw[:len(raw)/2]
					} else {
						raw = bytes.ReplaceAll(raw, []byte("beat-the-wolf"), []byte("beat-the-wXlf"))
					}
					if err := os.WriteFile(path, raw, 0o644); err != nil {
						t.Fatal(err)
					}
				}
				garble(storage.VaultFile(storage.GroupSettings), true)
				for _, f := range tc.damage {
					garble(f, false)
				}

				translations.SetLanguage(lang)
				h := newHarness(t, fa, func(o *Options) { o.SystemLocale = "" })
				translations.SetLanguage(lang) // the harness starts in English
				h.drain()
				if h.a.startMsg != "recovery" {
					t.Fatalf("the first dialog of the start is %q", h.a.startMsg)
				}
				shown := texts(h.a.Window())
				wolf := map[string]any{"Game": translations.Game("beat-the-wolf").Title}
				saved := translations.TData("resume.corrupt_of", wolf)
				if tc.restored {
					saved = translations.TData("recovery.saved_game_restored_of", wolf)
				}
				for _, want := range []string{translations.T("recovery.settings_restored"), saved} {
					if !strings.Contains(shown, want) {
						t.Fatalf("the notice lacks %q; shown:\n%s", want, shown)
					}
				}
				if got := strings.Count(h.a.recoveryText(), "\n") + 1; got != 2 {
					t.Fatalf("%d lines: %q", got, h.a.recoveryText())
				}
				if (h.home().continueBtn() != nil) != tc.restored {
					t.Fatalf("Continue on the home screen: %v", h.home().continueBtn() != nil)
				}
				test.Tap(overlayButton(t, h.a.Window(), translations.T("dialog.ok")))
				h.drain()
				if tc.restored {
					if h.a.startMsg != "resume.message" {
						t.Fatalf("after OK: the offer to resume, not %q", h.a.startMsg)
					}
					test.Tap(overlayButton(t, h.a.Window(), translations.T("resume.continue")))
					if r := h.gameScreen(); r.sess.Game().Len() != 1 {
						t.Fatalf("the previous copy resumes: %q", r.sess.Game().Record())
					}
				} else if h.a.startMsg != "" || h.a.Window().Canvas().Overlays().Top() != nil {
					t.Fatalf("after OK nothing more is said, yet %q:\n%s", h.a.startMsg, texts(h.a.Window()))
				}
				h.a.Close()

				if lang != translations.Languages[0] {
					return // the next start is the same in every language: once
				}
				h2 := newHarness(t, fa)
				if h2.a.startMsg == "recovery" || h2.a.startMsg == "resume.corrupt" {
					t.Fatalf("the next start says it again: %q", h2.a.recoveryText())
				}
			})
		}
	}
}

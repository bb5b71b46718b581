//go:build ci

package app

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"huntchess/core"
	"huntchess/match"
	"huntchess/storage"
	"huntchess/translations"
	"huntchess/widgets"
)

// Saving and resuming: the save file and its previous copy, damaged and old
// saves, and the start dialogs (the offer to resume, the corrupt-save
// notice).

func TestCorruptSaveDiscarded(t *testing.T) {
	for name, raw := range map[string]string{
		"not json":      "{{{",
		"wrong version": `{"v":9,"game":"beat-the-wolf","mode":"two-players","level":"easy","record":"d4-d5"}`,
		"unknown game":  `{"v":1,"game":"chess","mode":"two-players","level":"easy","record":"e2-e4"}`,
		"illegal move":  `{"v":1,"game":"beat-the-wolf","mode":"two-players","level":"easy","record":"d4-d7"}`,
		"bad notation":  `{"v":1,"game":"beat-the-wolf","mode":"two-players","level":"easy","record":"xyz"}`,
		"bad mode":      `{"v":1,"game":"beat-the-wolf","mode":"online","level":"easy","record":"d4-d5"}`,
		"bad level":     `{"v":1,"game":"beat-the-wolf","mode":"two-players","level":"9","record":"d4-d5"}`,
	} {
		t.Run(name, func(t *testing.T) {
			fa := test.NewTempApp(t)
			fa.Preferences().SetString(storage.KeySavedGame, raw)
			h := newHarness(t, fa)
			if h.a.startNotice != "resume.corrupt" {
				t.Fatal("a corrupt save must be reported")
			}
			if fa.Preferences().String(storage.KeySavedGame) != "" {
				t.Fatal("a corrupt save must be discarded")
			}
			if !strings.Contains(texts(h.a.Window()), translations.T("resume.corrupt")) {
				t.Fatal("the notice must be shown")
			}
			if h.home().continueBtn() != nil {
				t.Fatal("no Continue without a save")
			}
		})
	}
	fa := test.NewTempApp(t)
	fa.Preferences().SetInt(storage.KeySavedGame, 5) // wrong type: treated as none
	h := newHarness(t, fa)
	if h.a.startNotice != "" || h.home().continueBtn() != nil {
		t.Fatal("a save of the wrong type is no save")
	}
}

func TestSaveAndResume(t *testing.T) {
	fa := test.NewTempApp(t)
	fa.Preferences().SetInt(storage.KeyTimer, 30)
	h := newHarness(t, fa)
	g := h.startGame(2, match.ModeVsAIAsPredator) // Surround the Lion: the lion (player) opens
	g.board.OnMove(g.sess.Game().LegalMoves()[0])
	h.waitFor("the reply", func() bool { return g.sess.Game().Len() == 2 && g.sess.HumanTurn() })
	h.clock.Advance(12 * time.Second)
	record := g.sess.Game().Record()
	// Leaving the foreground saves the game.
	fa.Lifecycle().(interface{ OnExitedForeground() func() }).OnExitedForeground()()
	h.a.Close()

	h2 := newHarness(t, fa)
	if !strings.Contains(texts(h2.a.Window()), translations.T("resume.message")) {
		t.Fatal("the saved game must be offered at start")
	}
	if h2.home().continueBtn() == nil {
		t.Fatal("home shows Continue while a game is saved")
	}
	test.Tap(h2.home().continueBtn())
	r := h2.gameScreen()
	if r.sess.Game().Record() != record || r.sess.Mode() != match.ModeVsAIAsPredator || r.info.Key != "surround-the-lion" {
		t.Fatalf("resumed %q %v %s, want %q", r.sess.Game().Record(), r.sess.Mode(), r.info.Key, record)
	}
	if r.timer.Remaining() != 18*time.Second {
		t.Fatalf("time left %v, want 18s", r.timer.Remaining())
	}
	// Going home saves it again; a new game of another game keeps it, a
	// new game of the same game replaces it.
	h2.a.back()
	if !h2.a.hasSaved() {
		t.Fatal("leaving the game for home keeps it saved")
	}
	h2.startGame(0, match.ModeTwoPlayers)
	if r, err := h2.a.saves.Of("surround-the-lion").Load(); err != nil || r.Game.Record() != record {
		t.Fatalf("a new game of Beat the Wolf keeps Surround the Lion's: %v %v", r, err)
	}
	h2.a.back()
	h2.startGame(2, match.ModeTwoPlayers)
	if _, err := h2.a.saves.Of("surround-the-lion").Load(); err != storage.ErrNoSave {
		t.Fatalf("a new game of Surround the Lion replaces its saved one: %v", err)
	}
}

// The offer to resume and the corrupt-save notice follow a language switch
// while they are open, and the switch answers nothing.
func TestStartDialogsFollowLanguage(t *testing.T) {
	zh := func(id string) string { return translations.Default().TIn(translations.Chinese, id) }
	en := func(id string) string { return translations.Default().TIn(translations.English, id) }
	fa := test.NewTempApp(t)
	g, err := core.NewGame("beat-the-wolf")
	if err != nil {
		t.Fatal(err)
	}
	if err := g.Play(g.LegalMoves()[0].String()); err != nil {
		t.Fatal(err)
	}
	_ = savesOf(t, fa, g.Info().Key).Store(g, match.ModeTwoPlayers, match.Easy, 0)
	h := newHarness(t, fa)
	if !strings.Contains(texts(h.a.Window()), en("resume.message")) {
		t.Fatal("the offer to resume is shown")
	}
	translations.SetLanguage(translations.Chinese)
	shown := texts(h.a.Window())
	for _, id := range []string{"resume.title", "resume.message", "resume.continue", "resume.discard"} {
		if !strings.Contains(shown, zh(id)) {
			t.Errorf("after switching to Chinese the dialog lacks %q; shown:\n%s", zh(id), shown)
		}
	}
	if strings.Contains(shown, en("resume.message")) {
		t.Error("the English offer is still shown")
	}
	if !h.a.hasSaved() || h.a.startDialog == nil {
		t.Fatal("a language switch must not answer the offer")
	}
	var cont *widget.Button
	for _, o := range test.LaidOutObjects(h.a.Window().Canvas().Overlays().Top()) {
		if b, ok := o.(*widget.Button); ok && b.Text == zh("resume.continue") {
			cont = b
		}
	}
	if cont == nil {
		t.Fatal("no Continue button in the dialog")
	}
	test.Tap(cont)
	if r := h.gameScreen(); r.sess.Game().Record() != g.Record() || h.a.startDialog != nil {
		t.Fatal("Continue resumes the saved game and closes the dialog")
	}
	if h.a.Window().Canvas().Overlays().Top() != nil {
		t.Fatal("no dialog is left on screen")
	}

	// The corrupt-save notice.
	translations.SetLanguage(translations.English)
	fa2 := test.NewTempApp(t)
	fa2.Preferences().SetString(storage.KeySavedGame, "{{{")
	h2 := newHarness(t, fa2)
	translations.SetLanguage(translations.Chinese)
	shown = texts(h2.a.Window())
	if !strings.Contains(shown, zh("resume.corrupt")) || strings.Contains(shown, en("resume.corrupt")) {
		t.Fatalf("the corrupt-save notice must be relabelled; shown:\n%s", shown)
	}
	if n := len(h2.a.Window().Canvas().Overlays().List()); n != 1 {
		t.Fatalf("%d overlays, want the one notice", n)
	}
}

// A saved record with a bad move keeps its legal moves, resumes after them
// and says so.
func TestPartlyDamagedSaveResumes(t *testing.T) {
	fa := test.NewTempApp(t)
	g, _ := core.NewGame("beat-the-wolf")
	for i := 0; i < 5; i++ {
		_ = g.PlayMove(g.LegalMoves()[0])
	}
	raw := `{"v":1,"game":"beat-the-wolf","mode":"vs-ai-predator","level":"hard","record":"` + g.Record() + ` zz9 a1-a2","time_left_ms":5000}`
	dir := saveDirFor(t, fa)
	if err := os.WriteFile(filepath.Join(dir, storage.LegacySaveFile), []byte(raw), 0o644); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, fa)
	partial := translations.TData("resume.partial", map[string]any{"Move": 3})
	details := translations.TData("resume.details_ai", map[string]any{
		"Game": translations.T("games.beat-the-wolf.title"), "Mode": modeLabel(g.Info(), match.ModeVsAIAsPredator),
		"Level": levelLabel(h.a.settings.Level), "Move": 3}) // the level set, not the saved one (issue 31)
	shown := texts(h.a.Window())
	for _, want := range []string{details, partial, translations.T("resume.message")} {
		if !strings.Contains(shown, want) {
			t.Fatalf("the offer to resume lacks %q; shown:\n%s", want, shown)
		}
	}
	test.Tap(overlayButton(t, h.a.Window(), translations.T("resume.continue")))
	r := h.gameScreen()
	if r.sess.Game().Record() != g.Record() || r.sess.Level() != h.a.settings.Level {
		t.Fatalf("resumed %q level %v, want %q", r.sess.Game().Record(), r.sess.Level(), g.Record())
	}
	if r.noticeLabel.Text != partial || !r.noticeLabel.Visible() {
		t.Fatalf("notice %q, want %q", r.noticeLabel.Text, partial)
	}
	translations.SetLanguage(translations.Chinese)
	if r = h.gameScreen(); r.noticeLabel.Text != translations.TData("resume.partial", map[string]any{"Move": 3}) {
		t.Fatalf("the notice follows the language: %q", r.noticeLabel.Text)
	}
	translations.SetLanguage(translations.English)
	h.waitFor("the AI's move", func() bool { return r.sess.HumanTurn() })
	r.board.OnMove(r.sess.Game().LegalMoves()[0])
	if r.noticeLabel.Visible() {
		t.Fatal("the player's move clears the notice")
	}
}

// The saved game has its own file, written through a temporary file and a
// rename with the previous copy kept; a damaged save falls back to that
// copy, and damaged (reset) preferences lose no game.
func TestSaveFileAtomicWithBackup(t *testing.T) {
	fa := test.NewTempApp(t)
	dir := saveDirFor(t, fa)
	h := newHarness(t, fa)
	g := h.startGame(1, match.ModeTwoPlayers)
	g.board.OnMove(g.sess.Game().LegalMoves()[0])
	h.a.saveCurrent()
	first := g.sess.Game().Record()
	g.board.OnMove(g.sess.Game().LegalMoves()[0])
	h.a.saveCurrent()
	second := g.sess.Game().Record()
	h.a.Close()

	entries, _ := os.ReadDir(dir)
	var names []string
	for _, e := range entries {
		// The settings' own files (storage.Vault) live beside the save.
		if n := e.Name(); !strings.HasPrefix(n, storage.GroupSettings+".") {
			names = append(names, n)
		}
	}
	pig := "wolf-carries-pig"
	if strings.Join(names, " ") != storage.SaveFileOf(pig)+" "+storage.PrevSaveFileOf(pig) {
		t.Fatalf("files in the save folder: %v, want the save and its previous copy (no temporary files)", names)
	}
	if fa.Preferences().String(storage.KeySavedGame) != "" {
		t.Fatal("the game is not kept in the preferences")
	}
	read := func(name string) string {
		raw, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		g, err := storage.DecodeSaved(raw)
		if err != nil {
			t.Fatal(err)
		}
		return g.Game.Record()
	}
	if read(storage.SaveFileOf(pig)) != second || read(storage.PrevSaveFileOf(pig)) != first {
		t.Fatalf("save %q, previous %q; want %q, %q", read(storage.SaveFileOf(pig)), read(storage.PrevSaveFileOf(pig)), second, first)
	}

	// Damaged preferences (Fyne starts afresh on them): the game survives.
	fresh := test.NewTempApp(t)
	saveDirs.Store(fresh, dir)
	h2 := newHarness(t, fresh)
	if h2.home().continueBtn() == nil {
		t.Fatal("with fresh preferences the saved game must still be offered")
	}
	h2.a.Close()

	// The save loses its last byte: the previous copy is resumed.
	raw, _ := os.ReadFile(filepath.Join(dir, storage.SaveFileOf(pig)))
	_ = os.WriteFile(filepath.Join(dir, storage.SaveFileOf(pig)), raw[:len(raw)-1], 0o644)
	h3 := newHarness(t, fa)
	test.Tap(h3.home().continueBtn())
	if r := h3.gameScreen(); r.sess.Game().Record() != first {
		t.Fatalf("resumed %q, want the previous copy %q", r.sess.Game().Record(), first)
	}
	// A new game of the same game forgets every copy.
	h3.a.back()
	h3.startGame(1, match.ModeTwoPlayers)
	if _, err := savesOf(t, fa, pig).Load(); err != storage.ErrNoSave {
		t.Fatalf("after a new game: %v, want no save", err)
	}
}

// A game saved by an older version in the preferences is still offered: it
// moves to its game's file at the start.
func TestSaveInPreferencesMigrates(t *testing.T) {
	fa := test.NewTempApp(t)
	fa.Preferences().SetString(storage.KeySavedGame, `{"v":1,"game":"beat-the-wolf","mode":"two-players","level":"easy","record":"d4-d5"}`)
	h := newHarness(t, fa)
	test.Tap(overlayButton(t, h.a.Window(), translations.T("resume.continue")))
	g := h.gameScreen()
	if g.sess.Game().Record() != "d4-d5" {
		t.Fatalf("resumed %q", g.sess.Game().Record())
	}
	if fa.Preferences().String(storage.KeySavedGame) != "" {
		t.Fatal("the old preference must be removed once the file is written")
	}
	if _, err := os.Stat(filepath.Join(saveDirFor(t, fa), storage.SaveFileOf("beat-the-wolf"))); err != nil {
		t.Fatal(err)
	}
}

// The start dialogs hug their message: no empty band between the text and
// the buttons, at desktop and phone sizes.
func TestStartDialogHasNoEmptyBand(t *testing.T) {
	layoutOnly(t)
	for _, size := range []fyne.Size{{Width: 1024, Height: 720}, {Width: 390, Height: 844}} {
		for _, lang := range translations.Languages {
			for _, raw := range []string{"{{{", `{"v":1,"game":"deer-chess","mode":"vs-ai-prey","level":"master","record":"c5-c3 @a5"}`} {
				t.Run(fmt.Sprintf("%vx%v/%s/%.3s", size.Width, size.Height, lang, raw), func(t *testing.T) {
					fa := test.NewTempApp(t)
					_ = os.WriteFile(filepath.Join(saveDirFor(t, fa), storage.LegacySaveFile), []byte(raw), 0o644)
					translations.SetLanguage(lang)
					h := newHarness(t, fa)
					translations.SetLanguage(lang)
					h.a.Window().Resize(size)
					msg := h.a.startMsg
					h.a.closeStartDialog()
					h.a.showStartDialog(msg)
					top := h.a.Window().Canvas().Overlays().Top()
					d := fyne.CurrentApp().Driver()
					var body *widgets.Paragraph
					var btn *widget.Button
					for _, o := range test.LaidOutObjects(top) {
						switch x := o.(type) {
						case *widgets.Paragraph:
							body = x
						case *widget.Button:
							btn = x
						}
					}
					if body == nil || btn == nil {
						t.Fatal("no message or button in the dialog")
					}
					gap := d.AbsolutePositionForObject(btn).Y - (d.AbsolutePositionForObject(body).Y + body.Size().Height)
					if band := body.Size().Height - body.MinSize().Height; band > 1 || gap > 3*theme.Padding()+1 {
						t.Fatalf("%v px of empty band under the message, then %v px to the buttons", band, gap)
					}
				})
			}
		}
	}
}

package app

import (
	"fmt"
	"os"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"huntchess/core"
	"huntchess/match"
	"huntchess/storage"
	"huntchess/translations"
	"huntchess/widgets"
)

// logRecoveries gathers, once at the start, everything that was damaged
// and recovered or lost — the vault's groups, the history and each game's
// unfinished game (one of which no copy is good is cleared here) — for the
// one notice of the start (recoveryText). It tells each on stderr
// (scripts read it: make crash-test) and reports whether there was any.
func (a *App) logRecoveries() bool {
	rec := append(a.prefs.Recoveries(), a.history.Recoveries()...)
	for _, r := range rec {
		how := "reset to the defaults"
		if r.Restored {
			how = "restored from the last good copy"
		}
		fmt.Fprintf(os.Stderr, "huntchess: recovery: %s could not be read and were %s\n", r.Group, how)
	}
	for _, r := range a.saves.Recover() {
		how := "discarded"
		if r.Restored {
			how = "restored from the last good copy"
		} else {
			a.startNotice = "resume.corrupt"
		}
		logSavedGameRecovery(r.Game, how, r.Err)
		rec = append(rec, r.Recovery)
	}
	a.startRecoveries = rec
	return len(rec) > 0
}

// logSavedGameRecovery tells on stderr what became of a game's damaged
// unfinished game ("discarded", "restored from the last good copy"), as
// make crash-test reads it ("" game: the older versions' one saved game,
// of a game unknown).
func logSavedGameRecovery(game, how string, err error) {
	of := ""
	if game != "" {
		of = " of " + game
	}
	fmt.Fprintf(os.Stderr, "huntchess: recovery: the saved game%s could not be read and was %s: %v\n", of, how, err)
}

// recoveries are the stored files that were damaged at the start.
func (a *App) recoveries() []storage.Recovery { return a.startRecoveries }

// recoveryText is the recovery notice: a sentence a group, in the current
// language; a damaged unfinished game is named by its game.
func (a *App) recoveryText() string {
	var lines []string
	for _, r := range a.recoveries() {
		id := "recovery." + r.Group + "_reset"
		switch {
		case r.Group == storage.GroupSavedGame && !r.Restored:
			id = "resume.corrupt" // the notice it had on its own
		case r.Restored:
			id = "recovery." + r.Group + "_restored"
		}
		if r.Group == storage.GroupSavedGame && r.Game != "" {
			lines = append(lines, translations.TData(id+"_of", map[string]any{"Game": translations.Game(r.Game).Title}))
			continue
		}
		lines = append(lines, translations.T(id))
	}
	return strings.Join(lines, "\n")
}

// saveCurrent saves the game in progress, if any, for the next start.
func (a *App) saveCurrent() {
	if a.closed {
		return
	}
	if g := a.game(); g != nil {
		g.save()
	}
	// On disk before the app goes. A failed write is not dropped: the
	// stores keep it and the notice says it (savefail.go).
	_ = a.saves.Flush()
	_ = a.history.Flush()
	a.prefs.Flush()
}

// unfinished returns the game of key a new game of it would discard: the
// unfinished game in progress (under the new-game screen), else the saved
// one; nil when none. Another game's unfinished game is never discarded.
func (a *App) unfinished(key string) (*core.GameInfo, *core.Game) {
	if g := a.game(); g != nil && g.info.Key == key {
		if g.sess.Game().Len() > 0 && !g.sess.Game().Outcome().Over() {
			return g.info, g.sess.Game()
		}
		return nil, nil
	}
	if r, err := a.saves.Of(key).Load(); err == nil {
		return r.Game.Info(), r.Game
	}
	return nil, nil
}

// moveNumber is the number of the next move, as the move list numbers them.
func moveNumber(g *core.Game) int { return g.Len()/2 + 1 }

// offerResume asks whether to continue the newest unfinished game (the
// others are on their cards on the home screen).
func (a *App) offerResume() {
	u, ok := a.saves.Latest()
	if !ok {
		return
	}
	a.startGameKey = u.Key
	a.showStartDialog("resume.message")
	if a.opts.Dev != nil {
		if game, ok := a.opts.Dev.AutoResume(); ok {
			if game == "" {
				game = u.Key
			}
			a.resumeSaved(game)
		}
	}
}

// showStartDialog shows the offer to resume ("resume.message": Continue /
// Discard) or the corrupt-save notice ("resume.corrupt": OK) in the current
// language. Its buttons are its only answers: hiding it (to show it again in
// another language) answers nothing.
func (a *App) showStartDialog(msg string) {
	text := a.startDialogText(msg)
	body := widgets.NewParagraphWithStyle(text, fyne.TextAlignCenter, fyne.TextStyle{})
	title := translations.T("resume.title")
	if msg == "recovery" {
		title = translations.T("recovery.title")
	}
	d := dialog.NewCustomWithoutButtons(title, body, a.win)
	switch msg {
	case "recovery": // then the offer to resume, if a game is saved
		d.SetButtons([]fyne.CanvasObject{widget.NewButton(translations.T("dialog.ok"), func() {
			a.closeStartDialog()
			if !a.scripted() {
				a.offerResume()
			}
		})})
	case "resume.message":
		key := a.startGameKey
		discard := widget.NewButton(translations.T("resume.discard"), func() {
			a.closeStartDialog()
			a.saves.Of(key).Clear()
			a.render()
		})
		cont := widget.NewButtonWithIcon(translations.T("resume.continue"), theme.MediaPlayIcon(), func() {
			a.closeStartDialog()
			a.resumeSaved(key)
		})
		cont.Importance = widget.HighImportance
		d.SetButtons([]fyne.CanvasObject{discard, cont})
	default:
		d.SetButtons([]fyne.CanvasObject{widget.NewButton(translations.T("dialog.ok"), a.closeStartDialog)})
	}
	a.startDialog, a.startMsg = d, msg
	a.showFitted(d, text, 600)
}

// showFitted shows d as wide as msg on one line (like Fyne's text dialogs:
// the dialog's own padding is 32 wide), within 90 % of the window and at
// most maxW, the message wrapping inside. The message wraps at the width it
// is laid out at, so its height is known only once shown: d is fitted again
// then (or a band stays empty under it).
func (a *App) showFitted(d dialog.Dialog, msg string, maxW float32) {
	w := min(widget.NewLabel(msg).MinSize().Width+32+4*theme.Padding(), maxW)
	if cw := a.win.Canvas().Size().Width * 0.9; cw > 0 {
		w = min(w, cw)
	}
	fitDialog(d, w)
	a.showDialog(d)
	fitDialog(d, w)
}

// fitDialog sizes d to width w (or its least width) and the least height at
// that width. Run it twice: the second time, wrapped texts in d know their
// width.
func fitDialog(d dialog.Dialog, w float32) {
	d.Resize(fyne.NewSize(max(w, d.MinSize().Width), d.MinSize().Height))
}

// startDialogText is the start dialog's message: the offer to resume names
// the game, the mode (and so the player's side), the level and the move, and
// says when only part of the record could be read.
func (a *App) startDialogText(msg string) string {
	if msg == "recovery" {
		return a.recoveryText()
	}
	text := translations.T(msg)
	if msg != "resume.message" {
		return text
	}
	r, err := a.saves.Of(a.startGameKey).Load()
	if err != nil {
		return text
	}
	info := r.Game.Info()
	data := map[string]any{
		"Game": translations.Game(info.Key).Title, "Mode": modeLabel(info, r.Mode),
		"Level": levelLabel(a.settings.Level), "Move": moveNumber(r.Game), // the level it goes on at
	}
	id := "resume.details"
	if r.Mode != match.ModeTwoPlayers {
		id = "resume.details_ai"
	}
	lines := []string{translations.TData(id, data)}
	if r.Partial {
		lines = append(lines, translations.TData("resume.partial", partialData(r.Game)))
	}
	return strings.Join(append(lines, text), "\n")
}

// partialData is the data of "resume.partial": the number (as in the move
// list) of the last move of a saved record that could be read.
func partialData(g *core.Game) map[string]any { return map[string]any{"Move": (g.Len() + 1) / 2} }

// closeStartDialog hides the start dialog, if it is open.
func (a *App) closeStartDialog() {
	if d := a.startDialog; d != nil {
		a.startDialog, a.startMsg = nil, ""
		d.Hide()
	}
}

// resumeSaved opens the unfinished game of the game key.
func (a *App) resumeSaved(key string) {
	a.closeStartDialog()
	st := a.saves.Of(key)
	if st == nil {
		return
	}
	r, err := st.Load()
	if err != nil {
		st.Clear()
		a.render()
		if err != storage.ErrNoSave {
			logSavedGameRecovery(key, "discarded", err)
			a.showStartDialog("resume.corrupt")
		}
		return
	}
	// The difficulty setting is the one level: the game goes on
	// at the level set now, which the offer to resume named, whatever it
	// was saved at (a level chosen in Settings meanwhile is the player's
	// latest choice, as it would be mid-game).
	s := newGameScreen(a, r.Game, r.Mode, a.settings.Level, time.Duration(r.TimeLeft)*time.Millisecond)
	if r.Partial {
		s.sess.SetNotice("resume.partial", partialData(r.Game))
	}
	a.replace(s)
}

package app

import (
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	"huntchess/core"
	"huntchess/translations"
)

// over reports whether the game has ended: by the rules, or by a resignation.
func (t *turns) over() bool { return t.resigned || t.game.Outcome().Over() }

// resigner is the side that would give up now: the player's side against
// the AI, the side to move in a two-player game. ok is false when nobody can
// resign (watch mode, a finished game).
func (t *turns) resigner() (side core.Side, ok bool) {
	switch {
	case t.over() || t.mode == ModeWatch:
		return 0, false
	case t.mode.VsAI():
		return t.mode.HumanSide(), true
	}
	return t.game.ToMove(), true
}

// resign ends the game: the side that resigner names gives up. Searches and
// the timer stop; the view's Over hook shows the result.
func (t *turns) resign() {
	side, ok := t.resigner()
	if !ok {
		return
	}
	t.stopSearches()
	t.timer.Start(0)
	t.resigned, t.resignSide = true, side
	t.clearNotice()
	t.hooks.readOnly(true)
	t.hooks.refresh()
	t.hooks.over()
}

// result is the end of a finished game: the winning side (won false for a
// draw). ok is false while the game goes on.
func (t *turns) result() (winner core.Side, won, ok bool) {
	if t.resigned {
		return t.resignSide.Other(), true, true
	}
	switch o := t.game.Outcome(); o.Result {
	case core.PredatorWins:
		return core.Predator, true, true
	case core.PreyWins:
		return core.Prey, true, true
	case core.Draw:
		return 0, false, true
	}
	return 0, false, false
}

// confirmResign asks before resigning.
func (s *gameScreen) confirmResign() {
	side, ok := s.resigner()
	if !ok || s.askDialog != nil {
		return
	}
	msg := translations.T("resign.message")
	if !s.mode.VsAI() {
		msg = translations.TData("resign.message_side", map[string]any{"Side": sideName(s.info, side)})
	}
	s.ask(translations.T("resign.title"), msg, translations.T("game.resign"), s.resign)
}

// leave goes back home; an unfinished game asks first (it stays saved).
func (s *gameScreen) leave() {
	if s.over() || s.game.Len() == 0 || s.mode == ModeWatch {
		s.home()
		return
	}
	if s.askDialog != nil {
		return
	}
	s.ask(translations.T("leave.title"), translations.T("leave.message"), translations.T("leave.confirm"), s.home)
}

// ask shows a confirmation (danger button yes, Cancel) and runs yes on it.
func (s *gameScreen) ask(title, msg, yesText string, yes func()) {
	d := dialog.NewConfirm(title, msg, func(ok bool) {
		s.askDialog = nil
		if ok {
			yes()
		}
	}, s.a.win)
	d.SetConfirmText(yesText)
	d.SetDismissText(translations.T("dialog.cancel"))
	d.SetConfirmImportance(widget.DangerImportance)
	s.askDialog = d
	d.Show()
}

// dismissAsk closes an open confirmation without answering it.
func (s *gameScreen) dismissAsk() {
	if d := s.askDialog; d != nil {
		s.askDialog = nil
		d.Hide()
	}
}

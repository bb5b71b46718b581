package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"huntchess/core"
	"huntchess/translations"
	"huntchess/widgets"
)

// Draws by agreement on the game screen (session/draw.go has the rule):
// "Offer a draw" in the panel, the question to the other person (or the
// computer's own offer), and the end marks of a game ended by agreement.

// newDrawButton makes the panel's "Offer a draw" button.
func (s *gameScreen) newDrawButton() *widget.Button {
	return widget.NewButtonWithIcon(translations.T("game.offer_draw"), theme.ConfirmIcon(), s.sess.OfferDraw)
}

// drawOffered is the session's DrawOffered hook: a draw offered to a person.
func (s *gameScreen) drawOffered(by core.Side) {
	s.dismissDraw()
	if s.sess.Closed() {
		return
	}
	msg := translations.TData("draw.offer_side", map[string]any{"Side": sideName(s.info, by)})
	if s.sess.Mode().AIPlays(by) {
		msg = translations.T("draw.ai_offers")
	}
	body := widgets.NewParagraphWithStyle(msg, fyne.TextAlignCenter, fyne.TextStyle{})
	d := dialog.NewCustomWithoutButtons(translations.T("draw.title"), body, s.a.win)
	decline := widget.NewButton(translations.T("draw.decline"), func() {
		s.sess.AnswerDraw(false)
		s.dismissDraw()
	})
	accept := widget.NewButtonWithIcon(translations.T("draw.accept"), theme.ConfirmIcon(), func() {
		s.sess.AnswerDraw(true)
		s.dismissDraw()
	})
	accept.Importance = widget.HighImportance
	d.SetButtons([]fyne.CanvasObject{decline, accept})
	s.drawDialog, s.drawBy = d, by
	s.a.showFitted(d, msg, 480)
}

// dismissDraw closes the question of a draw offer, if it is open.
func (s *gameScreen) dismissDraw() {
	if d := s.drawDialog; d != nil {
		s.drawDialog = nil
		d.Hide()
	}
}

// refreshDraw keeps the question in step with the session: it goes once
// the offer is closed (a move played on), and comes back in a new language.
func (s *gameScreen) refreshDraw() {
	by, open := s.sess.DrawOffer()
	switch {
	case !open:
		s.dismissDraw()
	case s.drawDialog == nil:
		s.drawOffered(by)
	}
}

// endMark is the last entry of the move list of a game the players ended:
// "Draw agreed", "The wolf resigned" ("" for none).
func (s *gameScreen) endMark() string {
	switch o := s.sess.Game().Outcome(); o.Reason {
	case core.ReasonAgreed:
		return translations.T("moves.end_agreed")
	case core.ReasonResigned:
		loser, _ := s.sess.Game().Loser()
		return translations.TData("moves.end_resigned", map[string]any{"Side": sideName(s.info, loser)})
	}
	return ""
}

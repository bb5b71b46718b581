package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"huntchess/translations"
	"huntchess/widgets"
)

// question asks yes or Cancel: the message centred and wrapped, the answer
// (in the danger colour where it loses something: resign, discard, reset;
// plain where nothing is lost, as leaving a game that stays saved) and
// Cancel. Unlike Fyne's confirm dialog it draws no large "?"
// icon over its text.
type question struct {
	d        dialog.Dialog
	a        *App
	msg      string
	onAnswer func(bool)
	done     bool
}

// newQuestion makes the question with a danger answer; onAnswer is told
// the answer once.
func newQuestion(title, msg, yesText string, onAnswer func(bool), a *App) *question {
	return newQuestionStyled(title, msg, yesText, widget.DangerImportance, onAnswer, a)
}

// newQuestionStyled is newQuestion with the answer's importance.
func newQuestionStyled(title, msg, yesText string, yesStyle widget.Importance, onAnswer func(bool), a *App) *question {
	q := &question{a: a, msg: msg, onAnswer: onAnswer}
	win := a.win
	body := widgets.NewParagraphWithStyle(msg, fyne.TextAlignCenter, fyne.TextStyle{})
	d := dialog.NewCustomWithoutButtons(title, body, win)
	q.d = d
	cancel := widget.NewButtonWithIcon(translations.T("dialog.cancel"), theme.CancelIcon(), q.Dismiss)
	yes := widget.NewButtonWithIcon(yesText, theme.ConfirmIcon(), q.Confirm)
	yes.Importance = yesStyle
	d.SetButtons([]fyne.CanvasObject{cancel, yes})
	return q
}

// Show shows the question as wide as its message on one line, within the
// window, and as high as the wrapped message needs.
func (q *question) Show() {
	q.a.showFitted(q.d, q.msg, 600)
}

func (q *question) answer(ok bool) {
	if q.done {
		return
	}
	q.done = true
	q.d.Hide()
	if q.onAnswer != nil {
		q.onAnswer(ok)
	}
}

// Confirm answers yes; Dismiss and Hide answer Cancel.
func (q *question) Confirm() { q.answer(true) }
func (q *question) Dismiss() { q.answer(false) }
func (q *question) Hide()    { q.answer(false) }

package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"huntchess/core"
	"huntchess/translations"
	"huntchess/widgets"
)

// moveConfirm is the move-confirmation setting at work on the game screen
// (session.Settings.ConfirmMoves, against accidental taps on a phone): a
// move tapped or dragged on the board is shown played, and waits for
// Confirm or Cancel in a bar over the board — at the board's edge away
// from the move — before it is played.
type moveConfirm struct {
	pending core.Move // the move waiting (Kind MoveNone: none)
	at      int       // the game's length when it was chosen
	bar     *fyne.Container
	label   *widget.Label
	ok, no  *widget.Button
	lay     *confirmLayout
}

// chooseMove is the board's OnMove: the move is played at once, or waits
// for confirmation when the setting asks for it.
func (s *gameScreen) chooseMove(m core.Move) {
	if !s.a.settings.ConfirmMoves || s.confirm.bar == nil {
		s.HumanMove(m)
		return
	}
	if !s.HumanTurn() {
		return
	}
	c := &s.confirm
	c.pending, c.at = m, s.Game().Len()
	s.board.SetPosition(s.Game().Position().After(m), m)
	s.board.SetReadOnly(true)
	c.label.SetText(translations.TData("confirm.question", map[string]any{"Move": displayMove(m)}))
	c.lay.to = int(m.To)
	c.bar.Show()
	c.bar.Refresh()
	s.refresh()
}

// confirmMove plays the move waiting, if the game has not moved on.
func (s *gameScreen) confirmMove() {
	c := &s.confirm
	m := c.pending
	if m.Kind == core.MoveNone {
		return
	}
	c.pending = core.Move{}
	c.bar.Hide()
	if s.Game().Len() != c.at || !s.HumanTurn() {
		s.board.ShowStill(s.Game().Position(), s.Game().LastMove())
		return
	}
	s.HumanMove(m)
}

// cancelMove takes back the move waiting: the board shows the game again.
func (s *gameScreen) cancelMove() {
	c := &s.confirm
	if c.pending.Kind == core.MoveNone {
		return
	}
	c.pending = core.Move{}
	c.bar.Hide()
	s.board.ShowStill(s.Game().Position(), s.Game().LastMove())
	s.board.SetReadOnly(!s.HumanTurn() || s.browsing())
	s.refresh()
}

// refreshConfirm drops the move waiting once the game has moved on without
// it (the turn passed on time, undo, a new position shown).
func (s *gameScreen) refreshConfirm() {
	c := &s.confirm
	if c.pending.Kind != core.MoveNone && (s.Game().Len() != c.at || !s.HumanTurn() || !s.a.settings.ConfirmMoves) {
		c.pending = core.Move{}
		c.bar.Hide()
		s.board.ShowStill(s.Game().Position(), s.Game().LastMove())
	}
}

// pendingMove is the move waiting for confirmation (Kind MoveNone: none).
func (s *gameScreen) pendingMove() core.Move { return s.confirm.pending }

// withConfirmBar puts the confirmation bar over the board.
func (s *gameScreen) withConfirmBar(board *widgets.Board) fyne.CanvasObject {
	c := &s.confirm
	c.label = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	c.label.Wrapping = fyne.TextWrapWord
	c.ok = widget.NewButtonWithIcon(translations.T("confirm.play"), theme.ConfirmIcon(), s.confirmMove)
	c.ok.Importance = widget.HighImportance
	c.no = widget.NewButtonWithIcon(translations.T("dialog.cancel"), theme.CancelIcon(), s.cancelMove)
	bg := canvas.NewRectangle(theme.Color(theme.ColorNameOverlayBackground))
	bg.CornerRadius = theme.InputRadiusSize()
	bg.StrokeColor = theme.Color(theme.ColorNameSeparator)
	bg.StrokeWidth = 1
	rows := newIconGroup()
	c.bar = container.NewStack(bg, container.NewPadded(container.NewVBox(c.label, rows.row(c.no, c.ok))))
	if c.pending.Kind == core.MoveNone {
		c.bar.Hide()
	}
	c.lay = &confirmLayout{board: board, to: int(c.pending.To)}
	return container.New(c.lay, board, c.bar)
}

// confirmLayout lays the board over its whole size and the confirmation
// bar across it, at the top when the move ends in the board's lower half,
// else at the bottom. Objects: [0] board, [1] bar.
type confirmLayout struct {
	board *widgets.Board
	to    int // the move's target point
}

func (l *confirmLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	board, bar := objs[0], objs[1]
	board.Move(fyne.NewPos(0, 0))
	board.Resize(size)
	pad := 2 * theme.Padding()
	w := min(size.Width-2*pad, 420)
	h := bar.MinSize().Height
	y := size.Height - h - pad
	pos := l.board.GamePosition()
	if lay := l.board.Layout(); l.to >= 0 && l.to < len(pos.Board().Points) && lay.PointPos(l.to).Y > size.Height/2 {
		y = pad
	}
	bar.Move(fyne.NewPos((size.Width-w)/2, y))
	bar.Resize(fyne.NewSize(w, h))
}

func (l *confirmLayout) MinSize(objs []fyne.CanvasObject) fyne.Size { return objs[0].MinSize() }

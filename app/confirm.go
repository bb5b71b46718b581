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
// (storage.Settings.ConfirmMoves, against accidental taps on a phone): a
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
		s.sess.HumanMove(m)
		return
	}
	if !s.sess.HumanTurn() {
		return
	}
	c := &s.confirm
	c.pending, c.at = m, s.sess.Game().Len()
	s.board.SetPosition(s.sess.Game().Position().After(m), m)
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
	if s.sess.Game().Len() != c.at || !s.sess.HumanTurn() {
		s.board.ShowStill(s.sess.Game().Position(), s.sess.Game().LastMove())
		return
	}
	s.sess.HumanMove(m)
}

// cancelMove takes back the move waiting: the board shows the game again.
func (s *gameScreen) cancelMove() {
	c := &s.confirm
	if c.pending.Kind == core.MoveNone {
		return
	}
	c.pending = core.Move{}
	c.bar.Hide()
	s.board.ShowStill(s.sess.Game().Position(), s.sess.Game().LastMove())
	s.board.SetReadOnly(!s.sess.HumanTurn() || s.browsing())
	s.refresh()
}

// refreshConfirm drops the move waiting once the game has moved on without
// it (the turn passed on time, undo), or an earlier position is browsed.
func (s *gameScreen) refreshConfirm() {
	c := &s.confirm
	if c.pending.Kind == core.MoveNone {
		return
	}
	if s.sess.Game().Len() != c.at || !s.sess.HumanTurn() || !s.a.settings.ConfirmMoves || s.browsing() {
		c.pending = core.Move{}
		c.bar.Hide()
		if !s.browsing() { // browsing shows its own position
			s.board.ShowStill(s.sess.Game().Position(), s.sess.Game().LastMove())
		}
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
	rows := widgets.NewIconGroup()
	barLay := &confirmBarLayout{label: c.label}
	inner := container.New(barLay, c.label, rows.Row(c.no, c.ok))
	c.bar = container.NewStack(newPanelBackground(), container.NewPadded(inner))
	if c.pending.Kind == core.MoveNone {
		c.bar.Hide()
	}
	c.lay = &confirmLayout{board: board, to: int(c.pending.To), height: func(w float32) float32 {
		return barLay.heightAt(inner.Objects, w-2*theme.Padding()) + 2*theme.Padding() // inside the padding
	}}
	return container.New(c.lay, board, c.bar)
}

// confirmBarLayout puts the question beside its buttons where the bar is
// wide enough for both on one line, else above them. Objects: [0] the
// question, [1] the buttons.
type confirmBarLayout struct{ label *widget.Label }

// oneLine reports whether the question and the buttons fit width w side by side.
func (l *confirmBarLayout) oneLine(objs []fyne.CanvasObject, w float32) (bool, float32) {
	q := widget.NewLabelWithStyle(l.label.Text, l.label.Alignment, l.label.TextStyle).MinSize().Width
	btns := 2 * (objs[1].MinSize().Width/2 + widgets.IconWidth())
	return q+theme.Padding()+btns <= w, q
}

func (l *confirmBarLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	label, btns := objs[0], objs[1]
	pad := theme.Padding()
	if one, q := l.oneLine(objs, size.Width); one {
		label.Move(fyne.NewPos(0, 0))
		label.Resize(fyne.NewSize(q, size.Height))
		btns.Move(fyne.NewPos(q+pad, 0))
		btns.Resize(fyne.NewSize(size.Width-q-pad, size.Height))
		return
	}
	label.Resize(fyne.NewSize(size.Width, label.Size().Height)) // wraps at this width
	lh := label.MinSize().Height
	label.Move(fyne.NewPos(0, 0))
	label.Resize(fyne.NewSize(size.Width, lh))
	btns.Move(fyne.NewPos(0, lh+pad))
	btns.Resize(fyne.NewSize(size.Width, size.Height-lh-pad))
}

// heightAt is the bar's height at width w.
func (l *confirmBarLayout) heightAt(objs []fyne.CanvasObject, w float32) float32 {
	btns := objs[1].MinSize().Height
	if one, _ := l.oneLine(objs, w); one {
		return max(objs[0].MinSize().Height, btns)
	}
	wrapped := widget.NewLabelWithStyle(l.label.Text, l.label.Alignment, l.label.TextStyle)
	wrapped.Wrapping = fyne.TextWrapWord
	wrapped.Resize(fyne.NewSize(w, 0))
	return wrapped.MinSize().Height + theme.Padding() + btns
}

func (l *confirmBarLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	return fyne.NewSize(objs[1].MinSize().Width, objs[1].MinSize().Height)
}

// confirmLayout lays the board over its whole size and the confirmation
// bar across it, at the top when the move ends in the board's lower half,
// else at the bottom. Objects: [0] board, [1] bar.
type confirmLayout struct {
	board  *widgets.Board
	to     int                     // the move's target point
	height func(w float32) float32 // the bar's height at a width
}

func (l *confirmLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	board, bar := objs[0], objs[1]
	board.Move(fyne.NewPos(0, 0))
	board.Resize(size)
	pad := 2 * theme.Padding()
	w := min(size.Width-2*pad, 420)
	h := l.height(w)
	y := size.Height - h - pad
	pos := l.board.GamePosition()
	if lay := l.board.Layout(); l.to >= 0 && l.to < len(pos.Board().Points) && lay.PointPos(l.to).Y > size.Height/2 {
		y = pad
	}
	bar.Move(fyne.NewPos((size.Width-w)/2, y))
	bar.Resize(fyne.NewSize(w, h))
}

func (l *confirmLayout) MinSize(objs []fyne.CanvasObject) fyne.Size { return objs[0].MinSize() }

// panelBackground is the confirmation bar's background: the colour of a
// dialog, following the theme (its renderer is refreshed when the theme or
// its variant changes).
type panelBackground struct{ widget.BaseWidget }

func newPanelBackground() *panelBackground {
	p := &panelBackground{}
	p.ExtendBaseWidget(p)
	return p
}

// CreateRenderer is part of fyne.Widget.
func (p *panelBackground) CreateRenderer() fyne.WidgetRenderer {
	r := &panelBackgroundRenderer{rect: canvas.NewRectangle(nil)}
	r.Refresh()
	return r
}

type panelBackgroundRenderer struct{ rect *canvas.Rectangle }

func (r *panelBackgroundRenderer) Destroy()                     {}
func (r *panelBackgroundRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.rect} }
func (r *panelBackgroundRenderer) MinSize() fyne.Size           { return fyne.Size{} }
func (r *panelBackgroundRenderer) Layout(size fyne.Size)        { r.rect.Resize(size) }
func (r *panelBackgroundRenderer) Refresh() {
	r.rect.FillColor = theme.Color(theme.ColorNameOverlayBackground)
	r.rect.StrokeColor = theme.Color(theme.ColorNameSeparator)
	r.rect.StrokeWidth = 1
	r.rect.CornerRadius = theme.InputRadiusSize()
	r.rect.Refresh()
}

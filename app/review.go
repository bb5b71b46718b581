package app

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/session"
	"huntchess/translations"
	"huntchess/widgets"
)

// reviewScreen shows a game move by move with the endgame table's verdicts,
// a value strip over the whole game, and the position of the chosen move
// on a read-only board.
type reviewScreen struct {
	a     *App
	info  *core.Game
	moves []session.ReviewMove
	table bool
	cur   int // moves played in the position shown (0: the start)

	board      *widgets.Board
	list       *widget.List
	strip      *fyne.Container
	posLabel   *widget.Label
	verdictTxt *widgets.Paragraph
	prev, next *widget.Button
}

// showReview opens the review of game g (a copy: the game goes on unchanged).
func (a *App) showReview(g *core.Game) { a.push(newReviewScreen(a, g)) }

func newReviewScreen(a *App, g *core.Game) *reviewScreen {
	t := a.tables.Table(g.Info().ID)
	return &reviewScreen{a: a, info: g.Clone(), moves: session.ReviewGame(g, t), table: t != nil, cur: g.Len()}
}

func (r *reviewScreen) close() {}

// position returns the position after n moves.
func (r *reviewScreen) position(n int) core.Position {
	p := r.info.Start()
	for _, m := range r.moves[:n] {
		p = p.After(m.Move)
	}
	return p
}

func verdictText(m session.ReviewMove) string {
	switch m.Verdict {
	case session.VerdictKept:
		return translations.T("review.kept")
	case session.VerdictSlip:
		return translations.T("review.slip")
	case session.VerdictBlunder:
		return translations.T("review.blunder")
	}
	return translations.T("review.unknown")
}

// verdictColor is the colour of a verdict's mark.
func verdictColor(v session.Verdict) color.Color {
	switch v {
	case session.VerdictKept:
		return color.NRGBA{0x3a, 0x9a, 0x5b, 0xff}
	case session.VerdictSlip:
		return color.NRGBA{0xe0, 0xa0, 0x20, 0xff}
	case session.VerdictBlunder:
		return color.NRGBA{0xd0, 0x40, 0x40, 0xff}
	}
	return color.NRGBA{0x99, 0x99, 0x99, 0x80}
}

// valueColor colours a position by its value for the predator.
func valueColor(v tablebase.Value, mover core.Side, known bool) color.Color {
	if !known {
		return color.NRGBA{0x99, 0x99, 0x99, 0x60}
	}
	predWins := (v == tablebase.Win) == (mover == core.Predator)
	switch {
	case v == tablebase.Draw:
		return color.NRGBA{0xa0, 0xa0, 0xa0, 0xff}
	case predWins:
		return color.NRGBA{0xb0, 0x50, 0x30, 0xff} // the predator's colour
	}
	return color.NRGBA{0x30, 0x70, 0xb0, 0xff} // the prey's
}

func (r *reviewScreen) moveLine(i int) string {
	m := r.moves[i]
	s := translations.TData("review.move", map[string]any{"N": i + 1, "Move": m.Move.String()}) + " — " + verdictText(m)
	if m.Best.Kind != core.MoveNone {
		s += " · " + translations.TData("review.best", map[string]any{"Move": m.Best.String()})
	}
	return s
}

func (r *reviewScreen) content() fyne.CanvasObject {
	gt := translations.Game(r.info.Info().Key)
	back := widget.NewButtonWithIcon(translations.T("game.back"), theme.NavigateBackIcon(), r.a.back)
	title := widget.NewLabelWithStyle(translations.T("review.title")+" · "+gt.Title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	title.Truncation = fyne.TextTruncateEllipsis
	if r.board == nil {
		r.board = widgets.NewBoard(r.position(r.cur))
		r.board.Do = r.a.do
		r.board.SetReadOnly(true)
		r.board.SetAnimations(false)
	}
	r.posLabel = widget.NewLabel("")
	r.verdictTxt = widgets.NewParagraph("")
	r.prev = widget.NewButtonWithIcon(translations.T("review.prev"), theme.NavigateBackIcon(), func() { r.show(r.cur - 1) })
	r.next = widget.NewButtonWithIcon(translations.T("review.next"), theme.NavigateNextIcon(), func() { r.show(r.cur + 1) })

	// The value strip: one bar per position, coloured by its value for the
	// predator; the position shown is underlined by its verdict's colour.
	r.strip = container.NewGridWithColumns(max(1, len(r.moves)+1))
	p := r.info.Start()
	for i := 0; i <= len(r.moves); i++ {
		known := false
		var v tablebase.Value
		if t := r.a.tables.Table(r.info.Info().ID); t != nil {
			v, _, known = t.Probe(p)
		}
		bar := canvas.NewRectangle(valueColor(v, p.ToMove, known))
		bar.SetMinSize(fyne.NewSize(2, 18))
		r.strip.Add(bar)
		if i < len(r.moves) {
			p = p.After(r.moves[i].Move)
		}
	}

	r.list = widget.NewList(
		func() int { return len(r.moves) },
		func() fyne.CanvasObject {
			mark := canvas.NewRectangle(color.Transparent)
			mark.SetMinSize(fyne.NewSize(8, 8))
			return container.NewBorder(nil, nil, container.NewCenter(mark), nil, widget.NewLabel(""))
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			c := o.(*fyne.Container)
			for _, obj := range c.Objects {
				switch w := obj.(type) {
				case *widget.Label:
					w.SetText(r.moveLine(i))
				case *fyne.Container:
					rect := w.Objects[0].(*canvas.Rectangle)
					rect.FillColor = verdictColor(r.moves[i].Verdict)
					rect.Refresh()
				}
			}
		})
	r.list.OnSelected = func(i widget.ListItemID) { r.show(i + 1) }

	head := container.NewVBox(
		container.NewBorder(nil, nil, back, nil, title),
		r.summary(),
		r.strip,
		container.NewGridWithColumns(2, r.prev, r.next),
		r.posLabel,
		r.verdictTxt,
	)
	panel := container.NewBorder(head, nil, nil, nil, r.list)
	r.show(r.cur)
	return container.New(boardLayout{}, r.board, container.NewPadded(panel))
}

// summary counts the verdicts of each side.
func (r *reviewScreen) summary() fyne.CanvasObject {
	if !r.table {
		text := translations.T("review.no_table")
		if o := r.info.Outcome(); o.Reason == core.ReasonAgreed {
			text += "\n" + translations.T("review.agreed")
		}
		return widgets.NewParagraph(text)
	}
	var slips, blunders [2]int
	for _, m := range r.moves {
		switch m.Verdict {
		case session.VerdictSlip:
			slips[m.Mover]++
		case session.VerdictBlunder:
			blunders[m.Mover]++
		}
	}
	info := r.info.Info()
	line := func(s core.Side) string {
		return translations.TData("review.summary", map[string]any{"Side": sideName(info, s), "Slips": slips[s], "Blunders": blunders[s]})
	}
	text := line(core.Predator) + "\n" + line(core.Prey)
	if o := r.info.Outcome(); o.Reason == core.ReasonAgreed {
		text += "\n" + translations.T("review.agreed")
	}
	return widgets.NewParagraph(text)
}

// show puts the position after n moves on the board.
func (r *reviewScreen) show(n int) {
	n = max(0, min(n, len(r.moves)))
	r.cur = n
	var last core.Move
	if n > 0 {
		last = r.moves[n-1].Move
	}
	r.board.SetPosition(r.position(n), last)
	r.posLabel.SetText(translations.TData("review.position", map[string]any{"N": n, "Total": len(r.moves)}))
	text := ""
	if n > 0 {
		text = r.moveLine(n - 1)
	}
	r.verdictTxt.SetText(text)
	if n == 0 {
		r.prev.Disable()
	} else {
		r.prev.Enable()
	}
	if n == len(r.moves) {
		r.next.Disable()
	} else {
		r.next.Enable()
	}
}

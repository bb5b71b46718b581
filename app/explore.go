package app

import (
	"context"
	"image/color"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"huntchess/ai"
	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/explore"
	"huntchess/match"
	"huntchess/session"
	"huntchess/translations"
	"huntchess/widgets"
)

// exploreScreen is the analysis board (issue 45): a board on which the
// player moves either side freely, steps back and forward, and sees every
// legal move of the side to move with what it is worth, best first, from
// the game's proof stack, or, where no proof covers a move, the search's
// judgement, said to be one. The position's own value is on top and the
// best move is drawn on the board (the hint's highlight). A position is
// copied and pasted as one line (explore.Line) and played on from against
// the computer or a friend.
//
// The values are worked out off the UI goroutine (a table read in the
// browser is a download) and come back through App.do; a new position
// cancels the work for the old one (gen tells a late answer).
type exploreScreen struct {
	a    *App
	info *core.GameInfo
	walk *explore.Walk

	// moves are the shown position's moves with their values, best first;
	// value the position's own; ready: the proofs' values have arrived
	// (judging: the search is at the rest).
	moves   []explore.MoveValue
	value   explore.Value
	ready   bool
	judging bool
	gen     int
	cancel  context.CancelFunc
	// sources are the proofs the values were worked out from: the game's
	// table, strategy and bound table as the owner had them (proofsChanged
	// works the values out again when one arrives).
	sources  proofSources
	started  time.Time // when the work on the position shown began (Explored.Took)
	pasteErr string    // the last refused paste's reason (tests)

	board       *widgets.Board
	list        *widget.List
	rows        *wrappedRows
	valueTxt    *widgets.Paragraph
	noteTxt     *widgets.Paragraph
	posLabel    *widget.Label
	prev, next  *widget.Button
	playBtn     *widget.Button
	copyBtn     *widget.Button
	pasteBtn    *widget.Button
	setupBtn    *widget.Button
	confirmPlay dialog.Dialog
}

// proofSources are a game's files of the proof stack, as the owner hands
// them out at one moment (nil where it has none yet).
type proofSources struct {
	table, strategy, bound any
}

// proofSourcesOf is what the owner hands out now for game id.
func (a *App) proofSourcesOf(id core.GameID) proofSources {
	o := a.tableSource()
	if o == nil {
		return proofSources{}
	}
	var s proofSources
	if t := o.Table(id); t != nil {
		s.table = t
	}
	if st := o.Strategy(id); st != nil {
		s.strategy = st
	}
	if b := o.Bound(id); b != nil {
		s.bound = b
	}
	return s
}

// showExplore opens the explorer at position p of a new line.
func (a *App) showExplore(p core.Position) { a.push(newExploreScreen(a, explore.NewWalk(p))) }

// showExploreGame opens the explorer on game g's moves, at the position
// after the first n (the moves before and after it are there to step
// through).
func (a *App) showExploreGame(g *core.Game, n int) {
	a.push(newExploreScreen(a, explore.WalkOf(g, n)))
}

func newExploreScreen(a *App, w *explore.Walk) *exploreScreen {
	e := &exploreScreen{a: a, info: w.Position().Game.Info(), walk: w}
	e.board = widgets.NewBoard(w.Position())
	e.board.Do = a.do
	e.board.SetShowLegal(a.settings.ShowLegal)
	e.board.SetAnimations(a.settings.Animations)
	e.board.OnMove = e.play
	e.board.OnKey = a.typedKey
	// The game's table is loaded (in the browser: downloaded) as when one
	// of its games is played; until it is there, the search judges, and
	// the values are worked out again once it is (proofsChanged).
	a.tables.Ensure(e.info.ID)
	e.evaluate()
	return e
}

// proofsChanged works the values out again where the game's proofs
// changed since they were: its table loaded, downloaded or replaced (the
// pack), its strategy downloaded, its bound table opened (the owner
// tells every change of the game's state, a download's progress too).
func (e *exploreScreen) proofsChanged() {
	if e.a.proofSourcesOf(e.info.ID) == e.sources {
		return
	}
	e.changed()
}

func (e *exploreScreen) close() {
	if e.cancel != nil {
		e.cancel()
	}
	if e.confirmPlay != nil {
		e.confirmPlay.Hide()
	}
}

// play plays m, a move of either side, on the line.
func (e *exploreScreen) play(m core.Move) {
	e.walk.Play(m)
	e.board.SetPosition(e.walk.Position(), m)
	e.changed()
}

// step shows the position one move back (d < 0) or on.
func (e *exploreScreen) step(d int) {
	ok := false
	if d < 0 {
		ok = e.walk.Back()
	} else {
		ok = e.walk.Forward()
	}
	if !ok {
		return
	}
	if d > 0 {
		e.board.SetPosition(e.walk.Position(), e.walk.Last())
	} else {
		e.board.ShowStill(e.walk.Position(), e.walk.Last())
	}
	e.changed()
}

// changed works out the values of the position now shown.
func (e *exploreScreen) changed() {
	e.evaluate()
	e.refresh()
}

// evaluate starts the work on the position shown: the proofs' values of
// every move, then the search's judgement of the moves no proof covers.
// The work of the position before is cancelled.
func (e *exploreScreen) evaluate() {
	if e.cancel != nil {
		e.cancel()
	}
	e.gen++
	gen := e.gen
	e.started = time.Now()
	e.moves, e.value, e.ready, e.judging = nil, explore.Value{}, false, false
	ctx, cancel := context.WithCancel(context.Background())
	e.cancel = cancel
	p := e.walk.Position()
	// the files the stack reads stay open until the work on them is done
	// (a pack change meanwhile closes them only then)
	release := e.a.tables.Hold(p.Game)
	e.sources = e.a.proofSourcesOf(p.Game)
	st := ai.Proofs(e.a.tableSource(), p.Game)
	go func() {
		defer release()
		moves := explore.Moves(ctx, st, p)
		value := explore.Position(st, p, moves)
		judge := explore.Unproven(moves)
		if ctx.Err() != nil {
			return
		}
		shown := append([]explore.MoveValue(nil), moves...)
		e.a.do(func() {
			if gen != e.gen {
				return
			}
			e.moves, e.value, e.ready, e.judging = shown, value, true, judge
			e.refresh()
			e.tellExplored()
		})
		if !judge {
			return
		}
		if !explore.Judge(ctx, moves, nil) {
			return
		}
		explore.Sort(moves)
		judged := explore.Position(st, p, moves) // not value: the closure above may not have run yet
		e.a.do(func() {
			if gen != e.gen {
				return
			}
			e.moves, e.value, e.judging = moves, judged, false
			e.refresh()
			e.tellExplored()
		})
	}()
}

// tellExplored tells whoever listens (Control.OnExplored) what the
// explorer has just shown.
func (e *exploreScreen) tellExplored() {
	if e.a.explored == nil {
		return
	}
	x := Explored{Line: explore.Line(e.walk.Position()), Moves: len(e.moves), Searching: e.judging, Took: time.Since(e.started)}
	for _, m := range e.moves {
		switch {
		case m.Value.Proven:
			x.Proven++
		case m.Value.Searched:
			x.Judged++
		}
	}
	e.a.explored(x)
}

// done reports whether every value of the position shown is in (tests).
func (e *exploreScreen) done() bool { return e.ready && !e.judging }

// exploreButton is "Explore" (a screen's way into the explorer): it
// opens the explorer at what open gives.
func (a *App) exploreButton(open func()) *widget.Button {
	return widget.NewButtonWithIcon(translations.T("explore.button"), theme.SearchIcon(), open)
}

// ---- words ----------------------------------------------------------------------

// valueWords says what a value is worth for its side, in the player's
// words: "win in 5 moves", "draw", "loss in 3 moves", with the kind of
// proof where it is not exact ("at most", "without losing a piece"), or
// the search's judgement said to be one.
func valueWords(v explore.Value) string {
	switch {
	case v.Proven:
		k, n := v.Verdict.Kind, v.Verdict.Plies
		switch v.Verdict.Value {
		case tablebase.Draw:
			return translations.T("explore.draw")
		case tablebase.Win:
			switch {
			case !k.HasPlies():
				return translations.T("explore.win_noplies")
			case k.Bounded():
				return translations.TPlural("explore.win_bound", n, nil)
			case k.Bridged():
				return translations.TPlural("explore.win_atmost", n, nil)
			}
			return translations.TPlural("explore.win", n, nil)
		default:
			switch {
			case !k.HasPlies():
				return translations.T("explore.loss_noplies")
			case k.Bounded():
				return translations.TPlural("explore.loss_bound", n, nil)
			case k.Bridged():
				return translations.TPlural("explore.loss_atmost", n, nil)
			}
			return translations.TPlural("explore.loss", n, nil)
		}
	case v.Searched:
		if n, ok := ai.IsWin(v.Score); ok {
			if v.Score > 0 {
				return translations.TPlural("explore.search_win", n, nil)
			}
			return translations.TPlural("explore.search_loss", n, nil)
		}
		switch {
		case v.Score >= session.MistakeMargin:
			return translations.T("explore.search_good")
		case v.Score <= -session.MistakeMargin:
			return translations.T("explore.search_bad")
		}
		return translations.T("explore.search_even")
	}
	return "…"
}

// valueMark colours a move's mark by its value for the mover: green a
// win, grey a draw, red a loss; paler for the search's judgement.
func valueMark(v explore.Value) color.Color {
	a := uint8(0xff)
	win, loss := false, false
	switch {
	case v.Proven:
		win, loss = v.Verdict.Value == tablebase.Win, v.Verdict.Value == tablebase.Loss
	case v.Searched:
		a = 0x90
		win, loss = v.Score >= session.MistakeMargin, v.Score <= -session.MistakeMargin
	default:
		return color.NRGBA{0x99, 0x99, 0x99, 0x40}
	}
	switch {
	case win:
		return color.NRGBA{0x3a, 0x9a, 0x5b, a}
	case loss:
		return color.NRGBA{0xd0, 0x40, 0x40, a}
	}
	return color.NRGBA{0xa0, 0xa0, 0xa0, a}
}

// moveLine is a move's row: the move and what it is worth for its mover.
func (e *exploreScreen) moveLine(i int) string {
	if i >= len(e.moves) {
		return ""
	}
	m := e.moves[i]
	return displayMove(m.Move) + " — " + valueWords(m.Value)
}

// valueText is the position's own value, on top: whose move, and what it
// is worth for them; a finished game's result.
func (e *exploreScreen) valueText() string {
	p := e.walk.Position()
	if o := p.Outcome(); o.Over() {
		if w, ok := o.Winner(); ok {
			if w == core.Predator {
				return translations.TData("gameover.predator_wins", map[string]any{"Predator": sideName(e.info, core.Predator)})
			}
			return translations.TData("gameover.prey_wins", map[string]any{"Prey": sideName(e.info, core.Prey)})
		}
		return translations.T("gameover.draw")
	}
	words := "…"
	if e.ready && e.value.Known() {
		words = valueWords(e.value)
	} else if e.ready && !e.judging {
		words = translations.T("explore.unknown")
	}
	return translations.TData("explore.to_move", map[string]any{"Side": sideName(e.info, p.ToMove), "Value": words})
}

// noteText says what the list is, and where the search judged, that its
// judgement is no proof.
func (e *exploreScreen) noteText() string {
	p := e.walk.Position()
	if p.Outcome().Over() {
		return ""
	}
	t := translations.TData("explore.legend", map[string]any{"Side": sideName(e.info, p.ToMove)})
	searched := e.judging
	for _, m := range e.moves {
		searched = searched || m.Value.Searched
	}
	switch {
	case !e.ready:
	case e.judging:
		t += "\n" + translations.T("explore.searching")
	case searched:
		t += "\n" + translations.T("explore.by_search")
		var from []core.Position
		for _, m := range e.moves {
			if m.Value.Searched {
				from = append(from, m.After)
			}
		}
		if r := searchedReach(from, e.a.hintSources(e.info.ID)); r != "" {
			t += "\n" + r
		}
	}
	return t
}

// ---- the page ------------------------------------------------------------------

func (e *exploreScreen) content() fyne.CanvasObject {
	gt := translations.Game(e.info.Key)
	back := widget.NewButtonWithIcon(translations.T("game.back"), theme.NavigateBackIcon(), e.a.back)
	title := e.a.wrappedTitle(translations.T("explore.title")+" · "+gt.Title, "")
	e.prev = widget.NewButtonWithIcon(translations.T("review.prev"), theme.NavigateBackIcon(), func() { e.step(-1) })
	e.next = widget.NewButtonWithIcon(translations.T("review.next"), theme.NavigateNextIcon(), func() { e.step(1) })
	e.copyBtn = widget.NewButtonWithIcon(translations.T("explore.copy"), theme.ContentCopyIcon(), e.copyPosition)
	e.pasteBtn = widget.NewButtonWithIcon(translations.T("explore.paste"), theme.ContentPasteIcon(), e.pastePosition)
	e.playBtn = widget.NewButtonWithIcon(translations.T("explore.play"), theme.MediaPlayIcon(), e.askPlay)
	e.playBtn.Importance = widget.HighImportance
	e.setupBtn = widget.NewButtonWithIcon(translations.T("setup.button"), theme.DocumentCreateIcon(), e.setUp)
	e.posLabel = widget.NewLabel("")
	e.posLabel.Truncation = fyne.TextTruncateEllipsis
	e.valueTxt = widgets.NewParagraphWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	e.noteTxt = widgets.NewParagraph("")

	e.list = widget.NewList(
		func() int { return len(e.moves) },
		func() fyne.CanvasObject {
			mark := canvas.NewRectangle(color.Transparent)
			mark.SetMinSize(fyne.NewSize(reviewMark, reviewMark))
			return container.NewBorder(nil, nil, container.NewCenter(mark), nil, widgets.NewParagraph(""))
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			for _, obj := range o.(*fyne.Container).Objects {
				switch w := obj.(type) {
				case *widgets.Paragraph:
					w.SetText(e.moveLine(i))
				case *fyne.Container:
					rect := w.Objects[0].(*canvas.Rectangle)
					if i < len(e.moves) {
						rect.FillColor = valueMark(e.moves[i].Value)
					}
					rect.Refresh()
				}
			}
		})
	// A tap on a move plays it.
	e.list.OnSelected = func(i widget.ListItemID) {
		e.list.UnselectAll()
		if i < len(e.moves) {
			e.play(e.moves[i].Move)
		}
	}
	e.rows = &wrappedRows{list: e.list, count: func() int { return len(e.moves) }, text: e.moveLine,
		inset: reviewMark + theme.Padding(), meas: widgets.NewParagraph("")}

	rows := widgets.NewIconGroup() // the rows drop their icons together on a narrow phone
	head := container.NewVBox(
		titleRow(back, nil, title),
		rows.Row(e.prev, e.next),
		rows.Row(e.copyBtn, e.pasteBtn),
		rows.Row(e.setupBtn, e.playBtn),
		e.posLabel,
		e.valueTxt,
		e.noteTxt,
	)
	e.refresh()
	return container.New(boardLayout{}, e.board, scrollPanel(head, widgets.AtLeast(movesRoom, container.New(e.rows, e.list))))
}

// refresh shows the position's values and the buttons' states.
func (e *exploreScreen) refresh() {
	if best, ok := explore.Best(e.moves); ok && e.ready {
		e.board.SetHint(best)
	} else {
		e.board.SetHint(core.Move{})
	}
	if e.list == nil {
		return
	}
	p := e.walk.Position()
	if e.walk.Cur() == 0 {
		e.posLabel.SetText(translations.T("explore.at_start"))
	} else {
		e.posLabel.SetText(translations.TData("explore.after", map[string]any{"Move": displayMove(e.walk.Last()), "Ply": e.walk.Cur(), "Total": e.walk.Len()}))
	}
	e.valueTxt.SetText(e.valueText())
	e.noteTxt.SetText(e.noteText())
	setEnabled(e.prev, e.walk.CanBack())
	setEnabled(e.next, e.walk.CanForward())
	setEnabled(e.playBtn, !p.Outcome().Over())
	e.list.Refresh()
	e.rows.measure()
	e.list.ScrollToTop()
}

// typedKey steps with the arrows (← →) where the board does not use them;
// it reports whether it used the key.
func (e *exploreScreen) typedKey(ev *fyne.KeyEvent) bool {
	switch ev.Name {
	case fyne.KeyLeft:
		e.step(-1)
	case fyne.KeyRight:
		e.step(1)
	default:
		return false
	}
	return true
}

// ---- sharing and playing on -------------------------------------------------------

// copyPosition puts the position shown on the clipboard as one line.
func (e *exploreScreen) copyPosition() {
	e.a.fa.Clipboard().SetContent(explore.Line(e.walk.Position()))
	e.posLabel.SetText(translations.T("explore.copied"))
}

// setUp opens the position editor on the position shown; the position set
// up comes back to be explored, as a pasted one.
func (e *exploreScreen) setUp() {
	e.a.showEditor(e.walk.Position(), e.explore)
}

// explore shows p, a position of the game, on a new line.
func (e *exploreScreen) explore(p core.Position) {
	e.walk = explore.NewWalk(p)
	e.board.SetPosition(p, core.Move{})
	e.changed()
}

// pastePosition reads a position line from the clipboard and explores it
// (a line of another game opens that game's); a text that is not one is
// refused with its reason in words.
func (e *exploreScreen) pastePosition() { e.pasteText(e.a.fa.Clipboard().Content()) }

// pasteText explores the position text is, or says why it is none.
func (e *exploreScreen) pasteText(text string) {
	p, err := explore.ParseLine(e.info.ID, text)
	if err != nil {
		e.pasteErr = lineErrorText(e.info, err)
		e.a.showMessage(translations.T("explore.paste_error_title"), e.pasteErr)
		return
	}
	e.pasteErr = ""
	if p.Game != e.info.ID {
		e.a.stack = e.a.stack[:len(e.a.stack)-1]
		e.close()
		e.a.showExplore(p)
		return
	}
	e.explore(p)
}

// lineErrorText says in words why a pasted text is not a position.
func lineErrorText(info *core.GameInfo, err *explore.LineError) string {
	switch {
	case err.Empty:
		return translations.T("explore.err_empty")
	case err.Game != "":
		return translations.TData("paste.unknown_game", map[string]any{"Name": err.Game})
	case err.Pos == nil:
		return translations.TData("explore.err_other", map[string]any{"Game": translations.Game(info.Key).Title})
	}
	return positionErrorText(info, err.Pos)
}

// askPlay offers to play on from the position shown: against the computer
// (the player takes the side to move) or with a friend on this device.
func (e *exploreScreen) askPlay() {
	p := e.walk.Position()
	if p.Outcome().Over() {
		return
	}
	mode := match.ModeVsAIAsPredator
	if p.ToMove == core.Prey {
		mode = match.ModeVsAIAsPrey
	}
	msg := translations.TData("explore.play_message", map[string]any{"Side": sideName(e.info, p.ToMove)})
	if info, g := e.a.unfinished(e.info.Key); g != nil {
		msg += "\n" + translations.TData("newgame.confirm_message", map[string]any{
			"Game": translations.Game(info.Key).Title, "Move": moveNumber(g)})
	}
	var d dialog.Dialog
	vsAI := widget.NewButton(translations.T("explore.play_computer"), func() { d.Hide(); e.playFrom(mode) })
	vsAI.Importance = widget.HighImportance
	friend := widget.NewButton(translations.T("explore.play_friend"), func() { d.Hide(); e.playFrom(match.ModeTwoPlayers) })
	body := widgets.NewParagraphWithStyle(msg, fyne.TextAlignCenter, fyne.TextStyle{})
	cd := dialog.NewCustomWithoutButtons(translations.T("explore.play"), body, e.a.win)
	cd.SetButtons([]fyne.CanvasObject{widget.NewButton(translations.T("dialog.cancel"), func() { d.Hide() }), friend, vsAI})
	d = cd
	e.confirmPlay = d
	e.a.showFitted(cd, msg, 600)
}

// playFrom starts a game from the position shown in mode, at the level
// set, in place of the game's unfinished one.
func (e *exploreScreen) playFrom(mode match.Mode) {
	e.confirmPlay = nil
	g := core.NewGameFrom(e.walk.Position())
	e.a.startGame(g, mode)
}

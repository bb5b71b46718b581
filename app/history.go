package app

import (
	"strconv"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"huntchess/core"
	"huntchess/match"
	"huntchess/storage"
	"huntchess/translations"
	"huntchess/widgets"
)

// The game history (storage.History): the list of the finished games kept,
// and the replay of one of them — move by move, with Review, Copy and Play
// on from here (a new game from the position shown).

// historyScreen lists the finished games, newest first.
type historyScreen struct {
	a       *App
	games   []storage.Finished
	open    []*widget.Button // each game's Replay button, for tests
	clear   *widget.Button
	confirm *dialog.ConfirmDialog
}

func (a *App) showHistory() { a.push(&historyScreen{a: a}) }

func (h *historyScreen) close() {
	if h.confirm != nil {
		h.confirm.Hide()
		h.confirm = nil
	}
}

func (h *historyScreen) content() fyne.CanvasObject {
	h.games = h.a.history.Games()
	h.open = nil
	back := widget.NewButtonWithIcon(translations.T("game.back"), theme.NavigateBackIcon(), h.a.back)
	title := widgets.NewParagraphWithStyle(translations.T("history.title"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	title.SizeName = theme.SizeNameSubHeadingText
	h.clear = widget.NewButtonWithIcon(translations.T("history.clear"), theme.DeleteIcon(), h.askClear)
	top := titleRow(back, h.clear, title)

	body := container.NewVBox(widgets.NewParagraph(translations.T("history.note")))
	if len(h.games) == 0 {
		h.clear.Disable()
		body.Add(widgets.NewParagraphWithStyle(translations.T("history.empty"), fyne.TextAlignCenter, fyne.TextStyle{}))
	}
	for i := range h.games {
		body.Add(h.row(i))
	}
	return container.NewBorder(container.NewPadded(top), nil, nil, nil, scrolledBody(body, 640))
}

// row is one game: when, which game, who played, the result; Replay.
func (h *historyScreen) row(i int) fyne.CanvasObject {
	f := h.games[i]
	info, err := core.Lookup(f.Game)
	if err != nil {
		return widget.NewLabel(f.Game)
	}
	head := widgets.NewParagraphWithStyle(historyWhen(f.When)+" · "+translations.Game(info.Key).Title,
		fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	sides := widgets.NewParagraph(historySides(info, f))
	result := widgets.NewParagraph(historyResult(info, f))
	open := widget.NewButtonWithIcon(translations.T("history.replay"), theme.MediaPlayIcon(), func() { h.a.showReplay(f) })
	h.open = append(h.open, open)
	return widget.NewCard("", "", container.NewBorder(nil, nil, nil, container.NewCenter(open),
		container.NewVBox(head, sides, result)))
}

func (h *historyScreen) askClear() {
	d := dialog.NewConfirm(translations.T("history.clear_title"), translations.T("history.clear_message"), func(ok bool) {
		h.confirm = nil
		if ok {
			h.a.history.Clear()
			h.a.render()
		}
	}, h.a.win)
	d.SetConfirmText(translations.T("history.clear"))
	d.SetDismissText(translations.T("dialog.cancel"))
	d.SetConfirmImportance(widget.DangerImportance)
	h.confirm = d
	h.a.showDialog(d)
}

// historyWhen is when a game ended, in local time, in the current language.
func historyWhen(t time.Time) string {
	t = t.Local()
	if translations.Current().IsChinese() {
		return t.Format("2006年1月2日 15:04")
	}
	return t.Format("2 Jan 2006 15:04")
}

// historySides says who played: the player's side and the computer's
// level, two players, or the computer against itself.
func historySides(info *core.GameInfo, f storage.Finished) string {
	switch {
	case f.Mode.VsAI():
		return translations.TData("history.sides_ai", map[string]any{
			"Side": sideName(info, f.Mode.HumanSide()), "Level": levelLabel(f.EngineLevel())})
	case f.Mode == match.ModeWatch:
		return translations.TData("history.sides_watch", map[string]any{"Level": levelLabel(f.EngineLevel())})
	}
	return translations.T("history.sides_two")
}

// historyResult is the result: won or lost against the computer, else the
// side that won, or a draw; a resignation or an agreed draw is said.
func historyResult(info *core.GameInfo, f storage.Finished) string {
	var res string
	w, won := f.Winner()
	switch {
	case !won:
		res = translations.T("gameover.draw")
	case f.Mode.VsAI() && w == f.Mode.HumanSide():
		res = translations.T("gameover.you_won")
	case f.Mode.VsAI():
		res = translations.T("gameover.you_lost")
	default:
		res = translations.TData("history.side_won", map[string]any{"Side": sideName(info, w)})
	}
	switch f.Reason {
	case core.ReasonResigned.String():
		res += " · " + translations.TData("moves.end_resigned", map[string]any{"Side": sideName(info, w.Other())})
	case core.ReasonAgreed.String():
		res = translations.T("moves.end_agreed")
	}
	return res + " · " + translations.TPlural("history.moves", movesOf(f), nil)
}

// movesOf is the number of moves of a finished game, as the move list
// numbers them (a move of each side is one).
func movesOf(f storage.Finished) int {
	g, err := f.Replay()
	if err != nil {
		return 0
	}
	return (g.Len() + 1) / 2
}

// replayScreen replays a finished game: the board at any move, the moves,
// Review, Copy and Play on from here.
type replayScreen struct {
	a    *App
	f    storage.Finished
	info *core.GameInfo
	game *core.Game
	cur  int // the moves played in the position shown

	board                        *widgets.Board
	plyLabel                     *widget.Label
	first, prev, next, last      *widget.Button
	reviewBtn, copyBtn, playFrom *widget.Button
	list                         *widget.List
	confirm                      *dialog.ConfirmDialog
}

// showReplay opens the replay of a finished game at its end.
func (a *App) showReplay(f storage.Finished) {
	g, err := f.Replay()
	if err != nil {
		return
	}
	a.push(&replayScreen{a: a, f: f, info: g.Info(), game: g, cur: g.Len()})
}

func (r *replayScreen) close() {
	if r.confirm != nil {
		r.confirm.Hide()
		r.confirm = nil
	}
}

// position is the position after n moves, and the last of them.
func (r *replayScreen) position(n int) (core.Position, core.Move) {
	moves := r.game.Moves()
	p := r.game.Start()
	for _, m := range moves[:n] {
		p = p.After(m)
	}
	var last core.Move
	if n > 0 {
		last = moves[n-1]
	}
	return p, last
}

func (r *replayScreen) content() fyne.CanvasObject {
	gt := translations.Game(r.info.Key)
	back := widget.NewButtonWithIcon(translations.T("game.back"), theme.NavigateBackIcon(), r.a.back)
	title := widgets.NewParagraphWithStyle(gt.Title+" · "+historyWhen(r.f.When), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	p, last := r.position(r.cur)
	r.board = widgets.NewBoard(p)
	r.board.Do = r.a.do
	r.board.SetAnimations(r.a.settings.Animations)
	r.board.SetPosition(p, last)
	r.board.SetReadOnly(true)
	r.plyLabel = widget.NewLabelWithStyle("", fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	r.first = widget.NewButtonWithIcon("", theme.MediaSkipPreviousIcon(), func() { r.show(0) })
	r.prev = widget.NewButtonWithIcon("", theme.NavigateBackIcon(), func() { r.show(r.cur - 1) })
	r.next = widget.NewButtonWithIcon("", theme.NavigateNextIcon(), func() { r.show(r.cur + 1) })
	r.last = widget.NewButtonWithIcon("", theme.MediaSkipNextIcon(), func() { r.show(r.game.Len()) })
	r.reviewBtn = widget.NewButtonWithIcon(translations.T("review.button"), theme.VisibilityIcon(), func() { r.a.showReview(r.game) })
	r.copyBtn = widget.NewButtonWithIcon(translations.T("moves.copy"), theme.ContentCopyIcon(), func() {
		r.a.fa.Clipboard().SetContent(recordText(r.game))
	})
	r.playFrom = widget.NewButtonWithIcon(translations.T("history.play_from_here"), theme.MediaPlayIcon(), r.askPlayFrom)
	r.playFrom.Importance = widget.HighImportance
	moves := r.game.Moves()
	r.list = widget.NewList(func() int { return len(moves) + 1 },
		func() fyne.CanvasObject { return widget.NewLabel("") },
		func(i widget.ListItemID, o fyne.CanvasObject) {
			o.(*widget.Label).SetText(r.rowText(i, moves))
		})
	r.list.OnSelected = func(i widget.ListItemID) {
		if i != r.cur {
			r.show(i)
		}
	}
	rows := widgets.NewIconGroup()
	head := container.NewVBox(
		titleRow(back, r.a.exploreButton(func() { r.a.showExploreGame(r.game, r.cur) }), title),
		widgets.NewParagraph(historySides(r.info, r.f)),
		widgets.NewParagraph(historyResult(r.info, r.f)),
		r.plyLabel,
		container.NewGridWithColumns(4, r.first, r.prev, r.next, r.last),
		rows.Row(r.reviewBtn, r.copyBtn),
		r.playFrom,
	)
	r.refresh()
	return container.New(boardLayout{}, r.board, scrollPanel(head, widgets.AtLeast(movesRoom, r.list)))
}

// rowText is row i of the move list: the start, then each move numbered
// as the game's move list numbers them (a move of each side is one).
func (r *replayScreen) rowText(i int, moves []core.Move) string {
	if i == 0 {
		return translations.T("history.start")
	}
	n := strconv.Itoa((i + 1) / 2)
	if i%2 == 0 {
		n += "…"
	} else {
		n += "."
	}
	return n + " " + displayMove(moves[i-1])
}

// show shows the position after n moves.
func (r *replayScreen) show(n int) {
	n = min(max(n, 0), r.game.Len())
	if n == r.cur {
		return
	}
	p, last := r.position(n)
	if n == r.cur+1 {
		r.board.SetPosition(p, last) // one move on: it slides
	} else {
		r.board.ShowStill(p, last)
	}
	r.cur = n
	r.refresh()
}

func (r *replayScreen) refresh() {
	if r.cur == 0 {
		r.plyLabel.SetText(translations.T("history.start"))
	} else {
		r.plyLabel.SetText(translations.TData("history.ply", map[string]any{"Move": r.rowText(r.cur, r.game.Moves())}))
	}
	setEnabled(r.first, r.cur > 0)
	setEnabled(r.prev, r.cur > 0)
	setEnabled(r.next, r.cur < r.game.Len())
	setEnabled(r.last, r.cur < r.game.Len())
	// From the end of a game the rules ended there is nothing to play on
	// (after a resignation or an agreed draw there is).
	setEnabled(r.playFrom, !r.playOn().Outcome().Over())
	r.list.Select(r.cur)
	r.list.ScrollTo(r.cur)
}

// playOn is the game to play on from the position shown: the moves up to
// it, as a new game.
func (r *replayScreen) playOn() *core.Game {
	g := core.NewGameFrom(r.game.Start())
	for _, m := range r.game.Moves()[:r.cur] {
		if g.PlayMove(m) != nil && g.Timeout() != nil {
			break
		}
	}
	return g
}

// askPlayFrom starts a new game from the position shown (in the mode it
// was played in; a watched game goes on between two players), after asking
// when it would discard an unfinished game.
func (r *replayScreen) askPlayFrom() {
	begin := func() {
		mode := r.f.Mode
		if mode == match.ModeWatch {
			mode = match.ModeTwoPlayers
		}
		g := r.playOn()
		if g.Outcome().Over() {
			return
		}
		r.a.saves.Of(g.Info().Key).Clear()
		r.a.replace(newGameScreen(r.a, g, mode, r.f.EngineLevel(), 0))
	}
	info, g := r.a.unfinished(r.game.Info().Key)
	if g == nil {
		begin()
		return
	}
	msg := translations.TData("newgame.confirm_message", map[string]any{
		"Game": translations.Game(info.Key).Title, "Move": moveNumber(g)})
	d := dialog.NewConfirm(translations.T("newgame.confirm_title"), msg, func(ok bool) {
		r.confirm = nil
		if ok {
			begin()
		}
	}, r.a.win)
	d.SetConfirmText(translations.T("newgame.confirm_start"))
	d.SetDismissText(translations.T("dialog.cancel"))
	d.SetConfirmImportance(widget.DangerImportance)
	r.confirm = d
	r.a.showDialog(d)
}

// typedKey steps through the replay with the arrows (← →, Home ↑, End ↓);
// it reports whether it used the key.
func (r *replayScreen) typedKey(ev *fyne.KeyEvent) bool {
	switch ev.Name {
	case fyne.KeyLeft:
		r.show(r.cur - 1)
	case fyne.KeyRight:
		r.show(r.cur + 1)
	case fyne.KeyHome, fyne.KeyUp:
		r.show(0)
	case fyne.KeyEnd, fyne.KeyDown:
		r.show(r.game.Len())
	default:
		return false
	}
	return true
}

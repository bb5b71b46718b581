package app

import (
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"huntchess/ai"
	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/puzzles"
	"huntchess/translations"
	"huntchess/widgets"
)

// puzzleFlow is one puzzle's play, without any widget: the player's tries
// (a wrong move is told and taken back), the other side's perfect replies
// worked out off the UI goroutine and played through do, the message to
// show, and the puzzle kept as solved. The puzzle screen shows it (hooks).
//
// The replies hold out longest: from the game's endgame table when the app
// has it loaded (ai.GameTable) and it covers the position, else by
// exhaustive search (puzzles.Solver), quick at a puzzle's few plies.
type puzzleFlow struct {
	pz    *puzzles.Puzzle
	run   *puzzles.Run
	do    func(func()) // run on the UI goroutine (App.do)
	table func() *tablebase.Table
	delay time.Duration // the least time before a reply, so the player's move is seen
	// solved is told once the puzzle is solved (it stores it).
	solved func(*puzzles.Puzzle)
	hooks  puzzleHooks

	gen    uint64 // bumped by a restart or close: a late reply is dropped
	closed bool
	// the message: its ID, its data and the plural count (-1: none)
	noticeID    string
	noticeData  map[string]any
	noticeCount int
	wrong       bool // the message tells a wrong move
}

// puzzleHooks tell the view what changed. Nil hooks are skipped.
type puzzleHooks struct {
	Position func(pos core.Position, last core.Move) // the board changed
	Refresh  func()                                  // texts and buttons
	Hint     func(core.Move)                         // show the move to play
}

func newPuzzleFlow(pz *puzzles.Puzzle, do func(func()), table func() *tablebase.Table, delay time.Duration,
	solved func(*puzzles.Puzzle)) *puzzleFlow {
	f := &puzzleFlow{pz: pz, do: do, table: table, delay: delay, solved: solved}
	f.reset()
	return f
}

func (f *puzzleFlow) reset() {
	f.gen++
	f.run = puzzles.NewRun(f.pz)
	f.setNotice("puzzle.your_move", nil, -1)
}

func (f *puzzleFlow) setNotice(id string, data map[string]any, count int) {
	f.noticeID, f.noticeData, f.noticeCount, f.wrong = id, data, count, false
}

// notice is the message in the current language.
func (f *puzzleFlow) notice() string {
	if f.noticeCount >= 0 {
		return translations.TPlural(f.noticeID, f.noticeCount, f.noticeData)
	}
	return translations.TData(f.noticeID, f.noticeData)
}

// playerTurn reports whether the board takes the player's move.
func (f *puzzleFlow) playerTurn() bool { return !f.closed && !f.run.Solved() && !f.run.Waiting() }

func (f *puzzleFlow) position(last core.Move) {
	if f.hooks.Position != nil {
		f.hooks.Position(f.run.Position(), last)
	}
}

func (f *puzzleFlow) refresh() {
	if f.hooks.Refresh != nil {
		f.hooks.Refresh()
	}
}

// restart starts the puzzle again.
func (f *puzzleFlow) restart() {
	f.reset()
	f.position(core.Move{})
	f.refresh()
}

// close drops any reply still being worked out.
func (f *puzzleFlow) close() {
	f.closed = true
	f.gen++
}

// try plays the player's move m: a wrong one is told (the board stays), a
// right one is played and answered.
func (f *puzzleFlow) try(m core.Move) {
	if !f.playerTurn() {
		return
	}
	pos := f.run.Position()
	if err := f.run.Try(m); err != nil {
		if f.pz.Kind == puzzles.Hold {
			f.setNotice("puzzle.wrong_hold", map[string]any{"Move": m.String()}, -1)
		} else {
			f.setNotice("puzzle.wrong_win", map[string]any{"Move": m.String()}, (f.run.Left()+1)/2)
		}
		f.wrong = true
		f.hooks.position(pos)
		f.refresh()
		return
	}
	f.position(m)
	if f.run.Solved() {
		f.finish()
		return
	}
	f.setNotice("puzzle.replying", nil, -1)
	f.refresh()
	f.startReply()
}

func (h puzzleHooks) position(pos core.Position) {
	if h.Position != nil {
		h.Position(pos, core.Move{})
	}
}

// startReply works out the other side's reply in a goroutine.
func (f *puzzleFlow) startReply() {
	gen, pos, left := f.gen, f.run.Position(), f.run.Left()
	t := f.table()
	go func() {
		start := time.Now()
		rep, err := puzzles.NextReply(puzzles.NewSolver(), t, pos, left)
		if wait := f.delay - time.Since(start); wait > 0 {
			time.Sleep(wait) // off the UI goroutine: the player's move is seen first
		}
		f.do(func() { f.replied(gen, rep, err) })
	}()
}

// replied plays the reply (on the UI goroutine), unless it is stale.
func (f *puzzleFlow) replied(gen uint64, rep puzzles.Reply, err error) {
	if f.closed || gen != f.gen || !f.run.Waiting() {
		return
	}
	if err == nil {
		err = f.run.Apply(rep)
	}
	if err != nil { // a puzzle its tests prove never gets here: start again
		f.restart()
		return
	}
	f.position(rep.Move)
	if f.run.Solved() {
		f.finish()
		return
	}
	f.setNotice("puzzle.right", nil, -1)
	f.refresh()
}

func (f *puzzleFlow) finish() {
	id := "puzzle.solved_win"
	if f.pz.Kind == puzzles.Hold {
		id = "puzzle.solved_hold"
	}
	f.setNotice(id, nil, -1)
	if f.solved != nil {
		f.solved(f.pz)
	}
	f.refresh()
}

// show marks the move to play on the board.
func (f *puzzleFlow) show() {
	if m := f.run.Solution(); m.Kind != core.MoveNone {
		f.setNotice("puzzle.shown", nil, -1)
		if f.hooks.Hint != nil {
			f.hooks.Hint(m)
		}
		f.refresh()
	}
}

// ---- the screen ----------------------------------------------------------------

// puzzleScreen is one puzzle on the board: the task in words, the message
// (your move, wrong, the other side replies, solved), the moves played, and
// Show the move, Start again, Next puzzle.
type puzzleScreen struct {
	a    *App
	info *core.GameInfo
	idx  int // in puzzles.For(info.ID)
	flow *puzzleFlow

	board                     *widgets.Board
	titleLabel, levelLabel    *widget.Label
	task, noticeLabel         *widgets.Paragraph
	movesLabel                *widget.Label
	backBtn                   *widget.Button
	showBtn, retryBtn, nextBt *widget.Button
}

func (a *App) showPuzzle(info *core.GameInfo, idx int) { a.push(newPuzzleScreen(a, info, idx)) }

func newPuzzleScreen(a *App, info *core.GameInfo, idx int) *puzzleScreen {
	s := &puzzleScreen{a: a, info: info}
	pz := puzzles.For(info.ID)[idx]
	s.board = widgets.NewBoard(pz.Position)
	s.board.Do = a.do
	s.board.SetShowLegal(a.settings.ShowLegal)
	s.board.SetAnimations(a.settings.Animations)
	s.board.OnMove = func(m core.Move) { s.flow.try(m) }
	s.board.OnKey = a.typedKey
	s.open(idx)
	return s
}

// open starts puzzle idx of the list.
func (s *puzzleScreen) open(idx int) {
	if s.flow != nil {
		s.flow.close()
	}
	s.idx = idx
	pz := puzzles.For(s.info.ID)[idx]
	delay := 500 * time.Millisecond
	if s.a.opts.WatchDelay < 0 { // tests
		delay = 0
	}
	s.flow = newPuzzleFlow(pz, s.a.do, func() *tablebase.Table { return ai.GameTable(s.info.ID) }, delay,
		func(pz *puzzles.Puzzle) { markPuzzleSolved(s.a.prefs, pz) })
	s.flow.hooks = puzzleHooks{
		Position: func(pos core.Position, last core.Move) { s.board.SetPosition(pos, last) },
		Refresh:  s.refresh,
		Hint:     s.board.SetHint,
	}
	s.board.SetPosition(pz.Position, core.Move{})
}

func (s *puzzleScreen) close() { s.flow.close() }

// next opens the next puzzle of the list.
func (s *puzzleScreen) next() {
	if s.idx+1 < len(puzzles.For(s.info.ID)) {
		s.open(s.idx + 1)
		s.a.render()
	}
}

func (s *puzzleScreen) content() fyne.CanvasObject {
	s.backBtn = widget.NewButtonWithIcon(translations.T("game.back"), theme.NavigateBackIcon(), s.a.back)
	s.titleLabel = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	s.titleLabel.Truncation = fyne.TextTruncateEllipsis
	s.levelLabel = widget.NewLabel("")
	s.levelLabel.Truncation = fyne.TextTruncateEllipsis
	s.task = widgets.NewParagraphWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	s.noticeLabel = widgets.NewParagraph("")
	s.movesLabel = widget.NewLabel("")
	s.movesLabel.Wrapping = fyne.TextWrapWord
	s.showBtn = widget.NewButtonWithIcon(translations.T("puzzle.show"), theme.SearchIcon(), func() { s.flow.show() })
	s.retryBtn = widget.NewButtonWithIcon(translations.T("puzzle.retry"), theme.ViewRefreshIcon(), func() { s.flow.restart() })
	s.nextBt = widget.NewButtonWithIcon(translations.T("puzzle.next"), theme.NavigateNextIcon(), s.next)
	rows := newIconGroup()
	head := container.NewVBox(
		container.NewBorder(nil, nil, s.backBtn, nil, s.titleLabel),
		s.levelLabel,
		s.task,
		s.noticeLabel,
		rows.row(s.showBtn, s.retryBtn, s.nextBt),
		s.movesLabel,
	)
	s.refresh()
	return container.New(boardLayout{}, s.board, container.NewPadded(container.NewBorder(head, nil, nil, nil)))
}

// refresh sets every text and button state from the flow.
func (s *puzzleScreen) refresh() {
	if s.titleLabel == nil {
		return
	}
	list := puzzles.For(s.info.ID)
	pz := list[s.idx]
	s.titleLabel.SetText(translations.TData("puzzle.title", map[string]any{"Number": pz.Number, "Total": len(list)}))
	level := translations.Game(s.info.Key).Title + " · " + levelText(pz)
	if solvedPuzzles(s.a.prefs, s.info.ID)[pz.ID()] {
		level += " · ✓"
	}
	s.levelLabel.SetText(level)
	s.task.SetText(puzzleTaskText(s.info, pz))
	s.noticeLabel.SetText(s.flow.notice())
	switch {
	case s.flow.wrong:
		s.noticeLabel.Importance = widget.WarningImportance
	case s.flow.run.Solved():
		s.noticeLabel.Importance = widget.SuccessImportance
	default:
		s.noticeLabel.Importance = widget.MediumImportance
	}
	s.noticeLabel.Refresh()
	// The moves played, numbered by the player's moves: "1. c2-b2 a2-a3  2. a1-a2".
	var moves []string
	for i, m := range s.flow.run.Played() {
		if i%2 == 0 {
			moves = append(moves, strconv.Itoa(i/2+1)+". "+moveText(m))
		} else {
			moves[len(moves)-1] += " " + moveText(m)
		}
	}
	s.movesLabel.SetText(strings.Join(moves, "   "))
	s.board.SetReadOnly(!s.flow.playerTurn())
	setEnabled(s.showBtn, s.flow.playerTurn())
	setEnabled(s.retryBtn, len(s.flow.run.Played()) > 0 || s.flow.wrong)
	setEnabled(s.nextBt, s.idx+1 < len(list))
	if s.flow.run.Solved() {
		s.nextBt.Importance = widget.HighImportance
	} else {
		s.nextBt.Importance = widget.MediumImportance
	}
	s.nextBt.Refresh()
}

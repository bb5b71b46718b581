package app

import (
	"maps"
	"strconv"
	"strings"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/puzzles"
	"huntchess/session"
	"huntchess/storage"
	"huntchess/translations"
	"huntchess/widgets"
)

// ---- the screen ----------------------------------------------------------------

// puzzleScreen is one puzzle on the board: the task in words, the message
// (your move, wrong, the other side replies, solved), the moves played, and
// Show the move, Start again, Next puzzle.
type puzzleScreen struct {
	a    *App
	info *core.GameInfo
	idx  int // in puzzles.For(info.ID)
	flow *session.Puzzle
	// release ends the screen's hold on the game's table files
	// (tables.Owner.Hold: the puzzle's play-out probes its table).
	release func()

	board                     *widgets.Board
	titleLabel                *widgets.Paragraph // wraps, never cut
	levelLabel                *widget.Label
	task, noticeLabel         *widgets.Paragraph
	movesLabel                *widget.Label
	backBtn                   *widget.Button
	showBtn, retryBtn, nextBt *widget.Button
}

func (a *App) showPuzzle(info *core.GameInfo, idx int) { a.push(newPuzzleScreen(a, info, idx)) }

func newPuzzleScreen(a *App, info *core.GameInfo, idx int) *puzzleScreen {
	s := &puzzleScreen{a: a, info: info, release: a.tables.Hold(info.ID)}
	pz := puzzles.For(info.ID)[idx]
	s.board = widgets.NewBoard(pz.Position)
	s.board.Do = a.do
	s.board.SetShowLegal(a.settings.ShowLegal)
	s.board.SetAnimations(a.settings.Animations)
	s.board.OnMove = func(m core.Move) { s.flow.Try(m) }
	s.board.OnKey = a.typedKey
	s.open(idx)
	return s
}

// open starts puzzle idx of the list.
func (s *puzzleScreen) open(idx int) {
	if s.flow != nil {
		s.flow.Close()
	}
	s.idx = idx
	pz := puzzles.For(s.info.ID)[idx]
	delay := 500 * time.Millisecond
	if s.a.opts.WatchDelay < 0 { // tests
		delay = 0
	}
	s.flow = session.NewPuzzle(pz, s.a.do, func() *tablebase.Table { return s.a.tables.Table(s.info.ID) }, delay,
		func(pz *puzzles.Puzzle) { storage.MarkPuzzleSolved(s.a.prefs, pz) })
	s.flow.Hooks = session.PuzzleHooks{
		Position: func(pos core.Position, last core.Move) { s.board.SetPosition(pos, last) },
		Refresh:  s.refresh,
		Hint:     s.board.SetHint,
	}
	s.board.SetPosition(pz.Position, core.Move{})
}

func (s *puzzleScreen) close() {
	s.flow.Close()
	s.release()
}

// next opens the next puzzle of the list.
func (s *puzzleScreen) next() {
	if s.idx+1 < len(puzzles.For(s.info.ID)) {
		s.open(s.idx + 1)
		s.a.render()
	}
}

func (s *puzzleScreen) content() fyne.CanvasObject {
	s.backBtn = widget.NewButtonWithIcon(translations.T("game.back"), theme.NavigateBackIcon(), s.a.back)
	s.titleLabel = widgets.NewParagraphWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	s.levelLabel = widget.NewLabel("")
	s.levelLabel.Truncation = fyne.TextTruncateEllipsis
	s.task = widgets.NewParagraphWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	s.noticeLabel = widgets.NewParagraph("")
	s.movesLabel = widget.NewLabel("")
	s.movesLabel.Wrapping = fyne.TextWrapWord
	s.showBtn = widget.NewButtonWithIcon(translations.T("puzzle.show"), theme.SearchIcon(), func() { s.flow.Show() })
	s.retryBtn = widget.NewButtonWithIcon(translations.T("puzzle.retry"), theme.ViewRefreshIcon(), func() { s.flow.Restart() })
	s.nextBt = widget.NewButtonWithIcon(translations.T("puzzle.next"), theme.NavigateNextIcon(), s.next)
	rows := widgets.NewIconGroup()
	// The buttons above what changes as the puzzle goes (the notice after
	// each move, the moves played): these move neither the buttons nor the
	// board.
	head := container.NewVBox(
		titleRow(s.backBtn, s.a.exploreButton(func() { s.a.showExplore(s.board.GamePosition()) }), s.titleLabel),
		s.levelLabel,
		s.task,
		rows.Row(s.showBtn, s.retryBtn, s.nextBt),
		s.noticeLabel,
		s.movesLabel,
	)
	s.refresh()
	return container.New(boardLayout{}, s.board, scrollPanel(head, nil))
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
	if storage.SolvedPuzzles(s.a.prefs, s.info.ID)[pz.ID()] {
		level += " · ✓"
	}
	s.levelLabel.SetText(level)
	s.task.SetText(puzzleTaskText(s.info, pz))
	s.noticeLabel.SetText(puzzleNotice(s.flow))
	switch {
	case puzzleWrong(s.flow):
		s.noticeLabel.Importance = widget.WarningImportance
	case s.flow.Run().Solved():
		s.noticeLabel.Importance = widget.SuccessImportance
	default:
		s.noticeLabel.Importance = widget.MediumImportance
	}
	s.noticeLabel.Refresh()
	s.movesLabel.SetText(puzzleMovesText(s.flow.Run().Played()))
	s.board.SetReadOnly(!s.flow.PlayerTurn())
	setEnabled(s.showBtn, s.flow.PlayerTurn())
	setEnabled(s.retryBtn, len(s.flow.Run().Played()) > 0 || puzzleWrong(s.flow))
	setEnabled(s.nextBt, s.idx+1 < len(list))
	if s.flow.Run().Solved() {
		s.nextBt.Importance = widget.HighImportance
	} else {
		s.nextBt.Importance = widget.MediumImportance
	}
	s.nextBt.Refresh()
}

// puzzleNotice is the flow's message in the current language, a move in
// it written as the move list writes it (a capture with ×).
func puzzleNotice(f *session.Puzzle) string {
	id, data, count, _ := f.Notice()
	if m, ok := data["Move"].(core.Move); ok {
		data = maps.Clone(data)
		data["Move"] = displayMove(m)
	}
	if count >= 0 {
		return translations.TPlural(id, count, data)
	}
	return translations.TData(id, data)
}

// puzzleWrong reports whether the flow's message tells a wrong move.
func puzzleWrong(f *session.Puzzle) bool {
	_, _, _, wrong := f.Notice()
	return wrong
}

// puzzleMovesText is the moves played in a puzzle, numbered by the
// player's moves and written as the game's move list writes them (a
// capture with ×): "1. c2-b2 a2×a4   2. a1-a2".
func puzzleMovesText(played []core.Move) string {
	var moves []string
	for i, m := range played {
		if i%2 == 0 {
			moves = append(moves, strconv.Itoa(i/2+1)+". "+displayMove(m))
		} else {
			moves[len(moves)-1] += " " + displayMove(m)
		}
	}
	return strings.Join(moves, "   ")
}

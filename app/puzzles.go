package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"huntchess/core"
	"huntchess/puzzles"
	"huntchess/storage"
	"huntchess/translations"
	"huntchess/widgets"
)

// Puzzles: each game's puzzles (package puzzles), listed easy to
// hard with the ones solved marked, and played on the board against perfect
// replies (puzzle.go). The puzzles solved are kept in the preferences
// (KeyPuzzlesSolved + game ID).

// puzzleButton is the button of a home card: "Puzzles 7/24".
func (a *App) puzzleButton(info *core.GameInfo) *widget.Button {
	solved, total := storage.PuzzleProgress(a.prefs, info.ID)
	return widget.NewButtonWithIcon(translations.TData("puzzles.button", map[string]any{"Solved": solved, "Total": total}),
		theme.GridIcon(), func() { a.showPuzzles(info) })
}

func (a *App) showPuzzles(info *core.GameInfo) { a.push(newPuzzleListScreen(a, info)) }

// levelText names a puzzle's grade: easy, medium, hard.
func levelText(pz *puzzles.Puzzle) string {
	return translations.T([]string{"puzzles.easy", "puzzles.medium", "puzzles.hard"}[pz.Level()])
}

// puzzleRowText is a puzzle's line in the list.
func puzzleRowText(info *core.GameInfo, pz *puzzles.Puzzle) string {
	data := map[string]any{"Number": pz.Number, "Side": sideName(info, pz.Side()), "Level": levelText(pz)}
	if pz.Kind == puzzles.Hold {
		return translations.TData("puzzles.row_hold", data)
	}
	return translations.TPlural("puzzles.row_win", pz.Moves(), data)
}

// puzzleTaskText is what a puzzle asks, over the board.
func puzzleTaskText(info *core.GameInfo, pz *puzzles.Puzzle) string {
	data := map[string]any{"Side": sideName(info, pz.Side())}
	if pz.Kind == puzzles.Hold {
		return translations.TData("puzzle.task_hold", data)
	}
	return translations.TPlural("puzzle.task_win", pz.Moves(), data)
}

// puzzleListScreen lists a game's puzzles, easy to hard, the solved ones
// ticked.
type puzzleListScreen struct {
	a    *App
	info *core.GameInfo

	// built widgets, for tests
	progress *widgets.Paragraph
	rows     []*widget.Button
	rowTexts []*widgets.Paragraph
}

func newPuzzleListScreen(a *App, info *core.GameInfo) *puzzleListScreen {
	return &puzzleListScreen{a: a, info: info}
}

func (s *puzzleListScreen) close() {}

func (s *puzzleListScreen) content() fyne.CanvasObject {
	gt := translations.Game(s.info.Key)
	back := widget.NewButtonWithIcon(translations.T("game.back"), theme.NavigateBackIcon(), s.a.back)
	title := s.a.wrappedTitle(translations.TData("puzzles.title", map[string]any{"Game": gt.Title}), theme.SizeNameSubHeadingText) // wraps, never cut

	done := storage.SolvedPuzzles(s.a.prefs, s.info.ID)
	solved, total := storage.PuzzleProgress(s.a.prefs, s.info.ID)
	s.progress = widgets.NewParagraph(translations.TData("puzzles.progress", map[string]any{"Solved": solved, "Total": total}))
	list := container.NewVBox(s.progress)
	s.rows, s.rowTexts = nil, nil
	for i, pz := range puzzles.For(s.info.ID) {
		icon := theme.RadioButtonIcon()
		if done[pz.ID()] {
			icon = theme.NewSuccessThemedResource(theme.ConfirmIcon())
		}
		n := i
		// A wide button under the row's text: the text wraps on a phone.
		btn := widget.NewButton("", func() { s.a.showPuzzle(s.info, n) })
		text := widgets.NewParagraph(puzzleRowText(s.info, pz))
		s.rows = append(s.rows, btn)
		s.rowTexts = append(s.rowTexts, text)
		row := container.NewBorder(nil, nil, widget.NewIcon(icon), nil, text)
		list.Add(container.NewStack(btn, container.NewPadded(row)))
	}
	top := titleRow(back, nil, title)
	return container.NewBorder(container.NewPadded(top), nil, nil, nil,
		widgets.NewVScroll(container.NewPadded(sized(list, 760))))
}

// showPuzzleIn opens puzzle n (1, 2, …, within the list) in state:
// "wrong", after a wrong first move; "solved", its moves played at once,
// the replies from the table or by search; else at its start.
func (a *App) showPuzzleIn(info *core.GameInfo, n int, state string) {
	list := puzzles.For(info.ID)
	if len(list) == 0 {
		return
	}
	n = min(max(n, 1), len(list)) - 1
	a.showPuzzle(info, n)
	s, ok := a.top().(*puzzleScreen)
	if !ok {
		return
	}
	switch state {
	case "wrong":
		pos := s.flow.Run().Position()
		for _, m := range pos.GenMoves(nil) {
			if m != s.flow.Puzzle().Answer {
				s.flow.Try(m)
				return
			}
		}
	case "solved":
		s.flow.PlayOut(a.tables.Table(info.ID))
	}
}

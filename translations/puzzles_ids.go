package translations

// Puzzle message IDs (locales/puzzles.*.toml), added to the ID tables of
// ids.go. Templates and the data they take:
//
//	puzzles.button       {{.Solved}} {{.Total}}
//	puzzles.title        {{.Game}}
//	puzzles.progress     {{.Solved}} {{.Total}}
//	puzzles.row_win      {{.Number}} {{.Side}} {{.Count}} {{.Level}}  TPlural by the player's moves
//	puzzles.row_hold     {{.Number}} {{.Side}} {{.Level}}
//	puzzle.title         {{.Number}} {{.Total}}
//	puzzle.task_win      {{.Side}} {{.Count}}  TPlural by the player's moves
//	puzzle.task_hold     {{.Side}}
//	puzzle.wrong_win     {{.Move}} {{.Count}}  TPlural by the player's moves
//	puzzle.wrong_hold    {{.Move}}
var puzzleIDs = []string{
	"puzzles.button", "puzzles.title", "puzzles.progress",
	"puzzles.easy", "puzzles.medium", "puzzles.hard",
	"puzzles.row_win", "puzzles.row_hold",
	"puzzle.title", "puzzle.task_win", "puzzle.task_hold", "puzzle.your_move",
	"puzzle.wrong_win", "puzzle.wrong_hold", "puzzle.replying",
	"puzzle.solved_win", "puzzle.solved_hold", "puzzle.right",
	"puzzle.retry", "puzzle.next", "puzzle.show", "puzzle.shown",
}

func init() {
	uiIDs = append(uiIDs, puzzleIDs...)
	for _, id := range []string{"puzzles.row_win", "puzzle.task_win", "puzzle.wrong_win"} {
		pluralIDs[id] = true
	}
}

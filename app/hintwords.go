package app

import (
	"huntchess/ai"
	"huntchess/core"
	"huntchess/translations"
)

// hintWords says in words what a hint's search or table found, for the
// player to move (side), in the language current when it is shown: the
// value with best play where the endgame table covers the position, what
// the search sees otherwise, without claiming certainty.
func hintWords(info *core.GameInfo, side core.Side, res ai.Result) func() string {
	return func() string {
		plies, decided := ai.IsWin(res.Score)
		me := sideName(info, side)
		them := sideName(info, side.Other())
		switch {
		case res.Exact && !decided:
			return translations.T("hint.table_draw")
		case res.Exact && res.Score > 0:
			return translations.TPlural("hint.table_win", plies, map[string]any{"Side": me})
		case res.Exact:
			return translations.TPlural("hint.table_loss", plies, map[string]any{"Side": them})
		case decided && res.Score > 0:
			return translations.TPlural("hint.search_win", plies, nil)
		case decided:
			return translations.TPlural("hint.search_loss", plies, nil)
		}
		return translations.T("hint.search_none")
	}
}

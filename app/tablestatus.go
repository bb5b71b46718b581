package app

import (
	"fyne.io/fyne/v2/widget"

	"huntchess/ai"
	"huntchess/core"
	"huntchess/tables"
	"huntchess/translations"
	"huntchess/widgets"
)

// tableView is what the game screen shows of the endgame tables: a status
// line (solving, ready) and the last hint in words.
type tableView struct {
	label *widgets.Paragraph
	// words says the hint shown on the board in words, until the next move.
	words func() hintNote
}

// found is told the hint's search result for the position of game g (on
// the UI goroutine), with the device's proofs of the game src.
func (v *tableView) found(g *core.Game, res ai.Result, src hintSources) {
	v.words = gameHintWords(g, res, src)
}

// moved forgets the hint's words.
func (v *tableView) moved() { v.words = nil }

// newLabel makes the status line. It wraps, never cut short: on a phone
// "Solved from the start: a win for the dogs. …" takes two or three lines.
func (v *tableView) newLabel() *widgets.Paragraph {
	v.label = widgets.NewParagraph("")
	return v.label
}

// refresh sets the status line for game id.
func (v *tableView) refresh(o *tables.Owner, id core.GameID) {
	if v.label == nil {
		return
	}
	if t, warn := tableStatus(o, id); t != "" {
		v.label.SetText(t)
		v.label.Importance = statusImportance(warn)
		v.label.Refresh()
		v.label.Show()
	} else {
		v.label.Hide()
	}
}

// statusImportance is the colour of a status line: the warning colour for
// a warning only (a table that failed), the text's own colour otherwise.
func statusImportance(warn bool) widget.Importance {
	if warn {
		return widget.WarningImportance
	}
	return widget.MediumImportance
}

// tableLine is the table line of the game panel for game id ("" for
// none): what the owner of the tables has of the game (tables.Owner.Line),
// in words.
func tableLine(o *tables.Owner, id core.GameID) string {
	t, _ := tableStatus(o, id)
	return t
}

// tableStatus is tableLine and whether it is a warning (the table could
// not be had: Master and the hints search instead).
func tableStatus(o *tables.Owner, id core.GameID) (text string, warn bool) {
	return lineText(o.Line(id), id)
}

// lineText is a table line in words, and whether it warns.
func lineText(l tables.Line, id core.GameID) (text string, warn bool) {
	switch l.Kind {
	case tables.LineStrategy:
		return translations.TData("tables.strategy", provenSide(id, l.Winner)), false
	case tables.LineStrategyBound:
		return translations.TData("tables.strategy_bound", provenSide(id, l.Winner)), false
	case tables.LineReady:
		return translations.T("tables.ready"), false
	case tables.LineReadyMoving:
		return translations.T("tables.ready_moving"), false
	case tables.LineReadyBound:
		return translations.TData("tables.ready_bound", provenSide(id, l.Winner)), false // Beat the Wolf: the win from the start proven too
	case tables.LineBuilding:
		return translations.TData("tables.building", map[string]any{"Percent": int(100 * l.Frac)}), false
	case tables.LineFetching:
		return translations.TData("tables.downloading", map[string]any{"Percent": int(100 * l.Frac)}), false
	case tables.LineLoading:
		return translations.T("tables.loading"), false
	case tables.LineFailed:
		return translations.T("tables.failed"), true
	}
	return "", false
}

// provenSide is the data of a table line that says whose win from the start
// is proven (tables.Line.Winner).
func provenSide(id core.GameID, side core.Side) map[string]any {
	return map[string]any{"Side": sideName(id.Info(), side)}
}

package app

import (
	"fyne.io/fyne/v2/widget"

	"huntchess/ai"
	"huntchess/ai/tablebase/strategy"
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
// none): what the owner of the tables has of the game, in words.
func tableLine(o *tables.Owner, id core.GameID) string {
	t, _ := tableStatus(o, id)
	return t
}

// tableStatus is tableLine and whether it is a warning (the table could
// not be had: Master and the hints search instead).
func tableStatus(o *tables.Owner, id core.GameID) (text string, warn bool) {
	if o == nil {
		return "", false
	}
	if !o.Planned(id) && o.Table(id) == nil {
		return strategyLine(o, id), false
	}
	st := o.Status(id)
	switch {
	case st.State == tables.Ready || o.Table(id) != nil:
		if id.Info().HasPlacement() && !o.Table(id).CoversPlacement() {
			return translations.T("tables.ready_moving"), false
		}
		if s := o.Strategy(id); o.Bound(id) != nil || s != nil && s.Bound {
			return translations.TData("tables.ready_bound", provenSide(id, s)), false // Beat the Wolf: the win from the start proven too
		}
		return translations.T("tables.ready"), false
	case st.State == tables.Building:
		return translations.TData("tables.building", map[string]any{"Percent": int(100 * st.Frac)}), false
	case st.State == tables.Fetching:
		return translations.TData("tables.downloading", map[string]any{"Percent": int(100 * st.Frac)}), false
	case st.State == tables.Loading:
		return translations.T("tables.loading"), false
	case st.State == tables.Failed:
		return translations.T("tables.failed"), true
	}
	return strategyLine(o, id), false
}

// strategyLine is the table line of a game without a table here: what the
// strategy from the start proves, or the bound table ("" for none).
func strategyLine(o *tables.Owner, id core.GameID) string {
	s := o.Strategy(id)
	switch {
	case s == nil && o.Bound(id) != nil:
		return translations.TData("tables.strategy_bound", provenSide(id, s))
	case s == nil:
		return ""
	case s.Bound:
		return translations.TData("tables.strategy_bound", provenSide(id, s))
	}
	return translations.TData("tables.strategy", provenSide(id, s))
}

// provenSide is the data of a table line that says whose win from the start
// is proven: the strategy's winner, else (a bound table alone, which proves
// the prey's wins) the prey.
func provenSide(id core.GameID, s *strategy.Strategy) map[string]any {
	side := core.Prey
	if s != nil {
		side = s.WinnerSide()
	}
	return map[string]any{"Side": sideName(id.Info(), side)}
}

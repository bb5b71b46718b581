package app

import (
	"huntchess/ai"
	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
	"huntchess/session"
	"huntchess/widgets"
)

// tableView is what the game screen shows of the endgame tables: a status
// line (solving, ready) and the last hint in words.
type tableView struct {
	label *widgets.Paragraph
	// words says the hint shown on the board in words, until the next move.
	words func() string
}

// found is told the hint's search result for the position of game g (on
// the UI goroutine); s is the game's proven strategy from the start (nil:
// the one shipped, if any).
func (v *tableView) found(g *core.Game, res ai.Result, s *strategy.Strategy) {
	v.words = gameHintWords(g, res, s)
}

// moved forgets the hint's words.
func (v *tableView) moved() { v.words = nil }

// newLabel makes the status line. It wraps, never cut short: on a phone
// "Proven from the start: a win for the dogs; endgames ready" takes two
// lines.
func (v *tableView) newLabel() *widgets.Paragraph {
	v.label = widgets.NewParagraph("")
	return v.label
}

// refresh sets the status line for game id.
func (v *tableView) refresh(tables *session.Tables, id core.GameID) {
	if v.label == nil {
		return
	}
	if t := tables.StatusText(id); t != "" {
		v.label.SetText(t)
		v.label.Show()
	} else {
		v.label.Hide()
	}
}

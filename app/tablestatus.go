package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"huntchess/ai"
	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/session"
)

// tableView is what the game screen shows of the endgame tables: a status
// line (solving, ready) and the last hint in words.
type tableView struct {
	label *widget.Label
	// words says the hint shown on the board in words, until the next move.
	words func() string
}

// found is told the hint's search result for the position of game g (on
// the UI goroutine); s is the game's proven strategy from the start (nil:
// the one shipped, if any).
func (v *tableView) found(g *core.Game, res ai.Result, s *tablebase.Strategy) {
	v.words = gameHintWords(g, res, s)
}

// moved forgets the hint's words.
func (v *tableView) moved() { v.words = nil }

// newLabel makes the status line.
func (v *tableView) newLabel() *widget.Label {
	v.label = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{})
	v.label.Truncation = fyne.TextTruncateEllipsis
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

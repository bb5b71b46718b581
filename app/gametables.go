package app

import (
	"context"
	"sync/atomic"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"huntchess/ai"
	"huntchess/core"
)

// tableView is what the game screen shows of the endgame tables: a status
// line (solving, ready) and the last hint in words.
type tableView struct {
	label *widget.Label
	// last is the hint search's last result, stored on its goroutine.
	last atomic.Pointer[ai.Result]
	// words says the hint shown on the board in words, until the next move.
	words func() string
}

// wrap returns hint, keeping each result for the words.
func (v *tableView) wrap(hint HintFunc) HintFunc {
	return func(ctx context.Context, g *core.Game) ai.Result {
		res := hint(ctx, g)
		v.last.Store(&res)
		return res
	}
}

// found is told the hint's move (on the UI goroutine).
func (v *tableView) found(info *core.GameInfo, toMove core.Side, m core.Move) {
	if r := v.last.Load(); r != nil && r.Move == m {
		v.words = hintWords(info, toMove, *r)
	}
}

// moved forgets the hint's words.
func (v *tableView) moved() { v.words = nil }

// newLabel makes the status line.
func (v *tableView) newLabel() *widget.Label {
	v.label = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Italic: true})
	v.label.Truncation = fyne.TextTruncateEllipsis
	return v.label
}

// refresh sets the status line for game id.
func (v *tableView) refresh(tables *tableManager, id core.GameID) {
	if v.label == nil {
		return
	}
	if t := tables.statusText(id); t != "" {
		v.label.SetText(t)
		v.label.Show()
	} else {
		v.label.Hide()
	}
}

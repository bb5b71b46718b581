package ai

import (
	"context"
	"time"

	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/match"
)

// Draws by agreement are a rule of the app, not of the games: the tables
// and their values do not change. The engine takes a draw when it has
// nothing better: where its endgame table (Engine.Draws) covers the
// position, when the table says a draw or a loss for it; elsewhere, when
// its move as a hint (its sources at Hard) finds no advantage for it (a
// score of at most DrawMargin, never a forced win).

// DrawMargin is the most a score may favour the engine for it to take a
// draw: about half a captured piece.
const DrawMargin = 60

// drawSearchTime caps the search behind a draw decision.
const drawSearchTime = 700 * time.Millisecond

// AcceptsDraw reports whether the engine, playing side, takes a draw in
// the position of g (a draw offered to it, or one it would offer).
func (e Engine) AcceptsDraw(ctx context.Context, g *core.Game, side core.Side) bool {
	pos := g.Position()
	defer e.hold(pos.Game)()
	if e.Draws != nil {
		if t := e.Draws.Table(pos.Game); t != nil {
			if v, _, ok := t.Probe(pos); ok {
				if pos.ToMove != side { // the table's value is the side to move's
					return v != tablebase.Loss
				}
				return v != tablebase.Win
			}
		}
	}
	lim := hintLimits(g, match.Hard)
	lim.Time = min(lim.Time, drawSearchTime)
	res := e.Choose(ctx, pos, lim)
	score := res.Score
	if pos.ToMove != side {
		score = -score
	}
	return DrawScore(score)
}

// DrawScore reports whether a search score (for the engine) leaves it
// nothing better than a draw: no forced win, no more than DrawMargin.
func DrawScore(score int) bool {
	if _, win := IsWin(score); win && score > 0 {
		return false
	}
	return score <= DrawMargin
}

// PliesSinceCapture is the number of plies played since the last capture
// (or since the start).
func PliesSinceCapture(g *core.Game) int {
	moves := g.Moves()
	n := 0
	for i := len(moves) - 1; i >= 0 && moves[i].Capt == 0; i-- {
		n++
	}
	return n
}

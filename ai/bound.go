package ai

import (
	"context"
	"time"

	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/proof"
)

// Bound tables behind Master and the hints. The table owner (TableOwner)
// may also hold, per game, a bound table (proof.BoundTable: the prey's
// wins without a prey piece given up, such as Beat the Wolf's 17-dog tier
// in the table pack). Where no exact table covers the root and no
// strategy plays it, Master (and a hint, Limits.Strategy) plays from it
// (BoundMoves, the engine's source after the strategy): the prey, in a
// position it proves a prey win, the move to its shortest win; the
// predator, where every move leads to a proven prey win, the reply with
// the most plies to the end.

// BoundTables is a source of bound tables: the bound table of game id, or
// nil. It must be safe to call from several goroutines.
type BoundTables interface {
	Bound(id core.GameID) *tablebase.Table
}

// BoundMoves is the move source of the bound tables (nil: none): where
// the limits ask for proven play (Limits.Strategy: Master and the hints)
// and the game's bound table proves a prey win in the position, its move
// (boundMove), proof.Bound.
type BoundMoves struct{ Bounds BoundTables }

// Propose is the bound table's move for pos, where it proves a prey win.
func (s BoundMoves) Propose(_ context.Context, pos core.Position, lim Limits) (Result, bool) {
	if !lim.Strategy || s.Bounds == nil {
		return Result{}, false
	}
	t := s.Bounds.Bound(pos.Game)
	if t == nil {
		return Result{}, false
	}
	return boundMove(t, pos, lim)
}

// boundMove is the move from a position the bound table proves a prey win
// in (proof.BoundTable.Step) under lim (provenMove). ok is false
// elsewhere.
func boundMove(t *tablebase.Table, pos core.Position, lim Limits) (Result, bool) {
	return provenMove(proof.BoundTable{T: t}, pos, lim)
}

// boundLine is the bound table's line from pos, the predator resisting
// longest (ties to the first reply), at most n plies long.
func boundLine(t *tablebase.Table, pos core.Position, n int) []core.Move {
	return provenLine(proof.BoundTable{T: t}, pos, n, time.Time{})
}

package ai

import (
	"context"

	"huntchess/ai/tablebase"
	"huntchess/core"
)

// Bound tables behind Master and the hints. The table owner (TableOwner)
// may also hold, per game, a bound table: a table whose sections are all
// bound tiers (tablebase.SolveBoundTier: any capture counts as a predator
// win), such as Beat the Wolf's 17-dog tier in the table pack, which
// proves the dogs' win without giving up a dog and nothing else. Where no
// exact table covers the root and no strategy plays it, Master (and a
// hint, Limits.Strategy) plays from it (BoundMoves, the engine's source
// after the strategy): the prey, in a position it proves a prey win, the move to its
// shortest win; the predator, where every move leads to a proven prey win,
// the reply with the most plies to the end.
//
// Progress: a prey win in d plies has a move to a predator's loss in d-1
// (that is how the solver found it), and a predator's loss in d has only
// moves to prey wins in at most d-1 plies (the solver decides it when the
// last of them is decided), the longest of them d-1. So the plies fall by
// one every ply, no position repeats, and the game ends in the prey's win
// in the plies the table says.

// BoundTables is a source of bound tables: the bound table of game id, or
// nil. It must be safe to call from several goroutines.
type BoundTables interface {
	Bound(id core.GameID) *tablebase.Table
}

// BoundMoves is the move source of the bound tables (nil: none): where
// the limits ask for proven play (Limits.Strategy: Master and the hints)
// and the game's bound table proves a prey win in the position, its move
// (boundMove), Exact and Bound.
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
	return boundMove(t, pos, lim.Seed)
}

// boundProbe is the bound table's proof for the position: the prey's win
// (prey to move, Win) or the predator's loss (predator to move, Loss) and
// its plies, a finished position won by the prey with 0 plies; ok is false
// where the table proves no prey win.
func boundProbe(t *tablebase.Table, p core.Position) (tablebase.Value, int, bool) {
	if o := p.Outcome(); o.Over() {
		w, won := o.Winner()
		if !won || w != core.Prey {
			return tablebase.Unknown, 0, false
		}
		if p.ToMove == core.Prey {
			return tablebase.Win, 0, true
		}
		return tablebase.Loss, 0, true
	}
	v, d, ok := t.ProbeBound(p)
	switch {
	case !ok:
		return tablebase.Unknown, 0, false
	case p.ToMove == core.Prey && v == tablebase.Win,
		p.ToMove == core.Predator && v == tablebase.Loss:
		return v, d, true
	}
	return tablebase.Unknown, 0, false // a draw or a predator's win: "not a prey win"
}

// boundMove is the move from a position the bound table proves a prey win
// in (see boundStep), with its line. ok is false elsewhere.
func boundMove(t *tablebase.Table, pos core.Position, seed int64) (Result, bool) {
	return withLine(pos, seed, func(p core.Position, seed int64) (Result, bool) { return boundStep(t, p, seed) })
}

// boundStep is boundMove without the line: the prey's move to the child
// proven won with the fewest plies (ties to the first in core's order), or
// the predator's reply with the most plies (ties to the first, or, with a
// seed, to one chosen by it), every reply being a proven prey win. ok is
// false where the table proves no prey win in pos, or a child breaks the
// proof's progress (a table inconsistent with core: let the search play).
func boundStep(t *tablebase.Table, pos core.Position, seed int64) (Result, bool) {
	_, d, ok := boundProbe(t, pos)
	if !ok || d == 0 {
		return Result{}, false
	}
	var buf [core.MaxMoves]core.Move
	moves := pos.GenMoves(buf[:0])
	var res Result
	if pos.ToMove == core.Prey {
		pick, pd := -1, 0
		for i, m := range moves {
			cv, cd, ok := boundProbe(t, pos.After(m))
			if ok && cv == tablebase.Loss && cd < d && (pick < 0 || cd < pd) {
				pick, pd = i, cd
			}
		}
		if pick < 0 {
			return Result{}, false
		}
		res = Result{Move: moves[pick], Depth: pd + 1, Nodes: int64(len(moves))}
		res.Score, _ = tableScore(tablebase.Win, pd+1, 0)
	} else {
		plies := make([]int, len(moves))
		for i, m := range moves {
			c := pos.After(m)
			cv, cd, ok := boundProbe(t, c)
			if !ok || cv != tablebase.Win || cd >= d || c.Captured > pos.Captured {
				return Result{}, false // a reply the table does not prove lost
			}
			plies[i] = cd
		}
		if len(moves) == 0 {
			return Result{}, false
		}
		pick := longestReply(plies, pos.Key, seed)
		res = Result{Move: moves[pick], Depth: plies[pick] + 1, Nodes: int64(len(moves))}
		res.Score, _ = tableScore(tablebase.Loss, plies[pick]+1, 0)
	}
	res.Exact, res.Bound = true, true
	return res, true
}

// boundLine is the bound table's line from pos, the predator resisting
// longest (ties to the first reply), at most n plies long.
func boundLine(t *tablebase.Table, pos core.Position, n int) []core.Move {
	return provenLine(pos, n, func(p core.Position) (Result, bool) { return boundStep(t, p, 0) })
}

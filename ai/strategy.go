package ai

import (
	"context"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
)

// Strategy tables behind Master and the hints. The table owner
// (TableOwner) may also hold, per game, the winner's proven strategy from
// the start (strategy.Strategy; the app ships them): the winner's move in
// every position its win reaches against any defence. Where no full table
// covers the position and the position is one of the strategy's, Master
// (and a hint, Limits.Strategy) plays from it (StrategyMoves, the engine's
// source after the table): as the winner the strategy's move,
// as the loser the reply with the most plies to the end.

// Strategies is a source of strategies: the strategy of game id, or nil.
// It must be safe to call from several goroutines.
type Strategies interface {
	Strategy(id core.GameID) *strategy.Strategy
}

// StrategySet is a fixed set of strategies, one slot a game (as TableSet).
type StrategySet [core.NumGames]*strategy.Strategy

// Strategy returns the strategy of game id, or nil.
func (s *StrategySet) Strategy(id core.GameID) *strategy.Strategy {
	if s == nil || int(id) >= len(s) {
		return nil
	}
	return s[id]
}

// StrategyMoves is the move source of the proven strategies (nil: none):
// where the limits ask for proven play (Limits.Strategy: Master and the
// hints) and the position is one of the game's strategy, the strategy's
// move (strategyMove), Exact (and Bound for a strategy without a prey
// piece given up).
type StrategyMoves struct{ Strategies Strategies }

// countsPlies marks the strategy as a source of proven moves with their
// plies (Engine.Choose prefers it to a table move without them).
func (StrategyMoves) countsPlies() {}

// Propose is the strategy's move for pos, where it has one.
func (s StrategyMoves) Propose(_ context.Context, pos core.Position, lim Limits) (Result, bool) {
	if !lim.Strategy || s.Strategies == nil {
		return Result{}, false
	}
	st := s.Strategies.Strategy(pos.Game)
	if st == nil {
		return Result{}, false
	}
	return strategyMove(st, pos, lim.Seed)
}

// strategyMove is the move from a position of the strategy: the winner's
// stored move, or the loser's reply with the most plies to the end (ties to
// the first in core's order, or, with a seed, to one chosen by it). ok is
// false where pos is not a position of the strategy.
func strategyMove(s *strategy.Strategy, pos core.Position, seed int64) (Result, bool) {
	return withLine(pos, seed, func(p core.Position, seed int64) (Result, bool) { return strategyStep(s, p, seed) })
}

// strategyStep is strategyMove without the line.
func strategyStep(s *strategy.Strategy, pos core.Position, seed int64) (Result, bool) {
	var res Result
	if pos.ToMove == s.WinnerSide() {
		m, d, ok := s.Move(pos)
		if !ok {
			return Result{}, false
		}
		res = Result{Move: m, Depth: d, Nodes: 1}
		res.Score, _ = tableScore(tablebase.Win, d, 0)
	} else {
		moves, plies, ok := s.Replies(pos)
		if !ok {
			return Result{}, false
		}
		pick := longestReply(plies, pos.Key, seed)
		d := plies[pick] + 1
		res = Result{Move: moves[pick], Depth: d, Nodes: int64(len(moves))}
		res.Score, _ = tableScore(tablebase.Loss, d, 0)
	}
	res.Exact, res.Bound = true, s.Bound
	return res, true
}

// A proven step: the move a strategy or a bound table makes from a
// position (the seed choosing among the loser's longest replies), ok false
// where it proves nothing.
type provenStep func(pos core.Position, seed int64) (Result, bool)

// withLine is step's move from pos with its line: the move played, then
// the line from the position after it (a seed may pick another of the
// loser's longest replies than the line's first).
func withLine(pos core.Position, seed int64, step provenStep) (Result, bool) {
	res, ok := step(pos, seed)
	if ok {
		res.PV = []core.Move{res.Move}
		if next := pos.After(res.Move); !next.Outcome().Over() {
			res.PV = append(res.PV, provenLine(next, 39, func(p core.Position) (Result, bool) { return step(p, 0) })...)
		}
	}
	return res, ok
}

// provenLine follows step from pos, at most n plies, to the end or to a
// position it proves nothing in.
func provenLine(pos core.Position, n int, step func(core.Position) (Result, bool)) []core.Move {
	var line []core.Move
	for len(line) < n {
		r, ok := step(pos)
		if !ok {
			break
		}
		line = append(line, r.Move)
		pos = pos.After(r.Move)
		if pos.Outcome().Over() {
			break
		}
	}
	return line
}

// longestReply is the loser's reply with the most plies to the end: ties
// to the first, or, with a seed, to one chosen by it and the position's
// key.
func longestReply(plies []int, key uint64, seed int64) int {
	var best []int
	for i, d := range plies {
		switch {
		case len(best) == 0 || d > plies[best[0]]:
			best = append(best[:0], i)
		case d == plies[best[0]]:
			best = append(best, i)
		}
	}
	if seed == 0 {
		return best[0]
	}
	h := uint64(seed)*0x9e3779b97f4a7c15 ^ key
	h ^= h >> 31
	return best[int(h%uint64(len(best)))]
}

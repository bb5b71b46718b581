package ai

import (
	"context"
	"time"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
	"huntchess/proof"
)

// Strategy tables behind Master and the hints. The table owner
// (TableOwner) may also hold, per game, the winner's proven strategy from
// the start (strategy.Strategy; the app ships them): the winner's move in
// every position its win reaches against any defence. Where no full table
// covers the position and the position is one of the strategy's, Master
// (and a hint, Limits.Strategy) plays from it (StrategyMoves, the engine's
// source after the table): as the winner the strategy's move, as the
// loser the reply with the most plies to the end (proof.Strategy).

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
// move (strategyMove), proof.Exact (proof.Bound for a strategy without a
// prey piece given up).
type StrategyMoves struct{ Strategies Strategies }

// Propose is the strategy's move for pos, where it has one.
func (s StrategyMoves) Propose(_ context.Context, pos core.Position, lim Limits) (Result, bool) {
	if !lim.Strategy || s.Strategies == nil {
		return Result{}, false
	}
	st := s.Strategies.Strategy(pos.Game)
	if st == nil {
		return Result{}, false
	}
	return strategyMove(st, pos, lim)
}

// strategyMove is the move from a position of the strategy
// (proof.Strategy.Step) under lim (provenMove). ok is false where pos is
// not a position of the strategy.
func strategyMove(s *strategy.Strategy, pos core.Position, lim Limits) (Result, bool) {
	return provenMove(proof.Strategy{S: s}, pos, lim)
}

// provenMove is the move of a proof source from pos as the engine's
// Result (lim.Seed may pick another of the loser's longest replies than
// the line's first): PV the move, then, with lim.Line, the proof's line
// from the position after it, followed till the move's time cap.
func provenMove(src proof.Source, pos core.Position, lim Limits) (Result, bool) {
	res, ok := provenResult(src, pos, lim.Seed)
	if ok {
		res.PV = []core.Move{res.Move}
		if next := pos.After(res.Move); lim.Line && !next.Outcome().Over() {
			res.PV = append(res.PV, provenLine(src, next, 39, lim.deadline())...)
		}
	}
	return res, ok
}

// provenResult is src's move in pos as a Result without its line: the
// verdict's plies as its depth, its value as the score.
func provenResult(src proof.Source, pos core.Position, seed int64) (Result, bool) {
	m, v, ok := src.Step(pos, seed)
	if !ok {
		return Result{}, false
	}
	res := Result{Move: m, Depth: v.Plies, Nodes: 1, Proof: v.Kind}
	if v.Value == tablebase.Win || v.Value == tablebase.Loss {
		res.Score, _ = tableScore(v.Value, v.Plies, 0)
	}
	return res, true
}

// provenLine follows src's moves from pos (the first of the loser's
// longest replies), at most n plies, to the end or to a position it
// proves nothing in, or till deadline (zero: none).
func provenLine(src proof.Source, pos core.Position, n int, deadline time.Time) []core.Move {
	var line []core.Move
	for len(line) < n && (deadline.IsZero() || time.Now().Before(deadline)) {
		m, _, ok := src.Step(pos, 0)
		if !ok {
			break
		}
		line = append(line, m)
		pos = pos.After(m)
		if pos.Outcome().Over() {
			break
		}
	}
	return line
}

package ai

import (
	"context"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
)

// Bridges back onto a proof. A strategy from the start (StrategyMoves)
// answers every legal reply of the loser, but not a pass: the turn timer
// (core.Game.Timeout) lets either side pass, and the position after it is
// one no line of the strategy reaches. Where the winner is to move there
// (the loser passed, or the winner passed and the loser replied), its win
// is often still proven a few plies away: a move to a position of the
// strategy (or one a table or the bound table proves), or a move after
// which every reply of the loser leads to such a move. BridgeMoves, the
// engine's source after the strategy and the bound table, plays that
// bridge for Master and the hints, with its proof (Exact, and Bound as the
// proof it leads into); where no bridge is found it proposes nothing, and
// the search plays, proving nothing.
//
// The proof is real: a bridge's move is played only where every line from
// it ends in a position a proof covers (a node of the strategy, a table's
// or the bound table's proven win, or the winner's win on the board)
// within the bridge's plies, and its plies are the longest such line's
// plus the proof's. The plies fall by at least one every ply (the winner's
// move keeps to the proof with the fewest, every reply of the loser was
// counted), so the game ends in the winner's win within them. A bridge's
// plies are an upper bound (Result.AtMost): the winner may have a faster
// win off the proof. Threefold repetition is not part of the proof, as it
// is not of the strategies': the plies falling, a position after the
// pass can only repeat one from before it, at most twice in all with one
// pass.

// BridgePlies is how far a bridge reaches: the winner's move, every reply
// of the loser, the winner's move, every reply, the winner's move into the
// proof. The shallowest is tried first (1 ply: the winner's move straight
// into the proof; then 3, then 5), so a deeper one only adds proofs.
// Measured on Beat the Wolf's shipped strategy after 5,000 passes of the
// wolf along its lines (TestPassesAlongStrategies -pass-reach): 3 plies
// proved 4,997, 5 plies all 5,000; after 5,000 of the dogs' own passes,
// 4,604 and 4,641. The proof took at most 0.56 / 0.73 ms a position with 3
// plies and 8.9 / 20.4 ms with 5; the bridge's move, its line included, in
// a position it does not prove 35 ms on average from a strategy opened
// afresh with the app's cache (BenchmarkBridge; 0.6 ms with 3).
const BridgePlies = 5

// BridgeMoves is the move source of the bridges (nil: none): where the
// limits ask for proven play (Limits.Strategy: Master and the hints), no
// table, strategy or bound table plays the position, and a bridge of at
// most BridgePlies plies leads from it into the proof of the game's
// strategy (or of its bound table), the bridge's move (bridgeStep).
type BridgeMoves struct{ Owner TableOwner }

// Propose is the bridge's move for pos, where one proves the win.
func (s BridgeMoves) Propose(_ context.Context, pos core.Position, lim Limits) (Result, bool) {
	if !lim.Strategy || s.Owner == nil {
		return Result{}, false
	}
	pf, ok := proverOf(s.Owner, pos.Game)
	if !ok {
		return Result{}, false
	}
	return withLine(pos, lim.Seed, func(p core.Position, seed int64) (Result, bool) {
		if r, ok := pf.step(p, seed); ok {
			return r, true
		}
		return pf.bridgeStep(p, seed)
	})
}

// prover is what proves the win of one side in a game without search:
// its strategy from the start, the exact table and the bound table, any
// of them nil.
type prover struct {
	s      *strategy.Strategy
	t      *tablebase.Table // exact values; nil beside a bound proof
	b      *tablebase.Table // the bound table: the prey's win without losing a piece
	winner core.Side
	bound  bool // the proof is one without a prey piece given up, its plies an upper bound
	reach  int  // the bridge's plies (BridgePlies)
}

// proverOf is the prover of game id from the owner's tables (newProver).
func proverOf(o TableOwner, id core.GameID) (prover, bool) {
	return newProver(o.Strategy(id), o.Table(id), o.Bound(id))
}

// newProver is the prover of the strategy s, the exact table t and the
// bound table b (any nil): the strategy's winner, with the strategy and,
// for a bound strategy, the bound table (a win without a piece given up:
// an exact table's wins, which may give pieces up, are not mixed in), for
// an exact one the exact table; without a strategy, the bound table alone
// (the prey's). ok is false where nothing proves a win.
func newProver(s *strategy.Strategy, t, b *tablebase.Table) (prover, bool) {
	switch {
	case s != nil && s.Bound:
		return prover{s: s, b: b, winner: s.WinnerSide(), bound: true, reach: BridgePlies}, true
	case s != nil:
		return prover{s: s, t: t, winner: s.WinnerSide(), reach: BridgePlies}, true
	case b != nil:
		return prover{b: b, winner: core.Prey, bound: true, reach: BridgePlies}, true
	}
	return prover{}, false
}

// ProvenWin is what the strategy s (nil: none), with the exact table t
// and the bound table b (nil: none; newProver), proves of p without
// search, a bridge of at most BridgePlies plies included: the winner's win
// (its side to move: Win) or the loser's loss (Loss), with the plies to
// the end, and whether those plies are an upper bound (atMost: a bound
// proof's or a bridge's). ok is false where they prove nothing, and for a
// finished game. The review judges by it (session.ReviewGameBound).
func ProvenWin(s *strategy.Strategy, t, b *tablebase.Table, p core.Position) (v tablebase.Value, plies int, atMost, ok bool) {
	pf, ok := newProver(s, t, b)
	if !ok || p.Outcome().Over() {
		return tablebase.Unknown, 0, false, false
	}
	d, leaf := pf.leaf(p)
	if !leaf {
		if d, ok = pf.proven(p, pf.reach); !ok {
			return tablebase.Unknown, 0, false, false
		}
	}
	v = tablebase.Loss
	if p.ToMove == pf.winner {
		v = tablebase.Win
	}
	return v, d, pf.bound || !leaf, true
}

// leaf is the winner's proven win from p without a bridge, and its plies:
// the game won on the board (0), a position of the strategy, a table's win
// for the winner or loss for the loser, or the bound table's prey win.
func (pf prover) leaf(p core.Position) (int, bool) {
	if o := p.Outcome(); o.Over() {
		w, won := o.Winner()
		return 0, won && w == pf.winner
	}
	if pf.s != nil {
		if _, d, ok := pf.s.Probe(p); ok {
			return d, true
		}
	}
	if pf.t != nil {
		v, d, ok := pf.t.Probe(p)
		if ok && (p.ToMove == pf.winner && v == tablebase.Win || p.ToMove != pf.winner && v == tablebase.Loss) {
			return d, true
		}
	}
	if pf.b != nil && pf.winner == core.Prey {
		if _, d, ok := boundProbe(pf.b, p); ok {
			return d, true
		}
	}
	return 0, false
}

// proven is p's proof within n plies of bridge: a leaf, or a bridge.
func (pf prover) proven(p core.Position, n int) (int, bool) {
	if d, ok := pf.leaf(p); ok {
		return d, true
	}
	if p.ToMove == pf.winner {
		_, d, ok := pf.win(p, n)
		return d, ok
	}
	return pf.loss(p, n)
}

// win is the winner's bridge from p (the winner to move, not a leaf) of at
// most n plies: the move, and the plies to the end by it. A move straight
// into a leaf is preferred (the fewest plies); else the move after which
// every reply of the loser has a bridge of at most n-2 plies (the fewest
// plies; the shallowest bridge first).
func (pf prover) win(p core.Position, n int) (core.Move, int, bool) {
	if n < 1 {
		return core.Move{}, 0, false
	}
	var buf [core.MaxMoves]core.Move
	moves := p.GenMoves(buf[:0])
	best, bestD := -1, 0
	for i, m := range moves {
		if d, ok := pf.leaf(p.After(m)); ok && (best < 0 || d < bestD) {
			best, bestD = i, d
		}
	}
	for k := 3; best < 0 && k <= n; k += 2 {
		for i, m := range moves {
			if d, ok := pf.loss(p.After(m), k-1); ok && (best < 0 || d < bestD) {
				best, bestD = i, d
			}
		}
	}
	if best < 0 {
		return core.Move{}, 0, false
	}
	return moves[best], bestD + 1, true
}

// loss is the loser's proven loss in p (the loser to move, not a leaf)
// through bridges of at most n plies: every reply leads to a leaf or to a
// winner's bridge of at most n-1 plies. It returns the plies to the end
// against the longest resistance.
func (pf prover) loss(p core.Position, n int) (int, bool) {
	if n < 2 {
		return 0, false
	}
	var buf [core.MaxMoves]core.Move
	moves := p.GenMoves(buf[:0])
	if len(moves) == 0 {
		return 0, false
	}
	worst := 0
	for _, r := range moves {
		c := p.After(r)
		d, ok := pf.leaf(c)
		if !ok {
			_, d, ok = pf.win(c, n-1)
		}
		if !ok {
			return 0, false
		}
		worst = max(worst, d)
	}
	return worst + 1, true
}

// step is the move of the proof itself in p, where p is one of its leaves
// with a move: the strategy's (strategyStep), else the bound table's
// (boundStep), else, for an exact table's leaf, the table's (tableMove).
func (pf prover) step(p core.Position, seed int64) (Result, bool) {
	if pf.s != nil {
		if r, ok := strategyStep(pf.s, p, seed); ok {
			return r, true
		}
	}
	if pf.b != nil {
		if r, ok := boundStep(pf.b, p, seed); ok {
			return r, true
		}
	}
	if pf.t != nil {
		if _, ok := pf.leaf(p); ok {
			return tableMove(pf.t, p, seed, nil)
		}
	}
	return Result{}, false
}

// bridgeStep is the bridge's move in p (not a leaf): the winner's bridge
// move (win), or the loser's reply with the most plies to the end where
// every reply is bridged (loss; ties as longestReply), Exact, and Bound
// for a bound proof. ok is false where no bridge of BridgePlies proves
// the win.
func (pf prover) bridgeStep(p core.Position, seed int64) (Result, bool) {
	var res Result
	if p.ToMove == pf.winner {
		m, d, ok := pf.win(p, pf.reach)
		if !ok {
			return Result{}, false
		}
		res = Result{Move: m, Depth: d, Nodes: 1}
		res.Score, _ = tableScore(tablebase.Win, d, 0)
	} else {
		if _, ok := pf.loss(p, pf.reach); !ok {
			return Result{}, false
		}
		var buf [core.MaxMoves]core.Move
		moves := p.GenMoves(buf[:0])
		plies := make([]int, len(moves))
		for i, r := range moves {
			d, ok := pf.proven(p.After(r), pf.reach-1)
			if !ok {
				return Result{}, false
			}
			plies[i] = d
		}
		pick := longestReply(plies, p.Key, seed)
		d := plies[pick] + 1
		res = Result{Move: moves[pick], Depth: d, Nodes: int64(len(moves))}
		res.Score, _ = tableScore(tablebase.Loss, d, 0)
	}
	res.Exact, res.Bound, res.AtMost = true, pf.bound, true
	return res, true
}

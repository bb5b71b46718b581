package proof

import (
	"time"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
)

// Bridges back onto a proof. A strategy from the start answers every
// legal reply of the loser, but not a pass: the turn timer
// (core.Game.Timeout) lets either side pass, and the position after it is
// one no line of the strategy reaches. Where the winner is to move there,
// its win is often still proven a few plies away: a move to a position
// the proof covers, or a move after which every reply of the loser leads
// to such a move. Bridge is that combinator over the sources of a proof.
//
// The proof is real: a bridge's move is played only where every line from
// it ends in a position a proof covers (or the winner's win on the board)
// within the bridge's plies, and its plies are the longest such line's
// plus the proof's. The plies fall by at least one every ply, so the game
// ends in the winner's win within them; they are an upper bound (AtMost,
// BoundAtMost): the winner may have a faster win off the proof.
// Threefold repetition is not part of the proof, as it is not of the
// strategies': the plies falling, a position after the pass can only
// repeat one from before it, at most twice in all with one pass.

// BridgePlies is how far a bridge reaches: the winner's move, every reply
// of the loser, the winner's move, every reply, the winner's move into the
// proof. The shallowest is tried first (1 ply: the winner's move straight
// into the proof; then 3, then 5), so a deeper one only adds proofs.
// Measured on Beat the Wolf's shipped strategy after 5,000 passes of the
// wolf along its lines (ai's TestPassesAlongStrategies -pass-reach): 3
// plies proved 4,997, 5 plies all 5,000; after 5,000 of the dogs' own
// passes, 4,604 and 4,641. The proof took at most 0.56 / 0.73 ms a
// position with 3 plies and 8.9 / 20.4 ms with 5.
const BridgePlies = 5

// Bridge proves Winner's win in a position its Proof (the leaves: a
// strategy, a table, a bound table) covers, or one a bridge of at most
// Reach plies leads from into it. Only the leaves' verdicts that are
// Winner's win count. Kind is the kind of the proof bridged onto (Exact
// or Bound): a bridged verdict is its bridged kind (AtMost, BoundAtMost).
// Deadline, where set, ends each of its searches at that time (a move's
// time cap: Budget.Deadline): a bridge not found by then proves nothing.
type Bridge struct {
	Winner   core.Side
	Proof    Stack
	Reach    int
	Kind     Kind
	Deadline time.Time
}

// ProofOf is the bridge onto the proof of a game's strategy s, exact
// table t and bound table b (any nil): the strategy's winner, with the
// strategy and, for a bound strategy, the bound table (a win without a
// piece given up: an exact table's wins, which may give pieces up, are not
// mixed in), for an exact one the exact table; without a strategy, the
// bound table alone (the prey's). False where nothing proves a win.
func ProofOf(s *strategy.Strategy, t, b *tablebase.Table) (Bridge, bool) {
	switch {
	case s != nil && s.Bound:
		return Bridge{Winner: s.WinnerSide(), Proof: Stack{Strategy{s}, BoundTable{b}}, Reach: BridgePlies, Kind: Bound}, true
	case s != nil:
		return Bridge{Winner: s.WinnerSide(), Proof: Stack{Strategy{s}, Table{t}}, Reach: BridgePlies, Kind: Exact}, true
	case b != nil:
		return Bridge{Winner: core.Prey, Proof: Stack{BoundTable{b}}, Reach: BridgePlies, Kind: Bound}, true
	}
	return Bridge{}, false
}

// leaf is the winner's proven win from p without a bridge, and its plies
// (a values-only table's: tablebase.PliesUnknown): the game won on the
// board (0), or a leaf's win for the winner or loss for the loser.
func (b Bridge) leaf(p core.Position) (Verdict, int, bool) {
	if o := p.Outcome(); o.Over() {
		w, won := o.Winner()
		return Verdict{Value: winFor(p, b.Winner), Kind: b.Kind}, 0, won && w == b.Winner
	}
	for _, src := range b.Proof {
		v, ok := src.Probe(p)
		if ok && v.Value == winFor(p, b.Winner) {
			d := v.Plies
			if v.Kind == ValuesOnly {
				d = tablebase.PliesUnknown
			}
			return v, d, true
		}
	}
	return Verdict{}, 0, false
}

// within is the bridge's bounded search, its goals the leaves (the
// fewest plies at the shallowest depth; no memo: a Source is used from
// several goroutines), ending at the bridge's deadline.
func (b Bridge) within() Within {
	w := Within{Winner: b.Winner, Judge: func(_, p core.Position) (Mark, int) {
		if _, d, ok := b.leaf(p); ok {
			return Goal, d
		}
		return Open, 0 // a game over otherwise has no moves: never won
	}}
	if !b.Deadline.IsZero() {
		w.Budget = &Budget{Deadline: b.Deadline}
	}
	return w
}

// Probe is the winner's proven win (its side to move: Win) or the loser's
// loss (Loss) in p, a leaf's verdict or a bridge's; false where nothing
// proves it, and for a finished game.
func (b Bridge) Probe(p core.Position) (Verdict, bool) {
	if b.Proof == nil || p.Outcome().Over() {
		return Verdict{}, false
	}
	if v, _, ok := b.leaf(p); ok {
		return v, true
	}
	d, ok := b.within().Proven(p, b.Reach)
	if !ok {
		return Verdict{}, false
	}
	return Verdict{Value: winFor(p, b.Winner), Plies: d, Kind: b.Kind.bridged()}, true
}

// Step is the move of the proof itself where p is one of its leaves (the
// first leaf source's Step), else the bridge's move: the winner's bridge
// move (the fewest plies), or the loser's reply with the most plies where
// every reply is bridged (LongestReply).
func (b Bridge) Step(p core.Position, seed int64) (core.Move, Verdict, bool) {
	if b.Proof == nil || p.Outcome().Over() {
		return core.Move{}, Verdict{}, false
	}
	for _, src := range b.Proof {
		if m, v, ok := src.Step(p, seed); ok && v.Value == winFor(p, b.Winner) {
			return m, v, true
		}
	}
	w := b.within()
	kind := b.Kind.bridged()
	if p.ToMove == b.Winner {
		m, d, ok := w.Win(p, b.Reach)
		if !ok {
			return core.Move{}, Verdict{}, false
		}
		return m, Verdict{Value: tablebase.Win, Plies: d, Kind: kind}, true
	}
	if _, ok := w.Loss(p, b.Reach); !ok {
		return core.Move{}, Verdict{}, false
	}
	var buf [core.MaxMoves]core.Move
	moves := p.GenMoves(buf[:0])
	plies := make([]int, len(moves))
	for i, r := range moves {
		d, ok := w.Proven(p.After(r), b.Reach-1)
		if !ok {
			return core.Move{}, Verdict{}, false
		}
		plies[i] = d
	}
	pick := LongestReply(plies, p.Key, seed)
	return moves[pick], Verdict{Value: tablebase.Loss, Plies: plies[pick] + 1, Kind: kind}, true
}

// Within is Probe's plies by a bridge of at most n plies (not
// Reach), p's leaf counted first: the measure of how far bridges reach.
func (b Bridge) Within(p core.Position, n int) (int, bool) {
	if b.Proof == nil {
		return 0, false
	}
	return b.within().Proven(p, n)
}

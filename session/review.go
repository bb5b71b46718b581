package session

import (
	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/proof"
)

// Verdict is what a move did to the value of the game for its player.
type Verdict int

const (
	VerdictUnknown Verdict = iota // no table covers the position
	VerdictKept                   // the value stayed (win, draw or loss)
	VerdictSlip                   // a win let slip to a draw
	VerdictBlunder                // a draw or a win turned into a loss (the search's: see review_search.go)
	VerdictGood                   // the search's: nothing lost
	VerdictMistake                // the search's: the score dropped by MistakeMargin
)

// ReviewMove is one move of a game with the proof's (or the search's)
// view of it.
type ReviewMove struct {
	Move   core.Move
	Mover  core.Side
	Before tablebase.Value // for the mover, before the move
	After  tablebase.Value // for the mover, after it
	Plies  int             // plies to the end before the move (win/loss; 0 for proof.ValuesOnly)
	Best   core.Move       // the proof's (or the search's) move where this one lost value
	// Proof is the kind of proof of the verdict (the proof stack's verdict
	// of the position before the move: an exact table's or strategy's,
	// values without plies, a bound proof's or a bridge's, whose plies are
	// then an upper bound); proof.Search where no proof judged the move:
	// the search's verdict (SearchReview), or none yet (VerdictUnknown).
	Proof   proof.Kind
	Verdict Verdict
	// The search's scores for the mover, before and after the move, and
	// what it saw (BySearch).
	ScoreBefore, ScoreAfter int
	Why                     Why
}

// BySearch reports whether the verdict is the search's judgement
// (SearchReview), not a proof's.
func (r ReviewMove) BySearch() bool { return r.Verdict != VerdictUnknown && !r.Proof.Proven() }

// Winner is the side that wins with best play in the position before the
// move, where a proof says so (ok false elsewhere, and for a draw).
func (r ReviewMove) Winner() (core.Side, bool) {
	switch {
	case !r.Proof.Proven():
		return 0, false
	case r.Before == tablebase.Win:
		return r.Mover, true
	case r.Before == tablebase.Loss:
		return r.Mover.Other(), true
	}
	return 0, false
}

// ReviewGame judges every move of g by the game's proof stack (nil:
// none; ai.Proofs): where it proves the positions before and after the
// move (or the move ends the game), the move kept the mover's value
// (VerdictKept), let a win slip to a draw (VerdictSlip, with the proof's
// Best move) or lost it (VerdictBlunder). A move between positions it
// does not both prove stays VerdictUnknown, for the search
// (SearchReview): a winner's move off a proof of its win alone (a
// strategy's, a bound table's) is not judged by it, the position after
// it proven neither way.
func ReviewGame(g *core.Game, st proof.Stack) []ReviewMove {
	pos := g.Start()
	var out []ReviewMove
	// Each position is proven once (a bridge's search takes a fraction of
	// a millisecond): the position after one move is the one before the next.
	before, okBefore := st.Probe(pos)
	for _, m := range g.Moves() {
		r := ReviewMove{Move: m, Mover: pos.ToMove}
		next := pos.After(m)
		var after proof.Verdict
		okAfter := false
		if o := next.Outcome(); o.Over() {
			after, okAfter = outcomeVerdict(next, o), true
		} else {
			after, okAfter = st.Probe(next)
		}
		if okBefore && okAfter {
			r.Before, r.Plies, r.Proof = before.Value, before.Plies, before.Kind
			r.After = after.Value.Other()
			// A move never raises its player's value (the proof's value is
			// the best over the moves).
			switch {
			case r.After == r.Before || r.After.Rank() > r.Before.Rank():
				r.Verdict = VerdictKept
			case r.After == tablebase.Draw:
				r.Verdict = VerdictSlip
			default:
				r.Verdict = VerdictBlunder
			}
			if r.Verdict == VerdictSlip || r.Verdict == VerdictBlunder {
				if best, _, ok := st.Step(pos, 0); ok {
					r.Best = best
				}
			}
		}
		out = append(out, r)
		pos, before, okBefore = next, after, okAfter && !next.Outcome().Over()
	}
	return out
}

// outcomeVerdict is the value of a finished game for its side to move.
func outcomeVerdict(p core.Position, o core.Outcome) proof.Verdict {
	w, won := o.Winner()
	switch {
	case !won:
		return proof.Verdict{Value: tablebase.Draw, Kind: proof.Exact}
	case w == p.ToMove:
		return proof.Verdict{Value: tablebase.Win, Kind: proof.Exact}
	}
	return proof.Verdict{Value: tablebase.Loss, Kind: proof.Exact}
}

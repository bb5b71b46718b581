package session

import (
	"huntchess/ai"
	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
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

// ReviewMove is one move of a game with the table's view of it.
type ReviewMove struct {
	Move   core.Move
	Mover  core.Side
	Before tablebase.Value // for the mover, before the move
	After  tablebase.Value // for the mover, after it
	Plies  int             // plies to the end before the move (win/loss)
	// NoPlies: a win or loss before the move whose plies the table does
	// not hold (a table of values: tablebase.PliesUnknown; Plies is 0).
	NoPlies bool
	Best    core.Move // the table's (or the search's) move where this one lost value
	Verdict Verdict
	// Search: the verdict is the search's judgement (SearchReview), not the
	// table's; the scores are the search's for the mover, before and after
	// the move, and Why says what it saw.
	Search                  bool
	ScoreBefore, ScoreAfter int
	Why                     Why
	// Proven: the verdict is the proven strategy's from the start (no
	// table covers the position, the move is on the strategy's win or the
	// loser's reply to it, or on a bridge back onto it after a pass:
	// ai.ProvenWin); Bound: its plies are an upper bound (a win without a
	// prey piece given up, strategy.Strategy, or a bridge's).
	Proven, Bound bool
}

// Winner is the side that wins with best play in the position before the
// move, where the table or the strategy proves it (ok false elsewhere, and
// for a draw).
func (r ReviewMove) Winner() (core.Side, bool) {
	switch {
	case r.Verdict == VerdictUnknown || r.Search:
		return 0, false
	case r.Before == tablebase.Win:
		return r.Mover, true
	case r.Before == tablebase.Loss:
		return r.Mover.Other(), true
	}
	return 0, false
}

// ReviewGameProven is ReviewGame that also judges, by the proven strategy
// from the start s (nil: none), the moves no table covers that are on it:
// the winner's moves that stay on its win and every reply of the loser
// keep the value (Proven). A winner's move that leaves the strategy is not
// judged by it: the position after it is not proven either way.
func ReviewGameProven(g *core.Game, t *tablebase.Table, s *strategy.Strategy) []ReviewMove {
	return ReviewGameBound(g, t, s, nil)
}

// ReviewGameBound is ReviewGameProven that also judges, by the bound table
// b (nil: none; Tables.Bound), the moves neither the table nor the strategy
// covers that are on the prey's proven win: the prey's moves that keep it
// (to a predator's proven loss) and every reply of the predator from a
// proven loss keep the value (Proven, Bound). A prey's move off the win is
// not judged by it.
func ReviewGameBound(g *core.Game, t *tablebase.Table, s *strategy.Strategy, b *tablebase.Table) []ReviewMove {
	pos := g.Start()
	var out []ReviewMove
	var proofs [2]*proof // the strategy's proofs of pos and next, where worked out
	for _, m := range g.Moves() {
		proofs = [2]*proof{proofs[1], nil}
		r := ReviewMove{Move: m, Mover: pos.ToMove}
		next := pos.After(m)
		if t != nil {
			bv, bd, ok1 := t.Probe(pos)
			av, _, ok2 := t.Probe(next)
			if ok1 && ok2 {
				r.Before, r.Plies = bv, bd
				if bd == tablebase.PliesUnknown {
					r.Plies, r.NoPlies = 0, true
				}
				r.After = av.Other()
				// A move never raises its player's value (the table's value is
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
					if best, _, _, ok := t.Best(pos); ok {
						r.Best = best
					}
				}
			}
		}
		if r.Verdict == VerdictUnknown && s != nil {
			proveMove(&r, s, t, b, pos, next, &proofs)
		}
		if r.Verdict == VerdictUnknown && b != nil {
			proveBound(&r, b, pos, next)
		}
		out = append(out, r)
		pos = next
	}
	return out
}

// proveMove judges r, the move from pos to next, by the strategy s where
// it proves the winner's win in both (or next ends the game in it): on
// the strategy, or, after a pass took the game off it, through a bridge
// back onto its proof (ai.ProvenWin, with the table t and the bound table
// b; the plies then at most: Bound).
//
// proofs holds pos's and next's proofs where worked out (a bridge's search
// takes a fraction of a millisecond: each position's is worked out once).
func proveMove(r *ReviewMove, s *strategy.Strategy, t, b *tablebase.Table, pos, next core.Position, proofs *[2]*proof) {
	for i, p := range [2]core.Position{pos, next} {
		if proofs[i] == nil {
			var pr proof
			pr.v, pr.plies, pr.atMost, pr.ok = ai.ProvenWin(s, t, b, p)
			proofs[i] = &pr
		}
	}
	if !proofs[0].ok {
		return
	}
	if o := next.Outcome(); o.Over() {
		if w, won := o.Winner(); !won || w != s.WinnerSide() {
			return
		}
	} else if !proofs[1].ok {
		return
	}
	r.Before, r.After, r.Plies = proofs[0].v, proofs[0].v, proofs[0].plies
	r.Verdict, r.Proven, r.Bound = VerdictKept, true, proofs[0].atMost
}

// proof is what ai.ProvenWin says of a position.
type proof struct {
	v          tablebase.Value
	plies      int
	atMost, ok bool
}

// proveBound judges r, the move from pos to next, by the bound table b
// where it proves the prey's win in both (or next ends the game in it).
func proveBound(r *ReviewMove, b *tablebase.Table, pos, next core.Position) {
	bv, bd, ok := boundProof(b, pos)
	if !ok {
		return
	}
	if _, _, ok := boundProof(b, next); !ok {
		return
	}
	r.Before, r.After, r.Plies = bv, bv, bd
	r.Verdict, r.Proven, r.Bound = VerdictKept, true, true
}

// boundProof is what the bound table proves of p: the prey's win (prey to
// move) or the predator's loss (predator to move), and the plies to it; a
// position the prey has won is a proof of 0 plies.
func boundProof(b *tablebase.Table, p core.Position) (tablebase.Value, int, bool) {
	if o := p.Outcome(); o.Over() {
		if w, won := o.Winner(); won && w == core.Prey {
			return map[bool]tablebase.Value{true: tablebase.Win, false: tablebase.Loss}[p.ToMove == core.Prey], 0, true
		}
		return tablebase.Unknown, 0, false
	}
	v, d, ok := b.ProbeBound(p)
	if ok && (p.ToMove == core.Prey && v == tablebase.Win || p.ToMove == core.Predator && v == tablebase.Loss) {
		return v, d, true
	}
	return tablebase.Unknown, 0, false
}

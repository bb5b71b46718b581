// Package setrule is the runtime rule of a set strategy (format 2,
// docs/formats/strategy.md): at a winner's node, the move that wins at
// once, else the move to the child in the set with the fewest stored plies
// (ties to the lower canonical key). ai/tablebase/strategy plays it over a
// file's blocks; ai/tablebase/strategybuild replays it over the
// generator's nodes to choose what the file keeps, and over a file to check
// it. Both must play the same rule, so it is here once.
package setrule

import (
	"slices"

	"huntchess/ai/tablebase"
	"huntchess/core"
)

// Rule is the runtime rule of a set strategy of R's game whose winner is
// Winner; Member says whether a canonical key is a loser's node of the set
// and its stored plies.
type Rule struct {
	R      *tablebase.Rules
	Winner core.Side
	Member func(key uint64) (plies int, in bool, err error)
}

// Pick returns the rule's move at the winner's node p (moves its legal
// moves in core's order) as its index in moves (-1 where no child is in
// the set) and p's plies to the end by it.
func (s Rule) Pick(p core.Position, moves []core.Move) (int, int, error) {
	if i := WinsAtOnce(p, moves, s.Winner); i >= 0 {
		return i, 1, nil
	}
	keys, distinct := ChildKeys(s.R, p, moves)
	best, bestPlies := tablebase.NoKey, 0
	for _, k := range distinct {
		pl, in, err := s.Member(k)
		if err != nil {
			return -1, 0, err
		}
		if in && (best == tablebase.NoKey || pl < bestPlies) {
			best, bestPlies = k, pl
		}
	}
	if best == tablebase.NoKey {
		return -1, 0, nil
	}
	return slices.Index(keys, best), bestPlies + 1, nil
}

// WinsAtOnce is the index of the first of moves (p's, in core's order)
// that ends the game in winner's win, or -1.
func WinsAtOnce(p core.Position, moves []core.Move, winner core.Side) int {
	for i, m := range moves {
		if c := p.After(m); c.Outcome().Over() {
			o := c.Outcome()
			if w, won := o.Winner(); won && w == winner {
				return i
			}
		}
	}
	return -1
}

// ChildKeys returns, for p's moves, the canonical key of the position each
// leads to (NoKey for a finished game or one without a key), and the
// distinct keys in increasing order.
func ChildKeys(r *tablebase.Rules, p core.Position, moves []core.Move) (keys, distinct []uint64) {
	keys = make([]uint64, len(moves))
	for i, m := range moves {
		c := p.After(m)
		keys[i] = tablebase.NoKey
		if c.Outcome().Over() {
			continue
		}
		if k, ok := r.CanonKey(c); ok {
			keys[i] = k
			distinct = append(distinct, k)
		}
	}
	slices.Sort(distinct)
	return keys, slices.Compact(distinct)
}

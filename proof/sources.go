package proof

import (
	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
)

// Table is the source of an exact endgame table (nil T: none): its value
// of every position it covers, draws included, Exact, or ValuesOnly where
// it holds a win or a loss without plies. Beat the Wolf's whole table,
// when it comes, is one more Table in the game's stack.
type Table struct{ T *tablebase.Table }

// Probe is the table's value of p, where it covers it.
func (s Table) Probe(p core.Position) (Verdict, bool) {
	if s.T == nil {
		return Verdict{}, false
	}
	v, d, ok := s.T.Probe(p)
	if !ok {
		return Verdict{}, false
	}
	return tableVerdict(v, d), true
}

// tableVerdict is the verdict of a table's value and plies.
func tableVerdict(v tablebase.Value, d int) Verdict {
	switch {
	case v == tablebase.Draw:
		return Verdict{Value: v, Kind: Exact}
	case d == tablebase.PliesUnknown:
		return Verdict{Value: v, Kind: ValuesOnly}
	}
	return Verdict{Value: v, Plies: d, Kind: Exact}
}

// Step is the table's best move (tablebase.Table.Best; the seed is not
// used). The engine plays Master's move from the table itself (its draw
// traps, its conversion of a table of values) and a level's slips on top.
func (s Table) Step(p core.Position, _ int64) (core.Move, Verdict, bool) {
	if s.T == nil {
		return core.Move{}, Verdict{}, false
	}
	m, v, d, ok := s.T.Best(p)
	if !ok {
		return core.Move{}, Verdict{}, false
	}
	return m, tableVerdict(v, d), true
}

// Strategy is the source of a proven strategy from the start (nil S:
// none): the winner's win in every position of it, Exact, or Bound for a
// strategy without a prey piece given up (strategy.Strategy.Bound).
type Strategy struct{ S *strategy.Strategy }

func (s Strategy) kind() Kind {
	if s.S.Bound {
		return Bound
	}
	return Exact
}

// Probe is the strategy's win in p, where p is one of its positions.
func (s Strategy) Probe(p core.Position) (Verdict, bool) {
	if s.S == nil {
		return Verdict{}, false
	}
	v, d, ok := s.S.Probe(p)
	if !ok {
		return Verdict{}, false
	}
	return Verdict{Value: v, Plies: d, Kind: s.kind()}, true
}

// Step is the strategy's move: the winner's stored move, or the loser's
// reply with the most plies to the end (LongestReply).
func (s Strategy) Step(p core.Position, seed int64) (core.Move, Verdict, bool) {
	if s.S == nil {
		return core.Move{}, Verdict{}, false
	}
	if p.ToMove == s.S.WinnerSide() {
		m, d, ok := s.S.Move(p)
		if !ok {
			return core.Move{}, Verdict{}, false
		}
		return m, Verdict{Value: tablebase.Win, Plies: d, Kind: s.kind()}, true
	}
	moves, plies, ok := s.S.Replies(p)
	if !ok {
		return core.Move{}, Verdict{}, false
	}
	pick := LongestReply(plies, p.Key, seed)
	return moves[pick], Verdict{Value: tablebase.Loss, Plies: plies[pick] + 1, Kind: s.kind()}, true
}

// BoundTable is the source of a bound table (nil T: none): a table whose
// sections are all bound tiers (tablebase.SolveBoundTier: any capture
// counts as a predator win), such as Beat the Wolf's 17-dog tier in the
// table pack. It proves the prey's wins without a prey piece given up,
// Bound, and nothing else; a finished game the prey has won is a proof of
// 0 plies.
//
// Progress: a prey win in d plies has a move to a predator's loss in d-1
// (that is how the solver found it), and a predator's loss in d has only
// moves to prey wins in at most d-1 plies, the longest of them d-1. So
// the plies fall by one every ply, no position repeats, and the game ends
// in the prey's win in the plies the table says.
type BoundTable struct{ T *tablebase.Table }

// Probe is the prey's proven win (prey to move: Win) or the predator's
// loss (Loss) in p, and its plies.
func (s BoundTable) Probe(p core.Position) (Verdict, bool) {
	if s.T == nil {
		return Verdict{}, false
	}
	if o := p.Outcome(); o.Over() {
		if w, won := o.Winner(); won && w == core.Prey {
			return Verdict{Value: winFor(p, core.Prey), Kind: Bound}, true
		}
		return Verdict{}, false
	}
	v, d, ok := s.T.ProbeBound(p)
	if ok && (p.ToMove == core.Prey && v == tablebase.Win || p.ToMove == core.Predator && v == tablebase.Loss) {
		return Verdict{Value: v, Plies: d, Kind: Bound}, true
	}
	return Verdict{}, false // a draw or a predator's win: "not a prey win"
}

// Step is the prey's move to the child proven won with the fewest plies
// (ties to the first in core's order), or the predator's reply with the
// most plies (LongestReply), every reply being a proven prey win. False
// where the table proves no prey win in p, or a child breaks the proof's
// progress (a table inconsistent with core: let the search play).
func (s BoundTable) Step(p core.Position, seed int64) (core.Move, Verdict, bool) {
	pv, ok := s.Probe(p)
	if !ok || pv.Plies == 0 {
		return core.Move{}, Verdict{}, false
	}
	d := pv.Plies
	var buf [core.MaxMoves]core.Move
	moves := p.GenMoves(buf[:0])
	if p.ToMove == core.Prey {
		pick, pd := -1, 0
		for i, m := range moves {
			cv, ok := s.Probe(p.After(m))
			if ok && cv.Value == tablebase.Loss && cv.Plies < d && (pick < 0 || cv.Plies < pd) {
				pick, pd = i, cv.Plies
			}
		}
		if pick < 0 {
			return core.Move{}, Verdict{}, false
		}
		return moves[pick], Verdict{Value: tablebase.Win, Plies: pd + 1, Kind: Bound}, true
	}
	if len(moves) == 0 {
		return core.Move{}, Verdict{}, false
	}
	plies := make([]int, len(moves))
	for i, m := range moves {
		c := p.After(m)
		cv, ok := s.Probe(c)
		if !ok || cv.Value != tablebase.Win || cv.Plies >= d || c.Captured > p.Captured {
			return core.Move{}, Verdict{}, false // a reply the table does not prove lost
		}
		plies[i] = cv.Plies
	}
	pick := LongestReply(plies, p.Key, seed)
	return moves[pick], Verdict{Value: tablebase.Loss, Plies: plies[pick] + 1, Kind: Bound}, true
}

// LongestReply is the loser's reply with the most plies to the end among
// plies: ties to the first, or, with a seed, to one chosen by it and the
// position's key.
func LongestReply(plies []int, key uint64, seed int64) int {
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

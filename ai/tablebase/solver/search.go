package solver

import (
	"huntchess/ai/tablebase"
	"huntchess/core"
)

// SearchValue finds the value of p by a plain depth-limited minimax over
// core's moves (no tables, no pruning but alpha-beta on distance-scored
// results): the value and plies when the side to move wins or loses within
// depth plies, else Unknown. It uses no repetition rule, as the tables do not.
func SearchValue(p core.Position, depth int) (tablebase.Value, int) {
	s := ab(p, depth, -1<<20, 1<<20)
	const big = 1 << 16
	switch {
	case s > big/2:
		return tablebase.Win, big - s
	case s < -big/2:
		return tablebase.Loss, big + s
	}
	return tablebase.Unknown, 0
}

// ab scores p for the side to move: big - plies for a win, -(big - plies)
// for a loss, 0 for anything not decided within depth.
func ab(p core.Position, depth, alpha, beta int) int {
	const big = 1 << 16
	if o := p.Outcome(); o.Over() {
		switch tablebase.OutcomeValue(o, p.ToMove) {
		case tablebase.Win:
			return big
		case tablebase.Loss:
			return -big
		}
		return 0
	}
	if depth == 0 {
		return 0
	}
	var buf [core.MaxMoves]core.Move
	best := -1 << 20
	for _, m := range p.GenMoves(buf[:0]) {
		s := -ab(p.After(m), depth-1, -beta, -alpha)
		// A result one ply further away is worth one less.
		switch {
		case s > big/2:
			s--
		case s < -big/2:
			s++
		}
		if s > best {
			best = s
		}
		if s > alpha {
			alpha = s
		}
		if alpha >= beta {
			break
		}
	}
	return best
}

// SearchAgrees checks a stored value v in d plies of p against a plain
// search (SearchValue): where v is decided within depth plies the search
// must find the same value and plies; elsewhere (a draw, or a longer win
// or loss) a search of min(depth, 3) plies must leave it undecided. It
// returns the depth searched, what the search found and what it had to
// find (Unknown, 0 where undecided), for the report.
func SearchAgrees(p core.Position, v tablebase.Value, d, depth int) (searched int, got tablebase.Value, gotPlies int, want tablebase.Value, wantPlies int, ok bool) {
	want, wantPlies, searched = v, d, depth
	if v == tablebase.Draw || d > depth {
		want, wantPlies, searched = tablebase.Unknown, 0, min(depth, 3)
	}
	got, gotPlies = SearchValue(p, searched)
	return searched, got, gotPlies, want, wantPlies, got == want && gotPlies == wantPlies
}

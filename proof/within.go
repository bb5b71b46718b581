package proof

import "huntchess/core"

// Within is the bounded "win within n plies" search: an AND-OR search
// from a position for Winner's forced way into a goal (a position already
// proven won for Winner, or the game won on the board), within n plies.
// The winner's moves straight into a goal are preferred (the fewest plies
// to the end), then the shallowest forced line (3 plies, then 5, …); the
// loser's every reply must lead into a goal or into such a line. Its
// plies are the goal's plus the line's, against the longest resistance.
type Within struct {
	Winner core.Side
	// Goal is the winner's proven win in p (either side to move) and its
	// plies to the end; false where p is not a goal. It must count a game
	// won on the board by Winner as a goal.
	Goal func(p core.Position) (plies int, ok bool)
}

// Proven is p's proof within n plies: a goal, or a forced line into one.
func (w Within) Proven(p core.Position, n int) (int, bool) {
	if d, ok := w.Goal(p); ok {
		return d, true
	}
	if p.ToMove == w.Winner {
		_, d, ok := w.Win(p, n)
		return d, ok
	}
	return w.Loss(p, n)
}

// Win is the winner's way from p (the winner to move, not a goal) of at
// most n plies: the move, and the plies to the end by it.
func (w Within) Win(p core.Position, n int) (core.Move, int, bool) {
	if n < 1 {
		return core.Move{}, 0, false
	}
	var buf [core.MaxMoves]core.Move
	moves := p.GenMoves(buf[:0])
	best, bestD := -1, 0
	for i, m := range moves {
		if d, ok := w.Goal(p.After(m)); ok && (best < 0 || d < bestD) {
			best, bestD = i, d
		}
	}
	for k := 3; best < 0 && k <= n; k += 2 {
		for i, m := range moves {
			if d, ok := w.Loss(p.After(m), k-1); ok && (best < 0 || d < bestD) {
				best, bestD = i, d
			}
		}
	}
	if best < 0 {
		return core.Move{}, 0, false
	}
	return moves[best], bestD + 1, true
}

// Loss is the loser's forced loss in p (the loser to move, not a goal)
// within n plies: every reply leads to a goal or to a winner's way of at
// most n-1 plies. It returns the plies to the end against the longest
// resistance.
func (w Within) Loss(p core.Position, n int) (int, bool) {
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
		d, ok := w.Goal(c)
		if !ok {
			_, d, ok = w.Win(c, n-1)
		}
		if !ok {
			return 0, false
		}
		worst = max(worst, d)
	}
	return worst + 1, true
}

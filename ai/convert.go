package ai

import (
	"context"
	"slices"
	"time"

	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/proof"
)

// Play from a table whose wins and losses have no plies (a values-only
// device table, tablebase.PliesUnknown: Wolf Carries the Pig's shipped
// table). The value of every position is exact, so keeping it is a lookup;
// what the plies did besides is make the winner progress, so that the win
// ends instead of going round in circles till the third repetition draws
// it. Here a short AND-OR search on the table's values does that instead:
// the winner's move is the first of the shortest forced line, every move
// keeping the win, to progress, which is
//
//   - the end of the game (the winner's win),
//   - a capture or a placement, by either side (a step never taken back:
//     the predator wins once enough captures are made, and a side that
//     captures or places while losing only shortens the game), or
//   - a position whose plies the table holds (a tier stored with codes:
//     from there the plies lead to the end).
//
// Playing its first move and searching again after the reply, the forced
// distance to progress falls by two every move, so progress comes within
// the distance first found: the win cannot go round in circles. Where the
// end lies beyond the search's reach, the table may hold the move (its
// long wins, Table.LongWin: Wolf Carries the Pig's wins with six pigs
// captured in 17 plies or more): the winner plays it, to a position one
// ply nearer the end, till the end is within reach. Their plies are not
// progress for the search (only the long wins' own moves are played by
// them), so a search's line never leads back to one. The search
// gives up after convertBudget probes (a distance too long to find); the
// winner then plays the winning move a short search without the table
// likes best (fallbackMove: captures it sees coming, repetitions a draw).
// The loser resists the same way: it plays the move after which the
// winner's forced distance to progress is longest.

const (
	// convertMaxPlies is the longest forced line to progress the search
	// looks for.
	convertMaxPlies = 15
	// convertBudget is the most table probes (and positions visited) one
	// move's search may make.
	convertBudget = 400_000
)

// converter is one move's search for progress in a table of values: the
// bounded search proof.Within, its goals progress, its dead ends the
// winner's moves that give the table's win up (the first line found will
// do; a transposition proven or refuted once is not searched again: its
// memo).
type converter struct {
	t      *tablebase.Table
	winner core.Side
	// budget counts the table's probes and the positions visited; its
	// Limit is the most one move's search may make.
	budget proof.Budget
	// endOnly counts only the end of the game as progress (endDistance).
	endOnly bool
	w       proof.Within
	judged  int
}

func newConverter(t *tablebase.Table, winner core.Side, budget int) *converter {
	c := &converter{t: t, winner: winner, budget: proof.Budget{Limit: int64(budget)}}
	c.w = proof.Within{Winner: winner, Judge: c.judge, First: true, Memo: proof.NewMemo(0), Budget: &c.budget}
	return c
}

// newEndConverter is newConverter counting only the end of the game as
// progress (endOnly).
func newEndConverter(t *tablebase.Table, winner core.Side, budget int) *converter {
	c := newConverter(t, winner, budget)
	c.endOnly = true
	return c
}

// out reports whether the budget is spent.
func (c *converter) out() bool { return c.budget.Out() }

// probes is the table's probes and the positions visited so far.
func (c *converter) probes() int { return int(c.budget.Used) }

// progress reports whether the move from p to child (child a loss for its
// side to move, by the table) is progress for the winner.
func (c *converter) progress(p, child core.Position, plies int) bool {
	if o := child.Outcome(); o.Over() {
		return true
	}
	if c.endOnly {
		return false
	}
	if tierChanged(p, child) {
		return true
	}
	return plies != tablebase.PliesUnknown
}

// judge is the search's Judge: the game won on the board is a goal (over
// otherwise, dead); the winner's move is probed in the table (a move that
// gives the win up is dead) and is a goal where it is progress; the
// loser's capture is a goal (progress too, which it may choose; not with
// endOnly) where the table holds the position after it, and dead where it
// does not (the loser would leave the table's proof by it).
func (c *converter) judge(from, to core.Position) (proof.Mark, int) {
	if o := to.Outcome(); o.Over() {
		if w, won := o.Winner(); won && w == c.winner {
			return proof.Goal, 0
		}
		return proof.Dead, 0
	}
	if from.ToMove != c.winner {
		if tierChanged(from, to) {
			// The loser's capture is progress where the table goes on after
			// it; into a tier the table does not hold (Beat the Wolf's
			// shipped table: the 17-dog tier's values, not the 16-dog tier's)
			// it leaves what proves the win, and the loser may choose it.
			c.budget.Spend(1)
			if _, _, ok := c.t.Probe(to); !ok {
				return proof.Dead, 0
			}
			if !c.endOnly {
				return proof.Goal, 0
			}
		}
		return proof.Open, 0
	}
	if c.judged++; c.judged%8 == 0 {
		yieldToBrowser() // in the browser, a long search lets the page draw
	}
	c.budget.Spend(1)
	v, d, ok := c.t.Probe(to)
	switch {
	case !ok || v != tablebase.Loss:
		return proof.Dead, 0
	case !c.endOnly && (tierChanged(from, to) || d != tablebase.PliesUnknown):
		return proof.Goal, 0 // progress (as progress, the game not over)
	}
	return proof.Open, 0
}

// tierChanged reports whether a move from p to child captured or placed a
// piece: a step the game never takes back, so that a win made of such steps
// and of forced lines between them ends.
func tierChanged(p, child core.Position) bool {
	return child.Captured != p.Captured || child.InHand != p.InHand
}

// win reports whether the winner, to move in p (a win by the table), can
// force progress within k plies (k odd: the winner's move makes it).
func (c *converter) win(p core.Position, k int) bool {
	_, _, ok := c.w.Win(p, k)
	return ok
}

// hold reports whether every reply of the loser, to move in q (a loss by
// the table), leaves the winner progress within k-1 plies.
func (c *converter) hold(q core.Position, k int) bool {
	_, ok := c.w.Loss(q, k)
	return ok
}

// distance is the shortest forced distance to progress from p, the winner
// to move (odd, at most convertMaxPlies), or convertMaxPlies+2 where none
// was found.
func (c *converter) distance(p core.Position) int { return c.upTo(p, convertMaxPlies) }

// upTo is distance with lines of at most most plies (most+2: none found).
func (c *converter) upTo(p core.Position, most int) int {
	for k := 1; k <= most; k += 2 {
		if c.win(p, k) {
			return k
		}
		if c.out() {
			break
		}
	}
	return most + 2
}

const (
	// convertEndPlies is the longest forced end of the game the converter
	// looks for before progress: the winner ends the game where it can
	// within it (not a capture or a placement first), and the loser keeps
	// the winner's end beyond it where it can.
	convertEndPlies = 3
	// convertEndBudget is the most probes of one such search.
	convertEndBudget = 20_000
)

// endDistance is the winner's shortest forced end of the game from p (the
// winner to move) found within budget probes: odd, at most
// convertEndPlies, or convertEndPlies+2; and the probes it took.
func endDistance(t *tablebase.Table, winner core.Side, p core.Position, budget int, deadline time.Time) (int, int) {
	c := newEndConverter(t, winner, budget)
	c.budget.Deadline = deadline
	k := c.upTo(p, convertEndPlies)
	return k, c.probes()
}

// cand is a move of valuesMove's side that keeps its value: the move, the
// position after it and the table's plies there.
type cand struct {
	m     core.Move
	child core.Position
	plies int
}

// firstLine is the first of cands (p's moves, the winner to move in p)
// that starts the shortest forced line to progress c finds within most
// plies, and that line's plies (most+2, and the first, where none is
// found).
func firstLine(c *converter, p core.Position, cands []cand, most int) (int, int) {
	for k := 1; k <= most && !c.out(); k += 2 {
		for i, cd := range cands {
			if c.progress(p, cd.child, cd.plies) || k >= 3 && c.hold(cd.child, k-1) {
				return i, k
			}
		}
	}
	return 0, most + 2
}

// valuesMove is Master's move from p where the table holds its value v but
// not its plies: from a win the first move of the shortest forced line to
// progress; from a loss the move after which the winner's forced line to
// progress is longest. history is the game's positions (Limits.History):
// where no forced line is found, the winner plays fallbackMove. ok is
// false where the table does not cover p's children. At deadline (the
// move's time cap; zero: none) the searches stop as when their budget is
// spent: every move it may play keeps the value, the loser's resistance
// and the winner's progress are then the best found so far.
func valuesMove(t *tablebase.Table, p core.Position, v tablebase.Value, history []uint64, deadline time.Time) (Result, bool) {
	seen := seenCounts(history)
	var buf [core.MaxMoves]core.Move
	moves := p.GenMoves(buf[:0])
	var cands []cand
	for _, m := range moves {
		child := p.After(m)
		cv, cd, ok := t.Probe(child)
		if !ok {
			return Result{}, false
		}
		if (v == tablebase.Win && cv == tablebase.Loss) || (v == tablebase.Loss && cv == tablebase.Win) {
			cands = append(cands, cand{m, child, cd})
		}
	}
	if len(cands) == 0 {
		return Result{}, false // a table inconsistent with core: let the search play
	}
	// The least seen first, so ties go to a fresh position.
	slices.SortStableFunc(cands, func(a, b cand) int { return seen[a.child.Key] - seen[b.child.Key] })
	winner := p.ToMove
	if v == tablebase.Loss {
		winner = p.ToMove.Other()
	}
	if v == tablebase.Win {
		// A long win (beyond the search's reach) holds its move.
		if m, ok, _ := t.LongWin(p); ok {
			for _, cd := range cands {
				if cd.m == m {
					res := Result{Move: m, Proof: proof.ValuesOnly}
					res.Score, _ = tableScore(v, tablebase.PliesUnknown, 0)
					res.PV = []core.Move{m}
					return res, true
				}
			}
		}
	}
	if v == tablebase.Win {
		cands = insideTable(t, cands)
	}
	c := newConverter(t, winner, convertBudget)
	c.budget.Deadline = deadline
	var best, bestK int
	if v == tablebase.Win {
		// The end first, where it is a few plies away; else progress.
		ec := newEndConverter(t, winner, convertEndBudget)
		ec.budget.Deadline = deadline
		best, bestK = firstLine(ec, p, cands, convertEndPlies)
		c.budget.Used += ec.budget.Used
		if bestK > convertEndPlies {
			best, bestK = firstLine(c, p, cands, convertMaxPlies)
		}
		if bestK > convertMaxPlies {
			short := shortOfLongWins(t, p, cands)
			children := make([]core.Position, len(short))
			for i, cd := range short {
				children[i] = cd.child
			}
			m := short[fallbackMove(p, children, history, deadline)].m
			best = slices.IndexFunc(cands, func(cd cand) bool { return cd.m == m })
		}
	} else {
		// The move that keeps the winner's end furthest (beyond a few plies
		// where it can), then its progress furthest. Each move's share of
		// the budgets, so the last are weighed too.
		bestK = -1
		bestEnd := -1
		for i, cd := range cands {
			e, n := -1, 0 // a move that ends the game: the winner's end at once
			if !cd.child.Outcome().Over() {
				e, n = endDistance(t, winner, cd.child, convertEndBudget/len(cands), deadline)
			}
			c.budget.Used += int64(n)
			if e < bestEnd {
				continue
			}
			c.budget.Limit = c.budget.Used + convertBudget/int64(len(cands))
			if k := c.distance(cd.child); e > bestEnd || k > bestK {
				best, bestK, bestEnd = i, k, e
			}
		}
	}
	m := cands[best].m
	res := Result{Move: m, Nodes: c.budget.Used, Proof: proof.ValuesOnly, Depth: bestK}
	res.Score, _ = tableScore(v, tablebase.PliesUnknown, 0)
	res.PV = []core.Move{m}
	return res, true
}

// insideTable is cands (the winner's moves that keep its win) without those
// after which the loser has a capture into a position the table does not
// hold, where any are left: the loser would leave the table's proof by it
// (Beat the Wolf's shipped table holds the 17-dog tier's values and not the
// 16-dog tier, where the search, not the table, would have to win it).
func insideTable(t *tablebase.Table, cands []cand) []cand {
	return withoutReplies(cands, func(child, q core.Position) bool {
		if !tierChanged(child, q) || q.Outcome().Over() {
			return false
		}
		_, _, ok := t.Probe(q)
		return !ok
	})
}

// shortOfLongWins is cands (the winner's moves from p, a win that is no
// long win) without those after which the loser has a reply into a long
// win (Table.LongWin), where p's tier holds long wins and any moves are
// left. Such a move's child is lost in more plies than the long wins'
// least, and the best move's is lost in fewer (p, in their tier but not
// among them, is won in fewer), so the best move is among those kept: the
// fallback does not step back into a long win, from which the win would
// come back here (a search that missed its line at the edge of its reach,
// then the long win's moves, round and round).
func shortOfLongWins(t *tablebase.Table, p core.Position, cands []cand) []cand {
	if !t.LongWinsIn(p) {
		return cands
	}
	return withoutReplies(cands, func(_, q core.Position) bool {
		_, ok, _ := t.LongWin(q)
		return ok
	})
}

// withoutReplies is cands without those after which the loser (to move in
// the child) has a reply to a position q that bad reports, where any are
// left; else cands.
func withoutReplies(cands []cand, bad func(child, q core.Position) bool) []cand {
	var kept []cand
	var buf [core.MaxMoves]core.Move
	for _, cd := range cands {
		into := false
		for _, m := range cd.child.GenMoves(buf[:0]) {
			if bad(cd.child, cd.child.After(m)) {
				into = true
				break
			}
		}
		if !into {
			kept = append(kept, cd)
		}
	}
	if len(kept) == 0 {
		return cands
	}
	return kept
}

// fallbackDepth is the depth of fallbackMove's searches.
const fallbackDepth = 5

// fallbackMove picks, among the children of p that keep the winner's win
// (the winner to move in p), the one a short search without the table
// scores best for the winner: it sees the captures a few plies ahead and
// the pieces' safety, and scores a position repeated in the game (history)
// as a draw, so the winner, short of a forced line to progress, still
// heads for captures; a child the game has seen is played only where every
// child has been seen. Ties go to the first child. At deadline (the move's
// time cap; zero: none) the searches stop: the best child of those searched
// whole (the first, where none was).
func fallbackMove(p core.Position, children []core.Position, history []uint64, deadline time.Time) int {
	best, bestScore := -1, 0
	hist := append(append([]uint64(nil), history...), p.Key)
	seen := seenCounts(hist)
	fresh := false // a child the game has not seen: the others are passed over
	for _, child := range children {
		fresh = fresh || seen[child.Key] == 0
	}
	ctx := context.Background()
	if !deadline.IsZero() {
		var cancel context.CancelFunc
		ctx, cancel = context.WithDeadline(ctx, deadline)
		defer cancel()
	}
	for i, child := range children {
		if fresh && seen[child.Key] > 0 {
			continue
		}
		if best >= 0 && ctx.Err() != nil {
			break
		}
		yieldToBrowser()
		sc := scoreWin
		if !child.Outcome().Over() {
			// The search plays for the loser, to move in child: a draw, which a
			// repetition gives, is worth much to it (a negative contempt).
			lim := Limits{Depth: fallbackDepth, Threads: 1, History: hist, Contempt: -300}
			sc = -Search(ctx, child, lim).Score
			if best >= 0 && ctx.Err() != nil {
				break // cut short: its score is no measure
			}
		}
		if best < 0 || sc > bestScore {
			best, bestScore = i, sc
		}
	}
	return best
}

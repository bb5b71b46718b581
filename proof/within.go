package proof

import (
	"time"

	"huntchess/core"
)

// Mark is what a Within search's Judge knows of a position without
// searching it.
type Mark uint8

const (
	// Open: nothing is known; the search goes on from it, within the plies
	// left.
	Open Mark = iota
	// Goal: the winner's proven win (either side to move), with its plies
	// to the end: the game won on the board (0 plies), a position a proof
	// covers, progress a conversion counts as won.
	Goal
	// Dead: no win of the winner is wanted through it, and it is not
	// searched: the game over without the winner's win, or a move a table
	// says gives the win up.
	Dead
)

// Within is the one bounded "win within n plies" search: an AND-OR search
// from a position for Winner's forced way into a goal within n plies. The
// bridge (goals: the positions its proof covers), the conversion of a
// table of values in ai (goals: progress; dead: the moves that give the
// table's win up) and the puzzles' exhaustive proofs (goals: the game won
// on the board) are all this search with their own Judge and options.
//
// The winner's moves straight into a goal come first, then the shallowest
// forced line (3 plies, then 5, …; with EveryPly 2, then 3, …); the
// loser's every reply must lead into a goal or into such a line. Its plies
// are the goal's plus the line's, against the longest resistance.
//
// Within itself holds nothing: without a Memo or a Budget it is safe to
// use from several goroutines (as a Source's search must be); with one,
// it serves one goroutine.
type Within struct {
	Winner core.Side
	// Judge is what is known of to, the position after a move from from
	// (the root itself, Proven's p, is judged with from == to). It must
	// mark the game won on the board by Winner a Goal, and a finished game
	// otherwise Dead or Open (a finished game has no moves: never won).
	Judge func(from, to core.Position) (Mark, int)
	// EveryPly deepens the winner's lines one ply at a time (1, 2, 3, …),
	// so that a line the loser's own move ends (a lion stepping onto a
	// trap) is found at its own length: with goals of 0 plies, Win(p, n)
	// is then exactly "a forced win within n plies" (the puzzles). Without
	// it the depths are odd (1, 3, 5, …: the bridge, the conversion), such
	// a line found one ply later, its plies right.
	EveryPly bool
	// First answers yes or no sooner: the first of the winner's moves
	// (core's order) straight into a goal, else the first with a line of
	// at most n plies, no shallower depth tried first (a caller wanting
	// the shortest asks n = 1, 2, 3, … itself, the memo keeping what each
	// found); its plies are that line's, not the fewest.
	First bool
	// CapturesFirst tries the winner's captures before its other moves
	// beyond the first ply (most short wins are won by taking: the
	// puzzles'). With First it can change the move found, not the answer.
	CapturesFirst bool
	// EachInTurn, with First, judges each of the winner's moves and
	// searches it deeper in turn, the first that wins taken (the puzzles':
	// judging a position on the board costs as much as searching it);
	// without it every move is judged before any is searched deeper (a
	// goal among the later moves is found before an earlier move's line:
	// the conversion's cheap probes).
	EachInTurn bool
	// Memo, where set, keeps what the search proved and refuted between
	// calls. A memo serves one Judge (for any Winner) with the same
	// options, and one goroutine.
	Memo *Memo
	// Budget, where set, bounds the positions the search visits; once it
	// is spent every answer is false (Budget.Out tells a refutation from
	// a spent budget), and nothing more is kept in the memo.
	Budget *Budget
}

// Budget is the positions a search may visit: each of Within's visits,
// and whatever its Judge spends (a table's probes), count in Used.
type Budget struct {
	// Limit is the most positions (0: no bound).
	Limit int64
	Used  int64
	// Deadline, where set, spends the budget at that time whatever the
	// positions (a move's time cap).
	Deadline time.Time
}

// Spend counts n more positions visited and reports whether the budget
// still holds.
func (b *Budget) Spend(n int64) bool {
	if b == nil {
		return true
	}
	b.Used += n
	return !b.Out()
}

// Out reports whether the budget is spent.
func (b *Budget) Out() bool {
	return b != nil && (b.Limit > 0 && b.Used > b.Limit || !b.Deadline.IsZero() && time.Now().After(b.Deadline))
}

// Memo is what a Within search proved and refuted, per position: the
// depths at which the side to move's win and its loss were found and
// not found, with their plies (and the winning move).
type Memo struct {
	// Max is the most positions kept (0: no bound); past it the memo
	// starts again empty.
	Max int
	m   map[memoKey]memoEntry
}

type memoKey struct {
	pred, prey                   uint64
	game, side, captured, inHand uint8
}

func keyOf(p core.Position) memoKey {
	return memoKey{p.Pred, p.Prey, uint8(p.Game), uint8(p.ToMove), p.Captured, p.InHand}
}

// memoEntry: the side to move wins by a line found at depth winYes (-1:
// none found) with winD plies by winMove, and not within winNo plies (-1:
// nothing refuted); it loses within lossYes plies (in lossD against the
// longest resistance), not within lossNo.
type memoEntry struct {
	winYes, winNo, lossYes, lossNo int16
	winD, lossD                    int32
	winMove                        core.Move
}

var emptyEntry = memoEntry{winYes: -1, winNo: -1, lossYes: -1, lossNo: -1}

// NewMemo is an empty memo of at most max positions (0: no bound).
func NewMemo(max int) *Memo { return &Memo{Max: max} }

// Len is the number of positions kept.
func (m *Memo) Len() int { return len(m.m) }

func (m *Memo) get(p core.Position) memoEntry {
	if m == nil {
		return emptyEntry
	}
	if e, ok := m.m[keyOf(p)]; ok {
		return e
	}
	return emptyEntry
}

func (m *Memo) put(p core.Position, e memoEntry) {
	if m.m == nil || m.Max > 0 && len(m.m) >= m.Max {
		m.m = map[memoKey]memoEntry{}
	}
	m.m[keyOf(p)] = e
}

// OnBoard is the Judge of the game itself: the game won on the board by
// winner is a goal of 0 plies, a game over otherwise is dead, every other
// position open (the puzzles' proofs, which hold for any table).
func OnBoard(winner core.Side) func(from, to core.Position) (Mark, int) {
	return func(_, to core.Position) (Mark, int) {
		return onBoard(winner, to)
	}
}

func onBoard(winner core.Side, p core.Position) (Mark, int) {
	if o := p.Outcome(); o.Over() {
		if w, won := o.Winner(); won && w == winner {
			return Goal, 0
		}
		return Dead, 0
	}
	return Open, 0
}

// Proven is p's proof within n plies: a goal, or a forced line into one.
func (w Within) Proven(p core.Position, n int) (int, bool) {
	switch mk, d := w.Judge(p, p); mk {
	case Goal:
		return d, true
	case Dead:
		return 0, false
	}
	if p.ToMove == w.Winner {
		_, d, _, ok := w.win(p, n)
		return d, ok
	}
	d, _, ok := w.loss(p, n)
	return d, ok
}

// Win is the winner's way from p (the winner to move, not a goal) of at
// most n plies: the move, and the plies to the end by it.
func (w Within) Win(p core.Position, n int) (core.Move, int, bool) {
	m, d, _, ok := w.win(p, n)
	return m, d, ok
}

// Loss is the loser's forced loss in p (the loser to move, not a goal)
// within n plies: every reply leads to a goal or to a winner's way of at
// most n-1 plies. It returns the plies to the end against the longest
// resistance.
func (w Within) Loss(p core.Position, n int) (int, bool) {
	d, _, ok := w.loss(p, n)
	return d, ok
}

// step is the depths' step (1 with EveryPly, else 2).
func (w Within) step() int {
	if w.EveryPly {
		return 1
	}
	return 2
}

// win is Win with the depth at which the line was found (with First: n,
// or 1 for a move straight into a goal).
func (w Within) win(p core.Position, n int) (core.Move, int, int, bool) {
	if n < 1 || !w.Budget.Spend(1) {
		return core.Move{}, 0, 0, false
	}
	e := w.Memo.get(p)
	if e.winYes >= 0 && n >= int(e.winYes) {
		return e.winMove, int(e.winD), int(e.winYes), true
	}
	if e.winNo >= 0 && n <= int(e.winNo) {
		return core.Move{}, 0, 0, false
	}
	var buf [core.MaxMoves]core.Move
	moves := p.GenMoves(buf[:0])
	var order [core.MaxMoves]uint8
	nOrder := w.order(moves, &order)
	best, bestD, depth := -1, 0, 1
	if w.First && w.EachInTurn {
		deeper := n >= 1+w.step()
		for _, i := range order[:nOrder] {
			c := p.After(moves[i])
			mk, d := w.Judge(p, c)
			if mk == Goal {
				best, bestD = int(i), d
				break
			}
			if mk == Open && deeper {
				if d, _, ok := w.loss(c, n-1); ok {
					best, bestD, depth = int(i), d, n
					break
				}
				if w.Budget.Out() {
					break
				}
			}
		}
	} else {
		// Every move judged first: the moves straight into a goal (the
		// fewest plies, or with First the first), then the open ones
		// searched deeper.
		nOpen := 0
		for _, i := range order[:nOrder] {
			switch mk, d := w.Judge(p, p.After(moves[i])); mk {
			case Goal:
				if best < 0 || d < bestD && !w.First {
					best, bestD = int(i), d
				}
			case Open:
				order[nOpen] = i
				nOpen++
			}
			if best >= 0 && w.First {
				break
			}
		}
		// The depths: with First only n itself (any line within it will
		// do), else the shallowest from the first the memo has not refuted.
		k := 1 + w.step()
		switch {
		case w.First:
			k = max(k, n)
		case int(e.winNo) >= k:
			k = int(e.winNo) + 1
			if !w.EveryPly && k%2 == 0 {
				k++
			}
		}
		for ; best < 0 && k <= n && !w.Budget.Out(); k += w.step() {
			for _, i := range order[:nOpen] {
				d, _, ok := w.loss(p.After(moves[i]), k-1)
				if ok && (best < 0 || d < bestD) {
					best, bestD, depth = int(i), d, k
					if w.First {
						break
					}
				}
			}
		}
	}
	out := w.Budget.Out()
	if best < 0 || out && !w.First { // out of budget: a line of fewer plies may be missed
		if !out && w.Memo != nil {
			e.winNo = int16(max(int(e.winNo), n))
			w.Memo.put(p, e)
		}
		return core.Move{}, 0, 0, false
	}
	bestD++
	if w.Memo != nil {
		e.winYes, e.winD, e.winMove = int16(depth), int32(bestD), moves[best]
		w.Memo.put(p, e)
	}
	return moves[best], bestD, depth, true
}

// order fills o with the indices of moves in the order the winner tries
// them (captures first with CapturesFirst) and returns their number.
func (w Within) order(moves []core.Move, o *[core.MaxMoves]uint8) int {
	n := 0
	for pass := 0; pass < 2; pass++ {
		for i, m := range moves {
			if !w.CapturesFirst && pass == 1 || w.CapturesFirst && (m.Capt != 0) != (pass == 0) {
				continue
			}
			o[n] = uint8(i)
			n++
		}
	}
	return n
}

// loss is Loss with the depth within which the loss was found.
func (w Within) loss(p core.Position, n int) (int, int, bool) {
	if n < 1 || !w.Budget.Spend(1) {
		return 0, 0, false
	}
	e := w.Memo.get(p)
	if e.lossYes >= 0 && n >= int(e.lossYes) {
		return int(e.lossD), int(e.lossYes), true
	}
	if e.lossNo >= 0 && n <= int(e.lossNo) {
		return 0, 0, false
	}
	var buf [core.MaxMoves]core.Move
	moves := p.GenMoves(buf[:0])
	ok := len(moves) > 0
	worst, depth := 0, 0
	for _, r := range moves {
		c := p.After(r)
		mk, d := w.Judge(p, c)
		dep := 0
		switch mk {
		case Dead:
			ok = false
		case Open:
			_, d, dep, ok = w.win(c, n-1)
		}
		if !ok {
			break
		}
		worst, depth = max(worst, d), max(depth, dep)
	}
	if !ok {
		if !w.Budget.Out() && w.Memo != nil {
			e.lossNo = int16(max(int(e.lossNo), n))
			w.Memo.put(p, e)
		}
		return 0, 0, false
	}
	if w.Memo != nil {
		e.lossYes, e.lossD = int16(depth+1), int32(worst+1)
		w.Memo.put(p, e)
	}
	return worst + 1, depth + 1, true
}

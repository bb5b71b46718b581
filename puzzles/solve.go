package puzzles

import (
	"errors"

	"huntchess/core"
	"huntchess/proof"
)

// Solver decides short forced wins by exhaustive search: every move of the
// side that must prove the win is tried, every reply of the other side is
// answered. It knows nothing but core's rules (no tables, no evaluation), so
// what it proves holds for any table. The search is proof.Within, its goal
// the game won on the board (proof.OnBoard), deepened every ply (a win the
// loser's own move ends counts at its length) and answering yes or no (the
// first winning move will do); it keeps what it has proved between calls
// (a proof.Memo); one Solver serves one goroutine.
//
// Like the tables, it ignores the repetition rule: a win that takes the
// fewest plies never repeats a position.
type Solver struct {
	// Budget bounds the positions visited (0: none); past it the answers
	// are errors (ErrBudget).
	Budget int64
	// Nodes counts the positions visited so far.
	Nodes int64

	memo *proof.Memo
	over bool
}

// ErrBudget is returned once a Solver has visited Budget positions.
var ErrBudget = errors.New("puzzles: search budget spent")

// NewSolver returns a solver with an empty memory and no budget.
func NewSolver() *Solver { return &Solver{memo: proof.NewMemo(0)} }

// search runs f with the search for winner's win, counting its visits
// in Nodes against Budget.
func (s *Solver) search(winner core.Side, f func(w proof.Within) bool) (bool, error) {
	if s.over {
		return false, ErrBudget
	}
	b := proof.Budget{Limit: s.Budget, Used: s.Nodes}
	w := proof.Within{Winner: winner, Judge: proof.OnBoard(winner), EveryPly: true, First: true, CapturesFirst: true, EachInTurn: true, Memo: s.memo, Budget: &b}
	r := f(w)
	s.Nodes = b.Used
	if b.Out() {
		s.over = true
		return false, ErrBudget
	}
	return r, nil
}

// Wins reports whether the side to move in p can force a win within n plies.
func (s *Solver) Wins(p core.Position, n int) (bool, error) {
	return s.search(p.ToMove, func(w proof.Within) bool {
		_, ok := w.Proven(p, n)
		return ok
	})
}

// Loses reports whether the side to move in p loses within n plies whatever
// it does.
func (s *Solver) Loses(p core.Position, n int) (bool, error) {
	return s.search(p.ToMove.Other(), func(w proof.Within) bool {
		_, ok := w.Proven(p, n)
		return ok
	})
}

// WinDistance is the fewest plies within which the side to move in p forces
// a win, up to max; ok is false when it has no win within max plies.
func (s *Solver) WinDistance(p core.Position, max int) (int, bool, error) {
	for n := 0; n <= max; n++ {
		w, err := s.Wins(p, n)
		if err != nil {
			return 0, false, err
		}
		if w {
			return n, true, nil
		}
	}
	return 0, false, nil
}

// LossDistance is the most plies the side to move in p can hold out when it
// loses within max plies whatever it does; ok is false when it does not.
func (s *Solver) LossDistance(p core.Position, max int) (int, bool, error) {
	for n := 0; n <= max; n++ {
		l, err := s.Loses(p, n)
		if err != nil {
			return 0, false, err
		}
		if l {
			return n, true, nil
		}
	}
	return 0, false, nil
}

// Resist returns the move of the side to move in p, which loses within n
// plies, that holds out longest (the first such in core's order), and the
// plies it then still holds out.
func (s *Solver) Resist(p core.Position, n int) (core.Move, int, error) {
	var buf [core.MaxMoves]core.Move
	best, bestD := core.Move{}, -1
	for _, m := range p.GenMoves(buf[:0]) {
		d, ok, err := s.WinDistance(p.After(m), n-1)
		if err != nil {
			return core.Move{}, 0, err
		}
		if !ok {
			return core.Move{}, 0, errors.New("puzzles: the position does not lose within the plies given")
		}
		if d > bestD {
			best, bestD = m, d
		}
	}
	if bestD < 0 {
		return core.Move{}, 0, errors.New("puzzles: no move to play")
	}
	return best, bestD, nil
}

// WinningMoves returns the moves of the side to move in p that win within n
// plies (the move itself included).
func (s *Solver) WinningMoves(p core.Position, n int) ([]core.Move, error) {
	var buf [core.MaxMoves]core.Move
	var out []core.Move
	for _, m := range p.GenMoves(buf[:0]) {
		l, err := s.Loses(p.After(m), n-1)
		if err != nil {
			return nil, err
		}
		if l {
			out = append(out, m)
		}
	}
	return out, nil
}

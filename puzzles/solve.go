package puzzles

import (
	"errors"

	"huntchess/core"
)

// Solver decides short forced wins by exhaustive search: every move of the
// side that must prove the win is tried, every reply of the other side is
// answered. It knows nothing but core's rules (no tables, no evaluation), so
// what it proves holds for any table. It keeps what it has proved between
// calls; one Solver serves one goroutine.
//
// Like the tables, it ignores the repetition rule: a win that takes the
// fewest plies never repeats a position.
type Solver struct {
	// Budget bounds the positions visited (0: none); past it the answers
	// are errors (ErrBudget).
	Budget int64
	// Nodes counts the positions visited so far.
	Nodes int64

	memo map[key]*bounds
	over bool
}

// ErrBudget is returned once a Solver has visited Budget positions.
var ErrBudget = errors.New("puzzles: search budget spent")

type key struct {
	pred, prey       uint64
	side, capt, hand uint8
}

// bounds is what is known of a position: it wins within winYes plies, not
// within winNo, loses within lossYes, not within lossNo (-1: nothing).
type bounds struct {
	winYes, winNo, lossYes, lossNo int8
}

func keyOf(p core.Position) key {
	return key{p.Pred, p.Prey, uint8(p.ToMove), p.Captured, p.InHand}
}

// NewSolver returns a solver with an empty memory and no budget.
func NewSolver() *Solver { return &Solver{memo: map[key]*bounds{}} }

func (s *Solver) entry(p core.Position) *bounds {
	k := keyOf(p)
	b := s.memo[k]
	if b == nil {
		b = &bounds{winYes: -1, winNo: -1, lossYes: -1, lossNo: -1}
		s.memo[k] = b
	}
	return b
}

// value is the result of a finished position for the side to move:
// +1 won, -1 lost, 0 drawn.
func value(o core.Outcome, toMove core.Side) int {
	switch o.Result {
	case core.Draw:
		return 0
	case core.PredatorWins:
		if toMove == core.Predator {
			return 1
		}
		return -1
	}
	if toMove == core.Prey {
		return 1
	}
	return -1
}

// Wins reports whether the side to move in p can force a win within n plies.
func (s *Solver) Wins(p core.Position, n int) (bool, error) {
	r := s.wins(p, n)
	if s.over {
		return false, ErrBudget
	}
	return r, nil
}

// Loses reports whether the side to move in p loses within n plies whatever
// it does.
func (s *Solver) Loses(p core.Position, n int) (bool, error) {
	r := s.loses(p, n)
	if s.over {
		return false, ErrBudget
	}
	return r, nil
}

func (s *Solver) visit() bool {
	s.Nodes++
	if s.Budget > 0 && s.Nodes > s.Budget {
		s.over = true
	}
	return !s.over
}

func (s *Solver) wins(p core.Position, n int) bool {
	if o := p.Outcome(); o.Over() {
		return value(o, p.ToMove) > 0
	}
	if n <= 0 || !s.visit() {
		return false
	}
	b := s.entry(p)
	if b.winYes >= 0 && n >= int(b.winYes) {
		return true
	}
	if b.winNo >= 0 && n <= int(b.winNo) {
		return false
	}
	var buf [core.MaxMoves]core.Move
	moves := p.GenMoves(buf[:0])
	// Captures first: most wins here are won by taking.
	found := false
	for pass := 0; pass < 2 && !found; pass++ {
		for _, m := range moves {
			if (m.Capt != 0) != (pass == 0) {
				continue
			}
			if s.loses(p.After(m), n-1) {
				found = true
				break
			}
			if s.over {
				return false
			}
		}
	}
	if s.over {
		return false
	}
	b = s.entry(p) // the map may have grown; the pointer stays valid, but be plain
	if found {
		if b.winYes < 0 || n < int(b.winYes) {
			b.winYes = int8(n)
		}
	} else if n > int(b.winNo) {
		b.winNo = int8(n)
	}
	return found
}

func (s *Solver) loses(p core.Position, n int) bool {
	if o := p.Outcome(); o.Over() {
		return value(o, p.ToMove) < 0
	}
	if n <= 0 || !s.visit() {
		return false
	}
	b := s.entry(p)
	if b.lossYes >= 0 && n >= int(b.lossYes) {
		return true
	}
	if b.lossNo >= 0 && n <= int(b.lossNo) {
		return false
	}
	var buf [core.MaxMoves]core.Move
	all := true
	for _, m := range p.GenMoves(buf[:0]) {
		if !s.wins(p.After(m), n-1) {
			all = false
			break
		}
	}
	if s.over {
		return false
	}
	if all {
		if b.lossYes < 0 || n < int(b.lossYes) {
			b.lossYes = int8(n)
		}
	} else if n > int(b.lossNo) {
		b.lossNo = int8(n)
	}
	return all
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

package puzzles

import (
	"errors"
	"slices"

	"huntchess/ai/tablebase"
	"huntchess/core"
)

// Run is one attempt at a puzzle, without any widget: the player's moves
// are tried against it (Try), the other side's perfect replies are worked
// out (NextReply, on any goroutine) and played (Apply).
//
// In a Win puzzle the player's first move must be the answer, and each later
// move must still win within the plies left (several may); the other side
// always holds out longest. In a Hold puzzle the answer alone solves it.
type Run struct {
	pz     *Puzzle
	pos    core.Position
	played []core.Move
	left   int         // plies left to the win (Win puzzles)
	accept []core.Move // the player's moves that win in time now (after the first)
	solved bool
	wait   bool // the other side is to reply
}

// ErrWrong is returned by Try for a move that does not solve the puzzle.
var ErrWrong = errors.New("puzzles: not the move")

// NewRun starts an attempt at pz.
func NewRun(pz *Puzzle) *Run { return &Run{pz: pz, pos: pz.Position, left: pz.Plies} }

// Puzzle returns the puzzle.
func (r *Run) Puzzle() *Puzzle { return r.pz }

// Position returns the position on the board now.
func (r *Run) Position() core.Position { return r.pos }

// Played returns the moves played so far, both sides'.
func (r *Run) Played() []core.Move { return slices.Clone(r.played) }

// Solved reports whether the puzzle is solved.
func (r *Run) Solved() bool { return r.solved }

// Waiting reports whether the other side is to reply (NextReply, Apply).
func (r *Run) Waiting() bool { return r.wait }

// Left is the number of plies left to the win.
func (r *Run) Left() int { return r.left }

// Solution is a move the player may play now (the answer at the start), for
// a hint; the zero Move when it is not the player's turn.
func (r *Run) Solution() core.Move {
	switch {
	case r.solved || r.wait:
		return core.Move{}
	case len(r.played) == 0:
		return r.pz.Answer
	case len(r.accept) > 0:
		return r.accept[0]
	}
	return core.Move{}
}

// Try plays the player's move m if it is right; a wrong move (ErrWrong)
// leaves the position as it was.
func (r *Run) Try(m core.Move) error {
	if r.solved || r.wait {
		return errors.New("puzzles: not the player's turn")
	}
	first := len(r.played) == 0
	switch {
	case first && m != r.pz.Answer, !first && !slices.Contains(r.accept, m):
		return ErrWrong
	}
	r.play(m)
	if r.pz.Kind == Hold || r.pos.Outcome().Over() {
		r.solved = true
	} else {
		r.wait = true
	}
	return nil
}

func (r *Run) play(m core.Move) {
	r.pos = r.pos.After(m)
	r.played = append(r.played, m)
	r.left--
}

// Reply is the other side's reply and what the player may play after it.
type Reply struct {
	Move   core.Move
	Accept []core.Move // the player's moves that then win within the plies left
}

// NextReply works out the other side's perfect reply in pos, which loses
// within left plies: the move that holds out longest, from the table t when
// it covers pos (nil: none), else by exhaustive search with s. It touches
// no Run, so it may run on any goroutine.
func NextReply(s *Solver, t *tablebase.Table, pos core.Position, left int) (Reply, error) {
	var rep Reply
	if m, ok := tableResist(t, pos); ok {
		rep.Move = m
	} else {
		m, _, err := s.Resist(pos, left)
		if err != nil {
			return Reply{}, err
		}
		rep.Move = m
	}
	next := pos.After(rep.Move)
	if next.Outcome().Over() {
		return rep, nil
	}
	if acc, ok := tableWinning(t, next, left-1); ok {
		rep.Accept = acc
		return rep, nil
	}
	acc, err := s.WinningMoves(next, left-1)
	rep.Accept = acc
	return rep, err
}

// tableResist is the longest resistance from the table (the first such move
// in core's order); ok is false where it does not cover pos and its children.
func tableResist(t *tablebase.Table, pos core.Position) (core.Move, bool) {
	if t == nil {
		return core.Move{}, false
	}
	v, d, ok := t.Probe(pos)
	if !ok || v != tablebase.Loss {
		return core.Move{}, false
	}
	var buf [core.MaxMoves]core.Move
	for _, m := range pos.GenMoves(buf[:0]) {
		cv, cd, ok := t.Probe(pos.After(m))
		if !ok {
			return core.Move{}, false
		}
		if cv == tablebase.Win && cd == d-1 {
			return m, true
		}
	}
	return core.Move{}, false
}

// tableWinning is the moves in pos that win within left plies, from the
// table; ok is false where it does not cover them or holds no plies for
// them (a table of values).
func tableWinning(t *tablebase.Table, pos core.Position, left int) ([]core.Move, bool) {
	if t == nil {
		return nil, false
	}
	var buf [core.MaxMoves]core.Move
	var out []core.Move
	for _, m := range pos.GenMoves(buf[:0]) {
		cv, cd, ok := t.Probe(pos.After(m))
		if !ok || cv != tablebase.Draw && cd == tablebase.PliesUnknown {
			return nil, false // not covered, or plies the table does not hold: the search decides
		}
		if cv == tablebase.Loss && cd <= left-1 {
			out = append(out, m)
		}
	}
	return out, true
}

// Reply works out and plays the other side's reply (NextReply, then Apply).
func (r *Run) Reply(s *Solver, t *tablebase.Table) error {
	if !r.wait {
		return errors.New("puzzles: no reply is due")
	}
	rep, err := NextReply(s, t, r.pos, r.left)
	if err != nil {
		return err
	}
	return r.Apply(rep)
}

// Apply plays the other side's reply worked out by NextReply.
func (r *Run) Apply(rep Reply) error {
	if !r.wait {
		return errors.New("puzzles: no reply is due")
	}
	if _, err := r.pos.ParseMove(rep.Move.String()); err != nil {
		return err
	}
	r.wait = false
	r.play(rep.Move)
	r.accept = rep.Accept
	if r.pos.Outcome().Over() {
		r.solved = true
	} else if len(r.accept) == 0 {
		return errors.New("puzzles: no move wins in time after the reply")
	}
	return nil
}

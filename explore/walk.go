package explore

import "huntchess/core"

// Walk is the line of positions the player explores: the positions from
// its start, the moves between them, and the one shown (Cur). Playing a
// move from an earlier position drops the moves after it, unless it is the
// next move of the line (then it steps forward).
type Walk struct {
	pos   []core.Position // pos[i+1] follows moves[i]
	moves []core.Move
	cur   int
}

// NewWalk starts a walk at p.
func NewWalk(p core.Position) *Walk { return &Walk{pos: []core.Position{p}} }

// WalkOf is the walk through game g's moves, shown after the first n of
// them (a game in progress, a replay: its moves are there to step back
// and forth through).
func WalkOf(g *core.Game, n int) *Walk {
	w := NewWalk(g.Start())
	for _, m := range g.Moves() {
		w.pos = append(w.pos, w.pos[len(w.pos)-1].After(m))
		w.moves = append(w.moves, m)
	}
	w.cur = max(0, min(n, len(w.moves)))
	return w
}

// Position is the position shown.
func (w *Walk) Position() core.Position { return w.pos[w.cur] }

// Cur is the number of moves played to the position shown.
func (w *Walk) Cur() int { return w.cur }

// Len is the number of moves in the line.
func (w *Walk) Len() int { return len(w.moves) }

// Last is the move that led to the position shown (the zero Move at the
// start).
func (w *Walk) Last() core.Move {
	if w.cur == 0 {
		return core.Move{}
	}
	return w.moves[w.cur-1]
}

// Play plays m, a legal move of the position shown.
func (w *Walk) Play(m core.Move) {
	if w.cur < len(w.moves) && w.moves[w.cur] == m {
		w.cur++
		return
	}
	w.pos, w.moves = append(w.pos[:w.cur+1], w.Position().After(m)), append(w.moves[:w.cur], m)
	w.cur++
}

// CanBack and CanForward report whether Back and Forward step.
func (w *Walk) CanBack() bool    { return w.cur > 0 }
func (w *Walk) CanForward() bool { return w.cur < len(w.moves) }

// Back shows the position one move earlier; Forward one move later.
func (w *Walk) Back() bool {
	if !w.CanBack() {
		return false
	}
	w.cur--
	return true
}

func (w *Walk) Forward() bool {
	if !w.CanForward() {
		return false
	}
	w.cur++
	return true
}

// Game is the line up to the position shown as a game record from its
// start (Play from here starts at its last position).
func (w *Walk) Game() *core.Game {
	g := core.NewGameFrom(w.pos[0])
	for _, m := range w.moves[:w.cur] {
		if g.PlayMove(m) != nil && m.Kind == core.MovePass {
			_ = g.Timeout()
		}
	}
	return g
}

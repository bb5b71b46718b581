package session

import (
	"testing"

	"huntchess/core"
	"huntchess/match"
)

// Every mode's players: the engine where the mode says the AI plays the
// side, a person at the board elsewhere; the turn loop then asks the
// player of the side to move, which for the engine is a search and for a
// person the board and the timer.
func TestModePlayers(t *testing.T) {
	for _, m := range match.Modes {
		p := playersFor(m)
		for _, side := range []core.Side{core.Predator, core.Prey} {
			if p[side].atBoard() == m.AIPlays(side) {
				t.Fatalf("%s: the %v's player is at the board: %v", m, side, p[side].atBoard())
			}
		}
		r := newTurnRig(t, "beat-the-wolf", m, 30)
		toMove := r.turns.Game().ToMove()
		if m.AIPlays(toMove) != r.turns.Thinking() || m.AIPlays(toMove) == r.timer.running {
			t.Fatalf("%s: the %v to move: thinking %v, timer running %v", m, toMove, r.turns.Thinking(), r.timer.running)
		}
	}
}

package session

import (
	"huntchess/core"
	"huntchess/match"
)

// playersFor are the players of each side (indexed by core.Side) in mode m:
// the turn loop asks each side's Player, and nothing else branches on the
// mode.
func playersFor(m match.Mode) [2]Player {
	p := [2]Player{Person{}, Person{}}
	for _, side := range []core.Side{core.Predator, core.Prey} {
		if m.AIPlays(side) {
			p[side] = Engine{}
		}
	}
	return p
}

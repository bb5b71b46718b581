package session

import (
	"huntchess/ai"
	"huntchess/core"
)

// playersFor are the players of each side (indexed by core.Side) in mode m:
// the turn loop asks each side's Player, and nothing else branches on the
// mode.
func playersFor(m ai.Mode) [2]Player {
	p := [2]Player{Person{}, Person{}}
	for _, side := range []core.Side{core.Predator, core.Prey} {
		if m.AIPlays(side) {
			p[side] = Engine{}
		}
	}
	return p
}

// Player plays one side of a game: a Person at the board or the Engine.
type Player interface{ player() }

// Person is someone at the board: the side's moves come from the view
// (Session.HumanMove), under the turn timer.
type Person struct{}

// Engine is the computer: the session asks Env.Think for the side's move at
// the session's level.
type Engine struct{}

func (Person) player() {}
func (Engine) player() {}

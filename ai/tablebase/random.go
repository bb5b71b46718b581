package tablebase

import (
	"math/rand"

	"huntchess/core"
)

// RandomPosition returns a random position of game g with the given prey
// counts (captured, in hand), every piece where it may stand and the
// predators off traps and cliff, either side to move: what the checks of
// a table probe.
func RandomPosition(rng *rand.Rand, g *core.GameInfo, captured, hand int) core.Position {
	r := ForGame(g.ID)
	p := core.Position{Game: g.ID, ToMove: core.Side(rng.Intn(2)), Captured: uint8(captured), InHand: uint8(hand)}
	free := rng.Perm(r.NP)
	for i := 0; i < r.PredCount; i++ {
		p.Pred |= 1 << uint(free[i])
	}
	for i := 0; i < r.PreyCount-captured-hand; i++ {
		p.Prey |= 1 << uint(free[r.PredCount+i])
	}
	p.Key = p.ComputeKey()
	return p
}

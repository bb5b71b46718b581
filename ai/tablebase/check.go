package tablebase

import (
	"fmt"
	"math/rand"
	"sort"

	"huntchess/core"
)

// RandomPosition returns a random position of game g with the given prey
// counts (captured, in hand), every piece where it may stand and the
// predators off traps and cliff, either side to move.
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

func randomPosition(rng *rand.Rand, g *core.GameInfo) core.Position {
	capt := rng.Intn(g.CapturesToWin)
	hand := 0
	if g.PreyInHand > 0 {
		hand = rng.Intn(g.PreyInHand + 1)
	}
	if g.PreyCount-capt-hand < 0 {
		capt = 0
	}
	return RandomPosition(rng, g, capt, hand)
}

func posString(p Pos) string {
	return fmt.Sprintf("%x/%x/%d/%d/%d", p.Pred, p.Prey, p.Side, p.Capt, p.Hand)
}

func sorted(s []string) []string { sort.Strings(s); return s }

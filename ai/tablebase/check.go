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

// SearchValue finds the value of p by a plain depth-limited minimax over
// core's moves (no tables, no pruning but alpha-beta on distance-scored
// results): the value and plies when the side to move wins or loses within
// depth plies, else Unknown. It uses no repetition rule, as the tables do not.
func SearchValue(p core.Position, depth int) (Value, int) {
	s := ab(p, depth, -1<<20, 1<<20)
	const big = 1 << 16
	switch {
	case s > big/2:
		return Win, big - s
	case s < -big/2:
		return Loss, big + s
	}
	return Unknown, 0
}

// ab scores p for the side to move: big - plies for a win, -(big - plies)
// for a loss, 0 for anything not decided within depth.
func ab(p core.Position, depth, alpha, beta int) int {
	const big = 1 << 16
	if o := p.Outcome(); o.Over() {
		switch outcomeValue(o, p.ToMove) {
		case Win:
			return big
		case Loss:
			return -big
		}
		return 0
	}
	if depth == 0 {
		return 0
	}
	var buf [core.MaxMoves]core.Move
	best := -1 << 20
	for _, m := range p.GenMoves(buf[:0]) {
		s := -ab(p.After(m), depth-1, -beta, -alpha)
		// A result one ply further away is worth one less.
		switch {
		case s > big/2:
			s--
		case s < -big/2:
			s++
		}
		if s > best {
			best = s
		}
		if s > alpha {
			alpha = s
		}
		if alpha >= beta {
			break
		}
	}
	return best
}

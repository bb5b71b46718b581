package ai

import (
	"math/bits"

	"huntchess/core"
)

// jump is one predator jump from a point: over a prey piece to a landing point.
type jump struct {
	over, land uint64
}

// masks holds per-game masks for evaluation and move ordering, laid out
// for the hot loops: they are read from core's board geometry (Board's
// PredStepMask, Jump and AxisPair), not rebuilt here.
type masks struct {
	game       core.GameID
	n          int
	all        uint64
	safe       uint64 // points where the predator may stand without losing (not trap, not cliff)
	traps      uint64
	cliff      uint64
	gate       int
	predStep   [core.MaxPoints]uint64   // core's PredStepMask
	jumps      [core.MaxPoints][]jump   // core's Jump, in direction order, where there is one
	jumpAxes   [core.MaxPoints][]uint64 // for a prey point q: the masks {a, b} of straight lines a–q–b a jump could use (core's AxisPair)
	lionPairs  [core.MaxPoints][]uint64 // for a point p: neighbour pairs captured when the lion steps to p (core's AxisPair)
	danger     [core.MaxPoints]int      // steps from a point to the nearest trap / cliff point (lion, deer)
	canJump    bool
	lion       bool
	captureWin int
}

var gameMasks [core.NumGames]*masks

func init() {
	for _, g := range core.Games() {
		gameMasks[g.ID] = buildMasks(g)
	}
	for _, g := range core.Games() {
		weights[g.ID].Rebase(g.ID)
	}
}

func buildMasks(g *core.GameInfo) *masks {
	b := g.Board
	t := &masks{game: g.ID, n: b.NumPoints(), all: b.Mask(), traps: b.TrapMask(), cliff: b.CliffMask(), gate: b.Gate,
		canJump: g.CanJump(), lion: g.LionCapture(), captureWin: g.CapturesToWin}
	t.safe = t.all &^ t.traps &^ t.cliff
	for p := 0; p < t.n; p++ {
		t.predStep[p] = b.PredStepMask(p)
		for d := core.Direction(0); d < core.NumDirections; d++ {
			if over, land := b.Jump(p, d); over != 0 && t.canJump {
				t.jumps[p] = append(t.jumps[p], jump{over: over, land: land})
			}
		}
		for a := 0; a < 4; a++ {
			pair := b.AxisPair(p, a)
			if pair == 0 {
				continue
			}
			if t.lion {
				t.lionPairs[p] = append(t.lionPairs[p], pair)
			}
			if t.canJump && b.Points[p].Region == core.RegionBoard {
				t.jumpAxes[p] = append(t.jumpAxes[p], pair)
			}
		}
	}
	// Distance to danger (trap or cliff) by breadth-first search over the predator's lines.
	bad := t.traps | t.cliff
	for p := 0; p < t.n; p++ {
		t.danger[p] = 99
	}
	if bad != 0 {
		frontier := bad
		seen := bad
		for d := 0; frontier != 0; d++ {
			var next uint64
			for f := frontier; f != 0; f &= f - 1 {
				p := bits.TrailingZeros64(f)
				t.danger[p] = d
				next |= t.predStep[p]
			}
			frontier = next &^ seen
			seen |= next
		}
	}
	return t
}

// threats counts the predator's safe steps and its jumps, and returns the
// set of prey pieces it can capture now, the landing points of those captures,
// and the number of distinct capturing moves.
func (t *masks) threats(pos *core.Position) (safeMoves int, capt, lands uint64, nCaptMoves int, maxCapt int) {
	empty := t.all &^ (pos.Pred | pos.Prey)
	for pcs := pos.Pred; pcs != 0; pcs &= pcs - 1 {
		p := bits.TrailingZeros64(pcs)
		steps := t.predStep[p] & empty
		safeMoves += bits.OnesCount64(steps & t.safe)
		if t.canJump {
			for _, j := range t.jumps[p] {
				if j.over&pos.Prey != 0 && j.land&empty != 0 {
					capt |= j.over
					lands |= j.land
					nCaptMoves++
					if j.land&t.safe != 0 || pos.Captured+1 >= uint8(t.captureWin) {
						safeMoves++
					}
					if maxCapt < 1 {
						maxCapt = 1
					}
				}
			}
		} else if t.lion {
			for s := steps & t.safe; s != 0; s &= s - 1 {
				q := bits.TrailingZeros64(s)
				var c uint64
				for _, pair := range t.lionPairs[q] {
					if pos.Prey&pair == pair {
						c |= pair
					}
				}
				if c != 0 {
					capt |= c
					lands |= 1 << uint(q)
					nCaptMoves++
					if n := bits.OnesCount64(c); n > maxCapt {
						maxCapt = n
					}
				}
			}
		}
	}
	return
}

// reach returns the points the predator can walk to through empty safe points
// (its own points included).
func (t *masks) reach(pos *core.Position) uint64 {
	free := t.safe &^ (pos.Pred | pos.Prey)
	seen := pos.Pred
	frontier := pos.Pred
	for frontier != 0 {
		var next uint64
		for f := frontier; f != 0; f &= f - 1 {
			next |= t.predStep[bits.TrailingZeros64(f)]
		}
		next &= free &^ seen
		seen |= next
		frontier = next
	}
	return seen
}

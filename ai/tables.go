package ai

import (
	"math/bits"

	"huntchess/core"
)

// jump is one predator jump from a point: over a prey piece to a landing point.
type jump struct {
	over, land uint64
}

// tables holds per-game masks derived from the board, for evaluation and
// move ordering (core keeps its own move tables private).
type tables struct {
	game       core.GameID
	n          int
	all        uint64
	safe       uint64 // points where the predator may stand without losing (not trap, not cliff)
	traps      uint64
	cliff      uint64
	gate       int
	predStep   [core.MaxPoints]uint64
	preyStep   [core.MaxPoints]uint64
	jumps      [core.MaxPoints][]jump
	jumpAxes   [core.MaxPoints][]uint64 // for a prey point q: the masks {a, b} of straight lines a–q–b a jump could use
	lionPairs  [core.MaxPoints][]uint64 // for a point p: neighbour pairs captured when the lion steps to p
	danger     [core.MaxPoints]int      // steps from a point to the nearest trap / cliff point (lion, deer)
	canJump    bool
	lion       bool
	captureWin int
}

var gameTables [core.NumGames]*tables

func init() {
	for _, g := range core.Games() {
		gameTables[g.ID] = buildTables(g)
	}
	for _, g := range core.Games() {
		weights[g.ID].Rebase(g.ID)
	}
}

func buildTables(g *core.GameInfo) *tables {
	b := g.Board
	t := &tables{game: g.ID, n: b.NumPoints(), all: b.Mask(), traps: b.TrapMask(), cliff: b.CliffMask(), gate: b.Gate,
		canJump: g.CanJump(), lion: g.LionCapture(), captureWin: g.CapturesToWin}
	t.safe = t.all &^ t.traps &^ t.cliff
	for p := 0; p < t.n; p++ {
		for d := core.Direction(0); d < core.NumDirections; d++ {
			q, kind, ok := b.Neighbor(p, d)
			if !ok {
				continue
			}
			t.predStep[p] |= 1 << uint(q)
			if (kind == core.LineOrthogonal || kind == core.LineDiagonal) && b.Points[q].Region == core.RegionBoard &&
				b.Points[p].Region == core.RegionBoard {
				t.preyStep[p] |= 1 << uint(q)
			}
			if r, _, ok := b.Neighbor(q, d); ok && t.canJump {
				t.jumps[p] = append(t.jumps[p], jump{over: 1 << uint(q), land: 1 << uint(r)})
			}
		}
		for d := core.Direction(0); d < 4; d++ {
			a, _, ok1 := b.Neighbor(p, d)
			c, _, ok2 := b.Neighbor(p, d.Opposite())
			if ok1 && ok2 {
				pair := uint64(1)<<uint(a) | uint64(1)<<uint(c)
				if t.lion {
					t.lionPairs[p] = append(t.lionPairs[p], pair)
				}
				if t.canJump && b.Points[p].Region == core.RegionBoard {
					t.jumpAxes[p] = append(t.jumpAxes[p], pair)
				}
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
func (t *tables) threats(pos *core.Position) (safeMoves int, capt, lands uint64, nCaptMoves int, maxCapt int) {
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
func (t *tables) reach(pos *core.Position) uint64 {
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

package core

import "math/bits"

// The reasons a position set up by hand is refused beyond ParsePosition's
// (CheckSetup): the rules cannot reach it, or the game is already over in it.
const (
	PosOver         PositionWhy = iota + PosTooFew + 1 // the game is over in it (Reason: why)
	PosOddCaptures                                     // the lion's dogs captured, an odd number (N): they go in pairs
	PosHandMoved                                       // deer chess while dogs are in hand: N dogs off their start points, Want: the dogs placed so far
	PosHandCaptured                                    // deer chess while dogs are in hand: N captured, Want: the most the deer's moves so far can have taken
	PosHandFar                                         // deer chess while dogs are in hand: the deer on Text needs N moves from its start, Want: the moves it has made
)

// CheckSetup reports whether p, a position set up by hand (the explorer's
// editor), is one the rules can reach from the game's start with the game
// still going on, and if not why, as a code (the same PositionError as
// ParsePosition's). It checks, in order, what ParsePosition checks of the
// pieces (the predator's number, no prey on a trap or in the cliff, the
// prey counts adding up), then:
//   - the game is not over in it (enough captures, the lion on a trap, the
//     deer in the cliff, a predator to move with no move, the lion game's
//     side to move without one);
//   - the lion captures dogs in pairs, so their number is even;
//   - deer chess while dogs are in hand: the dogs on the board have not
//     moved, so at most as many stand off their start points as have been
//     placed; the deer has made one move per dog placed (and one more when
//     the dogs are to place next), so it cannot have captured more, nor
//     have come further from its start.
//
// These are necessary conditions, not a proof that a line of moves leads
// there; each one names a rule a player can check by hand.
func CheckSetup(p Position) *PositionError {
	if int(p.Game) >= int(NumGames) {
		return posErr(PosOver, "", 0, 0, "position: unknown game %d", p.Game)
	}
	g := games[p.Game]
	if p.Pred&p.Prey != 0 || (p.Pred|p.Prey)&^g.Board.all != 0 {
		q := bits.TrailingZeros64(p.Pred & p.Prey)
		name := "?"
		if q < len(g.Board.Points) {
			name = g.Board.Points[q].Name
		}
		return posErr(PosTwoPieces, name, 0, 0, "position: two pieces on %s", name)
	}
	if err := p.checkPieces(); err != nil {
		return err
	}
	if o := p.Outcome(); o.Over() {
		e := posErr(PosOver, "", int(p.Captured), g.CapturesToWin, "position: the game is over (%s)", o.Reason)
		e.Reason = o.Reason
		return e
	}
	if g.lionCapture && p.Captured%2 != 0 {
		return posErr(PosOddCaptures, "", int(p.Captured), 0, "position: %d %ss captured: the lion captures them in pairs", p.Captured, g.Prey)
	}
	if p.InHand == 0 || !g.HasPlacement() {
		return nil
	}
	placed := g.PreyInHand - int(p.InHand)
	moves := placed // the predator's moves so far: it moves first
	if p.ToMove == Prey {
		moves++
	}
	start := g.Start()
	if off := bits.OnesCount64(p.Prey &^ start.Prey); off > placed {
		return posErr(PosHandMoved, "", off, placed, "position: %d %ss off their start points, but %d placed: a %s on the board does not move while any is in hand", off, g.Prey, placed, g.Prey)
	}
	if int(p.Captured) > moves {
		return posErr(PosHandCaptured, "", int(p.Captured), moves, "position: %d %ss captured in %d moves of the %s", p.Captured, g.Prey, moves, g.Predator)
	}
	for pcs := p.Pred; pcs != 0; pcs &= pcs - 1 {
		q := bits.TrailingZeros64(pcs)
		if n := g.Board.predatorMoves(start.Pred, q); n > moves {
			name := g.Board.Points[q].Name
			return posErr(PosHandFar, name, n, moves, "position: the %s needs %d moves to reach %s, but has made %d", g.Predator, n, name, moves)
		}
	}
	return nil
}

// predatorMoves is the fewest predator moves (steps and jumps, the board
// taken as empty of anything that blocks and full of prey to jump) from
// any point of from to q; 99 where none leads there.
func (b *Board) predatorMoves(from uint64, q int) int {
	seen, front := from, from
	for n := 0; front != 0; n++ {
		if front&bit(q) != 0 {
			return n
		}
		var next uint64
		for f := front; f != 0; f &= f - 1 {
			p := bits.TrailingZeros64(f)
			next |= b.predStep[p]
			for d := 0; d < int(NumDirections); d++ {
				next |= b.jumpLand[p][d]
			}
		}
		front = next &^ seen
		seen |= next
	}
	return 99
}

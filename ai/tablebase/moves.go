package tablebase

import "math/bits"

// Pos is a position as the solver sees it.
type Pos struct {
	Pred, Prey uint64
	Side       int // 0 predator, 1 prey to move
	Capt, Hand int
}

// Terminal kinds of a child, from the view of the side to move there.
const (
	ChildOpen = 0  // not decided by the pieces: look it up
	ChildWon  = 1  // the side to move has won (the mover lost)
	ChildLost = -1 // the side to move has lost (the mover won)
)

// Children calls fn for the position after each legal move of p, with the
// child's terminal kind, and returns the number of moves. A prey side that
// must pass gets its pass (the child is p with the other side to move);
// no moves means the side to move is stuck. With bound set, any capture ends
// the game as a predator win.
func (r *Rules) Children(p Pos, bound bool, fn func(c Pos, term int)) int {
	n := 0
	empty := (uint64(1)<<uint(r.N) - 1) &^ (p.Pred | p.Prey)
	np := uint64(1)<<uint(r.NP) - 1
	if p.Side == 0 {
		lion := r.lion
		for pcs := p.Pred; pcs != 0; pcs &= pcs - 1 {
			f := bits.TrailingZeros64(pcs)
			fb := uint64(1) << uint(f)
			for t := r.PredStep[f] & empty; t != 0; t &= t - 1 {
				to := bits.TrailingZeros64(t)
				tb := uint64(1) << uint(to)
				c := Pos{Pred: p.Pred ^ fb ^ tb, Prey: p.Prey, Side: 1, Capt: p.Capt, Hand: p.Hand}
				var capt uint64
				if lion {
					for _, pair := range r.LionPairs[to] {
						if p.Prey&pair == pair {
							capt |= pair
						}
					}
				}
				n++
				if capt != 0 {
					c.Prey &^= capt
					c.Capt += bits.OnesCount64(capt)
					if bound || c.Capt >= r.CaptureWin {
						fn(c, ChildLost)
						continue
					}
				}
				if tb&np == 0 {
					fn(c, ChildWon)
					continue
				}
				fn(c, ChildOpen)
			}
			for _, j := range r.Jumps[f] {
				if j.Over&p.Prey == 0 || j.Land&empty == 0 {
					continue
				}
				n++
				c := Pos{Pred: p.Pred ^ fb ^ j.Land, Prey: p.Prey &^ j.Over, Side: 1, Capt: p.Capt + 1, Hand: p.Hand}
				switch {
				case bound || c.Capt >= r.CaptureWin:
					fn(c, ChildLost)
				case j.Land&np == 0:
					fn(c, ChildWon)
				default:
					fn(c, ChildOpen)
				}
			}
		}
		return n
	}
	if p.Hand > 0 {
		for t := empty & np; t != 0; t &= t - 1 {
			n++
			fn(Pos{Pred: p.Pred, Prey: p.Prey | 1<<uint(bits.TrailingZeros64(t)), Side: 0, Capt: p.Capt, Hand: p.Hand - 1}, ChildOpen)
		}
		return n
	}
	for pcs := p.Prey; pcs != 0; pcs &= pcs - 1 {
		f := bits.TrailingZeros64(pcs)
		fb := uint64(1) << uint(f)
		for t := r.PreyStep[f] & empty; t != 0; t &= t - 1 {
			n++
			fn(Pos{Pred: p.Pred, Prey: p.Prey ^ fb ^ (t & -t), Side: 0, Capt: p.Capt, Hand: p.Hand}, ChildOpen)
		}
	}
	if n == 0 && r.PreyPasses {
		n++
		fn(Pos{Pred: p.Pred, Prey: p.Prey, Side: 0, Capt: p.Capt, Hand: p.Hand}, ChildOpen)
	}
	return n
}

func (r *Rules) hasLionPairs() bool {
	for i := 0; i < r.N; i++ {
		if r.LionPairs[i] != nil {
			return true
		}
	}
	return false
}

// preyStuck reports whether the prey of p (moving phase) has no step.
func (r *Rules) preyStuck(pred, prey uint64) bool {
	empty := (uint64(1)<<uint(r.N) - 1) &^ (pred | prey)
	for pcs := prey; pcs != 0; pcs &= pcs - 1 {
		if r.PreyStep[bits.TrailingZeros64(pcs)]&empty != 0 {
			return false
		}
	}
	return true
}

// Parents calls fn for each position of the same tier (moving phase, nothing
// captured by the move) from which a legal move leads to p.
func (r *Rules) Parents(p Pos, fn func(q Pos)) {
	empty := (uint64(1)<<uint(r.N) - 1) &^ (p.Pred | p.Prey)
	np := uint64(1)<<uint(r.NP) - 1
	if p.Side == 1 { // the predator moved
		lion := r.lion
		for pcs := p.Pred; pcs != 0; pcs &= pcs - 1 {
			t := bits.TrailingZeros64(pcs)
			if lion {
				captured := false
				for _, pair := range r.LionPairs[t] {
					if p.Prey&pair == pair {
						captured = true
						break
					}
				}
				if captured { // that step would have captured the pair
					continue
				}
			}
			tb := uint64(1) << uint(t)
			for f := r.PredStep[t] & empty & np; f != 0; f &= f - 1 {
				fn(Pos{Pred: p.Pred ^ tb ^ (f & -f), Prey: p.Prey, Side: 0, Capt: p.Capt, Hand: p.Hand})
			}
		}
		return
	}
	// The prey moved (a step), or passed.
	for pcs := p.Prey; pcs != 0; pcs &= pcs - 1 {
		t := bits.TrailingZeros64(pcs)
		tb := uint64(1) << uint(t)
		for f := r.PreyStep[t] & empty; f != 0; f &= f - 1 {
			fn(Pos{Pred: p.Pred, Prey: p.Prey ^ tb ^ (f & -f), Side: 1, Capt: p.Capt, Hand: p.Hand})
		}
	}
	if r.PreyPasses && r.preyStuck(p.Pred, p.Prey) {
		fn(Pos{Pred: p.Pred, Prey: p.Prey, Side: 1, Capt: p.Capt, Hand: p.Hand})
	}
}

// BoundSolvable reports whether the bound solver (solver.Solver.SolveBoundTier) handles r's game: only
// captures and stuck sides may end it (no traps, no cliff).
func (r *Rules) BoundSolvable() bool { return r.N == r.NP && !r.lion }

package tablebase

import "math/bits"

// pos is a position as the solver sees it.
type pos struct {
	pred, prey uint64
	side       int // 0 predator, 1 prey to move
	capt, hand int
}

// Terminal kinds of a child, from the view of the side to move there.
const (
	childOpen = 0  // not decided by the pieces: look it up
	childWon  = 1  // the side to move has won (the mover lost)
	childLost = -1 // the side to move has lost (the mover won)
)

// children calls fn for the position after each legal move of p, with the
// child's terminal kind, and returns the number of moves. A prey side that
// must pass gets its pass (the child is p with the other side to move);
// no moves means the side to move is stuck. With bound set, any capture ends
// the game as a predator win.
func (r *Rules) children(p pos, bound bool, fn func(c pos, term int)) int {
	n := 0
	empty := (uint64(1)<<uint(r.N) - 1) &^ (p.pred | p.prey)
	np := uint64(1)<<uint(r.NP) - 1
	if p.side == 0 {
		lion := r.lion
		for pcs := p.pred; pcs != 0; pcs &= pcs - 1 {
			f := bits.TrailingZeros64(pcs)
			fb := uint64(1) << uint(f)
			for t := r.PredStep[f] & empty; t != 0; t &= t - 1 {
				to := bits.TrailingZeros64(t)
				tb := uint64(1) << uint(to)
				c := pos{pred: p.pred ^ fb ^ tb, prey: p.prey, side: 1, capt: p.capt, hand: p.hand}
				var capt uint64
				if lion {
					for _, pair := range r.LionPairs[to] {
						if p.prey&pair == pair {
							capt |= pair
						}
					}
				}
				n++
				if capt != 0 {
					c.prey &^= capt
					c.capt += bits.OnesCount64(capt)
					if bound || c.capt >= r.CaptureWin {
						fn(c, childLost)
						continue
					}
				}
				if tb&np == 0 {
					fn(c, childWon)
					continue
				}
				fn(c, childOpen)
			}
			for _, j := range r.Jumps[f] {
				if j.over&p.prey == 0 || j.land&empty == 0 {
					continue
				}
				n++
				c := pos{pred: p.pred ^ fb ^ j.land, prey: p.prey &^ j.over, side: 1, capt: p.capt + 1, hand: p.hand}
				switch {
				case bound || c.capt >= r.CaptureWin:
					fn(c, childLost)
				case j.land&np == 0:
					fn(c, childWon)
				default:
					fn(c, childOpen)
				}
			}
		}
		return n
	}
	if p.hand > 0 {
		for t := empty & np; t != 0; t &= t - 1 {
			n++
			fn(pos{pred: p.pred, prey: p.prey | 1<<uint(bits.TrailingZeros64(t)), side: 0, capt: p.capt, hand: p.hand - 1}, childOpen)
		}
		return n
	}
	for pcs := p.prey; pcs != 0; pcs &= pcs - 1 {
		f := bits.TrailingZeros64(pcs)
		fb := uint64(1) << uint(f)
		for t := r.PreyStep[f] & empty; t != 0; t &= t - 1 {
			n++
			fn(pos{pred: p.pred, prey: p.prey ^ fb ^ (t & -t), side: 0, capt: p.capt, hand: p.hand}, childOpen)
		}
	}
	if n == 0 && r.PreyPasses {
		n++
		fn(pos{pred: p.pred, prey: p.prey, side: 0, capt: p.capt, hand: p.hand}, childOpen)
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

// parents calls fn for each position of the same tier (moving phase, nothing
// captured by the move) from which a legal move leads to p.
func (r *Rules) parents(p pos, fn func(q pos)) {
	empty := (uint64(1)<<uint(r.N) - 1) &^ (p.pred | p.prey)
	np := uint64(1)<<uint(r.NP) - 1
	if p.side == 1 { // the predator moved
		lion := r.lion
		for pcs := p.pred; pcs != 0; pcs &= pcs - 1 {
			t := bits.TrailingZeros64(pcs)
			if lion {
				captured := false
				for _, pair := range r.LionPairs[t] {
					if p.prey&pair == pair {
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
				fn(pos{pred: p.pred ^ tb ^ (f & -f), prey: p.prey, side: 0, capt: p.capt, hand: p.hand})
			}
		}
		return
	}
	// The prey moved (a step), or passed.
	for pcs := p.prey; pcs != 0; pcs &= pcs - 1 {
		t := bits.TrailingZeros64(pcs)
		tb := uint64(1) << uint(t)
		for f := r.PreyStep[t] & empty; f != 0; f &= f - 1 {
			fn(pos{pred: p.pred, prey: p.prey ^ tb ^ (f & -f), side: 1, capt: p.capt, hand: p.hand})
		}
	}
	if r.PreyPasses && r.preyStuck(p.pred, p.prey) {
		fn(pos{pred: p.pred, prey: p.prey, side: 1, capt: p.capt, hand: p.hand})
	}
}

package solver

import (
	"fmt"
	"math/bits"
	"sync"
	"sync/atomic"
	"time"

	"huntchess/ai/tablebase"
)

// The prey-win solver: in a tier where any capture counts as a predator
// win, which positions does the prey win, by stalemating the predator
// without giving up a piece, and in how many plies? One byte an entry, for
// tiers too large for SolveTier's four-byte work words and two-byte codes
// (Beat the Wolf's 17 dogs: 7.9e9 entries, 7.9 GB here instead of 47 GB).
//
// Only the prey's wins are propagated. The predator's side of such a tier
// is mostly captures in one (82 % of Beat the Wolf's wolf-to-move entries
// with 17 dogs), and its forced captures would cost a retrograde pass over
// nearly every entry; the prey's wins are few. So a position this solver
// leaves undecided is "not a prey win": a draw or a predator win, not told
// apart (TierStats.PreyWinsOnly).
//
// A byte holds 0 for an undecided entry, else the plies to the prey's win
// plus one: odd plies with the prey to move (a win), even with the predator
// to move (a loss). Level d decides the positions d plies from the end from
// the entries d-1 plies from it (found by scanning the bytes): the
// prey's parents of a predator's loss win at d; a predator's parent of a
// prey's win is lost at d if it has no capture and every step leads to a
// prey win already decided (a forward look at its few children instead of
// counters).

const boundHole = 0xff // an entry that holds no position

// boundWrap is how many plies a byte tells apart (1 to 254; 255 marks a
// hole). Plies past it wrap round, and up to two bits an entry, allocated
// the first time the plies wrap, keep the epoch (plies / boundWrap): up to
// 4 × 254 - 1 plies in all. Even, so a byte still tells the parity. Tests
// make it small.
var boundWrap = 254

const boundEpochBits = 2

// boundTable holds a prey-win tier: a byte an entry, and the epoch bits.
type boundTable struct {
	b  byteTable
	ep [boundEpochBits][]uint64
}

func (t *boundTable) epoch(i int64) int {
	e := 0
	for k := range t.ep {
		if t.ep[k] != nil && atomic.LoadUint64(&t.ep[k][i>>6])>>uint(i&63)&1 != 0 {
			e |= 1 << k
		}
	}
	return e
}

func (t *boundTable) setEpoch(i int64, e int) {
	for k := range t.ep {
		if e>>k&1 != 0 {
			atomic.OrUint64(&t.ep[k][i>>6], 1<<uint(i&63))
		}
	}
}

// code is the table code of entry i: odd plies are the prey's wins (prey
// to move), even ones the predator's losses.
func (t *boundTable) code(i int64) uint16 {
	v := t.b.get(i)
	switch {
	case v == boundHole:
		return tablebase.CodeNoneV
	case v == 0:
		return tablebase.CodeDrawV // not a prey win
	}
	plies := t.epoch(i)*boundWrap + int(v) - 1
	if plies&1 == 1 {
		return tablebase.MakeCode(tablebase.CodeWin, plies)
	}
	return tablebase.MakeCode(tablebase.CodeLoss, plies)
}

// byteTable is one byte an entry, packed in words for atomic updates.
type byteTable []uint64

func newByteTable(n int64) byteTable { return byteTable(newWords((n + 7) / 8)) }

func (a byteTable) get(i int64) uint8 {
	return uint8(atomic.LoadUint64(&a[i>>3]) >> (8 * uint(i&7)))
}

// setIfZero sets byte i to v if it is still 0 and reports whether it did.
func (a byteTable) setIfZero(i int64, v uint8) bool {
	p, sh := &a[i>>3], 8*uint(i&7)
	for {
		w := atomic.LoadUint64(p)
		if uint8(w>>sh) != 0 {
			return false
		}
		if atomic.CompareAndSwapUint64(p, w, w|uint64(v)<<sh) {
			return true
		}
	}
}

// SolveBoundTier solves the prey's wins in the moving-phase tier with
// captured prey taken and any capture counting as a predator win: its wins
// and the predator's losses get the same value and plies as from
// SolveTier(captured, true); every other position is stored as a draw and
// means "not a prey win" (the tier's stats say PreyWinsOnly). It needs no
// other tier.
func (s *Solver) SolveBoundTier(captured int) (tablebase.TierStats, error) {
	start := time.Now()
	r := s.R
	if !r.BoundSolvable() {
		return tablebase.TierStats{}, fmt.Errorf("tablebase: the bound solver needs a game ended only by captures and stuck sides, not %s", r.Name)
	}
	k := r.PreyCount - captured
	l := tablebase.LayoutFor(r, k)
	key := TierKey{captured, 0}
	n := l.Entries()
	half := n / 2 // predator to move below, prey to move above
	bt := &boundTable{b: newByteTable(n)}
	a := bt.b
	s.emit(Event{Kind: TierBegins, Tier: key, Text: fmt.Sprintf("%s bound tier captured=%d (%d prey on the board), the prey's wins: %d entries, %d predator classes, %.2f GB of work bytes",
		r.Name, captured, k, n, l.Classes(), float64(len(a)*8)/1e9)})

	// Initialise: a predator without a capture or a step has lost (0 plies).
	var done atomic.Int64
	tick := newTicker(s, "init", half)
	tick.tier = key
	s.parallel(half, func(lo, hi int64, _ int) {
		l.Walk(lo, hi, func(i int64, pred, prey uint64, _ int) {
			empty := (uint64(1)<<uint(r.N) - 1) &^ (pred | prey)
			for pcs := pred; pcs != 0; pcs &= pcs - 1 {
				if r.PredStep[bits.TrailingZeros64(pcs)]&empty != 0 {
					return
				}
			}
			if r.PredCaptures(pred, prey) {
				return
			}
			if hole, _ := l.IsHole(i, pred, prey, 0); !hole {
				a[i>>3] |= 1 << (8 * uint(i&7)) // chunks are whole words: no other writer
			}
		})
		tick.add(&done, hi-lo)
	})
	tick.end()

	// Levels.
	words := int64(len(a))
	levels := 0
	for d := 1; ; d++ {
		// The frontier: fv in the byte and fe in the epoch bits (d-1
		// plies); the news: nv and ne (d plies).
		fv, fe := uint8((d-1)%boundWrap+1), (d-1)/boundWrap
		nv, ne := uint8(d%boundWrap+1), d/boundWrap
		if ne >= 1<<boundEpochBits {
			return tablebase.TierStats{}, fmt.Errorf("tablebase: bound tier captured=%d goes past %d plies", captured, boundWrap<<boundEpochBits-1)
		}
		for k := range bt.ep {
			if ne>>k&1 != 0 && bt.ep[k] == nil {
				bt.ep[k] = newWords((n + 63) / 64)
				s.emit(Event{Kind: Note, Tier: key, Text: fmt.Sprintf("the plies pass %d: epoch bits %d allocated (%.2f GB)", d-1, k, float64(len(bt.ep[k])*8)/1e9)})
			}
		}
		var front, decided atomic.Int64
		win := d&1 == 1 // odd: the prey wins at d; even: the predator loses at d
		pat := uint64(fv) * 0x0101010101010101
		lt := time.Now()
		lvTick := newTicker(s, fmt.Sprintf("level %d", d), words)
		lvTick.tier = key
		var lvDone atomic.Int64
		s.parallel(words, func(lo, hi int64, _ int) {
			var nf, nd int64
			for wi := lo; wi < hi; wi++ {
				w := atomic.LoadUint64(&a[wi])
				x := w ^ pat
				if (x-0x0101010101010101)&^x&0x8080808080808080 == 0 {
					continue // no byte equals d
				}
				for b := int64(0); b < 8; b++ {
					if uint8(w>>(8*uint(b))) != fv || bt.epoch(wi*8+b) != fe {
						continue
					}
					nf++
					pred, prey, side := l.Position(wi*8 + b)
					r.Parents(tablebase.Pos{Pred: pred, Prey: prey, Side: side, Capt: captured}, func(q tablebase.Pos) {
						j, _ := l.Index(q.Pred, q.Prey, q.Side)
						if a.get(j) != 0 || (!win && !s.boundPredLost(l, a, q)) {
							return
						}
						if a.setIfZero(j, nv) {
							if ne > 0 {
								bt.setEpoch(j, ne)
							}
							nd++
						}
					})
				}
			}
			front.Add(nf)
			decided.Add(nd)
			lvTick.add(&lvDone, hi-lo)
		}, 1<<14)
		if time.Since(lt) > 2*time.Second {
			lvTick.end()
		}
		s.emit(Event{Kind: LevelDone, Tier: key, Level: d, Decided: decided.Load(), Text: fmt.Sprintf("level %d: %d at %d plies led to %d %s at %d plies (%s)", d, front.Load(), d-1, decided.Load(),
			map[bool]string{true: "prey wins", false: "predator losses"}[win], d, time.Since(lt).Round(time.Millisecond))})
		if front.Load() == 0 {
			break // nothing at d-1 plies, so nothing further
		}
		levels = d
	}

	// Holes (only classes whose representative some symmetry fixes hold
	// any), and the counts.
	stats := tablebase.TierStats{Captured: captured, Bound: true, PreyWinsOnly: true, Kind: "dense", PreyOnBoard: k, Entries: n, Levels: levels}
	var mu sync.Mutex
	done.Store(0)
	tick = newTicker(s, "count", n)
	tick.tier = key
	s.parallel(n, func(lo, hi int64, _ int) {
		var part tablebase.TierStats
		l.Walk(lo, hi, func(i int64, pred, prey uint64, side int) {
			v := uint8(a[i>>3] >> (8 * uint(i&7)))
			if v == 0 {
				if hole, _ := l.IsHole(i, pred, prey, side); hole {
					a[i>>3] |= uint64(boundHole) << (8 * uint(i&7))
					return
				}
			}
			part.Count(bt.code(i), i < half)
		})
		mu.Lock()
		stats.Add(&part)
		mu.Unlock()
		tick.add(&done, hi-lo)
	})
	tick.end()
	stats.Seconds = time.Since(start).Seconds()
	st := &solvedTier{key: key, bound: true, l: l, preyWins: bt, stats: stats}
	s.tiers[key] = st
	s.order = append(s.order, key)
	s.emit(Event{Kind: TierDone, Tier: key, Stats: &stats})
	return stats, nil
}

// boundPredLost reports whether the predator to move in q has no capture
// and every step of it leads to a prey win already decided.
func (s *Solver) boundPredLost(l *tablebase.Layout, a byteTable, q tablebase.Pos) bool {
	r := s.R
	if r.PredCaptures(q.Pred, q.Prey) {
		return false
	}
	empty := (uint64(1)<<uint(r.N) - 1) &^ (q.Pred | q.Prey)
	for pcs := q.Pred; pcs != 0; pcs &= pcs - 1 {
		fb := pcs & -pcs
		for t := r.PredStep[bits.TrailingZeros64(pcs)] & empty; t != 0; t &= t - 1 {
			j, _ := l.Index(q.Pred^fb^(t&-t), q.Prey, 1)
			if v := a.get(j); v == 0 || v == boundHole {
				return false
			}
		}
	}
	return true
}

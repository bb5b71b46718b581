package tablebase

import (
	"fmt"
	"math/bits"
	"slices"
	"sync"
)

// Slot orders (device format 3). A section's index ranks the prey in colex
// order over the slots (the points the predators leave free) taken in
// point order: from one entry to the next the lowest slots change, the
// highest seldom. A class's representative is the least placement of its
// orbit, so its predators stand on low points, next to the slots that
// change fastest, and neighbouring entries differ where it matters most:
// the codes change at almost every entry.
//
// OrderFar ranks the prey of a section stored that way over the same slots
// sorted by their distance from the nearest predator (in steps along the
// board's lines), the farthest first, ties in point order. Neighbouring
// entries then differ far from the predators, where a piece seldom
// changes the value or the plies, and zstd finds long runs: Beat the
// Wolf's endgames come out at a third of their size, Surround the Lion and
// deer chess's moving phase at three quarters (docs/device-tables.md). The
// canonical image of a position is the one the index picks (the least rank
// in point order); only its number within the class changes, so the holes
// stay holes.
const OrderFar = "far"

// slotOrder maps, for each predator class of a layout, a prey set over the
// slots in point order to the same set over the slots in the order's.
type slotOrder struct {
	fwd, inv [][5][256]uint64 // per class, byte j of a set → its bits in the other order
}

var (
	orderMu    sync.Mutex
	orderCache = map[*Layout]*slotOrder{}
)

// farOrder returns OrderFar's slot order for the classes of l.
func farOrder(l *Layout) *slotOrder {
	orderMu.Lock()
	defer orderMu.Unlock()
	if o := orderCache[l]; o != nil {
		return o
	}
	o := &slotOrder{fwd: make([][5][256]uint64, len(l.classes)), inv: make([][5][256]uint64, len(l.classes))}
	for ci := range l.classes {
		c := &l.classes[ci]
		d := stepDistances(l.r, c.rep)
		slots := make([]int, l.m)
		for s := range slots {
			slots[s] = s
		}
		dist := func(s int) int { return d[bits.TrailingZeros64(expand(1<<uint(s), c.holes))] }
		slices.SortStableFunc(slots, func(a, b int) int { return dist(b) - dist(a) })
		var to, from [64]uint64 // slot (point order) → its bit in the order's; and back
		for ns, s := range slots {
			to[s], from[ns] = 1<<uint(ns), 1<<uint(s)
		}
		o.fwd[ci], o.inv[ci] = byteTables(&to, l.m), byteTables(&from, l.m)
	}
	orderCache[l] = o
	return o
}

// byteTables turns a map of single bits into lookup tables by byte.
func byteTables(m *[64]uint64, n int) (t [5][256]uint64) {
	for j := range t {
		for b := range 256 {
			for bit := range 8 {
				if s := 8*j + bit; b&(1<<bit) != 0 && s < n {
					t[j][b] |= m[s]
				}
			}
		}
	}
	return t
}

// mapSet maps a set of at most 40 slots through byte tables.
func mapSet(t *[5][256]uint64, x uint64) uint64 {
	return t[0][x&0xff] | t[1][(x>>8)&0xff] | t[2][(x>>16)&0xff] | t[3][(x>>24)&0xff] | t[4][(x>>32)&0xff]
}

// stepDistances returns each point's distance in steps (of either side,
// along the board's lines) from the nearest of the points in pred; points
// it cannot reach get a distance above every other.
func stepDistances(r *Rules, pred uint64) [64]int {
	var d [64]int
	for i := range d {
		d[i] = 64
	}
	var q []int
	for p := pred; p != 0; p &= p - 1 {
		i := bits.TrailingZeros64(p)
		d[i] = 0
		q = append(q, i)
	}
	for len(q) > 0 {
		i := q[0]
		q = q[1:]
		for nb := r.PredStep[i] | r.PreyStep[i]; nb != 0; nb &= nb - 1 {
			if j := bits.TrailingZeros64(nb); d[j] > d[i]+1 {
				d[j] = d[i] + 1
				q = append(q, j)
			}
		}
	}
	return d
}

// checkOrder reads a device section's slot order.
func (t *Table) checkOrder(sec *Section) error {
	switch sec.Order {
	case "":
		return nil
	case OrderFar:
	default:
		return fmt.Errorf("corrupt table: %s has unknown slot order %q", sec.what(), sec.Order)
	}
	if t.dev == nil || t.dev.Format < DeviceFormatOrder {
		return fmt.Errorf("corrupt table: %s has a slot order in a table of format %d", sec.what(), t.Format)
	}
	if sec.LongWins != nil {
		return fmt.Errorf("corrupt table: %s has a slot order and long wins", sec.what())
	}
	sec.order = farOrder(sec.l)
	return nil
}

// storedIndex is the entry of a position with the stored side to move in
// the stored half of a device section.
func (sec *Section) storedIndex(p Pos) int64 {
	if sec.order == nil {
		i, _ := sec.l.Index(p.Pred, p.Prey, p.Side)
		return i - int64(p.Side)*sec.StoredEntries()
	}
	cls, x, _, _ := sec.l.canon(p.Pred, p.Prey)
	return int64(cls)*sec.l.ranks + rankSet(mapSet(&sec.order.fwd[cls], x))
}

// FarRanks gives, for the entries r, r+1, …, r+len(dst)-1 of predator
// class cls in the slot order OrderFar (r+len(dst) at most Ranks), the rank
// in the index's order of the same position: a writer stores a class's
// codes in OrderFar by reading them in the index's order at those ranks.
func (l *Layout) FarRanks(cls int, r int64, dst []int64) {
	if len(dst) == 0 {
		return
	}
	inv := &farOrder(l).inv[cls]
	x := unrankSet(r, l.k, l.m)
	for i := range dst {
		if i > 0 {
			x = nextSet(x)
		}
		dst[i] = rankSet(mapSet(inv, x))
	}
}

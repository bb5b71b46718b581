package tablebase

import (
	"math/bits"
	"sync"
)

// binom[n][k] is n choose k, for n, k ≤ 40.
var binom [41][41]int64

func init() {
	for n := 0; n <= 40; n++ {
		binom[n][0] = 1
		for k := 1; k <= n; k++ {
			binom[n][k] = binom[n-1][k-1] + binom[n-1][k]
		}
	}
}

// rankTab[j][c][b] is what byte j of a set adds to its colex rank when the
// set has c bits below that byte and the byte's value is b.
var rankTab [5][41][256]int64

func init() {
	for j := 0; j < 5; j++ {
		for c := 0; c <= 40; c++ {
			for b := 0; b < 256; b++ {
				var r int64
				i := c
				for bit := 0; bit < 8; bit++ {
					if b&(1<<bit) != 0 && 8*j+bit <= 40 {
						i++
						if i <= 40 {
							r += binom[8*j+bit][i]
						}
					}
				}
				rankTab[j][c][b] = r
			}
		}
	}
}

// rankSet returns the colex rank of a set of k bits among all k-subsets
// (the combinatorial number system): the sum of C(position, i+1) over its
// bits in increasing order. Gosper's hack enumerates sets in this order.
func rankSet(x uint64) int64 {
	b0, b1, b2, b3 := x&0xff, (x>>8)&0xff, (x>>16)&0xff, (x>>24)&0xff
	c1 := bits.OnesCount64(b0)
	c2 := c1 + bits.OnesCount64(b1)
	c3 := c2 + bits.OnesCount64(b2)
	r := rankTab[0][0][b0] + rankTab[1][c1][b1] + rankTab[2][c2][b2] + rankTab[3][c3][b3]
	if x>>32 != 0 {
		r += rankTab[4][c3+bits.OnesCount64(b3)][(x>>32)&0xff]
	}
	return r
}

// unrankSet returns the k-subset of m slots whose rank is r.
func unrankSet(r int64, k, m int) uint64 {
	var x uint64
	c := m - 1
	for i := k; i >= 1; i-- {
		for binom[c][i] > r {
			c--
		}
		r -= binom[c][i]
		x |= 1 << uint(c)
		c--
	}
	return x
}

// nextSet is Gosper's hack: the next larger set with as many bits.
func nextSet(x uint64) uint64 {
	if x == 0 {
		return 0
	}
	t := x | (x - 1)
	return (t + 1) | (((^t & -^t) - 1) >> uint(bits.TrailingZeros64(x)+1))
}

// compress removes the predators' points (holes, ascending in h) from a prey
// mask, so the prey sit in NP - PredCount slots.
func compress(m uint64, h []uint8) uint64 {
	for i := len(h) - 1; i >= 0; i-- {
		p := h[i]
		m = m&(1<<p-1) | (m>>(p+1))<<p
	}
	return m
}

// expand is the inverse of compress.
func expand(x uint64, h []uint8) uint64 {
	for _, p := range h {
		x = x&(1<<p-1) | (x>>p)<<(p+1)
	}
	return x
}

// predClass is one orbit of predator placements under the symmetries.
type predClass struct {
	rep   uint64
	holes []uint8 // the rep's points, ascending
	stab  []uint8 // symmetries that fix rep
}

// predInfo tells for one predator placement its class and the symmetries
// that map it onto the class's representative.
type predInfo struct {
	class int32
	to    []uint8
	// pts[k][p] is point p's image under to[k], compressed to the class's
	// slots (PreyMover's steps); made with the layout, for one predator.
	pts [][64]uint64
}

// Layout is the index of the positions with k prey pieces on the board: side
// to move × predator class × colex rank of the prey among the other points.
// Predator placements are reduced by the symmetries; the prey are then taken
// at their least rank among the images under the representative's own
// symmetries, so every position has exactly one entry. Entries whose prey
// are not at that least rank are holes and hold no position.
type Layout struct {
	r       *Rules
	k, m    int   // prey pieces on the board, slots for them
	ranks   int64 // C(m, k)
	classes []predClass
	preds   []predInfo // by rankSet of the predator mask (over NP points)
	entries int64
}

var (
	layoutMu    sync.Mutex
	layoutCache = map[*Rules]map[int]*Layout{}
)

// LayoutFor returns the index of r's positions with k prey pieces on the board.
func LayoutFor(r *Rules, k int) *Layout {
	layoutMu.Lock()
	defer layoutMu.Unlock()
	if layoutCache[r] == nil {
		layoutCache[r] = map[int]*Layout{}
	}
	if l := layoutCache[r][k]; l != nil {
		return l
	}
	l := &Layout{r: r, k: k, m: r.NP - r.PredCount}
	l.ranks = binom[l.m][k]
	n := binom[r.NP][r.PredCount]
	l.preds = make([]predInfo, n)
	for i := range l.preds {
		l.preds[i].class = -1
	}
	first := uint64(1)<<uint(r.PredCount) - 1
	for x := first; x < 1<<uint(r.NP); x = nextSet(x) {
		idx := rankSet(x)
		if l.preds[idx].class >= 0 {
			continue
		}
		// x is the least mask of its orbit (masks come in increasing order).
		c := predClass{rep: x}
		for q := x; q != 0; q &= q - 1 {
			c.holes = append(c.holes, uint8(bits.TrailingZeros64(q)))
		}
		cls := int32(len(l.classes))
		for g := range r.Syms {
			y := r.Syms[g].Apply(x)
			if y == x {
				c.stab = append(c.stab, uint8(g))
			}
		}
		for g := range r.Syms {
			y := r.Syms[g].Apply(x)
			pi := &l.preds[rankSet(y)]
			pi.class = cls
			pi.to = appendInverse(pi.to, r, g, x, y)
		}
		l.classes = append(l.classes, c)
	}
	// Deduplicate the symmetry lists (an image reached by several g).
	for i := range l.preds {
		pi := &l.preds[i]
		pi.to = uniq(pi.to)
		if r.PredCount == 1 && pi.class >= 0 {
			holes := l.classes[pi.class].holes
			pi.pts = make([][64]uint64, len(pi.to))
			for k, g := range pi.to {
				for p := 0; p < r.NP; p++ {
					pi.pts[k][p] = compress(r.Syms[g].Apply(1<<uint(p)), holes)
				}
			}
		}
	}
	l.entries = 2 * int64(len(l.classes)) * l.ranks
	layoutCache[r][k] = l
	return l
}

// appendInverse appends to list the inverse of symmetry g (which maps x to y):
// the symmetry that maps y back onto x.
func appendInverse(list []uint8, r *Rules, g int, x, y uint64) []uint8 {
	for h := range r.Syms {
		ok := true
		for i, j := range r.Syms[g].P {
			if r.Syms[h].P[j] != int8(i) {
				ok = false
				break
			}
		}
		if ok && r.Syms[h].Apply(y) == x {
			return append(list, uint8(h))
		}
	}
	panic("tablebase: symmetry without inverse")
}

func uniq(s []uint8) []uint8 {
	seen := uint64(0)
	out := s[:0]
	for _, v := range s {
		if seen&(1<<v) == 0 {
			seen |= 1 << v
			out = append(out, v)
		}
	}
	return out
}

// Entries is the number of entries, holes included.
func (l *Layout) Entries() int64 { return l.entries }

// Classes is the number of predator classes.
func (l *Layout) Classes() int { return len(l.classes) }

// PreyOnBoard is the prey pieces on the board in the layout's positions.
func (l *Layout) PreyOnBoard() int { return l.k }

// Ranks is the entries of one predator class with one side to move: the
// class's entries are those of index cls·Ranks to (cls+1)·Ranks - 1 (with
// the predator to move; the prey's follow all the predator's).
func (l *Layout) Ranks() int64 { return l.ranks }

// ClassHasHoles reports whether predator class cls may have holes (entries
// that hold no position): only a class whose representative some symmetry
// fixes has them.
func (l *Layout) ClassHasHoles(cls int) bool { return len(l.classes[cls].stab) > 1 }

// Index returns the entry of a position (predators pred, prey on the board
// prey, side to move side: 0 predator, 1 prey) and the size of its orbit.
func (l *Layout) Index(pred, prey uint64, side int) (idx int64, orbit int) {
	cls, _, best, n := l.canon(pred, prey)
	// n symmetries map the position onto its entry's; as many fix it.
	return (int64(side)*int64(len(l.classes))+int64(cls))*l.ranks + best, len(l.r.Syms) / n
}

// canon returns the class of a position's predators, the image of its prey
// that the index takes (compressed to the class's slots: the least colex
// rank among the images under the symmetries that map the predators onto
// the class's representative), that rank, and how many symmetries give it.
// For sets of one size colex order is the order of their masks, and
// compress keeps it: the images are compared as masks and only the least
// is ranked.
func (l *Layout) canon(pred, prey uint64) (cls int32, x uint64, best int64, n int) {
	pi := &l.preds[l.predRank(pred)]
	c := &l.classes[pi.class]
	syms := l.r.Syms
	x, n = compress(syms[pi.to[0]].Apply(prey), c.holes), 1
	for _, g := range pi.to[1:] {
		switch y := compress(syms[g].Apply(prey), c.holes); {
		case y < x:
			x, n = y, 1
		case y == x:
			n++
		}
	}
	return pi.class, x, rankSet(x), n
}

// predRank is rankSet of the predators' mask: the point itself for one
// predator (the colex rank of {p} is C(p, 1)).
func (l *Layout) predRank(pred uint64) int64 {
	if l.r.PredCount == 1 {
		return int64(bits.TrailingZeros64(pred))
	}
	return rankSet(pred)
}

// PreyMover indexes the positions one prey step away from one position:
// the same predators, so the same class and the same symmetries onto its
// representative, and each image of the prey moves by the images of the
// step's two points (compress is linear on masks off the predators'
// points). A step's index then costs a few xors, the least image's rank,
// and no image of the whole prey. Made by Layout.PreyMover, for games of
// one predator.
type PreyMover struct {
	off int64 // the entries before the side's and class's ranks
	pts [][64]uint64
	img [maxSyms]uint64
}

// maxSyms bounds a board's symmetries (a square's 8).
const maxSyms = 8

// HasPreyMover reports whether PreyMover serves the layout's game.
func (l *Layout) HasPreyMover() bool { return l.r.PredCount == 1 && len(l.r.Syms) <= maxSyms }

// PreyMover returns the mover of position (pred, prey) whose steps have
// side to move. HasPreyMover must hold.
func (l *Layout) PreyMover(pred, prey uint64, side int) PreyMover {
	pi := &l.preds[l.predRank(pred)]
	c := &l.classes[pi.class]
	m := PreyMover{off: (int64(side)*int64(len(l.classes)) + int64(pi.class)) * l.ranks, pts: pi.pts}
	for k, g := range pi.to {
		m.img[k] = compress(l.r.Syms[g].Apply(prey), c.holes)
	}
	return m
}

// Index returns the entry of the position with the prey piece on point
// from moved to point to (empty).
func (m *PreyMover) Index(from, to int) int64 {
	x := m.img[0] ^ m.pts[0][from] ^ m.pts[0][to]
	for k := 1; k < len(m.pts); k++ {
		if y := m.img[k] ^ m.pts[k][from] ^ m.pts[k][to]; y < x {
			x = y
		}
	}
	return m.off + rankSet(x)
}

// PreyImages are one prey set's images under every symmetry of the board,
// for the entries of the positions that share it (the predators moved):
// IndexImages then compresses and compares the images its predators'
// symmetries pick, and ranks one.
type PreyImages [maxSyms]uint64

// PreyImages returns prey's images. HasPreyMover must hold.
func (l *Layout) PreyImages(prey uint64) (im PreyImages) {
	for g := range l.r.Syms {
		im[g] = l.r.Syms[g].Apply(prey)
	}
	return im
}

// IndexImages is Index(pred, prey, side) for the prey whose images im are
// (without the orbit).
func (l *Layout) IndexImages(pred uint64, im *PreyImages, side int) int64 {
	pi := &l.preds[l.predRank(pred)]
	c := &l.classes[pi.class]
	x := compress(im[pi.to[0]], c.holes)
	for _, g := range pi.to[1:] {
		if y := compress(im[g], c.holes); y < x {
			x = y
		}
	}
	return (int64(side)*int64(len(l.classes))+int64(pi.class))*l.ranks + rankSet(x)
}

// Position returns the position of an entry (also for a hole).
func (l *Layout) Position(idx int64) (pred, prey uint64, side int) {
	rank := idx % l.ranks
	cs := idx / l.ranks
	c := &l.classes[cs%int64(len(l.classes))]
	return c.rep, expand(unrankSet(rank, l.k, l.m), c.holes), int(cs / int64(len(l.classes)))
}

// IsHole reports whether an entry holds no position, and the orbit size of
// the position it holds (0 for a hole). pred, prey and side are the entry's
// (Position's or Walk's).
//
// An entry is a hole when an image of its prey under a symmetry that fixes
// the predators' representative has a lesser colex rank, which for sets of
// one size is a lesser mask (compress keeps the order of masks off the
// predators' points): no rank is computed. (Index, for each such symmetry,
// compresses and ranks: the solver's initialisation of Beat the Wolf's
// tiers spent a quarter of its time in it.)
func (l *Layout) IsHole(idx int64, pred, prey uint64, side int) (bool, int) {
	c := &l.classes[(idx/l.ranks)%int64(len(l.classes))]
	if len(c.stab) == 1 {
		return false, len(l.r.Syms) // nothing but the identity fixes the predators
	}
	if pred != c.rep {
		j, orbit := l.Index(pred, prey, side)
		return j != idx, orbit
	}
	n := 0
	for _, g := range c.stab {
		switch y := l.r.Syms[g].Apply(prey); {
		case y < prey:
			return true, 0
		case y == prey:
			n++
		}
	}
	return false, len(l.r.Syms) / n
}

// PredCaptures reports whether a predator has a capture.
func (r *Rules) PredCaptures(pred, prey uint64) bool {
	empty := (uint64(1)<<uint(r.N) - 1) &^ (pred | prey)
	for pcs := pred; pcs != 0; pcs &= pcs - 1 {
		for _, j := range r.Jumps[bits.TrailingZeros64(pcs)] {
			if j.Over&prey != 0 && j.Land&empty != 0 {
				return true
			}
		}
	}
	return false
}

// Walk calls fn for the positions of entries lo to hi-1 (holes too), in
// order, unranking once per predator class and stepping the prey through
// Gosper's hack in between.
func (l *Layout) Walk(lo, hi int64, fn func(i int64, pred, prey uint64, side int)) {
	var pred, x uint64
	var side int
	var holes []uint8
	for i := lo; i < hi; i++ {
		if i == lo || i%l.ranks == 0 {
			rank := i % l.ranks
			cs := i / l.ranks
			c := &l.classes[cs%int64(len(l.classes))]
			pred, holes, side = c.rep, c.holes, int(cs/int64(len(l.classes)))
			x = unrankSet(rank, l.k, l.m)
		} else {
			x = nextSet(x)
		}
		fn(i, pred, expand(x, holes), side)
	}
}

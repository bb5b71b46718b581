package solver

import (
	"fmt"
	"math"
	"math/bits"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"huntchess/ai/tablebase"
)

// A policy check measures what a table of values alone needs to end its
// wins. Where a device table holds a tier's values without the plies (Beat
// the Wolf's tiers of 14 to 17 dogs), the prey knows which of its moves
// keep the win but not which bring the end nearer: its steps go back and
// forth, and a player that keeps the win can keep it for ever. A fixed
// policy among the winning moves (the one whose child has the least key,
// the child's entry breaking ties, so a position and its mirror image
// choose alike) ends some wins whatever the predator does and goes round
// in others. The check finds which: the wins the policy ends are the
// attractor of the predator's losses under it (a prey-to-move win is won
// when the policy's child is, a predator-to-move loss when every step is;
// its captures lead to the tier below, whose wins are taken as ended, so
// the tiers are checked from the fewest prey up). Where the policy goes
// round, an exception (another winning move, into the wins already ended)
// is added, the wins of the fewest plies first, and the attractor grown
// again, until every win is ended: the exceptions are what the table would
// have to store beside the values, and their count and the ranks of their
// moves in the policy's order are its cost.
//
// Only the prey's wins are looked at: in a game the compact solver solves
// the predator's wins with the predator to move are few and short (none in
// Beat the Wolf's tiers of 11 dogs or more).

// PolicyKey is a policy's key of a child of a prey move (the predator to
// move there): the policy takes the winning move whose child's key is
// least.
type PolicyKey func(pred, prey uint64) uint32

// PolicyNames are the policies PolicyKeyFor knows.
var PolicyNames = []string{"mobility", "near", "region", "region-near", "near-region"}

// PolicyKeyFor returns the key of policy name for r's game:
//   - mobility: the predators' moves in the child (steps and jumps);
//   - near: the same, then the prey's distances to the predators summed
//     (the steps a prey piece needs to reach a predator's point).
//
// Both are the same for a position and its images under the board's
// symmetries.
func PolicyKeyFor(r *tablebase.Rules, name string) (PolicyKey, error) {
	mob := func(pred, prey uint64) uint32 {
		empty := (uint64(1)<<uint(r.N) - 1) &^ (pred | prey)
		n := 0
		for pcs := pred; pcs != 0; pcs &= pcs - 1 {
			f := bits.TrailingZeros64(pcs)
			n += bits.OnesCount64(r.PredStep[f] & empty)
			for _, j := range r.Jumps[f] {
				if j.Over&prey != 0 && j.Land&empty != 0 {
					n++
				}
			}
		}
		return uint32(n)
	}
	switch name {
	case "mobility":
		return mob, nil
	case "near":
		dist := preyDistances(r)
		return func(pred, prey uint64) uint32 {
			s := 0
			for pcs := pred; pcs != 0; pcs &= pcs - 1 {
				d := &dist[bits.TrailingZeros64(pcs)]
				for q := prey; q != 0; q &= q - 1 {
					s += int(d[bits.TrailingZeros64(q)])
				}
			}
			return mob(pred, prey)<<16 | uint32(min(s, 1<<16-1))
		}, nil
	case "region", "region-near", "near-region":
		dist := preyDistances(r)
		return func(pred, prey uint64) uint32 {
			// The points the predators could reach by steps, the prey
			// standing still.
			empty := (uint64(1)<<uint(r.N) - 1) &^ prey
			reach, front := pred, pred
			for front != 0 {
				var nf uint64
				for q := front; q != 0; q &= q - 1 {
					nf |= r.PredStep[bits.TrailingZeros64(q)]
				}
				front = nf & empty &^ reach
				reach |= front
			}
			s := 0
			for pcs := pred; pcs != 0; pcs &= pcs - 1 {
				d := &dist[bits.TrailingZeros64(pcs)]
				for q := prey; q != 0; q &= q - 1 {
					s += int(d[bits.TrailingZeros64(q)])
				}
			}
			reg, m := uint32(bits.OnesCount64(reach)), mob(pred, prey)
			switch name {
			case "region":
				return reg<<24 | m<<16 | uint32(min(s, 1<<16-1))
			case "region-near":
				return reg<<24 | uint32(min(s, 1<<16-1))<<8 | m
			}
			return uint32(min(s, 1<<16-1))<<16 | reg<<8 | m
		}, nil
	}
	return nil, fmt.Errorf("no policy %q (policies: %v)", name, PolicyNames)
}

// preyDistances are the steps a prey piece needs between two points (on an
// empty board; 255 where it cannot get).
func preyDistances(r *tablebase.Rules) [][64]uint8 {
	d := make([][64]uint8, r.N)
	for a := 0; a < r.N; a++ {
		for b := range d[a] {
			d[a][b] = 255
		}
		d[a][a] = 0
		queue := []int{a}
		for len(queue) > 0 {
			x := queue[0]
			queue = queue[1:]
			for t := r.PreyStep[x]; t != 0; t &= t - 1 {
				y := bits.TrailingZeros64(t)
				if d[a][y] == 255 {
					d[a][y] = d[a][x] + 1
					queue = append(queue, y)
				}
			}
		}
	}
	return d
}

// preySteps calls fn for each step of the prey in (pred, prey) of layout l
// (HasPreyMover), in PolicyMove's order (pieces by point, then their steps
// by point), with its ordinal, the prey after it and its child's entry,
// until fn returns false. It returns the steps it called fn for.
func preySteps(r *tablebase.Rules, l *tablebase.Layout, pred, prey uint64, fn func(ord int, after uint64, child int64) bool) int {
	empty := (uint64(1)<<uint(r.N) - 1) &^ (pred | prey)
	mv := l.PreyMover(pred, prey, 0)
	k := 0
	for pcs := prey; pcs != 0; pcs &= pcs - 1 {
		f := bits.TrailingZeros64(pcs)
		fb := uint64(1) << uint(f)
		for t := r.PreyStep[f] & empty; t != 0; t &= t - 1 {
			k++
			if !fn(k-1, prey^fb^(t&-t), mv.Index(f, bits.TrailingZeros64(t))) {
				return k
			}
		}
	}
	return k
}

// PolicyMove is the policy's move in the prey-to-move position (pred, prey)
// of layout l (a winning one, HasPreyMover): among the moves whose child
// win says is the prey's win (the predator's loss), the one whose child has
// the least (key, entry). It returns the move's ordinal among the prey's
// moves (as preySteps counts them; a pass is 0), its child's entry, and how
// many distinct winning children there were (0: no winning move).
func PolicyMove(r *tablebase.Rules, l *tablebase.Layout, key PolicyKey, win func(child int64) bool, pred, prey uint64) (ord int, child int64, winning int) {
	ord, child = -1, -1
	var best uint32
	var seen [4 * 64]int64 // the distinct winning children so far
	steps := preySteps(r, l, pred, prey, func(k int, after uint64, ci int64) bool {
		if !win(ci) {
			return true
		}
		if !slices.Contains(seen[:winning], ci) {
			seen[winning] = ci
			winning++
		}
		if kv := key(pred, after); child < 0 || kv < best || kv == best && ci < child {
			ord, child, best = k, ci, kv
		}
		return true
	})
	if steps == 0 && r.PreyPasses {
		ci, _ := l.Index(pred, prey, 0)
		if win(ci) {
			return 0, ci, 1
		}
	}
	return ord, child, winning
}

// policyRank is the rank of the winning move to child in the policy's
// order: the distinct winning children before it.
func policyRank(r *tablebase.Rules, l *tablebase.Layout, key PolicyKey, win func(child int64) bool, pred, prey uint64, child int64) int {
	type kc struct {
		key   uint32
		child int64
	}
	var seen [4 * 64]kc
	n := 0
	var at kc
	preySteps(r, l, pred, prey, func(_ int, after uint64, ci int64) bool {
		if win(ci) && !slices.ContainsFunc(seen[:n], func(x kc) bool { return x.child == ci }) {
			seen[n] = kc{key(pred, after), ci}
			if ci == child {
				at = seen[n]
			}
			n++
		}
		return true
	})
	rank := 0
	for _, x := range seen[:n] {
		if x.key < at.key || x.key == at.key && x.child < at.child {
			rank++
		}
	}
	return rank
}

// preyMoveChild is the entry of the child of the prey's move ord in
// (pred, prey) (as PolicyMove counts them).
func preyMoveChild(r *tablebase.Rules, l *tablebase.Layout, pred, prey uint64, ord int) int64 {
	child := int64(-1)
	preySteps(r, l, pred, prey, func(k int, _ uint64, ci int64) bool {
		if k == ord {
			child = ci
		}
		return k < ord
	})
	if child < 0 {
		child, _ = l.Index(pred, prey, 0) // the pass
	}
	return child
}

// PolicyReport is what a policy check found in a tier. Counts are of
// entries (positions up to the board's symmetries).
type PolicyReport struct {
	Captured   int     `json:"captured"`
	Policy     string  `json:"policy"`
	Entries    int64   `json:"entries"`
	Positions  int64   `json:"positions"`    // entries that are not holes
	PreyToMove int64   `json:"prey_to_move"` // of which the prey to move
	PreyWins   int64   `json:"prey_wins"`    // the prey to move, its win
	PredLosses int64   `json:"pred_losses"`  // the predator to move, its loss
	ByPolicy   int64   `json:"by_policy"`    // prey wins the policy alone ends
	Exceptions int64   `json:"exceptions"`   // prey wins that need another move
	Batches    int     `json:"batches"`      // levels that took exceptions
	Rounds     int     `json:"rounds"`       // rounds of the attractor in all
	Winning    int64   `json:"winning"`      // distinct winning children over the prey wins
	Ranks      []int64 `json:"ranks"`        // exceptions by their move's rank in the policy's order (the last: that or more)
	Unended    int64   `json:"unended"`      // wins never ended (0 unless the values are wrong)
	Seconds    float64 `json:"seconds"`
}

// Bits is the entropy, in bits a position of the tier, of what the table
// would store for the exceptions: for each prey-to-move position "the
// policy" or an exception's rank (the last rank counted as one symbol: a
// little under what its ranks would take).
func (p *PolicyReport) Bits() float64 {
	n := float64(p.PreyToMove)
	if n == 0 || p.Positions == 0 {
		return 0
	}
	h := 0.0
	add := func(c float64) {
		if c > 0 {
			h -= c / n * math.Log2(c/n)
		}
	}
	add(n - float64(p.Exceptions))
	for _, c := range p.Ranks {
		add(float64(c))
	}
	return h * n / float64(p.Positions)
}

// bitSet is a bit an entry, set and read atomically.
type bitSet []uint64

func (b bitSet) get(i int64) bool { return atomic.LoadUint64(&b[i>>6])&(1<<uint(i&63)) != 0 }

// set sets bit i and reports whether it was clear.
func (b bitSet) set(i int64) bool {
	m := uint64(1) << uint(i&63)
	return atomic.OrUint64(&b[i>>6], m)&m == 0
}

// policyBlock is the words of a frontier that one flag covers.
const policyBlock = 1 << 12

// frontier is the entries newly ended in a round, with a flag for each
// block of words that holds any.
type frontier struct {
	bits  bitSet
	flags []uint32
}

func newFrontier(n int64) *frontier {
	w := (n + 63) / 64
	return &frontier{bits: bitSet(newWords(w)), flags: make([]uint32, (w+policyBlock-1)/policyBlock)}
}

func (f *frontier) add(i int64) {
	f.bits.set(i)
	if b := (i >> 6) / policyBlock; atomic.LoadUint32(&f.flags[b]) == 0 {
		atomic.StoreUint32(&f.flags[b], 1)
	}
}

// CheckPolicy checks policy name in the tier with captured prey taken,
// whose codes codes reads (a tier file's ReadCodes, a CompactTier's Fill).
// keep, if not nil, is given every exception (its entry, and the ordinal of
// its move as PolicyMove counts them), from any goroutine.
func (s *Solver) CheckPolicy(captured int, name string, codes func(lo int64, dst []uint16) error, keep func(entry int64, ord int)) (*PolicyReport, error) {
	start := time.Now()
	r := s.R
	key, err := PolicyKeyFor(r, name)
	if err != nil {
		return nil, err
	}
	l := tablebase.LayoutFor(r, r.PreyCount-captured)
	if !l.HasPreyMover() || r.PredCount != 1 {
		return nil, fmt.Errorf("tablebase: a policy check needs one predator, not %s's", r.Name)
	}
	n := l.Entries()
	half := n / 2
	tk := TierKey{captured, 0}
	rep := &PolicyReport{Captured: captured, Policy: name, Entries: n, Ranks: make([]int64, 8)}
	words := (n + 63) / 64

	// The prey's wins (the predator's losses) from the codes, and each prey
	// win's level: its plies (odd) halved, in a byte.
	win := bitSet(newWords(words))
	level := make([]uint8, half)
	var mu sync.Mutex
	var firstErr error
	var done atomic.Int64
	tick := newTicker(s, "values", n)
	tick.tier = tk
	const chunk = 1 << 16 // a multiple of 64: a chunk's words are its own
	s.parallel(n, func(lo, hi int64, _ int) {
		buf := make([]uint16, hi-lo)
		if err := codes(lo, buf); err != nil {
			mu.Lock()
			firstErr = err
			mu.Unlock()
			return
		}
		var pos, prey, pw, pl int64
		for k, c := range buf {
			i := lo + int64(k)
			v, d := tablebase.Decode(c)
			if v == tablebase.Unknown {
				continue
			}
			pos++
			if i >= half {
				prey++
			}
			if i < half && v == tablebase.Loss || i >= half && v == tablebase.Win {
				win[i>>6] |= 1 << uint(i&63)
				if i < half {
					pl++
				} else {
					pw++
					if d/2 > 255 {
						mu.Lock()
						firstErr = fmt.Errorf("tablebase: %s captured=%d entry %d: a win in %d plies, past the check's 511", r.Name, captured, i, d)
						mu.Unlock()
						return
					}
					level[i-half] = uint8(d / 2)
				}
			}
		}
		mu.Lock()
		rep.Positions += pos
		rep.PreyToMove += prey
		rep.PreyWins += pw
		rep.PredLosses += pl
		mu.Unlock()
		tick.add(&done, hi-lo)
	}, chunk)
	tick.end()
	if firstErr != nil {
		return nil, firstErr
	}
	maxLevel := 0
	for _, v := range level {
		maxLevel = max(maxLevel, int(v))
	}

	won := bitSet(newWords(words))
	memo := make([]uint32, (half+3)/4) // a prey-to-move entry's policy move: its ordinal + 1, a byte each
	cur, next := newFrontier(n), newFrontier(n)

	// policyChild is the child of the policy's move of prey-to-move entry j.
	// The memo's ordinal is of the entry's own position (Position's, as
	// Walk's): the same position seen through a symmetry numbers its moves
	// otherwise.
	policyChild := func(j int64) int64 {
		pred, prey, _ := l.Position(j)
		m := j - half
		w := &memo[m>>2]
		sh := uint(m&3) * 8
		if b := (atomic.LoadUint32(w) >> sh) & 0xff; b != 0 {
			return preyMoveChild(r, l, pred, prey, int(b)-1)
		}
		ord, ci, _ := PolicyMove(r, l, key, win.get, pred, prey)
		if ord < 0 {
			panic(fmt.Sprintf("tablebase: %s captured=%d entry %d: a prey win without a winning move", r.Name, captured, j))
		}
		for {
			o := atomic.LoadUint32(w)
			if atomic.CompareAndSwapUint32(w, o, o&^(0xff<<sh)|uint32(ord+1)<<sh) {
				break
			}
		}
		return ci
	}

	// predEnded reports whether every step of the predator in the
	// predator-to-move position (pred, prey) (a loss; its captures lead to
	// the tier below's wins), whose prey's images are im, leads to a prey
	// win ended already.
	predEnded := func(pred, prey uint64, im *tablebase.PreyImages) bool {
		empty := (uint64(1)<<uint(r.N) - 1) &^ (pred | prey)
		for pcs := pred; pcs != 0; pcs &= pcs - 1 {
			f := bits.TrailingZeros64(pcs)
			fb := uint64(1) << uint(f)
			for t := r.PredStep[f] & empty; t != 0; t &= t - 1 {
				if !won.get(l.IndexImages(pred^fb^(t&-t), im, 1)) {
					return false
				}
			}
		}
		return true
	}

	// The start: the predator's losses without a step in the tier.
	tick = newTicker(s, "start", half)
	tick.tier = tk
	done.Store(0)
	s.parallel(half, func(lo, hi int64, _ int) {
		eachBit(lo, hi, func(wi int64) uint64 { return win[wi] }, func(i int64) {
			pred, prey, _ := l.Position(i)
			im := l.PreyImages(prey)
			if predEnded(pred, prey, &im) && won.set(i) {
				cur.add(i)
			}
		})
		tick.add(&done, hi-lo)
	}, chunk)
	tick.end()

	// round spreads the ended entries of cur to their parents (into next).
	round := func() int64 {
		var grown atomic.Int64
		s.parallel(int64(len(cur.flags)), func(lo, hi int64, wk int) {
			var g int64
			var ps []parentRef
			for b := lo; b < hi; b++ {
				if cur.flags[b] == 0 {
					continue
				}
				cur.flags[b] = 0
				for wi := b * policyBlock; wi < min((b+1)*policyBlock, words); wi++ {
					x := cur.bits[wi]
					if x == 0 {
						continue
					}
					cur.bits[wi] = 0
					for ; x != 0; x &= x - 1 {
						e := wi<<6 | int64(bits.TrailingZeros64(x))
						pred, prey, side := l.Position(e)
						if side == 1 {
							// A prey win ended: its predator-to-move parents.
							im := l.PreyImages(prey)
							r.Parents(tablebase.Pos{Pred: pred, Prey: prey, Side: 1, Capt: captured}, func(q tablebase.Pos) {
								j := l.IndexImages(q.Pred, &im, 0)
								if !win.get(j) || won.get(j) {
									return
								}
								if predEnded(q.Pred, q.Prey, &im) && won.set(j) {
									next.add(j)
									g++
								}
							})
							continue
						}
						// A predator loss ended: the prey-to-move parents
						// whose policy move leads to it.
						ps = preyParents(r, l, pred, prey, captured, ps[:0])
						for _, p := range ps {
							if !win.get(p.j) || won.get(p.j) {
								continue
							}
							if policyChild(p.j) == e && won.set(p.j) {
								next.add(p.j)
								g++
							}
						}
					}
				}
			}
			grown.Add(g)
		}, 1)
		cur, next = next, cur
		rep.Rounds++
		return grown.Load()
	}
	closure := func(what string) {
		t0 := time.Now()
		last := time.Now()
		var total int64
		for {
			g := round()
			total += g
			if time.Since(last) > 10*time.Second {
				last = time.Now()
				s.emit(Event{Kind: Note, Tier: tk, Text: fmt.Sprintf("%s: round %d, %d ended in it, %d in %.0f s", what, rep.Rounds, g, total, time.Since(t0).Seconds())})
			}
			if g == 0 {
				break
			}
		}
	}
	closure("the policy")
	rep.ByPolicy = s.countBits(half/64, words, func(wi int64) uint64 { return won[wi] })
	s.emit(Event{Kind: Note, Tier: tk, Text: fmt.Sprintf("the policy %s alone ends %d of %d prey wins (%d rounds, %.0f s)", name, rep.ByPolicy, rep.PreyWins, rep.Rounds, time.Since(start).Seconds())})

	// Exceptions, a level at a time: the prey wins of each level (their
	// plies) the policy has not ended yet take the first move in the
	// policy's order into the ended (the wins of lower levels are all ended
	// by then, so one of the fastest moves at least is there), and the
	// attractor grows again before the next level. A level's exceptions so
	// are the fewest that end its wins given the lower levels'.
	var winning atomic.Int64
	for lv := 0; lv <= maxLevel; lv++ {
		var added atomic.Int64
		ranks := make([]atomic.Int64, len(rep.Ranks))
		count := lv == 0
		var missing atomic.Int64
		s.parallel(half, func(lo, hi int64, _ int) {
			bitsOf := func(wi int64) uint64 { return win[wi] &^ atomic.LoadUint64(&won[wi]) }
			if count {
				bitsOf = func(wi int64) uint64 { return win[wi] }
			}
			eachBit(half+lo, half+hi, bitsOf, func(i int64) {
				if !count && int(level[i-half]) != lv {
					return
				}
				pred, prey, _ := l.Position(i)
				if count {
					_, _, w := PolicyMove(r, l, key, win.get, pred, prey)
					winning.Add(int64(w))
				}
				if int(level[i-half]) != lv || won.get(i) {
					return
				}
				ord, ci, _ := PolicyMove(r, l, key, func(c int64) bool { return win.get(c) && won.get(c) }, pred, prey)
				if ord < 0 {
					missing.Add(1)
					return
				}
				rank := policyRank(r, l, key, win.get, pred, prey, ci)
				ranks[min(rank, len(ranks)-1)].Add(1)
				if keep != nil {
					keep(i, ord)
				}
				added.Add(1)
				next.add(i) // won is set after the level: its look reads the ended as they were
			})
		}, chunk)
		if count {
			rep.Winning = winning.Load()
		}
		if m := missing.Load(); m > 0 {
			return nil, fmt.Errorf("tablebase: %s captured=%d: %d prey wins in %d or %d plies have no move into the wins ended: the values are not the game's", r.Name, captured, m, 2*lv, 2*lv+1)
		}
		if added.Load() == 0 {
			continue
		}
		rep.Batches++
		rep.Exceptions += added.Load()
		for k := range ranks {
			rep.Ranks[k] += ranks[k].Load()
		}
		// Mark the level's exceptions ended, then spread them.
		s.parallel(int64(len(next.flags)), func(lo, hi int64, _ int) {
			for b := lo; b < hi; b++ {
				if next.flags[b] == 0 {
					continue
				}
				for wi := b * policyBlock; wi < min((b+1)*policyBlock, words); wi++ {
					if x := next.bits[wi]; x != 0 {
						atomic.OrUint64(&won[wi], x)
					}
				}
			}
		}, 1)
		cur, next = next, cur
		s.emit(Event{Kind: Note, Tier: tk, Text: fmt.Sprintf("level %d of %d: %d exceptions (%d in all)", lv, maxLevel, added.Load(), rep.Exceptions)})
		closure(fmt.Sprintf("level %d", lv))
	}

	// Every win ended now, or the values are not the game's.
	rep.Unended = s.countBits(0, words, func(wi int64) uint64 { return win[wi] &^ won[wi] })
	rep.Seconds = time.Since(start).Seconds()
	return rep, nil
}

// countBits counts the bits set in words lo to hi-1 as word gives them (by
// the word's index).
func (s *Solver) countBits(lo, hi int64, word func(wi int64) uint64) int64 {
	var c atomic.Int64
	s.parallel(hi-lo, func(a, b int64, _ int) {
		var k int64
		for wi := lo + a; wi < lo+b; wi++ {
			k += int64(bits.OnesCount64(word(wi)))
		}
		c.Add(k)
	}, 1<<14)
	return c.Load()
}

// eachBit calls fn for each entry i in [lo, hi) whose bit is set in the
// words word gives (by the word's index).
func eachBit(lo, hi int64, word func(wi int64) uint64, fn func(i int64)) {
	for wi := lo >> 6; wi <= (hi-1)>>6 && lo < hi; wi++ {
		x := word(wi)
		if wi == lo>>6 {
			x &^= 1<<uint(lo&63) - 1
		}
		if wi == (hi-1)>>6 && hi&63 != 0 {
			x &= 1<<uint(hi&63) - 1
		}
		for ; x != 0; x &= x - 1 {
			fn(wi<<6 | int64(bits.TrailingZeros64(x)))
		}
	}
}

package solver

import (
	"errors"
	"fmt"
	"math/bits"
	"sync"
	"sync/atomic"
	"time"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/internal/tbwrite"
)

// The compact solver: the exact values of a moving-phase tier in one byte an
// entry, for tiers too large for SolveTier's four-byte work words (Beat the
// Wolf's tiers with 11 to 17 dogs, 1.8e9 to 8.4e9 entries each: 8.4 GB here
// for the largest instead of 34 GB of work words and 17 GB of codes).
//
// A byte holds 0 for an entry not decided (a draw once the levels are over),
// 0xff for a hole, else the plies to the end plus one, wrapped at
// compactWrap with the epoch (plies / compactWrap) in up to two bit planes
// allocated the first time the plies wrap. The parity of the plies is the
// value: odd plies are a win for the side to move, even ones a loss (a win
// ends on the winner's move; a side that has lost has 0 plies to go).
//
// There are no counters: level d announces the entries decided at d plies.
// Each parent of a loss at d wins at d+1 unless it is decided already; each
// parent of a win at d is looked at forwards: lost when every move leads to
// a win for the other side already decided, in plies one more than the
// longest of them. A parent's forward look stops at its first move that is
// not such a win, so most cost a child or two.
//
// A win through a move out of the tier (a capture into a tier solved
// before, or a capture that ends the game) is known from the start but may
// be beaten by a faster win inside the tier: the entry holds it as a
// candidate, marked in the tentative bit plane, until its level comes, and
// a faster win found on the way replaces it.
//
// Only the prey-to-move half of a solved tier is kept for the tiers above
// it: captures are the predator's moves, so they lead to the prey's turn.

// compactWrap is how many plies a byte tells apart before the epoch bits
// take over (1 to 254; 255 marks a hole). Even, so the byte keeps the
// parity. Tests make it small.
var compactWrap = 254

const compactEpochBits = 2

// CompactTier is a moving-phase tier solved by SolveCompactTier: its byte
// codes (all of them, or the prey-to-move half that the tiers above read).
type CompactTier struct {
	Captured int
	Layout   *tablebase.Layout
	Stats    tablebase.TierStats
	// First is the first entry held: 0, or Entries/2 for the prey half.
	First int64
	// MaxPlies is the most plies of any entry (a win or a loss).
	MaxPlies int
	b        byteTable
	ep       [compactEpochBits][]uint64
}

// plies returns the plies of entry i (held, not 0 nor a hole).
func (t *CompactTier) plies(i int64, v uint8) int {
	e := 0
	j := i - t.First
	for k := range t.ep {
		if t.ep[k] != nil && atomic.LoadUint64(&t.ep[k][j>>6])>>uint(j&63)&1 != 0 {
			e |= 1 << k
		}
	}
	return e*compactWrap + int(v) - 1
}

// Code returns the table code of entry i (one it holds).
func (t *CompactTier) Code(i int64) uint16 {
	v := t.b.get(i - t.First)
	if v == 0 || v == boundHole {
		return byteCode(v, 0)
	}
	return byteCode(v, t.plies(i, v))
}

// byteCode is the table code of an entry's byte v with its plies d (d is
// read only for a win or a loss).
func byteCode(v uint8, d int) uint16 {
	switch {
	case v == boundHole:
		return tablebase.CodeNoneV
	case v == 0:
		return tablebase.CodeDrawV
	case d&1 == 1:
		return tablebase.MakeCode(tablebase.CodeWin, d)
	}
	return tablebase.MakeCode(tablebase.CodeLoss, d)
}

// Fill puts the codes of entries lo, lo+1, … into dst (tbwrite.SolvedTier).
func (t *CompactTier) Fill(lo int64, dst []uint16) {
	for k := range dst {
		dst[k] = t.Code(lo + int64(k))
	}
}

// Solved is the tier as tbwrite.WriteTable takes it (a whole tier only).
func (t *CompactTier) Solved() tbwrite.SolvedTier {
	return tbwrite.SolvedTier{Captured: t.Captured, Layout: t.Layout, Stats: t.Stats, Fill: t.Fill}
}

// PreyHalf returns the prey-to-move half of a whole tier, sharing nothing
// with it (so the whole can be dropped).
func (t *CompactTier) PreyHalf() *CompactTier {
	n := t.Layout.Entries()
	h := &CompactTier{Captured: t.Captured, Layout: t.Layout, Stats: t.Stats, First: n / 2, MaxPlies: t.MaxPlies}
	h.b = newByteTable(n - n/2)
	for i := n / 2; i < n; i += 8 {
		var w uint64
		for k := int64(0); k < 8 && i+k < n; k++ {
			w |= uint64(t.b.get(i+k)) << (8 * uint(k))
		}
		h.b[(i-n/2)>>3] = w
	}
	for k := range t.ep {
		if t.ep[k] != nil {
			h.ep[k] = planeFrom(t.ep[k], n/2, n)
		}
	}
	return h
}

// planeFrom copies bits from to n-1 of a bit plane into a plane of their
// own (bit from becomes bit 0): an epoch plane's part for the prey half.
func planeFrom(plane []uint64, from, n int64) []uint64 {
	out := newWords((n - from + 63) / 64)
	for i := from; i < n; i++ {
		if plane[i>>6]>>uint(i&63)&1 != 0 {
			j := i - from
			out[j>>6] |= 1 << uint(j&63)
		}
	}
	return out
}

// value is the value of a position of this tier (prey to move if only
// that half is held) for its side to move, with its plies.
func (t *CompactTier) value(c tablebase.Pos) (tablebase.Value, int) {
	i, _ := t.Layout.Index(c.Pred, c.Prey, c.Side)
	if i < t.First {
		panic(fmt.Sprintf("tablebase: captured %d: only the prey-to-move half is held", t.Captured))
	}
	return tablebase.Decode(t.Code(i))
}

// compactWork is the tier being solved.
type compactWork struct {
	*CompactTier
	tent []uint64 // the tentative bits: a candidate win, not yet decided
	// locks guard a candidate's change (a faster win, or its level come):
	// byte, epoch and bit change together under the lock of the bit's word.
	locks [256]sync.Mutex
}

func (w *compactWork) lock(i int64) *sync.Mutex { return &w.locks[(i>>6)&255] }

// ensureEpochs allocates the epoch planes that plies up to most need
// (between passes: the planes are read without locks).
func (w *compactWork) ensureEpochs(most int) {
	e := most / compactWrap
	if e >= 1<<compactEpochBits {
		panic(fmt.Sprintf("tablebase: captured %d goes past %d plies", w.Captured, compactWrap<<compactEpochBits-1))
	}
	for k := range w.ep {
		if e>>k != 0 && w.ep[k] == nil {
			w.ep[k] = newWords((w.Layout.Entries() + 63) / 64)
		}
	}
}

func (w *compactWork) tentative(i int64) bool {
	return atomic.LoadUint64(&w.tent[i>>6])>>uint(i&63)&1 != 0
}

// setPlies sets the epoch bits of entry i for d plies (clearing the others)
// and returns d's byte.
func (w *compactWork) setPlies(i int64, d int) uint8 {
	e := d / compactWrap
	if e >= 1<<compactEpochBits {
		panic(fmt.Sprintf("tablebase: captured %d goes past %d plies", w.Captured, compactWrap<<compactEpochBits-1))
	}
	for k := range w.ep {
		if w.ep[k] == nil {
			if e>>k&1 != 0 {
				panic("tablebase: an epoch plane is missing") // ensureEpochs first
			}
			continue
		}
		if e>>k&1 != 0 {
			atomic.OrUint64(&w.ep[k][i>>6], 1<<uint(i&63))
		} else {
			atomic.AndUint64(&w.ep[k][i>>6], ^(uint64(1) << uint(i&63)))
		}
	}
	return uint8(d%compactWrap + 1)
}

// casByte sets byte i from old to v and reports whether it did.
func (a byteTable) casByte(i int64, old, v uint8) bool {
	p, sh := &a[i>>3], 8*uint(i&7)
	for {
		w := atomic.LoadUint64(p)
		if uint8(w>>sh) != old {
			return false
		}
		if atomic.CompareAndSwapUint64(p, w, w&^(0xff<<sh)|uint64(v)<<sh) {
			return true
		}
	}
}

// CompactSolvable reports whether the compact solver handles r's game: the
// parity of the plies must tell the value, so no move may lose for its
// mover at once (no traps, no cliff), and captures are jumps (not the
// lion's pairs).
func CompactSolvable(r *tablebase.Rules) bool { return r.BoundSolvable() }

// SolveCompactTier solves the moving-phase tier with captured prey taken
// (nothing in hand) in one byte an entry. lower holds the tiers its
// captures lead to (their prey-to-move halves at least), by captured count;
// a capture that ends the game needs none.
func (s *Solver) SolveCompactTier(captured int, lower map[int]*CompactTier) (*CompactTier, error) {
	start := time.Now()
	r := s.R
	if !CompactSolvable(r) {
		return nil, fmt.Errorf("tablebase: the compact solver needs a game without traps or a cliff, not %s", r.Name)
	}
	k := r.PreyCount - captured
	l := tablebase.LayoutFor(r, k)
	key := TierKey{captured, 0}
	n := l.Entries()
	w := &compactWork{CompactTier: &CompactTier{Captured: captured, Layout: l, b: newByteTable(n)}, tent: newWords((n + 63) / 64)}
	a := w.b
	s.emit(Event{Kind: TierBegins, Tier: key, Text: fmt.Sprintf("%s tier captured=%d (%d prey on the board), one byte an entry: %d entries, %d predator classes, %.2f GB",
		r.Name, captured, k, n, l.Classes(), float64(n)*(1+1.0/8)/1e9)})
	lookup := func(c tablebase.Pos) (tablebase.Value, int) {
		t := lower[c.Capt]
		if t == nil {
			panic(fmt.Sprintf("tablebase: %s tier captured=%d is needed first", r.Name, c.Capt))
		}
		return t.value(c)
	}

	// Plies out of the tier are at most one more than the lower tiers' most;
	// inside it, one more than the level.
	outMost := 1
	for _, t := range lower {
		outMost = max(outMost, t.MaxPlies+1)
	}

	// A part of the tier written by a run before this one: go on from it.
	chunks := int((n + pendChunk - 1) / pendChunk)
	marks := newLevelMarks(chunks)
	partPath, every := "", s.PartEvery
	if s.PartPath != nil {
		partPath = s.PartPath(captured)
	}
	if every <= 0 {
		every = 10 * time.Minute
	}
	var prior float64 // seconds of the runs before this one
	d0, levels := 0, 0
	resumed := false
	if partPath != "" {
		st, err := readPart(partPath, r, w, chunks)
		switch {
		case err == nil:
			resumed, d0, levels, prior = true, st.level, st.levels, st.seconds
			s.markPending(w, marks, st.pend, d0)
			s.emit(Event{Kind: Note, Tier: key, Text: fmt.Sprintf("%s tier captured=%d: going on from its part at level %d (%s, %.0f s of work kept)",
				r.Name, captured, d0, partPath, prior)})
		case errors.Is(err, errNoPart):
		default:
			s.emit(Event{Kind: Note, Tier: key, Text: fmt.Sprintf("%s tier captured=%d: %v; solving the tier from its start", r.Name, captured, err)})
			clear(w.b)
			clear(w.tent)
			w.ep = [compactEpochBits][]uint64{}
		}
	}
	elapsed := func() float64 { return prior + time.Since(start).Seconds() }
	lastPart := time.Now()
	savePart := func(level int) error {
		if partPath == "" {
			return nil
		}
		t0 := time.Now()
		if err := writePart(partPath, r, w, partState{level: level, levels: levels, seconds: elapsed(), pend: marks.pends(level)}); err != nil {
			return fmt.Errorf("tablebase: %s tier captured=%d: its part: %w", r.Name, captured, err)
		}
		lastPart = time.Now()
		s.emit(Event{Kind: Note, Tier: key, Text: fmt.Sprintf("%s tier captured=%d: part written before level %d (%.1f s)", r.Name, captured, level, time.Since(t0).Seconds())})
		return nil
	}
	w.ensureEpochs(outMost)

	var done atomic.Int64
	if !resumed {
		s.compactInit(w, marks, &done, lookup)
		if err := savePart(0); err != nil {
			return nil, err
		}
		if s.stop.Load() {
			return nil, ErrStopped
		}
	}

	// Levels.
	parents := make([][]parentRef, max(1, s.Threads)) // a worker's, reused
	// The prey's steps indexed by a PreyMover.
	mover := l.HasPreyMover()
	im := make([]tablebase.PreyImages, max(1, s.Threads)) // a worker's
	touched := make([]uint64, max(1, s.Threads))          // the sums of the touches: kept, so the reads are too
	for d := d0; marks.more(d); d++ {
		t0 := time.Now()
		var announced, decided atomic.Int64
		d1 := d + 1
		w.ensureEpochs(d1)
		lossLevel := d%2 == 0 // the entries announced lose: their parents win
		s.parallel(int64(chunks), func(lo, hi int64, wk int) {
			var an, dec int64
			ps := parents[wk][:0]
			for ch := lo; ch < hi; ch++ {
				if !marks.take(ch, d) {
					continue
				}
				an += w.announce(ch, d, func(i int64) {
					pred, prey, side := l.Position(i)
					ps = ps[:0]
					switch {
					case side == 0 && mover:
						ps = preyParents(r, l, pred, prey, captured, ps)
					case mover:
						// The predator moved: its parents and their forward
						// looks' steps of the predator keep the prey, and
						// its images.
						im[wk] = l.PreyImages(prey)
						r.Parents(tablebase.Pos{Pred: pred, Prey: prey, Side: side, Capt: captured}, func(q tablebase.Pos) {
							ps = append(ps, parentRef{q, l.IndexImages(q.Pred, &im[wk], q.Side)})
						})
					default:
						r.Parents(tablebase.Pos{Pred: pred, Prey: prey, Side: side, Capt: captured}, func(q tablebase.Pos) {
							j, _ := l.Index(q.Pred, q.Prey, q.Side)
							ps = append(ps, parentRef{q, j})
						})
					}
					// The parents' bytes read one after the other, before
					// any is looked at: their cache misses overlap, and
					// the looks below find them in the cache.
					var touch uint64
					for _, p := range ps {
						touch += atomic.LoadUint64(&a[p.j>>3])
					}
					touched[wk] += touch
					for _, p := range ps {
						q, j := p.q, p.j
						var to int
						if lossLevel {
							if !w.relaxWin(j, d1) {
								continue
							}
							to = d1
						} else {
							var qi *tablebase.PreyImages
							if mover && side == 1 { // q is the predator's, with i's prey
								qi = &im[wk]
							}
							lost, plies := w.lost(s, q, j, qi, lookup)
							if !lost || !a.casByte(j, 0, w.setPlies(j, plies)) {
								continue
							}
							to = plies
						}
						dec++
						marks.mark(j/pendChunk, to)
					}
				})
			}
			parents[wk] = ps
			announced.Add(an)
			decided.Add(dec)
		}, 1)
		if announced.Load() > 0 {
			levels = d + 1
		}
		s.emit(Event{Kind: LevelDone, Tier: key, Level: d, Decided: decided.Load(),
			Text: fmt.Sprintf("level %d: %d at %d plies decided %d (%.1f s)", d, announced.Load(), d, decided.Load(), time.Since(t0).Seconds())})
		stop := s.stopAt != nil && s.stopAt(d) || s.stop.Load()
		if stop || time.Since(lastPart) >= every {
			if err := savePart(d + 1); err != nil {
				return nil, err
			}
		}
		if stop {
			return nil, ErrStopped
		}
	}
	s.emit(Event{Kind: LevelsDone, Tier: key, Level: levels})

	// The counts.
	stats := tablebase.TierStats{Captured: captured, Kind: "dense", PreyOnBoard: k, Entries: n, Levels: levels}
	var mu sync.Mutex
	done.Store(0)
	tick := newTicker(s, "count", n)
	tick.tier = key
	half := n / 2
	most := 0
	s.parallel(n, func(lo, hi int64, _ int) {
		var part tablebase.TierStats
		m := w.count(lo, hi, half, &part)
		mu.Lock()
		stats.Add(&part)
		most = max(most, m)
		mu.Unlock()
		tick.add(&done, hi-lo)
	})
	tick.end()
	w.tent = nil
	stats.Seconds = elapsed()
	w.Stats = stats
	w.MaxPlies = most
	s.emit(Event{Kind: TierDone, Tier: key, Stats: &stats})
	return w.CompactTier, nil
}

// count adds entries lo to hi-1 (lo a multiple of 64) to part, as
// TierStats.Count counts their codes (the wolf to move below half), and
// returns the most plies among them. No goroutine writes while it runs: it
// reads the tentative and epoch bits of 64 entries at once and the bytes
// without atomics (Code, entry by entry, took 70 ns an entry; this about 2).
func (w *compactWork) count(lo, hi, half int64, part *tablebase.TierStats) (most int) {
	a := w.b
	for i := lo; i < hi; {
		wd := i >> 6
		if w.tent[wd] != 0 {
			panic(fmt.Sprintf("tablebase: captured %d entry %d is still a candidate after the levels", w.Captured, wd<<6+int64(bits.TrailingZeros64(w.tent[wd]))))
		}
		var e0, e1 uint64
		if w.ep[0] != nil {
			e0 = w.ep[0][wd]
		}
		if w.ep[1] != nil {
			e1 = w.ep[1][wd]
		}
		for end := min(i+64, hi); i < end; i++ {
			v := uint8(a[i>>3] >> (8 * uint(i&7)))
			d := 0
			if v != 0 && v != boundHole {
				sh := uint(i & 63)
				d = int(e0>>sh&1|(e1>>sh&1)<<1)*compactWrap + int(v) - 1
				most = max(most, d)
			}
			part.Count(byteCode(v, d), i < half)
		}
	}
	return most
}

// compactInit initialises tier w: its holes, its candidate wins through
// moves out of the tier, its losses with every move out of it; each chunk
// is marked at the levels of the entries it decided.
func (s *Solver) compactInit(w *compactWork, marks *levelMarks, done *atomic.Int64, lookup func(tablebase.Pos) (tablebase.Value, int)) {
	r, l, a, n, captured := s.R, w.Layout, w.b, w.Layout.Entries(), w.Captured
	key := TierKey{captured, 0}
	tick := newTicker(s, "init", n)
	tick.tier = key
	s.parallel(n, func(lo, hi int64, _ int) {
		var ms [marksWords]uint64 // lo..hi is chunk lo/pendChunk
		l.Walk(lo, hi, func(i int64, pred, prey uint64, side int) {
			if hole, _ := l.IsHole(i, pred, prey, side); hole {
				a[i>>3] |= uint64(boundHole) << (8 * uint(i&7)) // a chunk is whole words: no other writer
				return
			}
			if side == 1 && r.PreyPasses {
				return // every move of the prey stays in the tier (a pass at least): decided later
			}
			f, inTier := tablebase.NewFold(), 0
			moves := r.Children(tablebase.Pos{Pred: pred, Prey: prey, Side: side, Capt: captured}, false, func(c tablebase.Pos, term int) {
				switch {
				case term != tablebase.ChildOpen:
					f.Add(s.childValue(c, term))
				case c.Capt == captured:
					inTier++
				default:
					f.Add(lookup(c))
				}
			})
			var d int
			switch {
			case f.WinMin < 1<<30: // a candidate win
				d = f.WinMin
				w.tent[i>>6] |= 1 << uint(i&63)
			case moves == 0 && !r.PreyPasses, f.Drawn || inTier > 0:
				return // a draw, or decided later
			default: // every move leaves the tier and loses
				d = f.LossMax
			}
			a[i>>3] |= uint64(w.setPlies(i, d)) << (8 * uint(i&7))
			ms[d>>6] |= 1 << uint(d&63)
		})
		marks.markAll(lo/pendChunk, &ms)
		tick.add(done, hi-lo)
	}, pendChunk)
	tick.end()

}

// preyParents appends to ps the parents of the predator-to-move position
// (pred, prey): the positions from which a step of the prey (or the pass of
// a prey side without a step) leads to it, as Rules.Parents finds them,
// their entries by one PreyMover (l.HasPreyMover must hold).
func preyParents(r *tablebase.Rules, l *tablebase.Layout, pred, prey uint64, captured int, ps []parentRef) []parentRef {
	n := len(ps)
	mv := l.PreyMover(pred, prey, 1)
	empty := (uint64(1)<<uint(r.N) - 1) &^ (pred | prey)
	for pcs := prey; pcs != 0; pcs &= pcs - 1 {
		t := bits.TrailingZeros64(pcs)
		tb := uint64(1) << uint(t)
		for f := r.PreyStep[t] & empty; f != 0; f &= f - 1 {
			fb := f & -f
			ps = append(ps, parentRef{tablebase.Pos{Pred: pred, Prey: prey ^ tb ^ fb, Side: 1, Capt: captured}, mv.Index(t, bits.TrailingZeros64(fb))})
		}
	}
	if len(ps) == n && r.PreyPasses {
		j, _ := l.Index(pred, prey, 1)
		ps = append(ps, parentRef{tablebase.Pos{Pred: pred, Prey: prey, Side: 1, Capt: captured}, j})
	}
	return ps
}

// parentRef is a parent of an entry announced, with its entry.
type parentRef struct {
	q tablebase.Pos
	j int64
}

// announce calls fn for each entry of chunk ch decided at d plies (its
// level come), and returns how many. Its bytes are read a word at a time:
// a word without d's byte (found with the zero-byte trick on the word xor
// d's byte repeated) costs nothing more, and a byte of d is d's only when
// its epoch is too. A candidate at d is decided now: its tentative bit is
// cleared, under its lock, as a faster win may be changing it.
func (w *compactWork) announce(ch int64, d int, fn func(i int64)) int64 {
	const ones, highs = 0x0101010101010101, 0x8080808080808080
	a, n := w.b, w.Layout.Entries()
	vd := uint8(d%compactWrap + 1)
	vdw := uint64(vd) * ones
	epochs := w.ep[0] != nil || w.ep[1] != nil
	lo, hi := ch*pendChunk, min((ch+1)*pendChunk, n)
	var an int64
	for wi := lo >> 3; wi < (hi+7)>>3; wi++ {
		o := atomic.LoadUint64(&a[wi])
		x := o ^ vdw
		// The high bit of each byte of x that is zero (and perhaps of one
		// above a zero byte: each is checked).
		for z := (x - ones) &^ x & highs; z != 0; z &= z - 1 {
			k := bits.TrailingZeros64(z) >> 3
			i := wi<<3 | int64(k)
			if uint8(o>>(8*uint(k))) != vd || i >= hi {
				continue
			}
			p := d
			if epochs {
				p = w.plies(i, vd)
			}
			if p == d && w.tentative(i) {
				mu := w.lock(i)
				mu.Lock()
				if w.tentative(i) {
					if p = w.plies(i, a.get(i)); p == d {
						atomic.AndUint64(&w.tent[i>>6], ^(uint64(1) << uint(i&63)))
					}
				} else {
					p = w.plies(i, a.get(i))
				}
				mu.Unlock()
			}
			if p != d {
				continue
			}
			an++
			fn(i)
		}
	}
	return an
}

// markPending marks the levels of a tier read from its part: every entry
// decided (or a candidate) at d0 plies or more marks its chunk at its
// plies. pend (the part's) is each chunk's least such level: a chunk
// without one is skipped.
func (s *Solver) markPending(w *compactWork, marks *levelMarks, pend []uint32, d0 int) {
	a, n := w.b, w.Layout.Entries()
	s.parallel(int64(len(pend)), func(lo, hi int64, _ int) {
		for ch := lo; ch < hi; ch++ {
			if pend[ch] == noPend {
				continue
			}
			var ms [marksWords]uint64
			for i := ch * pendChunk; i < min((ch+1)*pendChunk, n); i++ {
				v := a.get(i)
				if v == 0 || v == boundHole {
					continue
				}
				if p := w.plies(i, v); p >= d0 {
					ms[p>>6] |= 1 << uint(p&63)
				}
			}
			marks.markAll(ch, &ms)
		}
	}, 1)
}

// relaxWin tells entry j that one of its moves leads to a loss of the other
// side at d1-1 plies: it wins in d1 unless it is decided already or holds a
// candidate as fast. It reports whether j was decided now.
func (w *compactWork) relaxWin(j int64, d1 int) bool {
	a := w.b
	for {
		v := a.get(j)
		if v == 0 {
			nv := w.setPlies(j, d1)
			if a.casByte(j, 0, nv) {
				return true
			}
			continue
		}
		if v&1 == 1 { // lost for its side: decided (a candidate is a win)
			return false
		}
		if w.ep[0] == nil && w.ep[1] == nil && int(v)-1 <= d1 {
			return false // a win as fast: no need to read the tentative bit
		}
		if !w.tentative(j) || w.plies(j, v) <= d1 {
			return false
		}
		// A faster win than its candidate: the byte (and its epoch) first,
		// then the tentative bit, so a reader that sees the bit clear sees
		// the plies too.
		mu := w.lock(j)
		mu.Lock()
		ok := w.tentative(j) && a.get(j) == v
		if ok {
			nv := w.setPlies(j, d1)
			a.casByte(j, v, nv)
			atomic.AndUint64(&w.tent[j>>6], ^(uint64(1) << uint(j&63)))
		}
		mu.Unlock()
		return ok
	}
}

// lost looks at position q (entry j, not decided) forwards: it is lost when
// every move leads to a win of the other side already decided; its plies
// are then one more than the longest of those. It stops at the first move
// that is not such a win. (A compact game: captures are jumps, and no move
// loses at once for its mover.) im, when not nil, are the images of q's
// prey, for the entries of the predator's steps.
func (w *compactWork) lost(s *Solver, q tablebase.Pos, j int64, im *tablebase.PreyImages, lookup func(tablebase.Pos) (tablebase.Value, int)) (bool, int) {
	a := w.b
	if a.get(j) != 0 {
		return false, 0
	}
	r := s.R
	l := w.Layout
	most := 0
	// inTier reads a child of this tier: a win decided for its side to move?
	// Its byte first: most children that stop the look are undecided (0) or
	// lost (an odd byte: the byte is the plies plus one, and compactWrap is
	// even, so its parity is the value's), and then its tentative bit and
	// epoch bits, each a miss of the cache of their own, are not read.
	inTier := func(i int64) bool {
		x := a.get(i)
		if x == 0 || x&1 == 1 { // undecided, lost, or a hole
			return false
		}
		if w.tentative(i) { // a candidate win, not yet decided
			return false
		}
		// A faster win writes the byte (and epoch) before it clears the
		// bit: with the bit seen clear, the byte read again is final.
		x = a.get(i)
		most = max(most, w.plies(i, x)+1)
		return true
	}
	empty := (uint64(1)<<uint(r.N) - 1) &^ (q.Pred | q.Prey)
	if q.Side == 0 {
		for pcs := q.Pred; pcs != 0; pcs &= pcs - 1 {
			f := bits.TrailingZeros64(pcs)
			fb := uint64(1) << uint(f)
			for t := r.PredStep[f] & empty; t != 0; t &= t - 1 {
				var i int64
				if im != nil {
					i = l.IndexImages(q.Pred^fb^(t&-t), im, 1)
				} else {
					i, _ = l.Index(q.Pred^fb^(t&-t), q.Prey, 1)
				}
				if !inTier(i) {
					return false, 0
				}
			}
			for _, jp := range r.Jumps[f] {
				if jp.Over&q.Prey == 0 || jp.Land&empty == 0 {
					continue
				}
				c := tablebase.Pos{Pred: q.Pred ^ fb ^ jp.Land, Prey: q.Prey &^ jp.Over, Side: 1, Capt: q.Capt + 1}
				if c.Capt >= r.CaptureWin {
					return false, 0 // the capture wins
				}
				v, d := lookup(c)
				if v != tablebase.Win {
					return false, 0
				}
				most = max(most, d+1)
			}
		}
		return true, most // q moves at least to the child that called
	}
	// The prey's steps: one PreyMover for them all (the predators stay).
	var mv tablebase.PreyMover
	mover := l.HasPreyMover()
	if mover {
		mv = l.PreyMover(q.Pred, q.Prey, 0)
	}
	moved := false
	for pcs := q.Prey; pcs != 0; pcs &= pcs - 1 {
		f := bits.TrailingZeros64(pcs)
		fb := uint64(1) << uint(f)
		for t := r.PreyStep[f] & empty; t != 0; t &= t - 1 {
			moved = true
			var i int64
			if mover {
				i = mv.Index(f, bits.TrailingZeros64(t))
			} else {
				i, _ = l.Index(q.Pred, q.Prey^fb^(t&-t), 0)
			}
			if !inTier(i) {
				return false, 0
			}
		}
	}
	if !moved {
		if !r.PreyPasses {
			return false, 0
		}
		if i, _ := l.Index(q.Pred, q.Prey, 0); !inTier(i) {
			return false, 0
		}
	}
	return true, most
}

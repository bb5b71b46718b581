// Package solver solves the hunt games by retrograde analysis into the
// tables of ai/tablebase (Solver: solve, then Write), and checks a table
// against its rules (Verify).
//
// The solver works tier by tier: a tier holds the positions with the same
// number of captured prey pieces and prey pieces in hand. Captures and
// placements only ever leave a tier, so tiers are solved from the most
// captures (and fewest pieces in hand) up, each looking into the tiers it has
// already solved. Inside a moving tier (no pieces in hand) positions repeat,
// and the solver runs the classic counting retrograde analysis over it; the
// deer game's placement tiers have no cycles and take one pass each.
package solver

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"slices"
	"sync/atomic"
	"time"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/internal/tbwrite"
)

// TierKey names a tier: prey pieces captured and still in hand.
type TierKey struct{ Captured, Hand int }

type solvedTier struct {
	key      TierKey
	bound    bool
	l        *tablebase.Layout
	codes    []uint16
	preyWins *boundTable // a tier of SolveBoundTier (codes nil)
	stats    tablebase.TierStats
}

// fill puts the codes of entries lo, lo+1, … into dst.
func (t *solvedTier) fill(lo int64, dst []uint16) {
	if t.preyWins == nil {
		copy(dst, t.codes[lo:])
		return
	}
	for i := range dst {
		dst[i] = t.preyWins.code(lo + int64(i))
	}
}

// Tiers returns the solved tiers in the order solved, as
// tbwrite.WriteTable takes them.
func (s *Solver) Tiers() []tbwrite.SolvedTier {
	tiers := make([]tbwrite.SolvedTier, len(s.order))
	for i, k := range s.order {
		t := s.tiers[k]
		tiers[i] = tbwrite.SolvedTier{Captured: k.Captured, Hand: k.Hand, Bound: t.bound, Layout: t.l, Stats: t.stats, Fill: t.fill}
	}
	return tiers
}

// Write writes the solved tiers as the table file path
// (tbwrite.WriteTable).
func (s *Solver) Write(path string) (*tablebase.Header, error) {
	return tbwrite.WriteTable(path, s.R, s.Tiers(), s.Threads)
}

// Solver solves the tiers of one game and keeps them for lookups.
type Solver struct {
	R       *tablebase.Rules
	Threads int
	// OnEvent, if set, is told what the solver does (see Event).
	OnEvent func(Event)
	// OnProgress, if set, is told now and then how far the pass over the
	// current tier's entries has got (from any goroutine).
	OnProgress func(tier TierKey, done, total int64)
	// FreeOSMemory: after each moving-phase tier, once its working array
	// (4 bytes an entry) is done with, collect it and hand the memory back
	// to the system (debug.FreeOSMemory) rather than leave it to the
	// runtime's pace; NewSolver sets it.
	FreeOSMemory bool
	// PartPath, if set, names the part file (part.go) of a tier of the
	// compact solver: SolveCompactTier goes on from the part when there is
	// one, and writes it after the initialisation and then after a level
	// once PartEvery (0: ten minutes) has passed since the last.
	// RunCompact sets it to PartPath in its directory when nil.
	PartPath  func(captured int) string
	PartEvery time.Duration
	// stopAt, for tests, stops SolveCompactTier with ErrStopped after the
	// level it names (its part written).
	stopAt func(level int) bool
	// stop is set by Stop (from any goroutine).
	stop atomic.Bool

	tiers map[TierKey]*solvedTier
	order []TierKey
}

// Stop asks the compact solver to stop at the next point where its tier's
// part can be written (the end of the initialisation or of a level): it
// writes the part and SolveCompactTier (and RunCompact) return ErrStopped.
// Without a PartPath the tier in progress is dropped. Safe from any
// goroutine (a signal handler's).
func (s *Solver) Stop() { s.stop.Store(true) }

// NewSolver returns a solver for r.
func NewSolver(r *tablebase.Rules) *Solver {
	r.Prepare()
	return &Solver{R: r, Threads: runtime.GOMAXPROCS(0), FreeOSMemory: true, tiers: map[TierKey]*solvedTier{}}
}

// Close drops the solved tiers, once Write has put them in a file, and
// hands their memory back to the system: after it the solver holds
// nothing (a later tier needing these would panic as if never solved).
// The app's sequence is Run, Write, Close, then Open the file.
func (s *Solver) Close() {
	s.tiers = map[TierKey]*solvedTier{}
	s.order = nil
	debug.FreeOSMemory()
}

// lookup returns the code of a non-terminal position from the solved tiers.
func (s *Solver) lookup(c tablebase.Pos) uint16 {
	t := s.tiers[TierKey{c.Capt, c.Hand}]
	if t == nil || t.bound {
		panic(fmt.Sprintf("tablebase: %s tier %d/%d is needed first", s.R.Name, c.Capt, c.Hand))
	}
	i, _ := t.l.Index(c.Pred, c.Prey, c.Side)
	return t.codes[i]
}

// A work word is one entry of the tier being solved: its state (a code's
// value, 0 while undecided) in the low two bits, flagWin once a lost child
// is known, the count of children still to refute in the next thirteen
// bits, and the candidate distance in the top sixteen.
const (
	stateMask  = 3
	flagWin    = 4
	cntShift   = 3
	cntMask    = 0x1fff
	candShift  = 16
	maxCounter = cntMask
)

// SolveTier solves the moving-phase tier with captured prey taken (nothing
// in hand). Every tier it captures into must be solved first. With bound,
// any capture counts as a predator win (for tiers whose lower tiers are out
// of reach): the values are then bounds for the prey, not the game's values.
func (s *Solver) SolveTier(captured int, bound bool) tablebase.TierStats {
	start := time.Now()
	r := s.R
	k := r.PreyCount - captured // nothing in hand
	l := tablebase.LayoutFor(r, k)
	key := TierKey{captured, 0}
	n := l.Entries()
	work := newWorkWords(n)
	s.emit(Event{Kind: TierBegins, Tier: key, Text: fmt.Sprintf("%s tier captured=%d (%d prey on the board): %d entries, %d predator classes",
		r.Name, captured, k, n, l.Classes())})

	// Initialise: holes, terminal children, children in solved tiers, and
	// counters of children inside this tier (weighted by orbit size). The
	// positions whose value is then known are pending: decided at the level
	// of their distance. pend[c] bounds from below the distances of chunk
	// c's pending entries (noPend: none), so a level scans only the chunks
	// that may hold one, instead of keeping lists of entries by distance.
	var done atomic.Int64
	pend := make([]uint32, (n+pendChunk-1)/pendChunk)
	for c := range pend {
		pend[c] = noPend
	}
	tick := newTicker(s, "init", n)
	tick.tier = key
	s.parallel(n, func(lo, hi int64, _ int) {
		least := uint32(noPend) // lo..hi is chunk lo/pendChunk
		pg, base := work.page(lo)
		for i := lo; i < hi; i++ {
			pred, prey, side := l.Position(i)
			hole, orbit := l.IsHole(i, pred, prey, side)
			if hole {
				pg[i-base] = tablebase.CodeNone
				continue
			}
			p := tablebase.Pos{Pred: pred, Prey: prey, Side: side, Capt: captured}
			f, cnt := tablebase.NewFold(), 0
			moves := r.Children(p, bound, func(c tablebase.Pos, term int) {
				if term == tablebase.ChildOpen && c.Capt == captured {
					cnt += orbit // decided later, inside this tier
					return
				}
				f.Add(s.childValue(c, term))
			})
			if f.Drawn || (moves == 0 && !r.PreyPasses) { // a draw child, or stuck in the lion game
				cnt++ // never counted down: the position cannot be lost
			}
			if cnt > maxCounter {
				panic("tablebase: counter overflow")
			}
			switch {
			case f.WinMin < 1<<30:
				pg[i-base] = flagWin | uint32(f.WinMin)<<candShift
				least = min(least, uint32(f.WinMin))
			case cnt == 0:
				pg[i-base] = uint32(f.LossMax) << candShift
				least = min(least, uint32(f.LossMax))
			default:
				pg[i-base] = uint32(cnt)<<cntShift | uint32(f.LossMax)<<candShift
			}
		}
		lowerPend(&pend[lo/pendChunk], least)
		tick.add(&done, hi-lo)
	}, pendChunk)
	tick.end()

	// Levels: decide the positions whose value is settled at distance d,
	// and hand the news to their parents in this tier. A level only makes
	// pending entries of distances d+1 and more.
	levels := 0
	for d := 0; slices.Min(pend) != noPend; d++ {
		var decided atomic.Int64
		ud, d1 := uint32(d), uint32(d+1)
		s.parallel(int64(len(pend)), func(lo, hi int64, _ int) {
			var dec int64
			for ch := lo; ch < hi; ch++ {
				if atomic.LoadUint32(&pend[ch]) > ud {
					continue // nothing at d
				}
				// Parents told from now on lower the bound again.
				atomic.StoreUint32(&pend[ch], noPend)
				least := uint32(noPend)
				pg, base := work.page(ch * pendChunk)
				for i := ch * pendChunk; i < min((ch+1)*pendChunk, n); i++ {
					wp := &pg[i-base]
					w := atomic.LoadUint32(wp)
					if w&stateMask != 0 || (w&flagWin == 0 && (w>>cntShift)&cntMask != 0) {
						continue // decided already, or not pending
					}
					if cd := w >> candShift; cd != ud {
						if cd > ud {
							least = min(least, cd) // waiting for a later level
						}
						continue
					}
					state := uint32(tablebase.CodeWin)
					if w&flagWin == 0 {
						state = tablebase.CodeLoss
					}
					for !atomic.CompareAndSwapUint32(wp, w, w|state) {
						w = atomic.LoadUint32(wp)
					}
					dec++
					pred, prey, side := l.Position(i)
					_, orbit := l.Index(pred, prey, side)
					r.Parents(tablebase.Pos{Pred: pred, Prey: prey, Side: side, Capt: captured}, func(q tablebase.Pos) {
						j, _ := l.Index(q.Pred, q.Prey, q.Side)
						if state == tablebase.CodeLoss {
							if relaxWin(work.at(j), d1) {
								lowerPend(&pend[j/pendChunk], d1)
							}
						} else if c := relaxCount(work.at(j), uint32(orbit), d1); c > 0 {
							lowerPend(&pend[j/pendChunk], uint32(c))
						}
					})
				}
				lowerPend(&pend[ch], least)
			}
			decided.Add(dec)
		}, 1)
		if decided.Load() > 0 {
			levels = d + 1
		}
		s.emit(Event{Kind: LevelDone, Tier: key, Level: d, Decided: decided.Load()})
	}
	s.emit(Event{Kind: LevelsDone, Tier: key, Level: levels})

	// The codes, page by page: each work page (4 bytes an entry) is
	// dropped once its codes (2 bytes) are out, and with FreeOSMemory the
	// dropped pages go back to the system every few pages, so the tier
	// never holds its work words and its codes in full at once.
	st := &solvedTier{key: key, bound: bound, l: l}
	stats := tablebase.TierStats{Captured: captured, Bound: bound, Kind: "dense", PreyOnBoard: k, Entries: n, Levels: levels}
	parts := make([][]uint16, len(work))
	for p, pg := range work {
		part := make([]uint16, len(pg))
		for k, w := range pg {
			var c uint16
			switch w & stateMask {
			case tablebase.CodeWin:
				c = tablebase.MakeCode(tablebase.CodeWin, int(w>>candShift))
			case tablebase.CodeLoss:
				c = tablebase.MakeCode(tablebase.CodeLoss, int(w>>candShift))
			case tablebase.CodeNone:
				c = tablebase.CodeNoneV
			}
			part[k] = c
			stats.Count(c, int64(p)<<workShift+int64(k) < n/2)
		}
		parts[p], work[p] = part, nil
		if s.FreeOSMemory && p%8 == 7 {
			debug.FreeOSMemory()
		}
	}
	if s.FreeOSMemory {
		debug.FreeOSMemory()
	}
	st.codes = make([]uint16, 0, n) // contiguous, for lookups
	for p := range parts {
		st.codes = append(st.codes, parts[p]...)
		parts[p] = nil
	}
	if s.FreeOSMemory {
		debug.FreeOSMemory()
	}
	stats.Seconds = time.Since(start).Seconds()
	st.stats = stats
	s.tiers[key] = st
	s.order = append(s.order, key)
	s.emit(Event{Kind: TierDone, Tier: key, Stats: &stats})
	return stats
}

// SolvePlacementTier solves every position with captured prey taken and
// hand pieces still to place (deer chess's placement phase). That phase has
// no cycles — a prey move spends a piece from hand, a predator move leads to
// the prey's turn in the same tier or (a capture) to the next tier — so one
// pass decides each position from its children: first the positions with
// the prey to move, whose children lie in tier (captured, hand-1), then
// those with the predator to move. Tiers (captured, hand-1) and
// (captured+1, hand) must be solved first.
func (s *Solver) SolvePlacementTier(captured, hand int) tablebase.TierStats {
	start := time.Now()
	r := s.R
	k := r.PreyCount - captured - hand
	l := tablebase.LayoutFor(r, k)
	key := TierKey{captured, hand}
	n := l.Entries()
	st := &solvedTier{key: key, l: l, codes: make([]uint16, n)}
	s.tiers[key] = st // the predator's half looks into the prey's half
	s.emit(Event{Kind: TierBegins, Tier: key, Text: fmt.Sprintf("%s placement tier captured=%d hand=%d (%d prey on the board): %d entries", r.Name, captured, hand, k, n)})
	var done atomic.Int64
	tick := newTicker(s, "solve", n)
	tick.tier = key
	half := n / 2
	for _, part := range [][2]int64{{half, n}, {0, half}} { // prey to move, then predator to move
		lo0, hi0 := part[0], part[1]
		s.parallel(hi0-lo0, func(lo, hi int64, _ int) {
			for i := lo0 + lo; i < lo0+hi; i++ {
				pred, prey, side := l.Position(i)
				if hole, _ := l.IsHole(i, pred, prey, side); hole {
					st.codes[i] = tablebase.CodeNoneV
					continue
				}
				f := tablebase.NewFold()
				moves := r.Children(tablebase.Pos{Pred: pred, Prey: prey, Side: side, Capt: captured, Hand: hand}, false, func(c tablebase.Pos, term int) {
					f.Add(s.childValue(c, term))
				})
				st.codes[i] = f.Code(moves == 0 && !r.PreyPasses)
			}
			tick.add(&done, hi-lo)
		})
	}
	tick.end()
	stats := tablebase.TierStats{Captured: captured, Hand: hand, Kind: "dense", PreyOnBoard: k, Entries: n}
	for i, c := range st.codes {
		stats.Count(c, int64(i) < half)
	}
	stats.Seconds = time.Since(start).Seconds()
	st.stats = stats
	s.order = append(s.order, key)
	s.emit(Event{Kind: TierDone, Tier: key, Stats: &stats})
	return stats
}

// childValue is the value of a child for its side to move.
func (s *Solver) childValue(c tablebase.Pos, term int) (tablebase.Value, int) {
	switch term {
	case tablebase.ChildLost:
		return tablebase.Loss, 0
	case tablebase.ChildWon:
		return tablebase.Win, 0
	}
	return tablebase.Decode(s.lookup(c))
}

// workShift: a page of SolveTier's work words holds 1<<workShift entries
// (4 MiB), a multiple of pendChunk and of parallel's chunk.
const workShift = 20

// workWords are the work words of a tier, in pages, so they can be let go
// a page at a time.
type workWords [][]uint32

func newWorkWords(n int64) workWords {
	w := make(workWords, (n+1<<workShift-1)>>workShift)
	for p := range w {
		w[p] = make([]uint32, min(1<<workShift, n-int64(p)<<workShift))
	}
	return w
}

// at returns entry i's word.
func (w workWords) at(i int64) *uint32 { return &w[i>>workShift][i&(1<<workShift-1)] }

// page returns the page holding entry i and the entry its first word is.
func (w workWords) page(i int64) ([]uint32, int64) {
	return w[i>>workShift], i &^ (1<<workShift - 1)
}

// pendChunk is the number of entries a pending bound covers (SolveTier).
const pendChunk = 1 << 15

// noPend is the pending bound of a chunk without pending entries.
const noPend = 1<<32 - 1

// lowerPend lowers a chunk's pending bound to d.
func lowerPend(p *uint32, d uint32) {
	for {
		old := atomic.LoadUint32(p)
		if d >= old || atomic.CompareAndSwapUint32(p, old, d) {
			return
		}
	}
}

// relaxWin tells a parent that a child is lost for its side to move: the
// parent wins in d1 plies unless it already wins faster.
// It reports whether that changed the parent.
func relaxWin(w *uint32, d1 uint32) bool {
	for {
		old := atomic.LoadUint32(w)
		if old&stateMask != 0 || (old&flagWin != 0 && old>>candShift <= d1) {
			return false
		}
		if atomic.CompareAndSwapUint32(w, old, old&0xffff|flagWin|d1<<candShift) {
			return true
		}
	}
}

// relaxCount tells a parent that a child (of the given orbit size) is won
// for its side to move: one child fewer to refute. When none is left, the
// parent is lost, and relaxCount returns its distance (else 0).
func relaxCount(w *uint32, orbit, d1 uint32) int {
	for {
		old := atomic.LoadUint32(w)
		if old&stateMask != 0 || old&flagWin != 0 {
			return 0
		}
		cnt := (old >> cntShift) & cntMask
		if cnt < orbit {
			panic("tablebase: counter underflow")
		}
		c := max(old>>candShift, d1)
		nw := old&7 | (cnt-orbit)<<cntShift | c<<candShift
		if atomic.CompareAndSwapUint32(w, old, nw) {
			if cnt == orbit {
				return int(c)
			}
			return 0
		}
	}
}

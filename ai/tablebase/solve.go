package tablebase

import (
	"fmt"
	"io"
	"runtime"
	"sync"
	"sync/atomic"
	"time"

	"huntchess/core"
)

// Value is the worth of a position for the side to move.
type Value int8

// Values.
const (
	Unknown Value = iota // no table covers the position
	Win
	Draw
	Loss
)

func (v Value) String() string {
	return [...]string{"unknown", "win", "draw", "loss"}[v]
}

// A code is one stored entry: the value in the top two bits, the plies to
// the end in the other fourteen.
const (
	codeDraw   = 0
	codeWin    = 1
	codeLoss   = 2
	codeNone   = 3 // a hole: no position
	maxPlies   = 1<<14 - 1
	codeNoneV  = uint16(codeNone << 14)
	codeDrawV  = uint16(0)
	stateMask  = 3
	flagWin    = 4
	cntShift   = 3
	cntMask    = 0x1fff
	candShift  = 16
	maxCounter = cntMask
)

func mkCode(v, plies int) uint16 { return uint16(v<<14 | plies) }

func decode(c uint16) (Value, int) {
	switch c >> 14 {
	case codeWin:
		return Win, int(c & maxPlies)
	case codeLoss:
		return Loss, int(c & maxPlies)
	case codeDraw:
		return Draw, 0
	}
	return Unknown, 0
}

// TierKey names a tier: prey pieces captured and still in hand.
type TierKey struct{ Captured, Hand int }

// TierStats are the counts of one solved tier.
type TierStats struct {
	Captured, Hand int
	Bound          bool // captures count as a predator win: bounds, not values
	// PreyWinsOnly: only the prey's wins were solved (SolveBoundTier); a
	// draw here means "not a prey win" (a draw or a predator win).
	PreyWinsOnly   bool   `json:",omitempty"`
	Kind           string // "dense": every position of the tier
	PreyOnBoard    int
	Entries        int64 // index entries, holes included
	Positions      int64 // positions (up to symmetry)
	Wins, Draws    int64 // for the side to move
	Losses         int64
	PredatorToMove [3]int64 // wins, draws, losses with the predator to move
	LongestWin     int      // most plies to the end of a won position
	Levels         int      // retrograde levels (0 for placement tiers)
	Seconds        float64  `json:"-"` // solving time (not stored: tables are byte-for-byte reproducible)
}

type solvedTier struct {
	key      TierKey
	bound    bool
	l        *layout
	codes    []uint16
	preyWins *boundTable // a tier of SolveBoundTier (codes nil)
	stats    TierStats
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

// Solver solves the tiers of one game and keeps them for lookups.
type Solver struct {
	R        *Rules
	Threads  int
	Progress io.Writer // progress lines (nil: none)
	// OnProgress, if set, is told now and then how far the pass over the
	// current tier's entries has got (from any goroutine).
	OnProgress func(tier TierKey, done, total int64)

	tiers map[TierKey]*solvedTier
	order []TierKey
}

// NewSolver returns a solver for r.
func NewSolver(r *Rules) *Solver {
	r.prepare()
	return &Solver{R: r, Threads: runtime.GOMAXPROCS(0), tiers: map[TierKey]*solvedTier{}}
}

func (s *Solver) progress(format string, a ...any) {
	if s.Progress != nil {
		fmt.Fprintf(s.Progress, format, a...)
	}
}

// lookup returns the code of a non-terminal position from the solved tiers.
func (s *Solver) lookup(c pos) uint16 {
	t := s.tiers[TierKey{c.capt, c.hand}]
	if t == nil || t.bound {
		panic(fmt.Sprintf("tablebase: %s tier %d/%d is needed first", s.R.Name, c.capt, c.hand))
	}
	i, _ := t.l.index(c.pred, c.prey, c.side)
	return t.codes[i]
}

// parallel runs fn over [0, n) in chunks (of 32768, or the one given) on
// s.Threads goroutines.
func (s *Solver) parallel(n int64, fn func(lo, hi int64, w int), chunkSize ...int64) {
	chunk := int64(1 << 15)
	if len(chunkSize) > 0 {
		chunk = chunkSize[0]
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	th := max(1, s.Threads)
	for w := 0; w < th; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for {
				lo := next.Add(chunk) - chunk
				if lo >= n {
					return
				}
				fn(lo, min(lo+chunk, n), w)
			}
		}(w)
	}
	wg.Wait()
}

// SolveTier solves the moving-phase tier with captured prey taken (nothing
// in hand). Every tier it captures into must be solved first. With bound,
// any capture counts as a predator win (for tiers whose lower tiers are out
// of reach): the values are then bounds for the prey, not the game's values.
func (s *Solver) SolveTier(captured int, bound bool) TierStats {
	start := time.Now()
	r := s.R
	k := r.PreyCount - captured // nothing in hand
	l := layoutFor(r, k)
	key := TierKey{captured, 0}
	n := l.entries
	work := make([]uint32, n)
	s.progress("%s tier captured=%d (%d prey on the board): %d entries, %d predator classes\n",
		r.Name, captured, k, n, len(l.classes))

	// Initialise: holes, terminal children, children in solved tiers, and
	// counters of children inside this tier (weighted by orbit size). The
	// positions whose value is then known go into the bucket of their distance.
	var done atomic.Int64
	bk := &buckets{lists: map[int][][]uint32{}}
	tick := newTicker(s, "init", n)
	tick.tier = key
	s.parallel(n, func(lo, hi int64, _ int) {
		out := map[int][]uint32{}
		for i := lo; i < hi; i++ {
			pred, prey, side := l.position(i)
			hole, orbit := l.isHole(i, pred, prey, side)
			if hole {
				work[i] = codeNone
				continue
			}
			p := pos{pred: pred, prey: prey, side: side, capt: captured}
			f, cnt := newFold(), 0
			moves := r.children(p, bound, func(c pos, term int) {
				if term == childOpen && c.capt == captured {
					cnt += orbit // decided later, inside this tier
					return
				}
				f.add(s.childValue(c, term))
			})
			if f.draw || (moves == 0 && !r.PreyPasses) { // a draw child, or stuck in the lion game
				cnt++ // never counted down: the position cannot be lost
			}
			if cnt > maxCounter {
				panic("tablebase: counter overflow")
			}
			switch {
			case f.winMin < 1<<30:
				work[i] = flagWin | uint32(f.winMin)<<candShift
				out[f.winMin] = append(out[f.winMin], uint32(i))
			case cnt == 0:
				work[i] = uint32(f.lossMax) << candShift
				out[f.lossMax] = append(out[f.lossMax], uint32(i))
			default:
				work[i] = uint32(cnt)<<cntShift | uint32(f.lossMax)<<candShift
			}
		}
		bk.add(out)
		tick.add(&done, hi-lo)
	})
	tick.end()

	// Levels: decide the positions whose value is settled at distance d,
	// and hand the news to their parents in this tier.
	levels := 0
	for d := 0; bk.len() > 0; d++ {
		chunks := bk.take(d)
		var decided atomic.Int64
		d1 := uint32(d + 1)
		s.parallel(int64(len(chunks)), func(lo, hi int64, _ int) {
			var dec int64
			out := map[int][]uint32{}
			for _, list := range chunks[lo:hi] {
				for _, i := range list {
					w := atomic.LoadUint32(&work[i])
					if w&stateMask != 0 || int(w>>candShift) != d {
						continue // decided already, or waiting for a later level
					}
					state := uint32(codeWin)
					if w&flagWin == 0 {
						state = codeLoss
					}
					for !atomic.CompareAndSwapUint32(&work[i], w, w|state) {
						w = atomic.LoadUint32(&work[i])
					}
					dec++
					pred, prey, side := l.position(int64(i))
					_, orbit := l.index(pred, prey, side)
					r.parents(pos{pred: pred, prey: prey, side: side, capt: captured}, func(q pos) {
						j, _ := l.index(q.pred, q.prey, q.side)
						if state == codeLoss {
							if relaxWin(&work[j], d1) {
								out[d+1] = append(out[d+1], uint32(j))
							}
						} else if c := relaxCount(&work[j], uint32(orbit), d1); c > 0 {
							out[c] = append(out[c], uint32(j))
						}
					})
				}
			}
			bk.add(out)
			decided.Add(dec)
		}, 1)
		if decided.Load() > 0 {
			levels = d + 1
		}
		s.progress("\r  level %d: %d decided   ", d, decided.Load())
	}
	s.progress("\r  %d levels                              \n", levels)

	st := &solvedTier{key: key, bound: bound, l: l, codes: make([]uint16, n)}
	stats := TierStats{Captured: captured, Bound: bound, Kind: "dense", PreyOnBoard: k, Entries: n, Levels: levels}
	for i, w := range work {
		var c uint16
		switch w & stateMask {
		case codeWin:
			c = mkCode(codeWin, int(w>>candShift))
		case codeLoss:
			c = mkCode(codeLoss, int(w>>candShift))
		case codeNone:
			c = codeNoneV
		}
		st.codes[i] = c
		stats.count(c, int64(i) < n/2)
	}
	stats.Seconds = time.Since(start).Seconds()
	st.stats = stats
	s.tiers[key] = st
	s.order = append(s.order, key)
	s.progress("  %s\n", stats.Line())
	return stats
}

func (t *TierStats) count(c uint16, predToMove bool) {
	v, d := decode(c)
	if v == Unknown {
		return
	}
	t.Positions++
	i := 0
	switch v {
	case Win:
		t.Wins++
		t.LongestWin = max(t.LongestWin, d)
	case Draw:
		t.Draws++
		i = 1
	case Loss:
		t.Losses++
		i = 2
	}
	if predToMove {
		t.PredatorToMove[i]++
	}
}

// Line is a one-line summary.
func (t *TierStats) Line() string {
	b := ""
	if t.Bound {
		b = " (bound: a capture counts as a predator win)"
	}
	if t.PreyWinsOnly {
		return fmt.Sprintf("captured %d%s, the prey's wins: %d positions: %d prey wins (prey to move), %d predator losses, %d neither (not a prey win); longest win %d plies; %.1fs",
			t.Captured, b, t.Positions, t.Wins, t.Losses, t.Draws, t.LongestWin, t.Seconds)
	}
	return fmt.Sprintf("captured %d, in hand %d%s: %d positions: %d wins, %d draws, %d losses; longest win %d plies; %.1fs",
		t.Captured, t.Hand, b, t.Positions, t.Wins, t.Draws, t.Losses, t.LongestWin, t.Seconds)
}

// SolvePlacementTier solves every position with captured prey taken and
// hand pieces still to place (deer chess's placement phase). That phase has
// no cycles — a prey move spends a piece from hand, a predator move leads to
// the prey's turn in the same tier or (a capture) to the next tier — so one
// pass decides each position from its children: first the positions with
// the prey to move, whose children lie in tier (captured, hand-1), then
// those with the predator to move. Tiers (captured, hand-1) and
// (captured+1, hand) must be solved first.
func (s *Solver) SolvePlacementTier(captured, hand int) TierStats {
	start := time.Now()
	r := s.R
	k := r.PreyCount - captured - hand
	l := layoutFor(r, k)
	key := TierKey{captured, hand}
	n := l.entries
	st := &solvedTier{key: key, l: l, codes: make([]uint16, n)}
	s.tiers[key] = st // the predator's half looks into the prey's half
	s.progress("%s placement tier captured=%d hand=%d (%d prey on the board): %d entries\n", r.Name, captured, hand, k, n)
	var done atomic.Int64
	tick := newTicker(s, "solve", n)
	tick.tier = key
	half := n / 2
	for _, part := range [][2]int64{{half, n}, {0, half}} { // prey to move, then predator to move
		lo0, hi0 := part[0], part[1]
		s.parallel(hi0-lo0, func(lo, hi int64, _ int) {
			for i := lo0 + lo; i < lo0+hi; i++ {
				pred, prey, side := l.position(i)
				if hole, _ := l.isHole(i, pred, prey, side); hole {
					st.codes[i] = codeNoneV
					continue
				}
				f := newFold()
				moves := r.children(pos{pred: pred, prey: prey, side: side, capt: captured, hand: hand}, false, func(c pos, term int) {
					f.add(s.childValue(c, term))
				})
				st.codes[i] = f.code(moves == 0 && !r.PreyPasses)
			}
			tick.add(&done, hi-lo)
		})
	}
	tick.end()
	stats := TierStats{Captured: captured, Hand: hand, Kind: "dense", PreyOnBoard: k, Entries: n}
	for i, c := range st.codes {
		stats.count(c, int64(i) < half)
	}
	stats.Seconds = time.Since(start).Seconds()
	st.stats = stats
	s.order = append(s.order, key)
	s.progress("  %s\n", stats.Line())
	return stats
}

// childValue is the value of a child for its side to move.
func (s *Solver) childValue(c pos, term int) (Value, int) {
	switch term {
	case childLost:
		return Loss, 0
	case childWon:
		return Win, 0
	}
	return decode(s.lookup(c))
}

// fold gathers the values of a position's children (each for the child's
// side to move) into the position's own.
type fold struct {
	winMin  int // shortest win through a lost child (1<<30: none)
	lossMax int // longest loss through won children
	draw    bool
}

func newFold() fold { return fold{winMin: 1 << 30} }

func (f *fold) add(v Value, d int) {
	switch v {
	case Loss:
		f.winMin = min(f.winMin, d+1)
	case Win:
		f.lossMax = max(f.lossMax, d+1)
	default:
		f.draw = true
	}
}

// value is the position's value once every child is in; stuckDraw says a
// position without a move is drawn (else, without a move, it is lost).
func (f *fold) value(stuckDraw bool) (Value, int) {
	switch {
	case f.winMin < 1<<30:
		return Win, f.winMin
	case f.draw || stuckDraw:
		return Draw, 0
	}
	return Loss, f.lossMax
}

func (f *fold) code(stuckDraw bool) uint16 {
	switch v, d := f.value(stuckDraw); v {
	case Win:
		return mkCode(codeWin, d)
	case Loss:
		return mkCode(codeLoss, d)
	}
	return codeDrawV
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

// ticker prints a progress bar now and then.
type ticker struct {
	s     *Solver
	tier  TierKey
	what  string
	n     int64
	start time.Time
	last  atomic.Int64
}

func newTicker(s *Solver, what string, n int64) *ticker {
	return &ticker{s: s, what: what, n: n, start: time.Now()}
}

func (t *ticker) add(done *atomic.Int64, k int64) {
	d := done.Add(k)
	if t.s.OnProgress != nil {
		t.s.OnProgress(t.tier, d, t.n)
	}
	now := time.Since(t.start)
	if int64(now/time.Second) <= t.last.Load() || t.s.Progress == nil {
		return
	}
	t.last.Store(int64(now / time.Second))
	rate := float64(d) / now.Seconds()
	eta := time.Duration(float64(t.n-d)/rate) * time.Second
	t.s.progress("\r  %s %s %5.1f%% %d/%d  %.2f M/s  ETA %s   ", t.what, bar(float64(d)/float64(t.n)),
		100*float64(d)/float64(t.n), d, t.n, rate/1e6, eta.Round(time.Second))
}

func (t *ticker) end() {
	if t.s.Progress != nil {
		el := time.Since(t.start)
		t.s.progress("\r  %s done: %d in %s (%.2f M/s)                                   \n", t.what, t.n,
			el.Round(time.Millisecond), float64(t.n)/el.Seconds()/1e6)
	}
}

func bar(f float64) string {
	const w = 20
	n := int(f * w)
	b := make([]byte, w)
	for i := range b {
		if i < n {
			b[i] = '#'
		} else {
			b[i] = '.'
		}
	}
	return "[" + string(b) + "]"
}

// buckets hold the entries to decide, by distance, as lists of chunks.
type buckets struct {
	mu    sync.Mutex
	lists map[int][][]uint32
}

func (b *buckets) add(out map[int][]uint32) {
	b.mu.Lock()
	for d, l := range out {
		b.lists[d] = append(b.lists[d], l)
	}
	b.mu.Unlock()
}

func (b *buckets) take(d int) [][]uint32 {
	b.mu.Lock()
	defer b.mu.Unlock()
	l := b.lists[d]
	delete(b.lists, d)
	return l
}

func (b *buckets) len() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.lists)
}

// Plan is what a game's tables hold.
type Plan struct {
	Tiers     []int // moving-phase tiers by captured count, in solving order
	Bound     int   // a tier solved with any capture counting as a predator win, or -1
	Placement bool  // every placement tier too (deer chess)
}

// FullPlan is everything this package solves of a game on a desktop
// (docs/solved.md): all of Surround the Lion, deer chess and Wolf Carries
// the Pig, and Beat the Wolf's endgame tiers down to 10 dogs (the next one,
// 1.8e9 entries, would need about 14 GB; the top tiers have 7.9e9 entries
// each). Beat the Wolf's top tier is solved on its own for the dogs' wins
// only (SolveBoundTier; ai/solve build beat-the-wolf -tiers none -bound 0).
func FullPlan(id core.GameID) Plan {
	switch id {
	case core.SurroundTheLion:
		return Plan{Tiers: []int{4, 2, 0}, Bound: -1} // captures come in pairs
	case core.DeerChess:
		return Plan{Tiers: []int{6, 5, 4, 3, 2, 1, 0}, Bound: -1, Placement: true}
	case core.WolfCarriesPig:
		return Plan{Tiers: []int{6, 5, 4, 3, 2, 1, 0}, Bound: -1}
	}
	return Plan{Tiers: []int{11, 10, 9, 8, 7}, Bound: -1}
}

// Entries returns how many index entries the plan solves, tier by tier in
// solving order (for progress over a whole plan).
func (p Plan) Entries(r *Rules) []int64 {
	var out []int64
	for _, c := range p.Tiers {
		out = append(out, layoutFor(r, r.PreyCount-c).entries)
	}
	if p.Bound >= 0 {
		out = append(out, layoutFor(r, r.PreyCount-p.Bound).entries)
	}
	if p.Placement {
		p.eachPlacementTier(r, func(c, h int) { out = append(out, layoutFor(r, r.PreyCount-c-h).entries) })
	}
	return out
}

func (p Plan) eachPlacementTier(r *Rules, fn func(captured, hand int)) {
	for h := 1; h <= r.InHand; h++ { // fewest in hand first, then most captured
		for c := r.CaptureWin - 1; c >= 0; c-- {
			if r.PreyCount-c-h >= 0 {
				fn(c, h)
			}
		}
	}
}

// Run solves the plan's tiers in order and hands each tier's counts to done
// (nil: none).
func (s *Solver) Run(p Plan, done func(TierStats)) {
	add := func(st TierStats) {
		if done != nil {
			done(st)
		}
	}
	for _, c := range p.Tiers {
		add(s.SolveTier(c, false))
	}
	if p.Bound >= 0 {
		if s.R.BoundSolvable() {
			st, err := s.SolveBoundTier(p.Bound)
			if err != nil {
				panic(err) // only past 253 plies: the byte per entry would need to grow
			}
			add(st)
		} else {
			add(s.SolveTier(p.Bound, true))
		}
	}
	if p.Placement {
		p.eachPlacementTier(s.R, func(c, h int) { add(s.SolvePlacementTier(c, h)) })
	}
}

package tablebase

import (
	"fmt"
	"math/bits"
	"testing"
)

// A mini game for the tests: a small board given by coordinates and lines,
// its Rules for the solver, and a move generator of its own that works on
// the coordinates, for a naive solver to check the real one against.
type mini struct {
	name      string
	xy        [][2]int
	np        int // points 0…np-1 are for prey; the rest are traps / cliff
	lines     []miniLine
	Pred      int
	Prey      int
	Hand      int
	win       int
	passes    bool
	lion      bool
	jumps     bool
	r         *Rules
	at        map[[2]int]int
	line      map[[2]int]miniLine
	allowSyms func(i int) bool // which of the 8 plane maps to try
}

type miniLine struct {
	a, b int
	Prey bool // prey may use it
}

func (g *mini) build() *mini {
	g.at = map[[2]int]int{}
	for i, p := range g.xy {
		g.at[p] = i
	}
	g.line = map[[2]int]miniLine{}
	for _, l := range g.lines {
		g.line[[2]int{l.a, l.b}] = l
		g.line[[2]int{l.b, l.a}] = l
	}
	r := &Rules{Name: g.name, N: len(g.xy), NP: g.np, PredCount: g.Pred, PreyCount: g.Prey, InHand: g.Hand,
		CaptureWin: g.win, PreyPasses: g.passes}
	dirs := [][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
	for p := range g.xy {
		for _, d := range dirs {
			q, ok := g.step(p, d)
			if !ok {
				continue
			}
			r.PredStep[p] |= 1 << uint(q)
			if g.line[[2]int{p, q}].Prey && q < g.np && p < g.np {
				r.PreyStep[p] |= 1 << uint(q)
			}
			if s, ok := g.step(q, d); ok && g.jumps {
				r.Jumps[p] = append(r.Jumps[p], jump{1 << uint(q), 1 << uint(s)})
			}
		}
		for _, d := range dirs[:4] {
			a, ok1 := g.step(p, d)
			b, ok2 := g.step(p, [2]int{-d[0], -d[1]})
			if g.lion && ok1 && ok2 {
				r.LionPairs[p] = append(r.LionPairs[p], 1<<uint(a)|1<<uint(b))
			}
		}
	}
	// Symmetries: the maps of the plane about the centre that keep points,
	// prey points and lines (with who may use them).
	var cx, cy, mx, my int
	for i, p := range g.xy {
		if i == 0 {
			cx, cy, mx, my = p[0], p[1], p[0], p[1]
		}
		cx, cy, mx, my = min(cx, p[0]), min(cy, p[1]), max(mx, p[0]), max(my, p[1])
	}
	sx, sy := cx+mx, cy+my
	maps := []func(u, v int) (int, int){
		func(u, v int) (int, int) { return u, v }, func(u, v int) (int, int) { return -v, u },
		func(u, v int) (int, int) { return -u, -v }, func(u, v int) (int, int) { return v, -u },
		func(u, v int) (int, int) { return -u, v }, func(u, v int) (int, int) { return u, -v },
		func(u, v int) (int, int) { return v, u }, func(u, v int) (int, int) { return -v, -u },
	}
next:
	for mi, f := range maps {
		if g.allowSyms != nil && !g.allowSyms(mi) {
			continue
		}
		perm := make([]int8, len(g.xy))
		for i, p := range g.xy {
			u, v := f(2*p[0]-sx, 2*p[1]-sy)
			if (u+sx)%2 != 0 || (v+sy)%2 != 0 {
				continue next
			}
			j, ok := g.at[[2]int{(u + sx) / 2, (v + sy) / 2}]
			if !ok || (i < g.np) != (j < g.np) {
				continue next
			}
			perm[i] = int8(j)
		}
		for _, l := range g.lines {
			m, ok := g.line[[2]int{int(perm[l.a]), int(perm[l.b])}]
			if !ok || m.Prey != l.Prey {
				continue next
			}
		}
		r.Syms = append(r.Syms, newPerm(perm))
	}
	r.Prepare()
	g.r = r
	return g
}

// step returns the point joined to p by a line in direction d.
func (g *mini) step(p int, d [2]int) (int, bool) {
	q, ok := g.at[[2]int{g.xy[p][0] + d[0], g.xy[p][1] + d[1]}]
	if !ok {
		return 0, false
	}
	_, ok = g.line[[2]int{p, q}]
	return q, ok
}

func grid(w, h int, diag func(x, y int) bool, preyDiag bool) ([][2]int, []miniLine) {
	var xy [][2]int
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			xy = append(xy, [2]int{x, y})
		}
	}
	var lines []miniLine
	id := func(x, y int) int { return y*w + x }
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if x+1 < w {
				lines = append(lines, miniLine{id(x, y), id(x+1, y), true})
			}
			if y+1 < h {
				lines = append(lines, miniLine{id(x, y), id(x, y+1), true})
			}
			if x+1 < w && y+1 < h && diag(x, y) {
				lines = append(lines, miniLine{id(x, y), id(x+1, y+1), preyDiag})
			}
			if x+1 < w && y-1 >= 0 && diag(x, y) {
				lines = append(lines, miniLine{id(x, y), id(x+1, y-1), preyDiag})
			}
		}
	}
	return xy, lines
}

func miniGames() []*mini {
	var out []*mini
	{ // Surround the Lion on 3×3 with four traps.
		xy, lines := grid(3, 3, func(x, y int) bool { return (x+y)%2 == 1 }, true)
		xy = append(xy, [2]int{1, 3}, [2]int{1, -1}, [2]int{-1, 1}, [2]int{3, 1}) // N S W E
		lines = append(lines, miniLine{9, 7, false}, miniLine{10, 1, false}, miniLine{11, 3, false}, miniLine{12, 5, false},
			miniLine{9, 6, false}, miniLine{9, 8, false}, miniLine{10, 0, false}, miniLine{10, 2, false},
			miniLine{11, 0, false}, miniLine{11, 6, false}, miniLine{12, 2, false}, miniLine{12, 8, false})
		g := &mini{name: "mini-lion", xy: xy, np: 9, lines: lines, Pred: 1, Prey: 6, win: 4, lion: true}
		out = append(out, g.build())
	}
	{ // Beat the Wolf on 4×4: the wolf on every line, dogs orthogonally.
		xy, lines := grid(4, 4, func(int, int) bool { return true }, false)
		g := &mini{name: "mini-wolf", xy: xy, np: 16, lines: lines, Pred: 1, Prey: 6, win: 3, passes: true, jumps: true}
		out = append(out, g.build())
	}
	{ // Wolf Carries the Pig on 4×3 with two wolves (four symmetries).
		xy, lines := grid(4, 3, func(int, int) bool { return true }, true)
		g := &mini{name: "mini-pigs", xy: xy, np: 12, lines: lines, Pred: 2, Prey: 5, win: 2, passes: true, jumps: true}
		out = append(out, g.build())
	}
	{ // Deer chess on 3×3 with a two-point cliff above the gate b3, and dogs in hand.
		xy, lines := grid(3, 3, func(x, y int) bool { return (x+y)%2 == 0 }, true)
		xy = append(xy, [2]int{1, 3}, [2]int{1, 4})
		lines = append(lines, miniLine{7, 9, false}, miniLine{9, 10, false})
		g := &mini{name: "mini-deer", xy: xy, np: 9, lines: lines, Pred: 1, Prey: 5, Hand: 2, win: 3, passes: true, jumps: true}
		out = append(out, g.build())
	}
	return out
}

// naive holds values of every position, computed by plain value iteration.
type naiveKey struct {
	Pred, Prey       uint64
	Side, Capt, Hand int
}

// children of the naive generator, from coordinates and lines only.
// term: +1 the side to move in the child has won, -1 it has lost.
func (g *mini) naiveChildren(p naiveKey) (out []naiveKey, terms []int, stuckDraw bool) {
	occ := p.Pred | p.Prey
	add := func(c naiveKey, t int) { out = append(out, c); terms = append(terms, t) }
	// predMove adds the predator's move landing on to: the captures win,
	// else a trap or the cliff loses.
	predMove := func(c naiveKey, to int) {
		switch {
		case c.Capt >= g.win:
			add(c, -1)
		case to >= g.np:
			add(c, +1)
		default:
			add(c, 0)
		}
	}
	dirs := [][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
	if p.Side == 0 {
		for f := 0; f < len(g.xy); f++ {
			if p.Pred&(1<<uint(f)) == 0 {
				continue
			}
			for _, d := range dirs {
				t, ok := g.step(f, d)
				if !ok {
					continue
				}
				if occ&(1<<uint(t)) == 0 {
					c := naiveKey{p.Pred&^(1<<uint(f)) | 1<<uint(t), p.Prey, 1, p.Capt, p.Hand}
					if g.lion {
						for _, a := range dirs[:4] {
							x, ok1 := g.step(t, a)
							y, ok2 := g.step(t, [2]int{-a[0], -a[1]})
							if ok1 && ok2 && p.Prey&(1<<uint(x)) != 0 && p.Prey&(1<<uint(y)) != 0 {
								c.Prey &^= 1<<uint(x) | 1<<uint(y)
								c.Capt += 2
							}
						}
					}
					predMove(c, t)
				} else if g.jumps && p.Prey&(1<<uint(t)) != 0 {
					s, ok := g.step(t, d)
					if ok && occ&(1<<uint(s)) == 0 {
						predMove(naiveKey{p.Pred&^(1<<uint(f)) | 1<<uint(s), p.Prey &^ (1 << uint(t)), 1, p.Capt + 1, p.Hand}, s)
					}
				}
			}
		}
		return out, terms, len(out) == 0 && !g.passes
	}
	if p.Hand > 0 {
		for t := 0; t < g.np; t++ {
			if occ&(1<<uint(t)) == 0 {
				add(naiveKey{p.Pred, p.Prey | 1<<uint(t), 0, p.Capt, p.Hand - 1}, 0)
			}
		}
		return out, terms, false
	}
	for f := 0; f < g.np; f++ {
		if p.Prey&(1<<uint(f)) == 0 {
			continue
		}
		for _, d := range dirs {
			t, ok := g.step(f, d)
			if ok && t < g.np && g.line[[2]int{f, t}].Prey && occ&(1<<uint(t)) == 0 {
				add(naiveKey{p.Pred, p.Prey&^(1<<uint(f)) | 1<<uint(t), 0, p.Capt, p.Hand}, 0)
			}
		}
	}
	if len(out) == 0 {
		if g.passes {
			add(naiveKey{p.Pred, p.Prey, 0, p.Capt, p.Hand}, 0)
		} else {
			stuckDraw = true
		}
	}
	return out, terms, stuckDraw
}

type naiveVal struct {
	v Value
	d int
}

// naiveSolve computes every position's value by value iteration: round k
// decides exactly the positions won or lost within k plies.
func (g *mini) naiveSolve() map[naiveKey]naiveVal {
	var all []naiveKey
	for capt := 0; capt < g.win; capt++ {
		for hand := 0; hand <= g.Hand; hand++ {
			k := g.Prey - capt - hand
			if k < 0 {
				continue
			}
			for pred := uint64(0); pred < 1<<uint(g.np); pred++ {
				if bits.OnesCount64(pred) != g.Pred {
					continue
				}
				for prey := uint64(0); prey < 1<<uint(g.np); prey++ {
					if bits.OnesCount64(prey) != k || prey&pred != 0 {
						continue
					}
					for side := 0; side < 2; side++ {
						all = append(all, naiveKey{pred, prey, side, capt, hand})
					}
				}
			}
		}
	}
	val := map[naiveKey]naiveVal{}
	type kids struct {
		c     []naiveKey
		t     []int
		stuck bool
	}
	ch := make([]kids, len(all))
	for i, p := range all {
		c, t, s := g.naiveChildren(p)
		ch[i] = kids{c, t, s}
	}
	for changed := true; changed; {
		changed = false
		next := map[naiveKey]naiveVal{}
		for i, p := range all {
			k := ch[i]
			if k.stuck {
				continue
			}
			winMin, lossMax, allWon := -1, -1, true
			if len(k.c) == 0 { // the predator is stuck
				next[p] = naiveVal{Loss, 0}
				continue
			}
			for j, c := range k.c {
				v, d := Unknown, 0
				switch k.t[j] {
				case -1:
					v = Loss
				case 1:
					v = Win
				default:
					nv, ok := val[c]
					v, d = nv.v, nv.d
					if !ok {
						v = Unknown
					}
				}
				switch v {
				case Loss:
					if winMin < 0 || d+1 < winMin {
						winMin = d + 1
					}
				case Win:
					lossMax = max(lossMax, d+1)
				default:
					allWon = false
				}
			}
			switch {
			case winMin >= 0:
				next[p] = naiveVal{Win, winMin}
			case allWon:
				next[p] = naiveVal{Loss, lossMax}
			}
		}
		if len(next) != len(val) {
			changed = true
		} else {
			for k, v := range next {
				if val[k] != v {
					changed = true
					break
				}
			}
		}
		val = next
	}
	for _, p := range all {
		if _, ok := val[p]; !ok {
			val[p] = naiveVal{Draw, 0}
		}
	}
	return val
}

// solveMini runs the real solver over every moving tier and, where the game
// has pieces in hand, every placement tier.
func solveMini(t testing.TB, g *mini) *Solver {
	s := NewSolver(g.r)
	s.Threads = 2
	p := Plan{Bound: -1, Placement: g.Hand > 0}
	for c := g.win - 1; c >= 0; c-- {
		if g.Prey-c >= 0 {
			p.Tiers = append(p.Tiers, c)
		}
	}
	s.Run(p, nil)
	return s
}

func TestSolverAgainstNaive(t *testing.T) {
	for _, g := range miniGames() {
		t.Run(g.name, func(t *testing.T) {
			if len(g.r.Syms) < 2 {
				t.Fatalf("%s: %d symmetries; the test wants some", g.name, len(g.r.Syms))
			}
			s := solveMini(t, g)
			naive := g.naiveSolve()
			counts := map[Value]int{}
			checked := 0
			for p, want := range naive {
				code := s.lookup(Pos(p))
				v, d := Decode(code)
				if v != want.v || (v != Draw && d != want.d) {
					t.Fatalf("%s %+v: solver %v %d, naive %v %d", g.name, p, v, d, want.v, want.d)
				}
				counts[v]++
				checked++
			}
			t.Logf("%s: %d symmetries, %d positions agree: %d wins, %d draws, %d losses",
				g.name, len(g.r.Syms), checked, counts[Win], counts[Draw], counts[Loss])
			for _, v := range []Value{Win, Draw, Loss} {
				if counts[v] == 0 {
					t.Errorf("%s: no %v at all; the mini game tests too little", g.name, v)
				}
			}
		})
	}
}

func TestRankRoundTrip(t *testing.T) {
	for _, m := range []int{9, 22, 24, 32} {
		for _, k := range []int{0, 1, 5, m / 2, m} {
			n := binom[m][k]
			step := max(1, n/2000)
			x := unrankSet(0, k, m)
			for r := int64(0); r < n; r++ {
				if r%step == 0 || r == n-1 {
					if got := unrankSet(r, k, m); got != x {
						t.Fatalf("m=%d k=%d: unrank(%d)=%b, Gosper gives %b", m, k, r, got, x)
					}
					if got := rankSet(x); got != r {
						t.Fatalf("m=%d k=%d: rank(%b)=%d, want %d", m, k, x, got, r)
					}
				}
				x = nextSet(x)
			}
		}
	}
	holes := []uint8{3, 7, 20}
	for _, m := range []uint64{0, 1, 0b101, 1<<21 - 1, 0xfffff} {
		if got := compress(expand(m, holes), holes); got != m {
			t.Fatalf("compress(expand(%b)) = %b", m, got)
		}
	}
}

// Every position and its images under the symmetries have one entry, and
// position(index(p)) is an image of p.
func TestIndexSymmetry(t *testing.T) {
	for _, g := range miniGames() {
		l := LayoutFor(g.r, g.Prey-1)
		holes := 0
		for i := int64(0); i < l.entries; i++ {
			pred, prey, side := l.Position(i)
			hole, orbit := l.IsHole(i, pred, prey, side)
			if hole {
				holes++
				continue
			}
			for gi := range g.r.Syms {
				q := &g.r.Syms[gi]
				j, o := l.Index(q.Apply(pred), q.Apply(prey), side)
				if j != i || o != orbit {
					t.Fatalf("%s: image %d of entry %d has entry %d (orbit %d, want %d)", g.name, gi, i, j, o, orbit)
				}
			}
		}
		t.Logf("%s: %d entries, %d holes, %d classes", g.name, l.entries, holes, len(l.classes))
	}
}

func (k naiveKey) String() string {
	return fmt.Sprintf("%b/%b/%d/%d/%d", k.Pred, k.Prey, k.Side, k.Capt, k.Hand)
}

// A bound tier (any capture counts as a predator win) has the values of the
// same game with a single capture to win.
func TestBoundTier(t *testing.T) {
	for _, name := range []string{"mini-pigs"} {
		g := miniGame(name)
		s := NewSolver(g.r)
		s.SolveTier(0, true)
		one := miniGame(name)
		one.win = 1
		one.build()
		naive := one.naiveSolve()
		n := 0
		for p, want := range naive {
			st := s.tiers[TierKey{0, 0}]
			i, _ := st.l.Index(p.Pred, p.Prey, p.Side)
			v, d := Decode(st.codes[i])
			if v != want.v || (v != Draw && d != want.d) {
				t.Fatalf("%s %+v: bound tier %v %d, one-capture game %v %d", name, p, v, d, want.v, want.d)
			}
			n++
		}
		t.Logf("%s: %d positions of the bound tier agree", name, n)
	}
}

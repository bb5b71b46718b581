// Package minigame is the small games the tests of ai/tablebase and
// ai/tablebase/solver solve: boards given by coordinates and lines, their
// Rules, and a naive solver of their own (a move generator on the
// coordinates and plain value iteration) to check the real one against.
package minigame

import (
	"fmt"
	"math/bits"

	"huntchess/ai/tablebase"
)

// A Mini is a mini game for the tests: a small board given by coordinates
// and lines, its Rules for the solver, and a move generator of its own that
// works on the coordinates, for a naive solver to check the real one
// against.
type Mini struct {
	Name      string
	XY        [][2]int
	NP        int // points 0…np-1 are for prey; the rest are traps / cliff
	Lines     []Line
	Pred      int
	Prey      int
	Hand      int
	Win       int
	Passes    bool
	Lion      bool
	Jumps     bool
	R         *tablebase.Rules
	at        map[[2]int]int
	line      map[[2]int]Line
	AllowSyms func(i int) bool // which of the 8 plane maps to try
}

// Line joins points a and b.
type Line struct {
	a, b int
	Prey bool // prey may use it
}

// Build makes the game's Rules (R) from its fields.
func (g *Mini) Build() *Mini {
	g.at = map[[2]int]int{}
	for i, p := range g.XY {
		g.at[p] = i
	}
	g.line = map[[2]int]Line{}
	for _, l := range g.Lines {
		g.line[[2]int{l.a, l.b}] = l
		g.line[[2]int{l.b, l.a}] = l
	}
	r := &tablebase.Rules{Name: g.Name, N: len(g.XY), NP: g.NP, PredCount: g.Pred, PreyCount: g.Prey, InHand: g.Hand,
		CaptureWin: g.Win, PreyPasses: g.Passes}
	dirs := [][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
	for p := range g.XY {
		for _, d := range dirs {
			q, ok := g.step(p, d)
			if !ok {
				continue
			}
			r.PredStep[p] |= 1 << uint(q)
			if g.line[[2]int{p, q}].Prey && q < g.NP && p < g.NP {
				r.PreyStep[p] |= 1 << uint(q)
			}
			if s, ok := g.step(q, d); ok && g.Jumps {
				r.Jumps[p] = append(r.Jumps[p], tablebase.Jump{Over: 1 << uint(q), Land: 1 << uint(s)})
			}
		}
		for _, d := range dirs[:4] {
			a, ok1 := g.step(p, d)
			b, ok2 := g.step(p, [2]int{-d[0], -d[1]})
			if g.Lion && ok1 && ok2 {
				r.LionPairs[p] = append(r.LionPairs[p], 1<<uint(a)|1<<uint(b))
			}
		}
	}
	// Symmetries: the maps of the plane about the centre that keep points,
	// prey points and lines (with who may use them).
	var cx, cy, mx, my int
	for i, p := range g.XY {
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
		if g.AllowSyms != nil && !g.AllowSyms(mi) {
			continue
		}
		perm := make([]int8, len(g.XY))
		for i, p := range g.XY {
			u, v := f(2*p[0]-sx, 2*p[1]-sy)
			if (u+sx)%2 != 0 || (v+sy)%2 != 0 {
				continue next
			}
			j, ok := g.at[[2]int{(u + sx) / 2, (v + sy) / 2}]
			if !ok || (i < g.NP) != (j < g.NP) {
				continue next
			}
			perm[i] = int8(j)
		}
		for _, l := range g.Lines {
			m, ok := g.line[[2]int{int(perm[l.a]), int(perm[l.b])}]
			if !ok || m.Prey != l.Prey {
				continue next
			}
		}
		r.Syms = append(r.Syms, tablebase.NewPerm(perm))
	}
	r.Prepare()
	g.R = r
	return g
}

// step returns the point joined to p by a line in direction d.
func (g *Mini) step(p int, d [2]int) (int, bool) {
	q, ok := g.at[[2]int{g.XY[p][0] + d[0], g.XY[p][1] + d[1]}]
	if !ok {
		return 0, false
	}
	_, ok = g.line[[2]int{p, q}]
	return q, ok
}

func grid(w, h int, diag func(x, y int) bool, preyDiag bool) ([][2]int, []Line) {
	var xy [][2]int
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			xy = append(xy, [2]int{x, y})
		}
	}
	var lines []Line
	id := func(x, y int) int { return y*w + x }
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if x+1 < w {
				lines = append(lines, Line{id(x, y), id(x+1, y), true})
			}
			if y+1 < h {
				lines = append(lines, Line{id(x, y), id(x, y+1), true})
			}
			if x+1 < w && y+1 < h && diag(x, y) {
				lines = append(lines, Line{id(x, y), id(x+1, y+1), preyDiag})
			}
			if x+1 < w && y-1 >= 0 && diag(x, y) {
				lines = append(lines, Line{id(x, y), id(x+1, y-1), preyDiag})
			}
		}
	}
	return xy, lines
}

// Games returns the mini games: one for each game's rules.
func Games() []*Mini {
	var out []*Mini
	{ // Surround the Lion on 3×3 with four traps.
		xy, lines := grid(3, 3, func(x, y int) bool { return (x+y)%2 == 1 }, true)
		xy = append(xy, [2]int{1, 3}, [2]int{1, -1}, [2]int{-1, 1}, [2]int{3, 1}) // N S W E
		lines = append(lines, Line{9, 7, false}, Line{10, 1, false}, Line{11, 3, false}, Line{12, 5, false},
			Line{9, 6, false}, Line{9, 8, false}, Line{10, 0, false}, Line{10, 2, false},
			Line{11, 0, false}, Line{11, 6, false}, Line{12, 2, false}, Line{12, 8, false})
		g := &Mini{Name: "mini-lion", XY: xy, NP: 9, Lines: lines, Pred: 1, Prey: 6, Win: 4, Lion: true}
		out = append(out, g.Build())
	}
	// Beat the Wolf on 4×4: the wolf on every line, dogs orthogonally.
	out = append(out, wolf("mini-wolf", 4, 4, 6, 3))
	{ // Wolf Carries the Pig on 4×3 with two wolves (four symmetries).
		xy, lines := grid(4, 3, func(int, int) bool { return true }, true)
		g := &Mini{Name: "mini-pigs", XY: xy, NP: 12, Lines: lines, Pred: 2, Prey: 5, Win: 2, Passes: true, Jumps: true}
		out = append(out, g.Build())
	}
	{ // Deer chess on 3×3 with a two-point cliff above the gate b3, and dogs in hand.
		xy, lines := grid(3, 3, func(x, y int) bool { return (x+y)%2 == 0 }, true)
		xy = append(xy, [2]int{1, 3}, [2]int{1, 4})
		lines = append(lines, Line{7, 9, false}, Line{9, 10, false})
		g := &Mini{Name: "mini-deer", XY: xy, NP: 9, Lines: lines, Pred: 1, Prey: 5, Hand: 2, Win: 3, Passes: true, Jumps: true}
		out = append(out, g.Build())
	}
	return out
}

// Key is a position of the naive solver.
type Key struct {
	Pred, Prey       uint64
	Side, Capt, Hand int
}

// children of the naive generator, from coordinates and lines only.
// term: +1 the side to move in the child has won, -1 it has lost.
func (g *Mini) naiveChildren(p Key) (out []Key, terms []int, stuckDraw bool) {
	occ := p.Pred | p.Prey
	add := func(c Key, t int) { out = append(out, c); terms = append(terms, t) }
	// predMove adds the predator's move landing on to: the captures win,
	// else a trap or the cliff loses.
	predMove := func(c Key, to int) {
		switch {
		case c.Capt >= g.Win:
			add(c, -1)
		case to >= g.NP:
			add(c, +1)
		default:
			add(c, 0)
		}
	}
	dirs := [][2]int{{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}}
	if p.Side == 0 {
		for f := 0; f < len(g.XY); f++ {
			if p.Pred&(1<<uint(f)) == 0 {
				continue
			}
			for _, d := range dirs {
				t, ok := g.step(f, d)
				if !ok {
					continue
				}
				if occ&(1<<uint(t)) == 0 {
					c := Key{p.Pred&^(1<<uint(f)) | 1<<uint(t), p.Prey, 1, p.Capt, p.Hand}
					if g.Lion {
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
				} else if g.Jumps && p.Prey&(1<<uint(t)) != 0 {
					s, ok := g.step(t, d)
					if ok && occ&(1<<uint(s)) == 0 {
						predMove(Key{p.Pred&^(1<<uint(f)) | 1<<uint(s), p.Prey &^ (1 << uint(t)), 1, p.Capt + 1, p.Hand}, s)
					}
				}
			}
		}
		return out, terms, len(out) == 0 && !g.Passes
	}
	if p.Hand > 0 {
		for t := 0; t < g.NP; t++ {
			if occ&(1<<uint(t)) == 0 {
				add(Key{p.Pred, p.Prey | 1<<uint(t), 0, p.Capt, p.Hand - 1}, 0)
			}
		}
		return out, terms, false
	}
	for f := 0; f < g.NP; f++ {
		if p.Prey&(1<<uint(f)) == 0 {
			continue
		}
		for _, d := range dirs {
			t, ok := g.step(f, d)
			if ok && t < g.NP && g.line[[2]int{f, t}].Prey && occ&(1<<uint(t)) == 0 {
				add(Key{p.Pred, p.Prey&^(1<<uint(f)) | 1<<uint(t), 0, p.Capt, p.Hand}, 0)
			}
		}
	}
	if len(out) == 0 {
		if g.Passes {
			add(Key{p.Pred, p.Prey, 0, p.Capt, p.Hand}, 0)
		} else {
			stuckDraw = true
		}
	}
	return out, terms, stuckDraw
}

// Val is a position's value and plies (NaiveSolve).
type Val struct {
	V tablebase.Value
	D int
}

// NaiveSolve computes every position's value by value iteration: round k
// decides exactly the positions won or lost within k plies.
func (g *Mini) NaiveSolve() map[Key]Val {
	var all []Key
	for capt := 0; capt < g.Win; capt++ {
		for hand := 0; hand <= g.Hand; hand++ {
			k := g.Prey - capt - hand
			if k < 0 {
				continue
			}
			for pred := uint64(0); pred < 1<<uint(g.NP); pred++ {
				if bits.OnesCount64(pred) != g.Pred {
					continue
				}
				for prey := uint64(0); prey < 1<<uint(g.NP); prey++ {
					if bits.OnesCount64(prey) != k || prey&pred != 0 {
						continue
					}
					for side := 0; side < 2; side++ {
						all = append(all, Key{pred, prey, side, capt, hand})
					}
				}
			}
		}
	}
	val := map[Key]Val{}
	type kids struct {
		c     []Key
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
		next := map[Key]Val{}
		for i, p := range all {
			k := ch[i]
			if k.stuck {
				continue
			}
			winMin, lossMax, allWon := -1, -1, true
			if len(k.c) == 0 { // the predator is stuck
				next[p] = Val{tablebase.Loss, 0}
				continue
			}
			for j, c := range k.c {
				v, d := tablebase.Unknown, 0
				switch k.t[j] {
				case -1:
					v = tablebase.Loss
				case 1:
					v = tablebase.Win
				default:
					nv, ok := val[c]
					v, d = nv.V, nv.D
					if !ok {
						v = tablebase.Unknown
					}
				}
				switch v {
				case tablebase.Loss:
					if winMin < 0 || d+1 < winMin {
						winMin = d + 1
					}
				case tablebase.Win:
					lossMax = max(lossMax, d+1)
				default:
					allWon = false
				}
			}
			switch {
			case winMin >= 0:
				next[p] = Val{tablebase.Win, winMin}
			case allWon:
				next[p] = Val{tablebase.Loss, lossMax}
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
			val[p] = Val{tablebase.Draw, 0}
		}
	}
	return val
}

func (k Key) String() string {
	return fmt.Sprintf("%b/%b/%d/%d/%d", k.Pred, k.Prey, k.Side, k.Capt, k.Hand)
}

// Game returns the mini game of the given name.
func Game(name string) *Mini {
	for _, g := range Games() {
		if g.Name == name {
			return g
		}
	}
	panic(name)
}

// Wolf is Beat the Wolf on a w×h board (the wolf on every line, the dogs
// orthogonally) with prey dogs, the wolf winning at win captures: for
// tests that need more of the dogs' wins than mini-wolf has.
func Wolf(w, h, prey, win int) *Mini {
	return wolf(fmt.Sprintf("wolf-%dx%d-%d", w, h, prey), w, h, prey, win)
}

// wolf is Wolf named name (mini-wolf is one).
func wolf(name string, w, h, prey, win int) *Mini {
	xy, lines := grid(w, h, func(int, int) bool { return true }, false)
	g := &Mini{Name: name, XY: xy, NP: w * h, Lines: lines, Pred: 1, Prey: prey, Win: win, Passes: true, Jumps: true}
	return g.Build()
}

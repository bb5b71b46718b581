package tablebase

import (
	"math/bits"
	"math/rand"
	"testing"

	"huntchess/core"
)

// Rank and unrank follow Gosper's order: each set of rank r is the r-th
// from the least, ranks and unranks to itself, and Gosper's next set is the
// set of rank r+1. Up to 4 M sets of a size, Gosper's walk goes through
// them all from the least and some 2 000 evenly spaced are checked; above
// (32 slots, 16 sets: 601 M, the 16 dogs' prey sets of Beat the Wolf), 2 000
// evenly spaced windows of 256 sets each, from unrank, and the last set.
// (Walking all 601 M took a fifth of the package's time under -race.)
func TestRankRoundTrip(t *testing.T) {
	const walkAll, window = 1 << 22, 256
	for _, m := range []int{9, 22, 24, 32} {
		for _, k := range []int{0, 1, 5, m / 2, m} {
			n := binom[m][k]
			step := max(1, n/2000)
			check := func(r int64, x uint64) {
				if got := unrankSet(r, k, m); got != x {
					t.Fatalf("m=%d k=%d: unrank(%d)=%b, Gosper gives %b", m, k, r, got, x)
				}
				if got := rankSet(x); got != r {
					t.Fatalf("m=%d k=%d: rank(%b)=%d, want %d", m, k, x, got, r)
				}
			}
			if n <= walkAll {
				x := uint64(1)<<uint(k) - 1 // the least set
				for r := int64(0); r < n; r++ {
					if r%step == 0 || r == n-1 {
						check(r, x)
					}
					x = nextSet(x)
				}
				continue
			}
			if got, want := unrankSet(n-1, k, m), (uint64(1)<<uint(k)-1)<<uint(m-k); got != want {
				t.Fatalf("m=%d k=%d: the last set %b, want %b", m, k, got, want)
			}
			for lo := int64(0); lo < n; lo += step {
				x := unrankSet(lo, k, m)
				for r := lo; r < min(n, lo+window); r++ {
					check(r, x)
					x = nextSet(x)
				}
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

// canonByRanks is canon as it was first written: the rank of every image,
// the least kept. canon compares the images' masks and ranks one (for sets
// of one size colex order is mask order, and compress keeps it).
func (l *Layout) canonByRanks(pred, prey uint64) (cls int32, x uint64, best int64, n int) {
	pi := &l.preds[rankSet(pred)]
	c := &l.classes[pi.class]
	best = -1
	for _, g := range pi.to {
		y := compress(l.r.Syms[g].Apply(prey), c.holes)
		r := rankSet(y)
		switch {
		case best < 0 || r < best:
			best, x, n = r, y, 1
		case r == best:
			n++
		}
	}
	return pi.class, x, best, n
}

// randomPlacement is a position of l's with its predators on random points
// (not only a class's representative) and the prey on random others.
func randomPlacement(l *Layout, rng *rand.Rand) (pred, prey uint64) {
	pts := rng.Perm(l.r.NP)
	for _, p := range pts[:l.r.PredCount] {
		pred |= 1 << uint(p)
	}
	for _, p := range pts[l.r.PredCount : l.r.PredCount+l.k] {
		prey |= 1 << uint(p)
	}
	return pred, prey
}

// TestCanonIsByRanks checks canon against the ranks of every image, on
// random positions of every game's layouts (each predator point, so every
// class and its symmetries) and every entry's position of a small one.
func TestCanonIsByRanks(t *testing.T) {
	rng := rand.New(rand.NewSource(7))
	seen := 0
	for _, r := range gameRules {
		for k := 1; k <= r.PreyCount && k <= r.NP-r.PredCount; k += 3 {
			l := LayoutFor(r, k)
			for range 3000 {
				pred, prey := randomPlacement(l, rng)
				c1, x1, b1, n1 := l.canon(pred, prey)
				c2, x2, b2, n2 := l.canonByRanks(pred, prey)
				if c1 != c2 || x1 != x2 || b1 != b2 || n1 != n2 {
					t.Fatalf("%s k=%d pred %b prey %b: canon %d %b %d %d, by ranks %d %b %d %d", r.Name, k, pred, prey, c1, x1, b1, n1, c2, x2, b2, n2)
				}
				if n1 > 1 {
					seen++
				}
			}
		}
	}
	if seen == 0 {
		t.Fatal("no position fixed by a symmetry looked at")
	}
}

// BenchmarkIndex is Layout.Index of random positions of Beat the Wolf's
// 15-dog layout (the solver's largest tiers), predators on any point.
func BenchmarkIndex(b *testing.B) {
	r := ForGame(core.BeatTheWolf)
	l := LayoutFor(r, 15)
	rng := rand.New(rand.NewSource(1))
	type pos struct{ pred, prey uint64 }
	ps := make([]pos, 4096)
	for i := range ps {
		ps[i].pred, ps[i].prey = randomPlacement(l, rng)
	}
	b.ResetTimer()
	var s int64
	for i := 0; i < b.N; i++ {
		p := &ps[i&4095]
		j, _ := l.Index(p.pred, p.prey, i&1)
		s += j
	}
	sink = s
}

var sink int64

func BenchmarkCanonByRanks(b *testing.B) {
	r := ForGame(core.BeatTheWolf)
	l := LayoutFor(r, 15)
	rng := rand.New(rand.NewSource(1))
	type pos struct{ pred, prey uint64 }
	ps := make([]pos, 4096)
	for i := range ps {
		ps[i].pred, ps[i].prey = randomPlacement(l, rng)
	}
	b.ResetTimer()
	var s int64
	for i := 0; i < b.N; i++ {
		p := &ps[i&4095]
		_, _, j, _ := l.canonByRanks(p.pred, p.prey)
		s += j
	}
	sink = s
}

// TestPreyMoverIsIndex checks PreyMover's steps and IndexImages against
// Index, on random positions of every one-predator game's layouts, every
// step of every prey piece and every point of the predator, both sides to
// move.
func TestPreyMoverIsIndex(t *testing.T) {
	rng := rand.New(rand.NewSource(11))
	steps := 0
	for _, r := range gameRules {
		if r.PredCount != 1 {
			continue
		}
		for k := 1; k <= r.PreyCount && k < r.NP-1; k += 2 {
			l := LayoutFor(r, k)
			if !l.HasPreyMover() {
				t.Fatalf("%s: no PreyMover", r.Name)
			}
			for range 300 {
				pred, prey := randomPlacement(l, rng)
				empty := (uint64(1)<<uint(r.NP) - 1) &^ (pred | prey)
				side := rng.Intn(2)
				m := l.PreyMover(pred, prey, side)
				im := l.PreyImages(prey)
				for w := (uint64(1)<<uint(r.NP) - 1) &^ prey; w != 0; w &= w - 1 {
					p := w & -w
					want, _ := l.Index(p, prey, side)
					if got := l.IndexImages(p, &im, side); got != want {
						t.Fatalf("%s k=%d pred %b prey %b: IndexImages %d, Index %d", r.Name, k, p, prey, got, want)
					}
				}
				for pcs := prey; pcs != 0; pcs &= pcs - 1 {
					f := bits.TrailingZeros64(pcs)
					for e := empty; e != 0; e &= e - 1 {
						to := bits.TrailingZeros64(e)
						want, _ := l.Index(pred, prey^1<<uint(f)^1<<uint(to), side)
						if got := m.Index(f, to); got != want {
							t.Fatalf("%s k=%d pred %b prey %b: %d to %d: PreyMover %d, Index %d", r.Name, k, pred, prey, f, to, got, want)
						}
						steps++
					}
				}
			}
		}
	}
	if steps == 0 {
		t.Fatal("no step looked at")
	}
}

package solver

import (
	"math/bits"
	"sync"
	"testing"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/internal/minigame"
)

// The policy check on the mini wolf's tiers, against a plain fixed point:
// the policy with the exceptions the check found ends every prey win (and
// the policy alone ends the count it says), whatever the predator does.
func TestCheckPolicy(t *testing.T) {
	g := minigame.Wolf(4, 4, 10, 3)
	r := g.R
	s := NewSolver(r)
	s.Threads = 2
	tiers := movingTiers(r, 1)
	solved := solveCompact(t, s, tiers)
	for _, name := range PolicyNames {
		key, err := PolicyKeyFor(r, name)
		if err != nil {
			t.Fatal(err)
		}
		someExceptions := false
		for _, c := range tiers {
			ct := solved[c]
			var mu sync.Mutex
			exc := map[int64]int{}
			rep, err := s.CheckPolicy(c, name, func(lo int64, dst []uint16) error { ct.Fill(lo, dst); return nil }, func(e int64, ord int) {
				mu.Lock()
				exc[e] = ord
				mu.Unlock()
			})
			if err != nil {
				t.Fatal(err)
			}
			if rep.Unended != 0 {
				t.Fatalf("%s captured %d: %d wins not ended", name, c, rep.Unended)
			}
			if rep.Exceptions != int64(len(exc)) || rep.ByPolicy+rep.Exceptions > rep.PreyWins {
				t.Fatalf("%s captured %d: %+v, %d exceptions kept", name, c, rep, len(exc))
			}
			someExceptions = someExceptions || len(exc) > 0
			l := ct.Layout
			n := l.Entries()
			win := func(i int64) bool {
				v, _ := tablebase.Decode(ct.Code(i))
				return i < n/2 && v == tablebase.Loss || i >= n/2 && v == tablebase.Win
			}
			// The plain fixed point, with and without the exceptions.
			ends := func(useExc bool) (prey, all int64) {
				won := make([]bool, n)
				for changed := true; changed; {
					changed = false
					for i := int64(0); i < n; i++ {
						if won[i] || !win(i) {
							continue
						}
						pred, prey, side := l.Position(i)
						ok := true
						if side == 0 {
							r.Children(tablebase.Pos{Pred: pred, Prey: prey, Capt: c}, false, func(q tablebase.Pos, term int) {
								if term == tablebase.ChildOpen && q.Capt == c {
									j, _ := l.Index(q.Pred, q.Prey, 1)
									ok = ok && won[j]
								}
							})
						} else {
							var child int64
							if ord, isExc := exc[i]; isExc && useExc {
								child = preyMoveChild(r, l, pred, prey, ord)
								if !win(child) {
									t.Fatalf("%s captured %d entry %d: the exception's move does not win", name, c, i)
								}
							} else {
								_, child, _ = PolicyMove(r, l, key, win, pred, prey)
							}
							ok = won[child]
						}
						if ok {
							won[i], changed = true, true
						}
					}
				}
				for i := int64(0); i < n; i++ {
					if won[i] {
						all++
						if i >= n/2 {
							prey++
						}
					}
				}
				return prey, all
			}
			if p, _ := ends(false); p != rep.ByPolicy {
				t.Errorf("%s captured %d: the policy alone ends %d prey wins, the check says %d", name, c, p, rep.ByPolicy)
			}
			if p, a := ends(true); p != rep.PreyWins || a != rep.PreyWins+rep.PredLosses {
				t.Errorf("%s captured %d: with the exceptions %d prey wins and %d in all ended, of %d and %d", name, c, p, a, rep.PreyWins, rep.PreyWins+rep.PredLosses)
			}
			t.Logf("%s captured %d: %d prey wins, %d by the policy, %d exceptions in %d batches, ranks %v, %.3f bits", name, c, rep.PreyWins, rep.ByPolicy, rep.Exceptions, rep.Batches, rep.Ranks, rep.Bits())
		}
		if !someExceptions {
			t.Errorf("%s: no exception in any tier: the check is not tried", name)
		}
	}
}

// A policy's key is the same for a position and its images.
func TestPolicyKeySymmetric(t *testing.T) {
	g := miniGame("mini-wolf")
	r := g.R
	r.Prepare()
	for _, name := range PolicyNames {
		key, _ := PolicyKeyFor(r, name)
		for pred := 0; pred < r.N; pred++ {
			prey := uint64(0xa5a5) &^ (1 << uint(pred)) & (uint64(1)<<uint(r.N) - 1)
			want := key(1<<uint(pred), prey)
			for _, sym := range r.Syms {
				if got := key(sym.Apply(1<<uint(pred)), sym.Apply(prey)); got != want {
					t.Fatalf("%s: key %d, an image's %d (%d prey)", name, want, got, bits.OnesCount64(prey))
				}
			}
		}
	}
}

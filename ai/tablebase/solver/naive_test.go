package solver

import (
	"testing"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/internal/minigame"
)

type mini = minigame.Mini

func miniGame(name string) *mini { return minigame.Game(name) }

func miniGames() []*mini { return minigame.Games() }

// solveMini runs the real solver over every moving tier and, where the game
// has pieces in hand, every placement tier.
func solveMini(t testing.TB, g *mini) *Solver {
	s := NewSolver(g.R)
	s.Threads = 2
	p := Plan{Bound: -1, Placement: g.Hand > 0}
	for c := g.Win - 1; c >= 0; c-- {
		if g.Prey-c >= 0 {
			p.Tiers = append(p.Tiers, c)
		}
	}
	s.Run(p, nil)
	return s
}

func TestSolverAgainstNaive(t *testing.T) {
	for _, g := range miniGames() {
		t.Run(g.Name, func(t *testing.T) {
			if len(g.R.Syms) < 2 {
				t.Fatalf("%s: %d symmetries; the test wants some", g.Name, len(g.R.Syms))
			}
			s := solveMini(t, g)
			naive := g.NaiveSolve()
			counts := map[tablebase.Value]int{}
			checked := 0
			for p, want := range naive {
				code := s.lookup(tablebase.Pos(p))
				v, d := tablebase.Decode(code)
				if v != want.V || (v != tablebase.Draw && d != want.D) {
					t.Fatalf("%s %+v: solver %v %d, naive %v %d", g.Name, p, v, d, want.V, want.D)
				}
				counts[v]++
				checked++
			}
			t.Logf("%s: %d symmetries, %d positions agree: %d wins, %d draws, %d losses",
				g.Name, len(g.R.Syms), checked, counts[tablebase.Win], counts[tablebase.Draw], counts[tablebase.Loss])
			for _, v := range []tablebase.Value{tablebase.Win, tablebase.Draw, tablebase.Loss} {
				if counts[v] == 0 {
					t.Errorf("%s: no %v at all; the mini game tests too little", g.Name, v)
				}
			}
		})
	}
}

// A bound tier (any capture counts as a predator win) has the values of the
// same game with a single capture to win.
func TestBoundTier(t *testing.T) {
	for _, name := range []string{"mini-pigs"} {
		g := miniGame(name)
		s := NewSolver(g.R)
		s.SolveTier(0, true)
		one := miniGame(name)
		one.Win = 1
		one.Build()
		naive := one.NaiveSolve()
		n := 0
		for p, want := range naive {
			st := s.tiers[TierKey{0, 0}]
			i, _ := st.l.Index(p.Pred, p.Prey, p.Side)
			v, d := tablebase.Decode(st.codes[i])
			if v != want.V || (v != tablebase.Draw && d != want.D) {
				t.Fatalf("%s %+v: bound tier %v %d, one-capture game %v %d", name, p, v, d, want.V, want.D)
			}
			n++
		}
		t.Logf("%s: %d positions of the bound tier agree", name, n)
	}
}

package tablebase_test

import (
	"testing"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/internal/minigame"
	"huntchess/ai/tablebase/internal/tbwrite"
	"huntchess/ai/tablebase/solver"
)

type mini = minigame.Mini

// tierCodes returns the codes of a solved tier.
func tierCodes(st tbwrite.SolvedTier) []uint16 {
	codes := make([]uint16, st.Layout.Entries())
	st.Fill(0, codes)
	return codes
}

func miniGame(name string) *mini { return minigame.Game(name) }

func miniGames() []*mini { return minigame.Games() }

// solveMini runs the real solver over every moving tier and, where the game
// has pieces in hand, every placement tier.
func solveMini(t testing.TB, g *mini) *solver.Solver {
	s := solver.NewSolver(g.R)
	s.Threads = 2
	p := solver.Plan{Bound: -1, Placement: g.Hand > 0}
	for c := g.Win - 1; c >= 0; c-- {
		if g.Prey-c >= 0 {
			p.Tiers = append(p.Tiers, c)
		}
	}
	s.Run(p, nil)
	return s
}

// Every position and its images under the symmetries have one entry, and
// position(index(p)) is an image of p.
func TestIndexSymmetry(t *testing.T) {
	for _, g := range miniGames() {
		l := tablebase.LayoutFor(g.R, g.Prey-1)
		holes := 0
		for i := int64(0); i < l.Entries(); i++ {
			pred, prey, side := l.Position(i)
			hole, orbit := l.IsHole(i, pred, prey, side)
			if hole {
				holes++
				continue
			}
			for gi := range g.R.Syms {
				q := &g.R.Syms[gi]
				j, o := l.Index(q.Apply(pred), q.Apply(prey), side)
				if j != i || o != orbit {
					t.Fatalf("%s: image %d of entry %d has entry %d (orbit %d, want %d)", g.Name, gi, i, j, o, orbit)
				}
			}
		}
		t.Logf("%s: %d entries, %d holes, %d classes", g.Name, l.Entries(), holes, l.Classes())
	}
}

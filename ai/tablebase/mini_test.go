package tablebase_test

import (
	"testing"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/internal/minigame"
	"huntchess/ai/tablebase/internal/tbwrite"
	"huntchess/ai/tablebase/solver"
	"huntchess/core"
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

// IsHole, which compares the prey's images under the representative's
// symmetries, says what Index says: an entry is a hole exactly when its
// position's entry is another, and a position's orbit is Index's; for the
// mini games (every entry) and Beat the Wolf's 16-dog layout (every 9973rd
// entry: some 844 000 of its 8.4 G, 41 % of them holes, in each of its 14
// classes and sides; every 997th took ten times as long, a third of the
// package's time under -race).
func TestIsHoleIsIndex(t *testing.T) {
	check := func(name string, l *tablebase.Layout, step int64) int {
		holes := 0
		for i := int64(0); i < l.Entries(); i += step {
			pred, prey, side := l.Position(i)
			hole, orbit := l.IsHole(i, pred, prey, side)
			j, o := l.Index(pred, prey, side)
			if hole != (j != i) || !hole && orbit != o {
				t.Fatalf("%s: entry %d: IsHole %v (orbit %d), Index %d (orbit %d)", name, i, hole, orbit, j, o)
			}
			if hole {
				holes++
			}
		}
		t.Logf("%s: %d entries looked at, %d holes", name, (l.Entries()+step-1)/step, holes)
		return holes
	}
	holes := 0
	for _, g := range miniGames() {
		holes += check(g.Name, tablebase.LayoutFor(g.R, g.Prey-1), 1)
	}
	r := tablebase.ForGame(core.BeatTheWolf)
	if holes == 0 || check(r.Name, tablebase.LayoutFor(r, r.PreyCount-1), 9973) == 0 {
		t.Fatal("no hole looked at")
	}
}

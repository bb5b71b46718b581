package solver

import (
	"fmt"
	"path/filepath"
	"sync"
	"testing"

	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/internal/testkit"
)

// preyWinCode is what SolveBoundTier stores for an entry that SolveTier
// (bound) gives code c: the prey's wins and the predator's losses as they
// are, every other position as a draw ("not a prey win").
func preyWinCode(c uint16, predToMove bool) uint16 {
	v, _ := tablebase.Decode(c)
	switch {
	case c == tablebase.CodeNoneV, predToMove && v == tablebase.Loss, !predToMove && v == tablebase.Win:
		return c
	}
	return tablebase.CodeDrawV
}

// btwBound is Beat the Wolf's 6-dog bound tier (7.5 M entries), solved
// once for the tests that read it (TestBoundTableVerifyAndLine,
// TestStrategyBeatTheWolfBound): they must leave it as it was solved.
var btwBound struct {
	once sync.Once
	s    *Solver
	err  error
}

// btwBoundTier returns the solver that holds Beat the Wolf's bound tier 11
// (6 dogs), solving it on the first call.
func btwBoundTier(t *testing.T) (*Solver, *solvedTier) {
	t.Helper()
	btwBound.once.Do(func() {
		btwBound.s = NewSolver(tablebase.ForGame(core.BeatTheWolf))
		_, btwBound.err = btwBound.s.SolveBoundTier(11)
	})
	if btwBound.err != nil {
		t.Fatal(btwBound.err)
	}
	return btwBound.s, btwBound.s.tiers[TierKey{11, 0}]
}

// The byte-per-entry prey-win solver gives every prey win and predator loss
// the value and plies SolveTier gives with bound set, and leaves every other
// position undecided, in every tier of the mini games whose only ends are
// captures and stuck sides.
func TestSolveBoundTierMatchesSolveTier(t *testing.T) {
	for _, wrap := range []int{254, 16} {
		t.Run(fmt.Sprintf("wrap%d", wrap), func(t *testing.T) {
			defer func(w int) { boundWrap = w }(boundWrap)
			boundWrap = wrap // 16: the mini wins of 29 and 47 plies need the epoch bits
			testSolveBoundTier(t)
		})
	}
}

func testSolveBoundTier(t *testing.T) {
	for _, dense := range []struct {
		name string
		Prey int
	}{{"mini-wolf", 6}, {"mini-wolf", 9}, {"mini-wolf", 11}, {"mini-pigs", 5}, {"mini-pigs", 7}} {
		name := dense.name
		g := miniGame(name)
		g.Prey = dense.Prey // more prey: the prey's wins get common
		g.Build()
		if !g.R.BoundSolvable() {
			t.Fatalf("%s: not bound-solvable", name)
		}
		for c := 0; c < g.Win; c++ {
			ref := NewSolver(g.R)
			ref.Threads = 2
			ref.SolveTier(c, true)
			s := NewSolver(g.R)
			s.Threads = 2
			st, err := s.SolveBoundTier(c)
			if err != nil {
				t.Fatal(err)
			}
			want, got := ref.tiers[TierKey{c, 0}], s.tiers[TierKey{c, 0}]
			codes := make([]uint16, want.l.Entries())
			got.fill(0, codes)
			var wins int64
			for i, c := range want.codes {
				w := preyWinCode(c, int64(i) < want.l.Entries()/2)
				if w != tablebase.CodeNoneV && w != tablebase.CodeDrawV {
					wins++
				}
				if codes[i] != w {
					pred, prey, side := want.l.Position(int64(i))
					wv, wd := tablebase.Decode(w)
					gv, gd := tablebase.Decode(codes[i])
					t.Fatalf("%s captured=%d entry %d (%b/%b side %d): bound solver %v %d, SolveTier %v %d",
						name, c, i, pred, prey, side, gv, gd, wv, wd)
				}
			}
			if st.Positions != want.stats.Positions || st.PredatorToMove[0] != 0 || st.Wins+st.Losses != wins || !st.PreyWinsOnly {
				t.Fatalf("%s captured=%d: stats %+v, SolveTier %+v, %d prey wins and predator losses", name, c, st, want.stats, wins)
			}
			if wins == 0 && dense.Prey > 6 {
				t.Fatalf("%s captured=%d: no prey win at all; the test tests too little", name, c)
			}
			t.Logf("%s with %d prey, captured=%d: %d entries agree (%d prey wins, %d predator losses, %d not a prey win, longest win %d)",
				name, g.Prey, c, want.l.Entries(), st.Wins, st.Losses, st.Draws, st.LongestWin)
		}
	}
}

// On the real Beat the Wolf board, the tier with 6 dogs (12.7 M entries):
// both solvers agree entry by entry, and the written table probes the same.
func TestSolveBoundTierBeatTheWolf(t *testing.T) {
	if testing.Short() || testkit.Race {
		t.Skip("12.7 M entries solved twice: 80 s under -race (TestBoundTableVerifyAndLine covers the real board there)")
	}
	r := tablebase.ForGame(core.BeatTheWolf)
	ref := NewSolver(r)
	ref.SolveTier(11, true)
	s := NewSolver(r)
	st, err := s.SolveBoundTier(11)
	if err != nil {
		t.Fatal(err)
	}
	want, got := ref.tiers[TierKey{11, 0}], s.tiers[TierKey{11, 0}]
	codes := make([]uint16, 1<<16)
	for lo := int64(0); lo < want.l.Entries(); lo += int64(len(codes)) {
		c := codes[:min(int64(len(codes)), want.l.Entries()-lo)]
		got.fill(lo, c)
		for i, w := range c {
			j := lo + int64(i)
			if w != preyWinCode(want.codes[j], j < want.l.Entries()/2) {
				t.Fatalf("entry %d: bound solver %04x, SolveTier %04x", j, w, want.codes[j])
			}
		}
	}
	if st.Wins == 0 || st.Losses == 0 || st.Draws == 0 {
		t.Fatalf("the tier tests too little: %+v", st)
	}
	path := filepath.Join(t.TempDir(), "btw-bound.hctb")
	if _, err := s.Write(path); err != nil {
		t.Fatal(err)
	}
	tb, err := tablebase.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	for i := int64(0); i < want.l.Entries(); i += 997 {
		pred, prey, side := want.l.Position(i)
		c, ok, err := tb.Code(tablebase.Pos{Pred: pred, Prey: prey, Side: side, Capt: 11}, true)
		if err != nil || !ok && want.codes[i] != tablebase.CodeNoneV {
			t.Fatalf("entry %d: %v %v", i, ok, err)
		}
		if hole, _ := want.l.IsHole(i, pred, prey, side); !hole && c != preyWinCode(want.codes[i], side == 0) {
			t.Fatalf("entry %d: table %04x, SolveTier %04x", i, c, want.codes[i])
		}
	}
	t.Logf("6 dogs: %d entries agree: %s", want.l.Entries(), st.Line())
}

// A prey-win table of the real game verifies clean against core's moves, a
// planted false prey win is caught, and LineBound plays a prey win out to
// the predator's stalemate.
func TestBoundTableVerifyAndLine(t *testing.T) {
	s, st := btwBoundTier(t)
	r := s.R
	const stride = 61
	dir := t.TempDir()
	clean := filepath.Join(dir, "clean.hctb")
	if _, err := s.Write(clean); err != nil {
		t.Fatal(err)
	}
	tb, err := tablebase.Open(clean)
	if err != nil {
		t.Fatal(err)
	}
	rep := Verify(tb, 2, 4, 3, stride, nil) // 15 prey wins in 7.5 M positions: the search samples find none
	if rep.Mismatches != 0 || rep.Positions < 100000 {
		t.Fatalf("clean table: %d mismatches in %d positions, %d searched: %v", rep.Mismatches, rep.Positions, rep.Searched, rep.Examples)
	}
	// A prey win, played out.
	var win core.Position
	found := false
	n := st.l.Entries()
	for i := n / 2; i < n && !found; i++ {
		if v := st.preyWins.b.get(i); v != 0 && v != boundHole {
			pred, prey, side := st.l.Position(i)
			win, found = tablebase.ToCore(r, tablebase.Pos{Pred: pred, Prey: prey, Side: side, Capt: 11}), true
		}
	}
	if !found {
		t.Fatal("no prey win in the tier")
	}
	v, d, ok := tb.ProbeBound(win)
	line := tb.LineBound(win, 100)
	if !ok || v != tablebase.Win || len(line) != d {
		t.Fatalf("%s: bound %v %d %v, line %v", win, v, d, ok, line)
	}
	if sv, sd := SearchValue(win, 3); sv != v || sd > d { // as Verify's search samples check
		t.Fatalf("%s: search %v %d, prey-win table %v %d", win, sv, sd, v, d)
	}
	end := win
	for _, m := range line {
		end = end.After(m)
	}
	if o := end.Outcome(); !o.Over() || o.Result != core.PreyWins {
		t.Fatalf("%s: the line %v ends in %s, not the prey's win", win, line, end)
	}
	// Plant a prey win in 1 on a sampled prey-to-move entry that is not one
	// (taken out again once written: the tier is shared).
	planted := int64(-1)
	for i := (n/2 + stride - 1) / stride * stride; i < n; i += stride {
		if st.preyWins.b.get(i) == 0 {
			st.preyWins.b.setIfZero(i, 2)
			planted = i
			break
		}
	}
	bad := filepath.Join(dir, "bad.hctb")
	_, err = s.Write(bad)
	if planted >= 0 {
		st.preyWins.b[planted>>3] &^= 0xff << (8 * uint(planted&7))
	}
	if err != nil {
		t.Fatal(err)
	}
	if tb, err = tablebase.Open(bad); err != nil {
		t.Fatal(err)
	}
	if rep := Verify(tb, 2, 0, 0, stride, nil); rep.Mismatches != 1 {
		t.Fatalf("planted prey win: %d mismatches, want 1: %v", rep.Mismatches, rep.Examples)
	}
	t.Logf("verified %d positions (every %d.); a prey win in %d played out: %v", rep.Positions, stride, d, line)
}

package ai

import (
	"context"
	"testing"
	"time"

	"huntchess/core"
	"huntchess/internal/testkit"
	"huntchess/match"
)

// The per-move budgets of the issue: every level's time cap on every side of
// every game stays within them.
var levelCaps = [...]time.Duration{200 * time.Millisecond, 500 * time.Millisecond, time.Second, 3 * time.Second}

func TestLevelTable(t *testing.T) {
	for _, g := range core.Games() {
		for _, side := range []core.Side{core.Predator, core.Prey} {
			for _, l := range match.Levels() {
				lim := LevelLimitsFor(g.ID, side, l)
				if lim.Time <= 0 || lim.Time > levelCaps[l] {
					t.Errorf("%s %s %s: time cap %v, want within %v", g.Key, side, l, lim.Time, levelCaps[l])
				}
				// Slips stay slips: a lapse share, and root noise below the
				// value of two captured pieces, evaluation noise at most a
				// piece and a half. (Which level is stronger is
				// the arena's to measure: a depth-limited Medium and a deep
				// Hard that lapses now and then are not comparable field by
				// field.)
				if lim.Lapse < 0 || lim.Lapse > 60 || lim.RootNoise < 0 || lim.RootNoise > 200 || lim.Noise < 0 || lim.Noise > 150 {
					t.Errorf("%s %s %s: budget out of range %+v", g.Key, side, l, lim)
				}
				if l == match.Master && (lim.Lapse != 0 || lim.RootNoise != 0 || lim.Noise != 0) {
					t.Errorf("%s %s: Master must play its best, got %+v", g.Key, side, lim)
				}
				if l == match.Easy && lim.Depth != 1 {
					t.Errorf("%s %s: Easy searches %d plies, want 1", g.Key, side, lim.Depth)
				}
			}
		}
	}
	// Out-of-range arguments fall back to the defaults.
	if got := LevelLimitsFor(core.NumGames, core.Predator, match.Hard); got.Nodes != LevelLimits(match.Hard).Nodes {
		t.Errorf("LevelLimitsFor(bad game) = %+v", got)
	}
}

func TestLimitsSet(t *testing.T) {
	var lim Limits
	for _, f := range []string{"Depth", "Nodes", "Noise", "RootNoise", "Lapse", "Threads", "Contempt"} {
		if !lim.Set(f, 7) {
			t.Errorf("Set(%q) refused", f)
		}
	}
	want := Limits{Depth: 7, Nodes: 7, Noise: 7, RootNoise: 7, Lapse: 7, Threads: 7, Contempt: 7}
	if lim.Depth != want.Depth || lim.Nodes != want.Nodes || lim.Noise != want.Noise || lim.RootNoise != want.RootNoise ||
		lim.Lapse != want.Lapse || lim.Threads != want.Threads || lim.Contempt != want.Contempt {
		t.Errorf("Set gave %+v", lim)
	}
	if lim.Set("Time", 1) || lim.Set("depth", 1) {
		t.Error("Set accepted an unknown field")
	}
	if !lim.Set("TableSlip", 12) || !lim.Set("TableSlipAny", 1) || lim.TableSlip != 12 || !lim.TableSlipAny {
		t.Errorf("Set of the table slips gave %+v", lim)
	}
}

func TestLapse(t *testing.T) {
	testkit.PlainOnly(t) // 1 200 searches on one goroutine: the package's longest test under -race
	positions := choicePositions(400, 5)
	lapsed := 0
	for i, p := range positions {
		r := searchTwice(t, p, Limits{Depth: 3, Seed: int64(i), Lapse: 30})
		if r.Depth == 1 {
			lapsed++
		}
		always := Search(context.Background(), p, Limits{Depth: 3, Seed: int64(i), Lapse: 100})
		if always.Depth != 1 {
			t.Fatalf("%v: Lapse 100 searched to depth %d", p, always.Depth)
		}
	}
	// About 30 % of the moves lapse (a won position ends its search at depth 1
	// too, so allow some slack above).
	if searched := len(positions); lapsed < searched*20/100 || lapsed > searched*45/100 {
		t.Errorf("Lapse 30: %d of %d searches stopped at depth 1", lapsed, searched)
	}
}

func TestRootNoise(t *testing.T) {
	// Deterministic, and it does change some choices.
	changed := 0
	for i, p := range choicePositions(200, 9) {
		a := searchTwice(t, p, Limits{Depth: 2, Seed: int64(i), RootNoise: 150})
		if plain := Search(context.Background(), p, Limits{Depth: 2, Seed: int64(i)}); plain.Move != a.Move {
			changed++
		}
	}
	if changed == 0 {
		t.Error("RootNoise 150 never changed a move")
	}
	// A forced win is never blurred: the wolf takes the twelfth dog.
	p, err := core.ParsePosition("beat-the-wolf", "predator:d4 prey:d5,a3,g3,c1,e1,a5 turn:predator captured:11 hand:0")
	if err != nil {
		t.Fatal(err)
	}
	for seed := int64(0); seed < 40; seed++ {
		r := Search(context.Background(), p, Limits{Depth: 3, Seed: seed, RootNoise: 1000})
		if r.Move.String() != "d4-d6" {
			t.Fatalf("seed %d: RootNoise 1000 played %v instead of the winning d4-d6", seed, r.Move)
		}
	}
}

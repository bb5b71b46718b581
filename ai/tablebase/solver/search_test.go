package solver

import (
	"math/rand"
	"testing"

	"huntchess/ai/tablebase"
	"huntchess/core"
)

// SearchAgrees, the check of a stored value against a plain search (solve
// verify's samples and solve tiers -verify's): a value decided within the
// depth agrees only with the search's own value and plies; a draw, or a
// win beyond the depth, only where a search of at most 3 plies leaves the
// position undecided.
func TestSearchAgrees(t *testing.T) {
	start := core.BeatTheWolf.Info().Start()
	if depth, _, _, want, _, ok := SearchAgrees(start, tablebase.Draw, 0, 5); !ok || depth != 3 || want != tablebase.Unknown {
		t.Fatalf("the start stored as a draw: searched %d, want %v, agrees %v", depth, want, ok)
	}
	if _, _, _, _, _, ok := SearchAgrees(start, tablebase.Loss, 4, 5); ok {
		t.Fatal("the start stored as a loss in 4 agrees with a 5-ply search")
	}
	rng := rand.New(rand.NewSource(5))
	found := 0
	for try := 0; try < 20000 && found < 5; try++ {
		p := tablebase.RandomPosition(rng, core.BeatTheWolf.Info(), 11, 0)
		if p.Outcome().Over() {
			continue
		}
		v, d := SearchValue(p, 3)
		if v == tablebase.Unknown {
			continue
		}
		found++
		if _, _, _, _, _, ok := SearchAgrees(p, v, d, 3); !ok {
			t.Fatalf("%v: %v in %d plies disagrees with its own search", p, v, d)
		}
		if _, _, _, _, _, ok := SearchAgrees(p, v, d+2, 3); ok {
			t.Fatalf("%v: %v in %d plies agrees with a search that finds %d", p, v, d+2, d)
		}
	}
	if found < 5 {
		t.Fatalf("only %d positions decided within 3 plies", found)
	}
}

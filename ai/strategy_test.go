package ai

import (
	"os"
	"slices"
	"testing"

	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
)

// Whatever reply a seed picks among the loser's longest, the line Master
// gives (the hint's) starts with the move it plays and follows the
// strategy from there.
func TestStrategyLineStartsWithTheMovePlayed(t *testing.T) {
	data, err := os.ReadFile("../tables/strategies/surround-the-lion.hcst")
	if err != nil {
		t.Fatal(err)
	}
	s, err := strategy.ReadStrategy(data)
	if err != nil {
		t.Fatal(err)
	}
	pos := core.SurroundTheLion.Info().Start()
	ties := 0
	for ply := 0; !pos.Outcome().Over(); ply++ {
		var played core.Move
		for seed := int64(0); seed < 16; seed++ {
			res, ok := strategyMove(s, pos, Limits{Seed: seed, Line: true})
			if !ok {
				t.Fatalf("ply %d: not a position of the strategy", ply)
			}
			if len(res.PV) == 0 || res.PV[0] != res.Move {
				t.Fatalf("ply %d, seed %d: plays %v, line %v", ply, seed, res.Move, res.PV)
			}
			if seed == 0 {
				played = res.Move
			} else if res.Move != played {
				ties++
			}
			p := pos
			for _, m := range res.PV {
				if !slices.Contains(p.GenMoves(nil), m) {
					t.Fatalf("ply %d, seed %d: line %v has an illegal %v", ply, seed, res.PV, m)
				}
				p = p.After(m)
			}
		}
		pos = pos.After(played)
	}
	if ties == 0 {
		t.Fatal("no seed picked another reply: the test proves nothing")
	}
}

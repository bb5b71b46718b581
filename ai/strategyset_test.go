package ai

import (
	"bytes"
	"context"
	"testing"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/strategy"
	"huntchess/ai/tablebase/strategybuild"
	"huntchess/core"
	"huntchess/match"
	"huntchess/proof"
)

// setSource is a source of a strategy of Beat the Wolf.
type setSource struct{ s *strategy.Strategy }

func (src *setSource) Strategy(id core.GameID) *strategy.Strategy {
	if id == core.BeatTheWolf {
		return src.s
	}
	return nil
}

// setStrategyFor builds the dogs' set strategy from start out of the test
// bound table and opens it from its bytes.
func setStrategyFor(t *testing.T, b *tablebase.Table, start core.Position) *strategy.Strategy {
	t.Helper()
	r := tablebase.ForGame(core.BeatTheWolf)
	sb, err := strategybuild.BuildSetStrategy(r, start, strategybuild.BoundProbe(b), nil)
	if err != nil {
		t.Fatal(err)
	}
	data, err := sb.Bytes(r)
	if err != nil {
		t.Fatal(err)
	}
	s, err := strategy.OpenStrategy(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Master against Master plays a set strategy (read block by block) where
// no table covers the position, as a strategy of format 1: every move
// proven (proof.Bound) with the table's plies, the dogs' to a position
// the bound table proves the wolf lost one ply nearer, the wolf's the
// longest resistance; the dogs win in the table's 33 plies, no dog lost.
func TestMasterPlaysSetStrategy(t *testing.T) {
	b := boundTable(t)
	start := parsePos(t, boundWin33)
	s := setStrategyFor(t, b, start)
	if !s.IsSet() || s.Plies != 33 {
		t.Fatalf("a set strategy of %d plies (set %v)", s.Plies, s.IsSet())
	}
	g := core.NewGameFrom(start)
	e := NewEngine(owner{s: &setSource{s: s}})
	for !g.Outcome().Over() {
		p := g.Position()
		res := e.Think(context.Background(), g, match.Master)
		plies, won := IsWin(res.Score)
		if res.Proof != proof.Bound || !won || plies != 33-g.Len() || (res.Score > 0) != (p.ToMove == core.Prey) {
			t.Fatalf("ply %d (%s): %+v (plies %d, won %v)", g.Len(), p, res, plies, won)
		}
		if c := p.After(res.Move); !c.Outcome().Over() {
			v, d, ok := b.ProbeBound(c)
			if want := map[core.Side]tablebase.Value{core.Prey: tablebase.Loss, core.Predator: tablebase.Win}[p.ToMove]; !ok || v != want || d != 33-g.Len()-1 {
				t.Fatalf("ply %d: %v leads to %v %d %v by the table", g.Len(), res.Move, v, d, ok)
			}
		}
		if err := g.PlayMove(res.Move); err != nil {
			t.Fatal(err)
		}
	}
	if w, ok := g.Outcome().Winner(); !ok || w != core.Prey || g.Len() != 33 || g.Position().Captured != start.Captured {
		t.Fatalf("the game ended %+v after %d plies, %d captured", g.Outcome(), g.Len(), g.Position().Captured)
	}
}

package ai

import (
	"bytes"
	"context"
	"testing"

	"huntchess/ai/tablebase"
	"huntchess/core"
)

// setSource is a table source with a set strategy of Beat the Wolf and,
// where b is set, its bound table.
type setSource struct {
	TableSet
	s *tablebase.Strategy
	b *tablebase.Table
}

func (src *setSource) Strategy(id core.GameID) *tablebase.Strategy {
	if id == core.BeatTheWolf {
		return src.s
	}
	return nil
}

func (src *setSource) Bound(id core.GameID) *tablebase.Table {
	if id == core.BeatTheWolf && src.b != nil {
		return src.b
	}
	return nil
}

// setStrategyFor builds the dogs' set strategy from start out of the test
// bound table and opens it from its bytes.
func setStrategyFor(t *testing.T, b *tablebase.Table, start core.Position) *tablebase.Strategy {
	t.Helper()
	r := tablebase.ForGame(core.BeatTheWolf)
	sb, err := tablebase.BuildSetStrategy(r, start, b.BoundProbe(), nil)
	if err != nil {
		t.Fatal(err)
	}
	data, err := sb.Bytes(r)
	if err != nil {
		t.Fatal(err)
	}
	s, err := tablebase.OpenStrategy(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// Master as the dogs plays a set strategy (no plies stored) where no table
// covers the position: every dogs' move is the strategy's, proven
// (Exact, Bound, NoPlies), to a position the bound table proves the wolf
// lost, and the wolf (Master, searching: the strategy has no replies)
// cannot get out of it: the dogs win without losing a dog. With the bound
// table there as well, the dogs' moves are the table's (the plies known).
func TestMasterPlaysSetStrategy(t *testing.T) {
	b := boundTable(t)
	start := parsePos(t, boundWin33)
	s := setStrategyFor(t, b, start)
	g := core.NewGameFrom(start)
	e := Engine{Tables: &setSource{s: s}}
	for !g.Outcome().Over() {
		p := g.Position()
		res := e.Think(context.Background(), g, Master)
		if p.ToMove == core.Prey {
			if _, won := IsWin(res.Score); !res.Exact || !res.Bound || !res.NoPlies || !won || res.Score <= 0 {
				t.Fatalf("ply %d (%s): %+v", g.Len(), p, res)
			}
			if c := p.After(res.Move); !c.Outcome().Over() {
				if v, _, ok := b.ProbeBound(c); !ok || v != tablebase.Loss {
					t.Fatalf("ply %d: %v leads to %v %v", g.Len(), res.Move, v, ok)
				}
			}
			if h := e.Hint(context.Background(), g); h.Move != res.Move || !h.NoPlies {
				t.Fatalf("ply %d: the hint %+v, Master %v", g.Len(), h, res.Move)
			}
		} else if res.Exact {
			t.Fatalf("ply %d: the wolf's move %+v is proven: the set strategy has no replies", g.Len(), res)
		}
		if err := g.PlayMove(res.Move); err != nil {
			t.Fatal(err)
		}
		if g.Len() > s.Plies {
			t.Fatalf("not over after %d plies (the strategy's longest line %d)", g.Len(), s.Plies)
		}
	}
	if w, ok := g.Outcome().Winner(); !ok || w != core.Prey || g.Position().Captured != start.Captured {
		t.Fatalf("the game ended %+v after %d plies, %d captured", g.Outcome(), g.Len(), g.Position().Captured)
	}
	// With the bound table, the dogs' move is the table's (plies known).
	e = Engine{Tables: &setSource{s: s, b: b}}
	res := e.Think(context.Background(), core.NewGameFrom(start), Master)
	if plies, won := IsWin(res.Score); !res.Exact || res.NoPlies || !won || plies != 33 {
		t.Fatalf("with the bound table: %+v", res)
	}
}

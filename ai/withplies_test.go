package ai

import (
	"context"
	"testing"

	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/match"
	"huntchess/proof"
)

// Where the table holds a position's value without its plies (the shipped
// whole deer table's placement phase), Master and the hint play the proven
// strategy's move with its plies, not the values' move: from the start the
// deer's longest resistance, then the dogs' win in the strategy's plies. A
// source that searches is not asked for it, and below Master (no strategy)
// the table's move stands.
func TestTableMoveWithoutPliesGivesWayToTheStrategy(t *testing.T) {
	sp, tp := shippedFile("deer-chess.hcst"), shippedFile("deer-chess.hctb")
	if sp == "" || tp == "" {
		t.Skip("no shipped deer strategy and table")
	}
	s, err := openStrategy(sp)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := tablebase.Open(tp)
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	if !tb.CoversPlacement() {
		t.Skip("the shipped deer table is its moving phase alone")
	}
	var ts TableSet
	ts[core.DeerChess] = tb
	var ss StrategySet
	ss[core.DeerChess] = s
	o := owner{t: &ts, s: &ss}
	ctx := context.Background()
	g := core.NewGameFrom(core.DeerChess.Info().Start())
	var searched int
	e := Engine{Sources: []Source{PreferPlies{First: TableMoves{o}, Plies: []Source{StrategyMoves{o}}}, StrategyMoves{o}, fixed{ok: true, calls: &searched}}}
	for ply := 0; ply < 2; ply++ {
		lim := GameLimits(g, match.Master)
		values, ok := TableMoves{o}.Propose(ctx, g.Position(), lim)
		if !ok || values.Proof != proof.ValuesOnly {
			t.Fatalf("ply %d: the table's move %+v (%v) is not a value without plies", ply, values, ok)
		}
		want, ok := strategyMove(s, g.Position(), lim)
		if !ok || want.Proof != proof.Exact {
			t.Fatalf("ply %d: the strategy has no move with plies: %+v", ply, want)
		}
		for _, r := range []Result{e.Think(ctx, g, match.Master), e.Hint(ctx, g)} {
			if r.Move != want.Move || r.Score != want.Score || r.Proof != proof.Exact {
				t.Fatalf("ply %d: the engine plays %+v, the strategy %+v", ply, r, want)
			}
		}
		if d, won := IsWin(want.Score); ply == 1 && (!won || d != s.Plies-1) {
			t.Fatalf("the dogs' hint after the deer's first move: a win in %d (%v), want %d", d, won, s.Plies-1)
		}
		if searched != 0 {
			t.Fatalf("the source after the strategy was asked %d times", searched)
		}
		if err := g.Play(want.Move.String()); err != nil {
			t.Fatal(err)
		}
	}
	// Below Master no strategy: the table's move, without plies.
	g = core.NewGameFrom(core.DeerChess.Info().Start())
	lim := GameLimits(g, match.Hard)
	lim.TableSlip = 0
	if r := e.Choose(ctx, g.Position(), lim); r.Proof != proof.ValuesOnly || searched != 0 {
		t.Fatalf("Hard plays %+v (the searching source asked %d times)", r, searched)
	}
}

package ai

import (
	"context"
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"huntchess/ai/tablebase"
	"huntchess/core"
)

// lionTable opens the Surround the Lion table that `make test` builds first
// (make tables; TABLES_DIR overrides the place).
func lionTable(t *testing.T) *tablebase.Table {
	t.Helper()
	dir := os.Getenv("TABLES_DIR")
	if dir == "" {
		dir = filepath.Join("..", "build", "tables")
	}
	tb, err := tablebase.Open(tablebase.Path(dir, core.SurroundTheLion.String()))
	if err != nil {
		t.Skipf("no Surround the Lion table (make tables): %v", err)
	}
	return tb
}

// From 1,000 random positions the table covers, Master's move keeps the
// value with the best distance: the shortest win, the longest loss, a draw.
func TestMasterKeepsTableValue(t *testing.T) {
	tb := lionTable(t)
	SetTable(core.SurroundTheLion, tb)
	defer SetTable(core.SurroundTheLion, nil)
	rng := rand.New(rand.NewSource(7))
	g := core.SurroundTheLion.Info()
	lim := LevelLimits(Master)
	counts := map[tablebase.Value]int{}
	for n := 0; n < 1000; {
		p := tablebase.RandomPosition(rng, g, 2*rng.Intn(3), 0)
		v, plies, ok := tb.Probe(p)
		if !ok || p.Outcome().Over() {
			continue
		}
		n++
		lim.Seed = int64(n)
		r := Search(context.Background(), p, lim)
		cv, cd, ok := tb.Probe(p.After(r.Move))
		if !ok {
			t.Fatalf("%s: Master's move %s leaves the table", p, r.Move)
		}
		want := map[tablebase.Value]tablebase.Value{tablebase.Win: tablebase.Loss, tablebase.Loss: tablebase.Win, tablebase.Draw: tablebase.Draw}[v]
		if cv != want || (v != tablebase.Draw && cd != plies-1) {
			t.Fatalf("%s (%v in %d): Master plays %s, after it %v in %d", p, v, plies, r.Move, cv, cd)
		}
		if sc, won := IsWin(r.Score); v != tablebase.Draw && (!won || sc != plies) {
			t.Fatalf("%s: score %d does not say %v in %d", p, r.Score, v, plies)
		}
		counts[v]++
	}
	t.Logf("1000 positions: %d wins, %d draws, %d losses kept", counts[tablebase.Win], counts[tablebase.Draw], counts[tablebase.Loss])
	if counts[tablebase.Win] == 0 || counts[tablebase.Draw] == 0 || counts[tablebase.Loss] == 0 {
		t.Fatal("the sample lacks a kind of value")
	}
}

// Master against Master from the start plays out the proven result: the
// dogs win in 37 plies.
func TestMasterVsMasterProvenResult(t *testing.T) {
	tb := lionTable(t)
	SetTable(core.SurroundTheLion, tb)
	defer SetTable(core.SurroundTheLion, nil)
	g, _ := core.NewGame(core.SurroundTheLion.String())
	v, plies, _ := tb.Probe(g.Position())
	for !g.Outcome().Over() && g.Len() < 200 {
		r := Think(context.Background(), g, Master)
		if err := g.PlayMove(r.Move); err != nil {
			t.Fatal(err)
		}
	}
	o := g.Outcome()
	t.Logf("start: %v in %d for the lion; played: %v (%s) after %d plies: %s", v, plies, o.Result, o.Reason, g.Len(), g.Record())
	if v != tablebase.Loss || o.Result != core.PreyWins || g.Len() != plies {
		t.Fatalf("want the dogs to win in %d plies as the table says (%v), got %v after %d", plies, v, o.Result, g.Len())
	}
	// The same again: the table's play is deterministic.
	g2, _ := core.NewGame(core.SurroundTheLion.String())
	for !g2.Outcome().Over() && g2.Len() < 200 {
		g2.PlayMove(Think(context.Background(), g2, Master).Move)
	}
	if g2.Record() != g.Record() {
		t.Fatalf("two Master games differ:\n%s\n%s", g.Record(), g2.Record())
	}
}

package app

import (
	"runtime/debug"
	"testing"

	"huntchess/core"
)

// While tables are solved the GC target is low, while tables are loaded
// lower than at first; after the last one it is what it was before.
func TestSolvingGCTarget(t *testing.T) {
	var g gcTarget
	before := debug.SetGCPercent(100)
	defer debug.SetGCPercent(before)
	cur := func() int { p := debug.SetGCPercent(-1); debug.SetGCPercent(p); return p }
	g.solving(core.SurroundTheLion, true)
	g.solving(core.DeerChess, true)
	g.tableLoaded(core.BeatTheWolf, true) // solving comes first
	g.solving(core.SurroundTheLion, true) // again: nothing changes
	if p := cur(); p != solvingGCPercent {
		t.Fatalf("GC target %d while solving, want %d", p, solvingGCPercent)
	}
	if !g.solving(core.SurroundTheLion, false) {
		t.Error("the lion's table was being solved")
	}
	if p := cur(); p != solvingGCPercent {
		t.Fatalf("GC target %d while the deer's table is still solved, want %d", p, solvingGCPercent)
	}
	g.solving(core.DeerChess, false)
	if g.solving(core.DeerChess, false) {
		t.Error("the deer's table is solved already")
	}
	if p := cur(); p != tableGCPercent {
		t.Fatalf("GC target %d with a table loaded, want %d", p, tableGCPercent)
	}
	g.tableLoaded(core.SurroundTheLion, true)
	g.tableLoaded(core.BeatTheWolf, false)
	if p := cur(); p != tableGCPercent {
		t.Fatalf("GC target %d with the lion's table loaded, want %d", p, tableGCPercent)
	}
	g.tableLoaded(core.SurroundTheLion, false)
	if p := cur(); p != 100 {
		t.Fatalf("GC target %d after the solves and tables, want 100 as before", p)
	}
}

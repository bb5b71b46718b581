package gctarget

import (
	"runtime/debug"
	"testing"

	"huntchess/core"
)

// While tables are solved the GC target is low, while tables are loaded
// lower than at first; after the last one it is what it was before.
func TestSolvingGCTarget(t *testing.T) {
	var g Target
	before := debug.SetGCPercent(100)
	defer debug.SetGCPercent(before)
	cur := func() int { p := debug.SetGCPercent(-1); debug.SetGCPercent(p); return p }
	g.Solving(core.SurroundTheLion, true)
	g.Solving(core.DeerChess, true)
	g.Loaded(core.BeatTheWolf, true)      // solving comes first
	g.Solving(core.SurroundTheLion, true) // again: nothing changes
	if p := cur(); p != SolvingPercent {
		t.Fatalf("GC target %d while solving, want %d", p, SolvingPercent)
	}
	if !g.Solving(core.SurroundTheLion, false) {
		t.Error("the lion's table was being solved")
	}
	if p := cur(); p != SolvingPercent {
		t.Fatalf("GC target %d while the deer's table is still solved, want %d", p, SolvingPercent)
	}
	g.Solving(core.DeerChess, false)
	if g.Solving(core.DeerChess, false) {
		t.Error("the deer's table is solved already")
	}
	if p := cur(); p != TablePercent {
		t.Fatalf("GC target %d with a table loaded, want %d", p, TablePercent)
	}
	g.Loaded(core.SurroundTheLion, true)
	g.Loaded(core.BeatTheWolf, false)
	if p := cur(); p != TablePercent {
		t.Fatalf("GC target %d with the lion's table loaded, want %d", p, TablePercent)
	}
	g.Loaded(core.SurroundTheLion, false)
	if p := cur(); p != 100 {
		t.Fatalf("GC target %d after the solves and tables, want 100 as before", p)
	}
}

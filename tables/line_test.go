package tables

import (
	"testing"

	"huntchess/ai/tablebase"
	"huntchess/core"
)

// TestLine: what the owner has of a game, as the table line says it,
// without Fyne: the shipped strategy alone (Surround the Lion: the dogs'
// win), nothing (Wolf Carries the Pig with nothing shipped asked for, and
// a nil owner), a table of the moving phase only, then one of the
// placement too, and a solve under way.
func TestLine(t *testing.T) {
	now := func(f func()) { f() }
	m := New("", nil, true, now)
	if l := m.Line(core.SurroundTheLion); l.Kind != LineStrategy || l.Winner != core.Prey {
		t.Fatalf("Surround the Lion with its shipped strategy: %+v", l)
	}
	if l := m.Line(core.WolfCarriesPig); l.Kind != LineNone {
		t.Fatalf("Wolf Carries the Pig with no table and no strategy: %+v", l)
	}
	var none *Owner
	if l := none.Line(core.SurroundTheLion); l.Kind != LineNone {
		t.Fatalf("a nil owner: %+v", l)
	}
	d := New(t.TempDir(), nil, false, now)
	d.UseShipped(false)
	d.Use(core.DeerChess, &tablebase.Table{Header: tablebase.Header{Sections: []*tablebase.Section{{Captured: 0, Hand: 0}}}})
	if l := d.Line(core.DeerChess); l.Kind != LineReadyMoving {
		t.Fatalf("a deer table of the moving phase: %+v", l)
	}
	d.Use(core.DeerChess, &tablebase.Table{Header: tablebase.Header{Sections: []*tablebase.Section{{Captured: 0, Hand: 0}, {Captured: 0, Hand: 12}}}})
	if l := d.Line(core.DeerChess); l.Kind != LineReady {
		t.Fatalf("a deer table with the placement: %+v", l)
	}
	// Beat the Wolf with its shipped set strategy (a win from the start
	// without giving up a dog): its endgames are "solved from the start"; its
	// whole table (every tier, 6 to 17 dogs) is the game solved.
	w := New(t.TempDir(), nil, false, now)
	w.Use(core.BeatTheWolf, &tablebase.Table{Header: tablebase.Header{Sections: []*tablebase.Section{{Captured: 11}, {Captured: 10}, {Captured: 7}}}})
	if l := w.Line(core.BeatTheWolf); l.Kind != LineReadyBound || l.Winner != core.Prey {
		t.Fatalf("Beat the Wolf's endgames with the set strategy: %+v", l)
	}
	var every []*tablebase.Section
	for c := range core.BeatTheWolf.Info().CapturesToWin {
		every = append(every, &tablebase.Section{Captured: c})
	}
	w.Use(core.BeatTheWolf, &tablebase.Table{Header: tablebase.Header{Sections: every}})
	if l := w.Line(core.BeatTheWolf); l.Kind != LineReady {
		t.Fatalf("Beat the Wolf's whole table: %+v", l)
	}
	d.setStatus(core.SurroundTheLion, Status{State: Building, Frac: 0.25})
	if l := d.Line(core.SurroundTheLion); l.Kind != LineBuilding || l.Frac != 0.25 {
		t.Fatalf("a solve a quarter done: %+v", l)
	}
}

package proof

import (
	"path/filepath"
	"testing"

	"huntchess/ai/tablebase"
	"huntchess/core"
)

// fake is a source with a fixed verdict everywhere (ok false: none), and
// the count of its calls.
type fake struct {
	v     Verdict
	ok    bool
	calls *int
}

func (f fake) Probe(core.Position) (Verdict, bool) { *f.calls++; return f.v, f.ok }
func (f fake) Step(core.Position, int64) (core.Move, Verdict, bool) {
	*f.calls++
	return core.Move{Kind: core.MovePass}, f.v, f.ok
}

// A stack asks its sources in the order listed and no further than the
// first that proves the position: a values-only answer does not make it
// ask a later source; PreferPlies does, and only then.
func TestStackOrderIsTheOrderItRuns(t *testing.T) {
	p := core.SurroundTheLion.Info().Start()
	var n1, n2, n3 int
	values := fake{Verdict{Value: tablebase.Win, Kind: ValuesOnly}, true, &n1}
	plies := fake{Verdict{Value: tablebase.Win, Plies: 7, Kind: Exact}, true, &n2}
	none := fake{ok: false, calls: &n3}
	if v, ok := (Stack{none, values, plies}).Probe(p); !ok || v.Kind != ValuesOnly || n3 != 1 || n1 != 1 || n2 != 0 {
		t.Fatalf("plain stack: %+v %v; calls %d %d %d", v, ok, n3, n1, n2)
	}
	if v, ok := (Stack{PreferPlies{First: values, Plies: []Source{plies}}}).Probe(p); !ok || v.Kind != Exact || v.Plies != 7 || n2 != 1 {
		t.Fatalf("PreferPlies: %+v %v; calls %d", v, ok, n2)
	}
	// Plies are asked only where First proves without them.
	exact := fake{Verdict{Value: tablebase.Loss, Plies: 3, Kind: Exact}, true, &n1}
	if v, _ := (PreferPlies{First: exact, Plies: []Source{plies}}).Probe(p); v.Plies != 3 || n2 != 1 {
		t.Fatalf("PreferPlies over plies: %+v, plies asked %d times", v, n2)
	}
	if _, ok := (PreferPlies{First: none, Plies: []Source{plies}}).Probe(p); ok || n2 != 1 {
		t.Fatalf("PreferPlies without First's answer proves (%v) or asks Plies (%d)", ok, n2)
	}
	if _, v, ok := (PreferPlies{First: values, Plies: []Source{none}}).Step(p, 0); !ok || v.Kind != ValuesOnly {
		t.Fatalf("PreferPlies with no plies to add: %+v %v", v, ok)
	}
}

// Adding a game's whole exact table is adding a source: Beat the Wolf's
// shipped endgame table, put before the bound table in the game's stack,
// answers first where it covers the position, exactly (its plies no
// more than the bound proof's upper bound); without it the bound table
// answers, Bound.
func TestExactTableIsOneMoreSource(t *testing.T) {
	b, err := tablebase.Open(filepath.Join("..", "ai", "testdata", "beat-the-wolf-8dogs.bound.hctb"))
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	x, err := tablebase.Open(filepath.Join("..", "tables", "shipped", "beat-the-wolf.hctb"))
	if err != nil {
		t.Skipf("no shipped Beat the Wolf endgame table: %v", err)
	}
	defer x.Close()
	p, err := core.ParsePosition(core.BeatTheWolf.String(), "predator:d1 prey:c1,c2,d2,e2,a3,b3,d3,a5 turn:prey captured:9 hand:0")
	if err != nil {
		t.Fatal(err)
	}
	without := GameStack(nil, nil, b)
	v, ok := without.Probe(p)
	if !ok || v.Kind != Bound || v.Value != tablebase.Win || v.Plies != 33 {
		t.Fatalf("the bound table alone: %+v %v", v, ok)
	}
	if _, _, ok := x.Probe(p); !ok {
		t.Skip("the shipped endgame table does not cover the 8-dog tier")
	}
	with := GameStack(x, nil, b)
	w, ok := with.Probe(p)
	if !ok || w.Kind != Exact || w.Value != tablebase.Win || w.Plies > 33 {
		t.Fatalf("with the exact table first: %+v %v", w, ok)
	}
	m, sv, ok := with.Step(p, 0)
	if !ok || sv != w {
		t.Fatalf("the exact table's move %v: %+v %v", m, sv, ok)
	}
	if c, _, _ := x.Probe(p.After(m)); c != tablebase.Loss {
		t.Fatalf("the exact table's move %v leaves %v", m, c)
	}
	t.Logf("the dogs' win: at most %d plies by the bound table, exactly %d by the exact one", v.Plies, w.Plies)
}

// The bridge's kinds: a leaf keeps its own kind; a bridged verdict is
// AtMost over an exact proof, BoundAtMost over a bound one.
func TestKinds(t *testing.T) {
	for _, c := range []struct {
		k                                   Kind
		proven, bounded, bridged, upper, pl bool
	}{
		{Search, false, false, false, false, false},
		{Exact, true, false, false, false, true},
		{ValuesOnly, true, false, false, false, false},
		{Bound, true, true, false, true, true},
		{AtMost, true, false, true, true, true},
		{BoundAtMost, true, true, true, true, true},
	} {
		if c.k.Proven() != c.proven || c.k.Bounded() != c.bounded || c.k.Bridged() != c.bridged || c.k.UpperBound() != c.upper || c.k.HasPlies() != c.pl {
			t.Fatalf("%v", c.k)
		}
	}
	if Exact.bridged() != AtMost || Bound.bridged() != BoundAtMost {
		t.Fatal("bridged kinds")
	}
}

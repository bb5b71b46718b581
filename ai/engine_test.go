package ai

import (
	"context"
	"reflect"
	"testing"
	"time"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
	"huntchess/match"
	"huntchess/proof"
)

// owner is a table owner made of sources of any of the three (nil: none).
type owner struct {
	t Tables
	s Strategies
	b BoundTables
}

func (o owner) Table(id core.GameID) *tablebase.Table {
	if o.t == nil {
		return nil
	}
	return o.t.Table(id)
}

func (o owner) Strategy(id core.GameID) *strategy.Strategy {
	if o.s == nil {
		return nil
	}
	return o.s.Strategy(id)
}

func (o owner) Bound(id core.GameID) *tablebase.Table {
	if o.b == nil {
		return nil
	}
	return o.b.Bound(id)
}

// fixed is a source that proposes its move (or none) and counts its calls.
type fixed struct {
	move  core.Move
	ok    bool
	calls *int
}

func (f fixed) Propose(context.Context, core.Position, Limits) (Result, bool) {
	*f.calls++
	return Result{Move: f.move, Proof: proof.Exact}, f.ok
}

// The engine asks its sources in order and plays the first proposal; a
// source after it is not asked. Where none proposes, it searches; where
// the side to move has no move, it asks none.
func TestEngineAsksSourcesInOrder(t *testing.T) {
	g := core.NewGameFrom(core.BeatTheWolf.Info().Start())
	moves := g.LegalMoves()
	var n1, n2, n3 int
	e := Engine{Sources: []Source{fixed{calls: &n1}, fixed{move: moves[1], ok: true, calls: &n2}, fixed{move: moves[2], ok: true, calls: &n3}}}
	r := e.Think(context.Background(), g, match.Easy)
	if r.Move != moves[1] || r.Proof != proof.Exact || n1 != 1 || n2 != 1 || n3 != 0 {
		t.Fatalf("played %v (%v); calls %d %d %d", r.Move, r.Proof, n1, n2, n3)
	}
	none := Engine{Sources: []Source{fixed{calls: &n1}}}
	lim := Limits{Depth: 2, Seed: 5}
	if r, want := none.Choose(context.Background(), g.Position(), lim), Search(context.Background(), g.Position(), lim); r.Move != want.Move || r.Proof.Proven() {
		t.Fatalf("no proposal: %+v, the search plays %v", r, want.Move)
	}
	trapped, err := core.ParsePosition(core.SurroundTheLion.String(), "predator:a1 prey:a2,b1,b2,c1,c2,a3,b3,c3 turn:predator captured:8 hand:0")
	if err != nil {
		t.Fatal(err)
	}
	if len(trapped.GenMoves(nil)) != 0 {
		t.Fatal("the test position has moves")
	}
	n1 = 0
	if r := e.Choose(context.Background(), trapped, lim); r.Move.Kind != core.MoveNone || n1 != 0 {
		t.Fatalf("no legal move: %+v, %d calls", r, n1)
	}
}

// NewEngine's sources come in the order table (giving way to the
// strategy where it has no plies: PreferPlies), strategy, bound table,
// bridge, search; its draws are judged by the owner's tables.
func TestNewEngineOrder(t *testing.T) {
	o := owner{}
	e := NewEngine(o)
	if len(e.Sources) != 5 {
		t.Fatalf("%d sources", len(e.Sources))
	}
	for i, want := range []Source{PreferPlies{First: TableMoves{o}, Plies: []Source{StrategyMoves{o}, BoundMoves{o}, BridgeMoves{o}}}, StrategyMoves{o}, BoundMoves{o}, BridgeMoves{o}, SearchMoves{o}} {
		if !reflect.DeepEqual(e.Sources[i], want) {
			t.Fatalf("source %d is %T, want %T", i, e.Sources[i], want)
		}
	}
	if e.Draws != Tables(o) {
		t.Fatal("draws are not judged by the owner's tables")
	}
}

// countingHolder counts the holds of game files open now.
type countingHolder struct{ open, most int }

func (h *countingHolder) Hold(core.GameID) func() {
	h.open++
	h.most = max(h.most, h.open)
	return func() { h.open-- }
}

// heldSource proposes nothing, noting whether the game's files were held
// when asked.
type heldSource struct {
	h    *countingHolder
	held *bool
}

func (s heldSource) Propose(context.Context, core.Position, Limits) (Result, bool) {
	*s.held = s.h.open > 0
	return Result{}, false
}

// The engine holds the game's files while it chooses a move and decides
// a draw, and releases them after (tables.Owner.Hold: a table the owner
// lets go of meanwhile is closed after the move, not under it).
func TestEngineHoldsTheFilesForEachMove(t *testing.T) {
	h := &countingHolder{}
	var held bool
	e := Engine{Sources: []Source{heldSource{h, &held}}, Holder: h}
	g := core.NewGameFrom(core.SurroundTheLion.Info().Start())
	e.Choose(context.Background(), g.Position(), Limits{Depth: 1})
	if !held || h.open != 0 || h.most != 1 {
		t.Fatalf("held while choosing %v, open after %d, most %d", held, h.open, h.most)
	}
	h.most = 0
	e.AcceptsDraw(context.Background(), g, core.Prey)
	if h.open != 0 || h.most < 1 { // its search holds them again inside: a hold nests
		t.Fatalf("draw: open after %d, most %d", h.open, h.most)
	}
}

// valuesFirst is a First source of PreferPlies that says beforehand
// whether its move would be values-only, and proposes one (counted).
type valuesFirst struct {
	values bool
	calls  *int
}

func (f valuesFirst) valuesOnlyAt(core.Position) bool { return f.values }

func (f valuesFirst) Propose(_ context.Context, p core.Position, _ Limits) (Result, bool) {
	*f.calls++
	kind := proof.Exact
	if f.values {
		kind = proof.ValuesOnly
	}
	var buf [core.MaxMoves]core.Move
	return Result{Move: p.GenMoves(buf[:0])[0], Proof: kind}, true
}

// Where First's move would be values-only (a search for progress, seconds
// in Beat the Wolf's values-only tiers), PreferPlies asks the sources with
// plies first and does not ask First when one answers; where First has
// plies, First answers and they are not asked; where none of them answers,
// First's values-only move is played, First asked once.
func TestPreferPliesAsksPliesFirstWhereValuesOnly(t *testing.T) {
	g := core.NewGameFrom(core.BeatTheWolf.Info().Start())
	var buf [core.MaxMoves]core.Move
	start := g.Position()
	other := start.GenMoves(buf[:0])[1]
	lim := GameLimits(g, match.Master)
	var first, plies int
	r, ok := PreferPlies{First: valuesFirst{values: true, calls: &first}, Plies: []Source{fixed{move: other, ok: true, calls: &plies}}}.Propose(context.Background(), g.Position(), lim)
	if !ok || r.Move != other || first != 0 || plies != 1 {
		t.Fatalf("values-only: %+v %v, First asked %d times, plies %d", r, ok, first, plies)
	}
	first, plies = 0, 0
	r, _ = PreferPlies{First: valuesFirst{values: false, calls: &first}, Plies: []Source{fixed{move: other, ok: true, calls: &plies}}}.Propose(context.Background(), g.Position(), lim)
	if r.Move == other || first != 1 || plies != 0 {
		t.Fatalf("with plies: %+v, First asked %d times, plies %d", r, first, plies)
	}
	first, plies = 0, 0
	r, _ = PreferPlies{First: valuesFirst{values: true, calls: &first}, Plies: []Source{fixed{move: other, ok: false, calls: &plies}}}.Propose(context.Background(), g.Position(), lim)
	if r.Proof != proof.ValuesOnly || first != 1 || plies != 1 {
		t.Fatalf("none with plies: %+v, First asked %d times, plies %d", r, first, plies)
	}
}

// deadlineSource proposes nothing, noting the deadline of the limits it
// was asked with.
type deadlineSource struct{ at *time.Time }

func (s deadlineSource) Propose(_ context.Context, _ core.Position, lim Limits) (Result, bool) {
	*s.at = lim.deadline()
	return Result{}, false
}

// Where First's move would be values-only, the sources with plies asked
// before it have half the move's time (a bridge that searches on leaves
// First, the search for progress, the other half); where First has plies
// they are asked after it with the whole.
func TestPreferPliesGivesHalfTheTime(t *testing.T) {
	g := core.NewGameFrom(core.BeatTheWolf.Info().Start())
	lim := GameLimits(g, match.Master)
	lim.start = time.Date(2026, 12, 8, 0, 0, 0, 0, time.UTC)
	if lim.Time <= 0 {
		t.Fatalf("Master has no time cap: %+v", lim)
	}
	for _, values := range []bool{true, false} {
		var at time.Time
		var first int
		PreferPlies{First: valuesFirst{values: values, calls: &first}, Plies: []Source{deadlineSource{&at}}}.Propose(context.Background(), g.Position(), lim)
		want := lim.start.Add(lim.Time / 2)
		if !values {
			want = time.Time{} // with plies First answers: the others are not asked
		}
		if !at.Equal(want) {
			t.Errorf("values-only %v: the sources with plies asked with the deadline %v, want %v", values, at, want)
		}
	}
}

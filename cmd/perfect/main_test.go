package main

import (
	"context"
	"math/rand"
	"testing"

	"huntchess/ai"
	tb "huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/match"
)

func TestDrop(t *testing.T) {
	// before: the mover's value; after: the child's value for the opponent.
	cases := []struct {
		before, after, mine tb.Value
		drop                bool
	}{
		{tb.Win, tb.Loss, tb.Win, false},
		{tb.Win, tb.Draw, tb.Draw, true},
		{tb.Win, tb.Win, tb.Loss, true},
		{tb.Draw, tb.Draw, tb.Draw, false},
		{tb.Draw, tb.Loss, tb.Win, false}, // the opponent slipped before
		{tb.Draw, tb.Win, tb.Loss, true},
		{tb.Loss, tb.Win, tb.Loss, false},
	}
	for _, c := range cases {
		mine, drop := drop(c.before, c.after)
		if mine != c.mine || drop != c.drop {
			t.Errorf("drop(%v, %v) = %v, %v; want %v, %v", c.before, c.after, mine, drop, c.mine, c.drop)
		}
	}
}

func TestClassify(t *testing.T) {
	u := tb.Unknown
	cases := []struct {
		val, dropTo tb.Value
		over        bool
		res         tb.Value
		rep         bool
		want        string
	}{
		{tb.Draw, u, false, u, false, endKept},
		{tb.Draw, u, true, tb.Draw, true, endKept},
		{tb.Draw, tb.Loss, false, u, false, endLost},
		{tb.Draw, tb.Loss, true, tb.Loss, false, endLost},
		{tb.Draw, u, true, tb.Win, false, endLuckyWin},
		{tb.Win, u, true, tb.Win, false, endConverted},
		{tb.Win, tb.Draw, false, u, false, endDropDraw},
		{tb.Win, tb.Loss, true, tb.Loss, false, endDropLoss},
		{tb.Win, u, false, u, false, endLimit},
		{tb.Win, u, true, tb.Draw, true, endRepetition},
		{tb.Loss, u, true, tb.Loss, false, endLossLost},
		{tb.Loss, u, false, u, false, endLossHeld},
	}
	for _, c := range cases {
		if got := classify(c.val, c.dropTo, c.over, c.res, c.rep); got != c.want {
			t.Errorf("classify(%v, %v, %v, %v, %v) = %q, want %q", c.val, c.dropTo, c.over, c.res, c.rep, got, c.want)
		}
	}
}

func TestSummarize(t *testing.T) {
	if s := summarize(nil); s != (stats{}) {
		t.Errorf("summarize(nil) = %+v", s)
	}
	odd := summarize([]float64{5, 1, 3})
	if odd != (stats{3, 3, 5, 5}) {
		t.Errorf("odd: %+v", odd)
	}
	even := summarize([]float64{4, 1, 3, 2})
	if even.mean != 2.5 || even.median != 2.5 || even.max != 4 {
		t.Errorf("even: %+v", even)
	}
	var xs []float64
	for i := 100; i >= 1; i-- {
		xs = append(xs, float64(i))
	}
	if s := summarize(xs); s.p95 != 95 || s.median != 50.5 || s.max != 100 {
		t.Errorf("1..100: %+v", s)
	}
	if p := percentile([]float64{1, 2}, 95); p != 2 {
		t.Errorf("p95 of 1, 2 = %v", p)
	}
	if p := percentile([]float64{7}, 0); p != 7 {
		t.Errorf("p0 of 7 = %v", p)
	}
}

func TestPickTier(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	w := []int64{1, 0, 3}
	var n [3]int
	for range 40000 {
		n[pickTier(rng, w)]++
	}
	if n[1] != 0 || n[0] < 9000 || n[0] > 11000 || n[2] < 29000 || n[2] > 31000 {
		t.Errorf("picks %v, want about 10000, 0, 30000", n)
	}
}

// firstMove plays the first legal move.
type firstMove struct{}

func (firstMove) Propose(_ context.Context, pos core.Position, _ ai.Limits) (ai.Result, bool) {
	var buf [core.MaxMoves]core.Move
	return ai.Result{Move: pos.GenMoves(buf[:0])[0]}, true
}

// fakeTable says draw everywhere but at the positions in win, a win for
// the side to move there.
type fakeTable struct{ win map[uint64]bool }

func (f fakeTable) Probe(p core.Position) (tb.Value, int, bool) {
	if f.win[p.Key] {
		return tb.Win, 5, true
	}
	return tb.Draw, 0, true
}

func TestPlay(t *testing.T) {
	first := ai.Engine{Sources: []ai.Source{firstMove{}}}
	c := &config{opp: first, eng: first, table: fakeTable{}, level: match.Master, drawPlies: 10, ext: 4}
	p := core.Games()[game].Start()
	s := start{pos: p, side: p.ToMove, val: tb.Draw}
	r := c.play(context.Background(), s)
	if r.end != endKept || len(r.moves) != 10 || len(r.think) != 5 || r.dropPly != 0 {
		t.Fatalf("all draws: %q after %d plies, %d engine moves, drop at %d", r.end, len(r.moves), len(r.think), r.dropPly)
	}
	// The position after the engine's third move (ply 5) wins for the opponent.
	g := core.NewGameFrom(p)
	for _, m := range r.moves[:5] {
		if err := g.PlayMove(m); err != nil {
			t.Fatal(err)
		}
	}
	for i, k := range g.History()[:5] {
		if k == g.Position().Key {
			t.Fatalf("position %d repeats the one after ply 5", i)
		}
	}
	c.table = fakeTable{win: map[uint64]bool{g.Position().Key: true}}
	r = c.play(context.Background(), s)
	if r.end != endLost || r.dropPly != 5 || r.dropTo != tb.Loss || len(r.moves) != 5 || r.oppSlip != 0 {
		t.Fatalf("a losing move at ply 5: %q, drop at %d to %v, %d plies, %d opponent slips", r.end, r.dropPly, r.dropTo, len(r.moves), r.oppSlip)
	}
	// The same position after an opponent's move is its slip, not a drop,
	// and ends the game.
	s.side = p.ToMove.Other()
	r = c.play(context.Background(), s)
	if r.end != endOppSlip || r.oppSlip != 5 || r.dropPly != 0 || len(r.moves) != 5 {
		t.Fatalf("an opponent's slip: %q, %d slips, drop at %d", r.end, r.oppSlip, r.dropPly)
	}
}

// mapTable gives the positions in it their value and plies for the side to
// move, a draw elsewhere.
type mapTable map[uint64]entry

type entry struct {
	v     tb.Value
	plies int
}

func (m mapTable) Probe(p core.Position) (tb.Value, int, bool) {
	if e, ok := m[p.Key]; ok {
		return e.v, e.plies, true
	}
	return tb.Draw, 0, true
}

// The perfect mover of the tier files: the shortest of two wins, the
// longest of two losses, and from a draw a move to the position the game
// has seen least.
func TestPerfectMover(t *testing.T) {
	p := core.Games()[game].Start()
	g := core.NewGameFrom(p)
	moves := g.LegalMoves()
	if len(moves) < 3 {
		t.Fatalf("%d moves from the start", len(moves))
	}
	child := func(i int) uint64 { return p.After(moves[i]).Key }
	// Two winning moves (the child lost for its side to move): in 9 and in 3.
	m := mapTable{child(0): {tb.Loss, 9}, child(2): {tb.Loss, 3}}
	if got := (perfectMover{m}).Think(context.Background(), g, match.Master).Move; got != moves[2] {
		t.Errorf("two wins: %v, want the shorter %v", got, moves[2])
	}
	// Every move loses (the child won for its side to move): the longest.
	m = mapTable{}
	for i := range moves {
		m[child(i)] = entry{tb.Win, 2 + i%3}
	}
	m[child(1)] = entry{tb.Win, 40}
	if got := (perfectMover{m}).Think(context.Background(), g, match.Master).Move; got != moves[1] {
		t.Errorf("all lost: %v, want the longest %v", got, moves[1])
	}
	// Draws everywhere: not back to a position the game has seen.
	if err := g.PlayMove(moves[0]); err != nil {
		t.Fatal(err)
	}
	q := g.Position()
	back := g.LegalMoves()
	got := (perfectMover{mapTable{}}).Think(context.Background(), g, match.Master).Move
	if q.After(got).Key == p.Key && len(back) > 1 {
		t.Errorf("a draw: %v back to the start, which the game has seen", got)
	}
}

// A walk from the start keeps the value of the side to move there at each
// of its moves and reaches a position of that many plies.
func TestWalkFrom(t *testing.T) {
	p := core.Games()[game].Start()
	rng := rand.New(rand.NewSource(2))
	s, ok := walkFrom(rng, fakeTable{}, p, 7)
	if !ok || s.walk != 7 || s.val != tb.Draw || s.side != s.pos.ToMove {
		t.Fatalf("walk: %v, %+v", ok, s)
	}
	// Where every move of the side to move at the start gives its draw up,
	// the walk finds none.
	bad := mapTable{}
	g := core.NewGameFrom(p)
	for _, m := range g.LegalMoves() {
		bad[p.After(m).Key] = entry{tb.Win, 1}
	}
	if _, ok := walkFrom(rng, bad, p, 7); ok {
		t.Fatal("a walk through moves that give the value up")
	}
}

package explore

import (
	"context"
	"errors"
	"strings"
	"testing"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
	"huntchess/proof"
	"huntchess/tables"
)

// lionStack is Surround the Lion's proof stack from its shipped table.
func lionStack(tb testing.TB) proof.Stack {
	tb.Helper()
	t, err := tables.OpenShipped(core.SurroundTheLion, false)
	if err != nil {
		tb.Fatal(err)
	}
	return proof.GameStack(t, nil, nil)
}

func lionStart(t testing.TB) core.Position {
	g, _ := core.Lookup("surround-the-lion")
	return g.Start()
}

// A cancelled context (the position shown has changed) stops Moves: it
// lists nothing rather than probing on.
func TestMovesStopsWhenCancelled(t *testing.T) {
	st := lionStack(t)
	p := lionStart(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if got := Moves(ctx, st, p); got != nil {
		t.Fatalf("cancelled: %d moves listed, want none", len(got))
	}
	if got := Moves(context.Background(), st, p); len(got) != len(p.GenMoves(nil)) {
		t.Fatalf("%d moves listed, %d legal", len(got), len(p.GenMoves(nil)))
	}
}

// TestMovesFromTable: every legal move of a lion position has its table
// value for the mover (the after position's, turned: a loss for the side
// to move after is a win for the mover, one ply longer), best first, and
// the best is the table's own best value.
func TestMovesFromTable(t *testing.T) {
	st := lionStack(t)
	tab, _ := tables.OpenShipped(core.SurroundTheLion, false)
	p := lionStart(t)
	for ply := 0; ply < 6; ply++ {
		moves := Moves(context.Background(), st, p)
		legal := p.GenMoves(nil)
		if len(moves) != len(legal) {
			t.Fatalf("ply %d: %d moves listed, %d legal", ply, len(moves), len(legal))
		}
		for i, mv := range moves {
			if !mv.Value.Proven {
				t.Fatalf("ply %d: %v not proven though the table covers the game", ply, mv.Move)
			}
			v, plies, ok := tab.Probe(mv.After)
			if !ok && !mv.After.Outcome().Over() {
				t.Fatalf("table misses %v", mv.After)
			}
			if ok {
				want := map[tablebase.Value]tablebase.Value{tablebase.Win: tablebase.Loss, tablebase.Loss: tablebase.Win, tablebase.Draw: tablebase.Draw}[v]
				if mv.Value.Verdict.Value != want {
					t.Fatalf("%v: value %v, the table says %v after it", mv.Move, mv.Value.Verdict.Value, v)
				}
				if v != tablebase.Draw && mv.Value.Verdict.Plies != plies+1 {
					t.Fatalf("%v: plies %d, the table %d+1", mv.Move, mv.Value.Verdict.Plies, plies)
				}
			}
			if i > 0 && moves[i-1].Value.rank() < mv.Value.rank() {
				t.Fatalf("ply %d: %v listed before the better %v", ply, moves[i-1].Move, mv.Move)
			}
		}
		pos := Position(st, p, moves)
		if pv, _, _ := tab.Probe(p); !pos.Proven || pos.Verdict.Value != pv || moves[0].Value.Verdict.Value != pv {
			t.Fatalf("ply %d: position %v, best move %v, table %v", ply, pos.Verdict.Value, moves[0].Value.Verdict.Value, pv)
		}
		p = p.After(moves[len(moves)/2].Move) // walk on by a middling move
		if p.Outcome().Over() {
			break
		}
	}
}

// TestJudgeWithoutProof: with no proof every move is judged by the search,
// and the list is then best first by its scores.
func TestJudgeWithoutProof(t *testing.T) {
	p := lionStart(t)
	moves := Moves(context.Background(), nil, p)
	if !Unproven(moves) {
		t.Fatal("no move left to judge without a proof")
	}
	judged := 0
	if !Judge(context.Background(), moves, func(int) { judged++ }) {
		t.Fatal("Judge stopped")
	}
	Sort(moves)
	if judged != len(moves) || Unproven(moves) {
		t.Fatalf("judged %d of %d", judged, len(moves))
	}
	for i := 1; i < len(moves); i++ {
		if moves[i-1].Value.Score < moves[i].Value.Score {
			t.Fatal("search's scores not best first")
		}
	}
	if v := Position(nil, p, moves); !v.Searched || v.Proven {
		t.Fatalf("position value %+v, want the search's", v)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if Judge(ctx, Moves(context.Background(), nil, p), nil) {
		t.Fatal("Judge ran on after its cancel")
	}
}

func TestWalk(t *testing.T) {
	p := lionStart(t)
	w := NewWalk(p)
	ms := p.GenMoves(nil)
	w.Play(ms[0])
	a := w.Position()
	ms2 := a.GenMoves(nil)
	w.Play(ms2[0])
	if w.Cur() != 2 || w.Len() != 2 || w.Last() != ms2[0] {
		t.Fatalf("cur %d len %d", w.Cur(), w.Len())
	}
	if !w.Back() || w.Position() != a || !w.Back() || w.Position() != p || w.Back() {
		t.Fatal("back does not retrace")
	}
	if !w.Forward() || w.Position() != a {
		t.Fatal("forward")
	}
	w.Play(ms2[0]) // the next move of the line: a step forward, the line kept
	if w.Len() != 2 || w.Cur() != 2 {
		t.Fatalf("replaying the line's move changed it: len %d", w.Len())
	}
	w.Back()
	w.Play(ms2[1]) // another move: the line after it dropped
	if w.Len() != 2 || w.Last() != ms2[1] || w.CanForward() {
		t.Fatal("a new move did not replace the line's rest")
	}
	g := w.Game()
	if g.Len() != 2 || g.Position() != w.Position() {
		t.Fatal("Game is not the line to the position shown")
	}
}

func TestLineRoundTrip(t *testing.T) {
	for _, info := range core.Games() {
		p := info.Start()
		if m := p.GenMoves(nil); len(m) > 0 {
			p = p.After(m[len(m)-1])
		}
		line := Line(p)
		if strings.Contains(line, "\n") {
			t.Fatal("not one line")
		}
		got, err := ParseLine(core.BeatTheWolf, line)
		if err != nil || got != p {
			t.Fatalf("%s: %v", line, err)
		}
		// pasted from a message: broken over lines, no game (the default's)
		got, err = ParseLine(info.ID, "\n"+strings.ReplaceAll(p.String(), " ", "\n ")+"  ")
		if err != nil || got != p {
			t.Fatalf("without the game: %v", err)
		}
	}
}

func TestParseLineSaysWhy(t *testing.T) {
	for _, c := range []struct {
		text string
		ok   func(*LineError) bool
	}{
		{"  ", func(e *LineError) bool { return e.Empty }},
		{"chess: predator:c3 prey:- turn:prey captured:0 hand:0", func(e *LineError) bool { return e.Game == "chess" }},
		{"surround-the-lion: predator:c3,c4 prey:- turn:prey captured:0 hand:0", func(e *LineError) bool {
			return e.Pos != nil && e.Pos.Why == core.PosPredatorCount && e.Pos.N == 2 && e.Pos.Want == 1
		}},
		{"surround-the-lion: predator:c3 prey:z9 turn:prey captured:0 hand:0", func(e *LineError) bool {
			return e.Pos != nil && e.Pos.Why == core.PosUnknownPoint && e.Pos.Text == "z9"
		}},
		{"surround-the-lion: predator:c3 prey:a1 turn:prey captured:0 hand:0", func(e *LineError) bool { return e.Pos != nil && e.Pos.Why == core.PosTooFew }},
		{"surround-the-lion: predator:c3 turn:prey captured:0 hand:0", func(e *LineError) bool {
			return e.Pos != nil && e.Pos.Why == core.PosFieldMissing && e.Pos.Text == "prey"
		}},
		{"surround-the-lion: predator:c3 prey:- turn:lion captured:0 hand:0", func(e *LineError) bool { return e.Pos != nil && e.Pos.Why == core.PosTurn }},
	} {
		_, err := ParseLine(core.SurroundTheLion, c.text)
		if err == nil || !c.ok(err) {
			t.Errorf("%q: %+v", c.text, err)
		}
		if err != nil && err.Error() == "" {
			t.Errorf("%q: no English reason", c.text)
		}
	}
	// What the editor refuses is refused pasted too: the lion's dogs go in
	// pairs, so one dog captured cannot be.
	odd := core.SurroundTheLion.Info().Start()
	odd.Prey &= odd.Prey - 1
	odd.Captured = 1
	if _, err := ParseLine(core.SurroundTheLion, Line(odd)); err == nil || err.Pos == nil || err.Pos.Why != core.PosOddCaptures {
		t.Errorf("one of the lion's dogs captured: %+v", err)
	}
	// A game's last position may be looked at: Beat the Wolf with 5 dogs
	// left, the wolf's win.
	over := core.BeatTheWolf.Info().Start()
	for i := 0; i < 12; i++ {
		over.Prey &= over.Prey - 1
	}
	over.Captured = 12
	isOver := over.Outcome().Over()
	if _, err := ParseLine(core.BeatTheWolf, Line(over)); !isOver || err != nil {
		t.Errorf("a game's last position (over %v): %v", isOver, err)
	}

	var pe *core.PositionError
	if _, err := core.ParsePosition("surround-the-lion", "x"); !errors.As(err, &pe) || pe.Why != core.PosNotKeyValue {
		t.Fatalf("core's error: %v", err)
	}
}

// BenchmarkMoves is the time from a position to its full move list from
// the shipped Surround the Lion table (issue 45: within 100 ms on a
// desktop), over the positions of a walk from the start.
func BenchmarkMoves(b *testing.B) {
	st := lionStack(b)
	var ps []core.Position
	p := lionStart(b)
	for len(ps) < 16 && !p.Outcome().Over() {
		ps = append(ps, p)
		ms := p.GenMoves(nil)
		p = p.After(ms[len(ps)%len(ms)])
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuNanos()
	for i := 0; i < b.N; i++ {
		q := ps[i%len(ps)]
		moves := Moves(context.Background(), st, q)
		_ = Position(st, q, moves)
	}
	b.ReportMetric(float64(cpuNanos()-cpu)/float64(b.N), "cpu-ns/op")
}

// wolfStack is Beat the Wolf's proof stack from the shipped files alone
// (the endgame table and the dogs' set strategy, freshly opened: its
// block cache empty; no bound table), as on a phone or in the browser
// without the table pack.
func wolfStack(tb testing.TB) proof.Stack {
	st, _ := wolfStackStrategy(tb)
	return st
}

func wolfStackStrategy(tb testing.TB) (proof.Stack, *strategy.Strategy) {
	tb.Helper()
	t, err := tables.OpenShipped(core.BeatTheWolf, false)
	if err != nil {
		tb.Fatal(err)
	}
	s, err := tables.OpenShippedStrategy(core.BeatTheWolf)
	if err != nil || s == nil {
		tb.Fatalf("Beat the Wolf's shipped strategy: %v", err)
	}
	return proof.GameStack(t, s, nil), s
}

// wolfFirst is the dogs' position after the wolf's first move (core's
// first): of its dogs' moves, one stays on the strategy's line, the others
// leave it and are proven (or not) by the bridge.
func wolfFirst() core.Position {
	p := core.BeatTheWolf.Info().Start()
	return p.After(p.GenMoves(nil)[0])
}

// BenchmarkMovesWolfCold is explore.Moves of the dogs' position after the
// wolf's first move from a freshly opened strategy (its blocks read and
// unpacked as the lookups need them): the explorer's first tap in Beat
// the Wolf.
func BenchmarkMovesWolfCold(b *testing.B) {
	p := wolfFirst()
	b.ReportAllocs()
	reads, cpu := int64(0), int64(0)
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		st, s := wolfStackStrategy(b)
		b.StartTimer()
		c := cpuNanos()
		_ = Moves(context.Background(), st, p)
		cpu += cpuNanos() - c
		reads += s.CacheStats().Reads
	}
	b.ReportMetric(float64(reads)/float64(b.N), "blocks/op")
	b.ReportMetric(float64(cpu)/float64(b.N), "cpu-ns/op")
}

// BenchmarkMovesWolfWarm is the same from a strategy that has answered it
// once (its cache holding what the first call read).
func BenchmarkMovesWolfWarm(b *testing.B) {
	p := wolfFirst()
	st, s := wolfStackStrategy(b)
	_ = Moves(context.Background(), st, p)
	before := s.CacheStats().Reads
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuNanos()
	for i := 0; i < b.N; i++ {
		_ = Moves(context.Background(), st, p)
	}
	b.ReportMetric(float64(cpuNanos()-cpu)/float64(b.N), "cpu-ns/op")
	b.ReportMetric(float64(s.CacheStats().Reads-before)/float64(b.N), "blocks/op")
	cs := s.CacheStats()
	b.ReportMetric(float64(cs.Bytes)/float64(max(cs.Blocks, 1)), "B/block")
}

package strategybuild

import (
	"bytes"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/solver"
	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
	"huntchess/internal/testkit"
)

// TestStrategyBeatTheWolfBound builds the dogs' strategy from the longest
// dogs' win with the wolf to move in Beat the Wolf's 6-dog bound tier
// (solved here in a few seconds), writes it twice (the same bytes), reads
// it back and replays every defence by core's rules; a damaged move or
// file is caught.
func TestStrategyBeatTheWolfBound(t *testing.T) {
	testkit.PlainOnly(t)
	r := tablebase.ForGame(core.BeatTheWolf)
	s := solver.NewSolver(r)
	if _, err := s.SolveBoundTier(11); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "b.hctb")
	if _, err := s.Write(path); err != nil {
		t.Fatal(err)
	}
	s.Close()
	tb, err := tablebase.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	tb.SetCacheBytes(-1)
	// The longest dogs' win in the tier (the dogs to move, or the wolf to
	// move lost), the first in key order.
	var start core.Position
	bv := -1
	for i := int64(0); i < tb.Sections[0].Entries; i++ {
		key := uint64(11)<<48 | uint64(i)
		p := r.KeyPosition(key)
		if k, _ := r.CanonKey(p); k != key {
			continue // a hole
		}
		if v, d, ok := tb.ProbeBound(p); ok && v != tablebase.Draw && d > bv {
			start, bv = p, d
		}
	}
	if bv < 0 {
		t.Fatal("no dogs' win in the tier")
	}
	strat, err := BuildStrategy(r, start, BoundProbe(tb), true)
	if err != nil {
		t.Fatal(err)
	}
	if strat.Plies != bv || strat.WinnerSide() != core.Prey || !strat.Bound {
		t.Fatalf("strategy of %d plies for the %s, bound %v; the table says %d", strat.Plies, strat.Winner, strat.Bound, bv)
	}
	data, err := Encode(strat)
	if err != nil {
		t.Fatal(err)
	}
	again, _ := BuildStrategy(r, start, BoundProbe(tb), true)
	if data2, _ := Encode(again); !bytes.Equal(data, data2) {
		t.Fatal("two builds give different bytes")
	}
	read, err := strategy.ReadStrategy(data)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := CheckStrategy(read, start, 50, 1)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Nodes != strat.Nodes || rep.Longest != strat.Plies || rep.LongestGame != strat.Plies || rep.Games != 50 || rep.Edges != strat.Edges {
		t.Fatalf("check %+v, strategy %+v", rep, strat.StrategyHeader)
	}
	t.Logf("%d plies from %s: %d positions, %d moves, %d bytes, %.0f distinct games", strat.Plies, start, rep.Nodes, rep.Edges, len(data), rep.Lines)
	if m, d, ok := read.Move(start); !ok || d != strat.Plies || !contains(start.GenMoves(nil), m) {
		t.Fatalf("the start: move %s %d %v", m, d, ok)
	}
	if v, d, ok := read.Probe(start); !ok || v != tablebase.Win || d != strat.Plies {
		t.Fatalf("the start: %v %d %v", v, d, ok)
	}
	// A loser's reply that leaves the strategy, and winner's moves that
	// resolve to no move, are caught.
	keys, plies, moves := read.Graph()
	if len(keys) > 1 {
		for i := range keys {
			if moves[i] == strategy.NoMove {
				h := read.StrategyHeader
				h.Nodes--
				bad, err := strategy.New(h, slices.Delete(slices.Clone(keys), i, i+1), slices.Delete(slices.Clone(plies), i, i+1), slices.Delete(slices.Clone(moves), i, i+1))
				if err != nil {
					t.Fatal(err)
				}
				if _, err := CheckStrategy(bad, start, 0, 1); err == nil {
					t.Fatal("a loser's node removed: the check passes")
				}
				break
			}
		}
	}
	caught := 0
	for i, m := range moves {
		if m == strategy.NoMove {
			continue
		}
		badMoves := slices.Clone(moves)
		badMoves[i] = strategy.NoMove - 1 // no node has that many distinct children
		bad, err := strategy.New(read.StrategyHeader, keys, plies, badMoves)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := CheckStrategy(bad, start, 0, 1); err != nil {
			caught++
		}
	}
	if caught != read.WinnerNodes || caught == 0 {
		t.Fatalf("%d of %d unresolvable moves caught", caught, read.WinnerNodes)
	}
	// A damaged file is refused.
	for _, at := range []int{0, 10, len(data) - 1} {
		bad := append([]byte(nil), data...)
		bad[at] ^= 0x40
		if _, err := strategy.ReadStrategy(bad); err == nil {
			t.Fatalf("byte %d damaged: read", at)
		}
	}
	// Not a proven result: refused.
	if _, err := BuildStrategy(r, r.KeyPosition(0), func(core.Position) (tablebase.Value, int, bool) { return tablebase.Draw, 0, true }, true); err == nil {
		t.Fatal("a strategy from a draw")
	}
}

// TestStrategySurroundTheLionEnd builds the dogs' strategy in Surround the
// Lion from the last plies of docs/solved.md's line from the start, with a
// plain search (exact within its depth) for the values, and replays every
// lion defence by core's rules.
func TestStrategySurroundTheLionEnd(t *testing.T) {
	start := lionEnd(t) // the lion to move, lost in 5
	const depth = 5
	probe := func(p core.Position) (tablebase.Value, int, bool) {
		v, d := solver.SearchValue(p, depth)
		return v, d, v != tablebase.Unknown
	}
	s, err := BuildStrategy(tablebase.ForGame(core.SurroundTheLion), start, probe, false)
	if err != nil {
		t.Fatal(err)
	}
	if s.Plies != 5 || s.WinnerSide() != core.Prey || s.Bound {
		t.Fatalf("%d plies for the %s, bound %v", s.Plies, s.Winner, s.Bound)
	}
	read, rep, size := checkRoundTrip(t, s, start, 20, 2)
	if rep.Nodes != s.Nodes || rep.Longest != 5 || rep.LongestGame != 5 || rep.Ends == 0 {
		t.Fatalf("check %+v, strategy %+v", rep, s.StrategyHeader)
	}
	moves, plies, ok := read.Replies(start)
	if !ok || len(moves) == 0 || slices.Max(plies) != 4 {
		t.Fatalf("replies %v %v %v", moves, plies, ok)
	}
	t.Logf("%d positions (%d the dogs to move), %d moves (%d ending the game), %d bytes, %.0f distinct games in %d to %d plies",
		rep.Nodes, rep.WinnerNodes, rep.Edges, rep.Ends, size, rep.Lines, rep.Shortest, rep.Longest)
}

// checkRoundTrip writes s, reads it back and checks it from start
// (CheckStrategy with games games of seed): the strategy read, the
// check's report and the file's size.
func checkRoundTrip(t *testing.T, s *strategy.Strategy, start core.Position, games int, seed int64) (*strategy.Strategy, StrategyReport, int) {
	t.Helper()
	data, err := Encode(s)
	if err != nil {
		t.Fatal(err)
	}
	read, err := strategy.ReadStrategy(data)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := CheckStrategy(read, start, games, seed)
	if err != nil {
		t.Fatal(err)
	}
	return read, rep, len(data)
}

// lionEnd is a position of Surround the Lion near its end: the lion to
// move, lost in 5.
func lionEnd(t *testing.T) core.Position {
	t.Helper()
	g, err := core.NewGame(core.SurroundTheLion.String())
	if err != nil {
		t.Fatal(err)
	}
	line := "c3-c2 b1-b2 c2-b3 d1-c2 b3-c3 d5-d4 c3-b3 b5-c4 b3-c2 c4-d3 c2-b3 c1-c2 b3-c4 c5-d5 c4-b3 c2-c3 b3-a4 a2-b3 a4-a3 c3-c4 " +
		"a3-a4 c4-b4 a4-a5 a1-a2 a5-a4 d3-c4 a4-a5 b3-a4 a5-b5 a4-a5 b5-a4 b2-b3"
	for _, m := range strings.Fields(line) {
		if err := g.Play(m); err != nil {
			t.Fatal(m, err)
		}
	}
	return g.Position()
}

// TestPassStrategyDeerChess builds the dogs' strategy of the end of deer
// chess's longest line (docs/solved.md: the deer to move, lost in 6, the
// dogs still placing) with the deer's passes as replies
// (buildStrategy with passes): every pass after which the dogs still win leads to
// a winner node, the plies stay the table's, and the check and the games
// follow the passes; a strategy whose passes were dropped is caught. In
// Surround the Lion, which places nothing, no pass is followed (in a
// moving phase passes can make a line come back).
func TestPassStrategyDeerChess(t *testing.T) {
	g, err := core.NewGame(core.DeerChess.String())
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range strings.Fields("c5-c3 @a1 c3-e3 @c5 e3-e2 @c1 e2-e3 @c3 e3-d3 @d5 d3-e3 @d1 e3-e4 @e3 e4-e2 @e4") {
		if err := g.Play(m); err != nil {
			t.Fatal(m, err)
		}
	}
	start := g.Position() // the deer to move, lost in 6
	probe := func(p core.Position) (tablebase.Value, int, bool) {
		v, d := solver.SearchValue(p, 7)
		return v, d, v != tablebase.Unknown
	}
	r := tablebase.ForGame(core.DeerChess)
	plain, err := BuildStrategy(r, start, probe, false)
	if err != nil {
		t.Fatal(err)
	}
	s, err := buildStrategy(r, start, probe, false, true, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !s.Passes || plain.Passes || s.PassEdges == 0 || s.Nodes <= plain.Nodes || s.Plies != plain.Plies || plain.Plies != 6 {
		t.Fatalf("with passes %+v, without %+v", s.StrategyHeader, plain.StrategyHeader)
	}
	read, rep, _ := checkRoundTrip(t, s, start, 40, 3)
	if rep.Nodes != s.Nodes || rep.Longest != s.Plies || rep.PassEdges != s.PassEdges || rep.PassesOff != s.PassesOff || rep.Passed == 0 {
		t.Fatalf("check %+v, strategy %+v", rep, s.StrategyHeader)
	}
	// After the deer's move passed, the dogs' move is the strategy's.
	passed := start.After(start.PassMove())
	if m, _, ok := read.Move(passed); !ok || m.Kind != core.MovePlace {
		t.Fatalf("no placement after the pass: %v %v", m, ok)
	}
	// The same nodes read as a strategy without passes: the check finds the
	// pass nodes no line reaches.
	noPass := *read
	noPass.Passes, noPass.PassEdges, noPass.PassesOff = false, 0, 0
	if _, err := CheckStrategy(&noPass, start, 1, 3); err == nil {
		t.Fatal("a strategy of pass nodes read without passes passed the check")
	}
	t.Logf("%d positions (%d without passes), %d passes followed, %d leave no proven win, %d plies; the games passed %d times",
		s.Nodes, plain.Nodes, s.PassEdges, s.PassesOff, s.Plies, rep.Passed)

	// The lion's end: nothing is placed, no pass is followed.
	ls, err := buildStrategy(tablebase.ForGame(core.SurroundTheLion), lionEnd(t), probe, false, true, nil)
	if err != nil || ls.PassEdges != 0 || ls.PassesOff != 0 || ls.Plies != 5 {
		t.Fatalf("the lion's end with passes: %v %+v, want no pass followed", err, ls)
	}
}

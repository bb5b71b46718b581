package strategy

import (
	"bytes"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/solver"
	"huntchess/core"
)

// TestStrategyBeatTheWolfBound builds the dogs' strategy from the longest
// dogs' win with the wolf to move in Beat the Wolf's 6-dog bound tier
// (solved here in a few seconds), writes it twice (the same bytes), reads
// it back and replays every defence by core's rules; a damaged move or
// file is caught.
func TestStrategyBeatTheWolfBound(t *testing.T) {
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
	data, err := strat.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	again, _ := BuildStrategy(r, start, BoundProbe(tb), true)
	if data2, _ := again.Bytes(); !bytes.Equal(data, data2) {
		t.Fatal("two builds give different bytes")
	}
	read, err := ReadStrategy(data)
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
	if len(read.keys) > 1 {
		bad, _ := ReadStrategy(data)
		for i := range bad.keys {
			if bad.moves[i] == noMove {
				bad.keys = append(bad.keys[:i:i], bad.keys[i+1:]...)
				bad.plies = append(bad.plies[:i:i], bad.plies[i+1:]...)
				bad.moves = append(bad.moves[:i:i], bad.moves[i+1:]...)
				break
			}
		}
		if _, err := CheckStrategy(bad, start, 0, 1); err == nil {
			t.Fatal("a loser's node removed: the check passes")
		}
	}
	caught := 0
	for i, m := range read.moves {
		if m == noMove {
			continue
		}
		bad, _ := ReadStrategy(data)
		bad.moves[i] = noMove - 1 // no node has that many distinct children
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
		if _, err := ReadStrategy(bad); err == nil {
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
	start := g.Position() // the lion to move, lost in 5
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
	data, err := s.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	read, err := ReadStrategy(data)
	if err != nil {
		t.Fatal(err)
	}
	rep, err := CheckStrategy(read, start, 20, 2)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Nodes != s.Nodes || rep.Longest != 5 || rep.LongestGame != 5 || rep.Ends == 0 {
		t.Fatalf("check %+v, strategy %+v", rep, s.StrategyHeader)
	}
	moves, plies, ok := read.Replies(start)
	if !ok || len(moves) == 0 || slices.Max(plies) != 4 {
		t.Fatalf("replies %v %v %v", moves, plies, ok)
	}
	t.Logf("%d positions (%d the dogs to move), %d moves (%d ending the game), %d bytes, %.0f distinct games in %d to %d plies",
		rep.Nodes, rep.WinnerNodes, rep.Edges, rep.Ends, len(data), rep.Lines, rep.Shortest, rep.Longest)
}

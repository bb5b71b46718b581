package strategybuild

import (
	"bytes"
	"testing"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
)

const setTestdata = "../../testdata/beat-the-wolf-8dogs.bound.hctb"

// setTestStart is the 8-dog tier's longest dogs' win (33 plies).
const setTestStart = "predator:d1 prey:c1,c2,d2,e2,a3,b3,d3,a5 turn:prey captured:9 hand:0"

func setTestBuild(t *testing.T) (*tablebase.Rules, core.Position, *tablebase.Table, *SetBuild) {
	t.Helper()
	tb, err := tablebase.Open(setTestdata)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tb.Close() })
	start, err := core.ParsePosition(core.BeatTheWolf.String(), setTestStart)
	if err != nil {
		t.Fatal(err)
	}
	r := tablebase.ForGame(core.BeatTheWolf)
	b, err := BuildSetStrategy(r, start, BoundProbe(tb), nil)
	if err != nil {
		t.Fatal(err)
	}
	return r, start, tb, b
}

// TestSetStrategy builds the dogs' set strategy from the 8-dog tier's
// longest win, writes it twice (the same bytes), opens it and replays the
// runtime rule against every defence through the file by core's rules.
func TestSetStrategy(t *testing.T) {
	r, start, tb, b := setTestBuild(t)
	t.Logf("generated %d loser, %d winner; kept %d; %+v", b.Generated, b.GenWinner, len(b.Members), b.Report)
	data, err := b.Bytes(r)
	if err != nil {
		t.Fatal(err)
	}
	_, _, _, b2 := setTestBuild(t)
	if data2, _ := b2.Bytes(r); !bytes.Equal(data, data2) {
		t.Fatal("two builds give different bytes")
	}
	s, err := strategy.OpenStrategy(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	if !s.IsSet() || s.Format != 2 || !s.Bound || s.WinnerSide() != core.Prey || s.Plies != 33 {
		t.Fatalf("opened as format %d, set %v, bound %v, winner %s, plies %d", s.Format, s.IsSet(), s.Bound, s.Winner, s.Plies)
	}
	rep, err := CheckSetStrategy(s, start, 50, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Longest != 33 || rep.LongestGame != 33 || rep.Nodes != s.Nodes || rep.Games != 50 || len(b.Members) != s.Members {
		t.Fatalf("replay %+v", rep)
	}
	// The strategy's plies are the table's: along the longest resistance,
	// every dogs' move to a loss one ply nearer, every wolf reply's plies
	// the table's.
	p := start
	for !p.Outcome().Over() {
		v, d, ok := s.Probe(p)
		tv, td, tok := tb.ProbeBound(p)
		if !ok || !tok || v != tv || d != td {
			t.Fatalf("%s: the strategy says %v %d %v, the table %v %d %v", p, v, d, ok, tv, td, tok)
		}
		var m core.Move
		if p.ToMove == core.Prey {
			if m, d, ok = s.Move(p); !ok || d != td {
				t.Fatalf("%s: move %v %d %v", p, m, d, ok)
			}
		} else {
			moves, plies, ok := s.Replies(p)
			if !ok {
				t.Fatalf("%s: no replies", p)
			}
			j := 0
			for k, m := range moves {
				if c := p.After(m); !c.Outcome().Over() {
					if _, cd, _ := tb.ProbeBound(c); cd != plies[k] {
						t.Fatalf("%s %v: %d plies, the table %d", p, m, plies[k], cd)
					}
				}
				if plies[k] > plies[j] {
					j = k
				}
			}
			m = moves[j]
		}
		p = p.After(m)
	}
	// ReadStrategy reads the format too.
	if s2, err := strategy.ReadStrategy(data); err != nil || s2.Members != s.Members || !s2.IsSet() {
		t.Fatalf("ReadStrategy: %v", err)
	}
	// A damaged block is refused when it is read.
	bad := bytes.Clone(data)
	bad[len(bad)-3] ^= 0x40
	sb, err := strategy.OpenStrategy(bytes.NewReader(bad), int64(len(bad)))
	if err == nil {
		if _, err = CheckSetStrategy(sb, start, 0, 1, nil); err == nil {
			t.Fatal("a damaged block passed the check")
		}
	}
	// A set without a member the rule needs fails the check.
	cut := *b
	cut.Members, cut.MemberPlies = append([]uint64(nil), b.Members[1:]...), append([]uint8(nil), b.MemberPlies[1:]...)
	if len(cut.Members) > 0 {
		cd, _ := cut.Bytes(r)
		if cs, err := strategy.OpenStrategy(bytes.NewReader(cd), int64(len(cd))); err == nil {
			if _, err := CheckSetStrategy(cs, start, 0, 1, nil); err == nil {
				t.Fatal("a set missing a node passed the check")
			}
		}
	}
}

// A set whose stored plies are wrong fails the check.
func TestSetStrategyWrongPlies(t *testing.T) {
	r, start, _, b := setTestBuild(t)
	bad := *b
	bad.MemberPlies = append([]uint8(nil), b.MemberPlies...)
	bad.MemberPlies[len(bad.MemberPlies)/2] += 2
	data, err := bad.Bytes(r)
	if err != nil {
		t.Fatal(err)
	}
	s, err := strategy.OpenStrategy(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := CheckSetStrategy(s, start, 0, 1, nil); err == nil {
		t.Fatal("wrong plies passed the check")
	}
}

// TestSetStrategyPassRoot: from a wolf-to-move position of the 8-dog
// tier whose pass (the turn timer) leaves the dogs a win the plain set
// strategy does not hold, the set strategy with the pass root holds it: the
// header names the root and its plies (the table's), the check replays
// both roots, and the dogs' move and plies there are the table's. The
// plain one's check refuses a header that claims the root.
func TestSetStrategyPassRoot(t *testing.T) {
	r, start, tb, b := setTestBuild(t)
	data, err := b.Bytes(r)
	if err != nil {
		t.Fatal(err)
	}
	plain, err := strategy.OpenStrategy(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	// The first wolf's node (breadth first over every reply) whose pass
	// is a dogs' win off the plain strategy.
	var root, passed core.Position
	found := false
	queue, seen := []core.Position{start}, map[core.Position]bool{}
	for len(queue) > 0 && !found {
		p := queue[0]
		queue = queue[1:]
		if p.Outcome().Over() || seen[p] {
			continue
		}
		seen[p] = true
		if p.ToMove == core.Prey {
			m, _, ok := plain.Move(p)
			if !ok {
				t.Fatalf("%s: no move", p)
			}
			queue = append(queue, p.After(m))
			continue
		}
		c := p.After(p.PassMove())
		if v, _, ok := tb.ProbeBound(c); ok && v == tablebase.Win {
			if _, _, in := plain.Probe(c); !in {
				root, passed, found = p, c, true
			}
		}
		moves, _, ok := plain.Replies(p)
		if !ok {
			t.Fatalf("%s: no replies", p)
		}
		for _, m := range moves {
			queue = append(queue, p.After(m))
		}
	}
	if !found {
		t.Fatal("no wolf's pass off the plain strategy")
	}
	wb, err := BuildSetStrategyWithPass(r, root, BoundProbe(tb), nil)
	if err != nil {
		t.Fatal(err)
	}
	_, td, _ := tb.ProbeBound(passed)
	if wb.PassRoot == nil || wb.PassRoot.Plies != td {
		t.Fatalf("pass root %+v, the table says %d plies", wb.PassRoot, td)
	}
	wdata, err := wb.Bytes(r)
	if err != nil {
		t.Fatal(err)
	}
	s, err := strategy.OpenStrategy(bytes.NewReader(wdata), int64(len(wdata)))
	if err != nil {
		t.Fatal(err)
	}
	if s.PassRoot == nil || *s.PassRoot != *wb.PassRoot {
		t.Fatalf("header pass root %+v, built %+v", s.PassRoot, wb.PassRoot)
	}
	rep, err := CheckSetStrategy(s, root, 20, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	if v, d, ok := s.Probe(passed); !ok || v != tablebase.Win || d != td {
		t.Fatalf("%s after the pass: %v %d %v, the table a win in %d", passed, v, d, ok, td)
	}
	if _, d, ok := s.Move(passed); !ok || d != td {
		t.Fatalf("%s: the dogs' move: %d plies %v", passed, d, ok)
	}
	t.Logf("root %s (found through the strategy of %d members from the 33-ply start): with the pass root %d members (%d nodes replayed), the pass a win in %d", root, plain.Members, s.Members, rep.Nodes, td)
	// Without the root's nodes the check fails: the plain strategy built
	// from the same root, with the header claiming the pass root.
	pb, err := BuildSetStrategy(r, root, BoundProbe(tb), nil)
	if err != nil {
		t.Fatal(err)
	}
	pb.PassRoot = wb.PassRoot
	pdata, _ := pb.Bytes(r)
	ps, err := strategy.OpenStrategy(bytes.NewReader(pdata), int64(len(pdata)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := CheckSetStrategy(ps, root, 0, 1, nil); err == nil {
		t.Fatal("a strategy without the pass root's nodes passed the check of a header that claims it")
	}
}

package strategy

import (
	"bytes"
	"testing"

	"huntchess/ai/tablebase"
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
	s, err := OpenStrategy(bytes.NewReader(data), int64(len(data)))
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
	if s2, err := ReadStrategy(data); err != nil || s2.Members != s.Members || !s2.IsSet() {
		t.Fatalf("ReadStrategy: %v", err)
	}
	// A damaged block is refused when it is read.
	bad := bytes.Clone(data)
	bad[len(bad)-3] ^= 0x40
	sb, err := OpenStrategy(bytes.NewReader(bad), int64(len(bad)))
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
		if cs, err := OpenStrategy(bytes.NewReader(cd), int64(len(cd))); err == nil {
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
	s, err := OpenStrategy(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := CheckSetStrategy(s, start, 0, 1, nil); err == nil {
		t.Fatal("wrong plies passed the check")
	}
}

package tablebase

import (
	"bytes"
	"testing"

	"huntchess/core"
)

const setTestdata = "../testdata/beat-the-wolf-8dogs.bound.hctb"

// setTestStart is the 8-dog tier's longest dogs' win (33 plies).
const setTestStart = "predator:d1 prey:c1,c2,d2,e2,a3,b3,d3,a5 turn:prey captured:9 hand:0"

func setTestBuild(t *testing.T) (*Rules, core.Position, *Table, *SetBuild) {
	t.Helper()
	tb, err := Open(setTestdata)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { tb.Close() })
	start, err := core.ParsePosition(core.BeatTheWolf.String(), setTestStart)
	if err != nil {
		t.Fatal(err)
	}
	r := ForGame(core.BeatTheWolf)
	b, err := BuildSetStrategy(r, start, tb.BoundProbe(), nil)
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
	t.Logf("generated %d loser, %d winner; kept %d, exceptions %d; %+v", b.Generated, b.GenWinner, len(b.Members), len(b.ExcKeys), b.Report)
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
	if s.HasPlies() || s.Format != 2 || !s.Bound || s.WinnerSide() != core.Prey || s.TablePlies != 33 {
		t.Fatalf("opened as format %d, plies %v, bound %v, winner %s, table plies %d", s.Format, s.HasPlies(), s.Bound, s.Winner, s.TablePlies)
	}
	rep, err := CheckSetStrategy(s, start, 50, 1, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Longest > 33 || rep.Nodes != s.Nodes || rep.Games != 50 {
		t.Fatalf("replay %+v", rep)
	}
	// Every position the dogs reach is a proven dogs' win by the table too.
	if v, _, ok := s.Probe(start); !ok || v != Win {
		t.Fatalf("the start probes %v %v", v, ok)
	}
	m, _, ok := s.Move(start)
	if !ok {
		t.Fatal("no move at the start")
	}
	if v, _, ok := tb.ProbeBound(start.After(m)); !ok || v != Loss {
		t.Fatalf("the start's move leads to %v %v by the table", v, ok)
	}
	// ReadStrategy reads the format too.
	if s2, err := ReadStrategy(data); err != nil || s2.Members != s.Members {
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
	cut.Members = append([]uint64(nil), b.Members[1:]...)
	if len(cut.Members) > 0 {
		cd, _ := cut.Bytes(r)
		if cs, err := OpenStrategy(bytes.NewReader(cd), int64(len(cd))); err == nil {
			if _, err := CheckSetStrategy(cs, start, 0, 1, nil); err == nil {
				t.Fatal("a set missing a node passed the check")
			}
		}
	}
}

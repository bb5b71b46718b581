package ai

import (
	"context"
	"slices"
	"testing"

	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/match"
	"huntchess/proof"
)

// BoundTestdata is a bound table for the tests: Beat the Wolf's tier with
// 8 dogs on the board (captured 9), the dogs' wins without giving up a dog
// (20,589 dogs-to-move wins, 3,024 wolf-to-move losses, the longest 33
// plies), in the device format the table pack uses (47,545 bytes). Made by
//
//	go run ./cmd/solve build beat-the-wolf -dir DIR -tiers none -bound 9
//	go run ./cmd/solve device beat-the-wolf -dir DIR -out OUT -bound-file
//
// (OUT/beat-the-wolf.bound.hctb); it is refused (tablebase.ErrRules) once
// the rules change, and must be made again then.
const BoundTestdata = "testdata/beat-the-wolf-8dogs.bound.hctb"

// The tier's longest win (dogs to move, 33 plies) and longest loss (wolf to
// move, 32 plies), found by a scan of every entry.
const (
	boundWin33  = "predator:d1 prey:c1,c2,d2,e2,a3,b3,d3,a5 turn:prey captured:9 hand:0"
	boundLoss32 = "predator:d1 prey:c1,c2,d2,e2,a3,c3,d3,a5 turn:predator captured:9 hand:0"
)

func boundTable(t *testing.T) *tablebase.Table {
	t.Helper()
	b, err := tablebase.Open(BoundTestdata)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}

// boundSource is a source of a bound table of Beat the Wolf.
type boundSource struct{ b *tablebase.Table }

func (s *boundSource) Bound(id core.GameID) *tablebase.Table {
	if id == core.BeatTheWolf {
		return s.b
	}
	return nil
}

func parsePos(t *testing.T, s string) core.Position {
	t.Helper()
	p, err := core.ParsePosition(core.BeatTheWolf.String(), s)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// Master against Master from the tier's longest win plays it out: every
// move is the bound table's (proof.Bound), the dogs' plies fall by one
// each ply, no dog is lost, and the dogs win in the 33 plies the table
// says; the moves are the table's LineBound (the dogs' shortest win, the
// wolf's longest resistance), and the engine's PV starts with its move.
func TestMasterPlaysBoundWin(t *testing.T) {
	b := boundTable(t)
	src := &boundSource{b: b}
	start := parsePos(t, boundWin33)
	if v, d, ok := b.ProbeBound(start); !ok || v != tablebase.Win || d != 33 {
		t.Fatalf("the test position probes %v %d %v, want a dogs' win in 33", v, d, ok)
	}
	want := b.LineBound(start, 100)
	if len(want) != 33 {
		t.Fatalf("LineBound is %d plies long", len(want))
	}
	if pv := boundLine(b, start, 40); !slices.Equal(pv, want) {
		t.Fatalf("boundLine %v, LineBound %v", pv, want)
	}
	g := core.NewGameFrom(start)
	e := NewEngine(owner{b: src})
	for ply := 0; !g.Outcome().Over(); ply++ {
		p := g.Position()
		res := e.Think(context.Background(), g, match.Master)
		plies, won := IsWin(res.Score)
		if res.Proof != proof.Bound || !won || plies != 33-ply || (res.Score > 0) != (p.ToMove == core.Prey) {
			t.Fatalf("ply %d (%s): %+v (plies %d, won %v)", ply, p, res, plies, won)
		}
		if p.ToMove == core.Prey {
			// The dogs' move is to the wolf's loss in one ply fewer.
			v, d, ok := b.ProbeBound(p.After(res.Move))
			if c := p.After(res.Move); !c.Outcome().Over() && (!ok || v != tablebase.Loss || d != 33-ply-1) {
				t.Fatalf("ply %d: %v leads to %v %d %v", ply, res.Move, v, d, ok)
			}
		}
		if len(res.PV) == 0 || res.PV[0] != res.Move {
			t.Fatalf("ply %d: PV %v does not start with %v", ply, res.PV, res.Move)
		}
		if err := g.PlayMove(res.Move); err != nil {
			t.Fatal(err)
		}
	}
	if w, ok := g.Outcome().Winner(); !ok || w != core.Prey || g.Len() != 33 || g.Position().Captured != start.Captured {
		t.Fatalf("the game ended %+v after %d plies, %d captured", g.Outcome(), g.Len(), g.Position().Captured)
	}
}

// The wolf to move in a proven loss resists longest: its reply is one with
// the most plies to the dogs' win (with a seed, any of those), and a hint
// says the same; the dogs' hint plays the shortest win.
func TestBoundWolfResistsLongest(t *testing.T) {
	b := boundTable(t)
	src := &boundSource{b: b}
	p := parsePos(t, boundLoss32)
	var buf [core.MaxMoves]core.Move
	longest := -1
	for _, m := range p.GenMoves(buf[:0]) {
		v, d, ok := b.ProbeBound(p.After(m))
		if !ok || v != tablebase.Win {
			t.Fatalf("reply %v: %v %d %v, want a dogs' win", m, v, d, ok)
		}
		longest = max(longest, d)
	}
	if longest != 31 {
		t.Fatalf("longest reply %d plies", longest)
	}
	for _, seed := range []int64{0, 1, 2, 3, 12345} {
		res, ok := boundMove(b, p, Limits{Seed: seed})
		_, d, _ := b.ProbeBound(p.After(res.Move))
		if !ok || d != longest || res.Proof != proof.Bound {
			t.Fatalf("seed %d: %+v %v, the reply leaves %d plies", seed, res, ok, d)
		}
	}
	g := core.NewGameFrom(p)
	h := NewEngine(owner{b: src}).Hint(context.Background(), g)
	if _, d, _ := b.ProbeBound(p.After(h.Move)); h.Proof != proof.Bound || d != longest {
		t.Fatalf("wolf's hint %+v", h)
	}
	g.PlayMove(h.Move)
	h = NewEngine(owner{b: src}).Hint(context.Background(), g)
	if plies, won := IsWin(h.Score); h.Proof != proof.Bound || !won || h.Score < 0 || plies != 31 {
		t.Fatalf("dogs' hint %+v", h)
	}
}

// Where the bound table proves nothing the engine plays as before: a
// position of the tier that is no dogs' win, one outside it (the start),
// and any position for a level that does not ask for proven play.
func TestBoundFallsBack(t *testing.T) {
	b := boundTable(t)
	src := &boundSource{b: b}
	// A dogs' move that spoils the win leads to a position of the tier
	// the table does not prove.
	p := parsePos(t, boundWin33)
	var buf [core.MaxMoves]core.Move
	var spoiled core.Position
	found := false
	for _, m := range p.GenMoves(buf[:0]) {
		c := p.After(m)
		if v, _, ok := b.ProbeBound(c); ok && v == tablebase.Draw {
			spoiled, found = c, true
			break
		}
	}
	if !found {
		t.Fatal("no dogs' move from the test position spoils the win")
	}
	cases := map[string]core.Position{"not a dogs' win": spoiled, "the start": core.NewGameFrom(core.BeatTheWolf.Info().Start()).Position()}
	for name, q := range cases {
		if _, ok := boundMove(b, q, Limits{}); ok {
			t.Fatalf("%s: boundMove plays", name)
		}
		lim := LevelLimits(match.Master)
		lim.Nodes, lim.Time, lim.Threads, lim.Strategy = 20_000, 0, 1, true
		if res := NewEngine(owner{b: src}).Choose(context.Background(), q, lim); res.Proof.Proven() {
			t.Fatalf("%s: %+v", name, res)
		}
	}
	g := core.NewGameFrom(p)
	if res := NewEngine(owner{b: src}).Think(context.Background(), g, match.Hard); res.Proof.Proven() {
		t.Fatalf("Hard played from the bound table: %+v", res)
	}
}

package ai

import (
	"context"
	"math/rand"
	"path/filepath"
	"testing"
	"time"

	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/internal/testkit"
	"huntchess/match"
	"huntchess/proof"
)

// Play from Wolf Carries the Pig's shipped table, whose tiers of 4 to 6
// pigs captured hold values without plies (valuesMove).

// shippedPig opens Wolf Carries the Pig's shipped table of values.
func shippedPig(t testing.TB) *tablebase.Table {
	t.Helper()
	tb, err := tablebase.Open(filepath.Join("..", "tables", "shipped", "wolf-carries-pig.hctb"))
	if err != nil {
		t.Fatalf("the shipped table of Wolf Carries the Pig: %v (make device-tables)", err)
	}
	t.Cleanup(func() { tb.Close() })
	return tb
}

// hardWins draws n positions (seeded) whose side to move, side, wins by
// the table in the tiers of captured counts lo..hi, and where no move makes
// progress at once (no winning capture, no end, no plies): the win must be
// worked for.
func hardWins(tb *tablebase.Table, seed int64, side core.Side, lo, hi, n int) []core.Position {
	rng := rand.New(rand.NewSource(seed))
	g := core.WolfCarriesPig.Info()
	var out []core.Position
	for len(out) < n {
		p := tablebase.RandomPosition(rng, g, lo+rng.Intn(hi-lo+1), 0)
		if p.ToMove != side || p.Outcome().Over() {
			continue
		}
		if v, d, ok := tb.Probe(p); !ok || v != tablebase.Win || d != tablebase.PliesUnknown {
			continue
		}
		c := newConverter(tb, side, convertBudget)
		if c.win(p, 1) {
			continue
		}
		out = append(out, p)
	}
	return out
}

// The winner converts: from positions won by the table but with nothing
// to gain at once, Master (the shipped table) wins against the longest
// resistance the table's values give, and every one of its moves keeps the
// win; the wins come within a few captures' plies (no round in circles).
func TestValuesMoveConverts(t *testing.T) {
	testkit.PlainOnly(t)
	tb := shippedPig(t)
	set := &TableSet{}
	set[core.WolfCarriesPig] = tb
	e := Engine{Sources: []Source{TableMoves{set}}}
	n := 3
	if testing.Short() {
		n = 1
	}
	for _, p := range hardWins(tb, 32, core.Predator, 3, 5, n) {
		g := core.NewGameFrom(p)
		for g.Len() < 80 && !g.Outcome().Over() {
			pos := g.Position()
			r := e.Choose(context.Background(), pos, GameLimits(g, match.Master))
			if pos.ToMove == core.Predator {
				if !r.Proof.Proven() || r.Proof != proof.ValuesOnly && r.Score <= 0 {
					t.Fatalf("%s: not a proven move from the table: %+v", pos, r)
				}
				if v, _, _ := tb.Probe(pos.After(r.Move)); v != tablebase.Loss {
					t.Fatalf("%s: %v lets the win go (%v)", pos, r.Move, v)
				}
			}
			if err := g.PlayMove(r.Move); err != nil {
				t.Fatal(err)
			}
		}
		o := g.Outcome()
		if !o.Over() || o.Result != core.PredatorWins {
			t.Fatalf("from %s the wolves' win was not converted in %d plies: %v", p, g.Len(), g.Moves())
		}
		t.Logf("from %s (%d captured): won in %d plies", p, p.Captured, g.Len())
	}
}

// Master keeps the draw from the start on either side: against a search
// (four plies, deterministic), every move it plays from the shipped table
// keeps the start's draw, for 40 plies.
func TestValuesMasterKeepsTheDraw(t *testing.T) {
	testkit.PlainOnly(t)
	tb := shippedPig(t)
	set := &TableSet{}
	set[core.WolfCarriesPig] = tb
	master := Engine{Sources: []Source{TableMoves{set}}}
	plies := 40
	if testing.Short() {
		plies = 12
	}
	for _, side := range []core.Side{core.Prey, core.Predator} {
		g := core.NewGameFrom(core.WolfCarriesPig.Info().Start())
		for g.Len() < plies && !g.Outcome().Over() {
			pos := g.Position()
			var r Result
			if pos.ToMove == side {
				r = master.Choose(context.Background(), pos, GameLimits(g, match.Master))
				if !r.Proof.Proven() {
					t.Fatalf("%s: Master's move is not from the table", pos)
				}
				if v, _, _ := tb.Probe(pos.After(r.Move)); v != tablebase.Draw && v != tablebase.Loss {
					t.Fatalf("%s: %v drops the draw (%v)", pos, r.Move, v)
				}
			} else {
				lim := GameLimits(g, match.Hard)
				lim.Depth, lim.Nodes, lim.Time, lim.Threads, lim.Noise, lim.RootNoise = 4, 0, 0, 1, 0, 0
				r = Search(context.Background(), pos, lim)
			}
			if err := g.PlayMove(r.Move); err != nil {
				t.Fatal(err)
			}
		}
		t.Logf("Master as %v: %d plies, %v", side, g.Len(), g.Outcome())
	}
}

// The end before progress: where the wolves can end the game within three
// plies, valuesMove's move forces that end (not a capture that only makes
// progress), and where the pigs lose, their move keeps the wolves' end as
// far as any move can (not a move that lets the seventh pig go at once).
// The positions: the first a seeded scan of the tiers of 5 and 6 captured
// found where the choice matters (the end three plies away; the pigs'
// moves unlike), fixed here so the race build need not scan.
func TestValuesMoveEndsFirst(t *testing.T) {
	tb := shippedPig(t)
	ends := []string{
		"predator:d1,e2,d3 prey:a1,b1,c2,d2,c3,e3,c4,e4,c5,e5 turn:predator captured:5 hand:0",
		"predator:c1,c2,b4 prey:b1,e1,a2,b2,e2,b3,c3,a4,b5,c5 turn:predator captured:5 hand:0",
		"predator:c1,b2,a4 prey:d1,e1,a2,c2,d2,e2,a3,d3,d4,a5 turn:predator captured:5 hand:0",
		"predator:e2,a3,e5 prey:e1,a2,d2,c3,d3,e3,b4,e4,b5,d5 turn:predator captured:5 hand:0",
	}
	resists := []string{
		"predator:a2,b2,b5 prey:d1,c2,d2,e2,c3,d3,b4,d4,a5,c5 turn:prey captured:5 hand:0",
		"predator:e3,b5,c5 prey:b1,d1,b2,d2,e2,c3,d3,c4,e4,e5 turn:prey captured:5 hand:0",
		"predator:b1,a3,d5 prey:a1,c1,a2,b3,c3,d3,d4,e4,a5 turn:prey captured:6 hand:0",
		"predator:e3,a4,b5 prey:a1,c1,d1,e1,e2,c3,d3,b4,a5,c5 turn:prey captured:5 hand:0",
	}
	if testing.Short() || testkit.Race {
		ends, resists = ends[:1], resists[2:3] // one of each, the cheapest (the race build's probes are slow)
	}
	parse := func(text string, want tablebase.Value) core.Position {
		p, err := core.ParsePosition(core.WolfCarriesPig.String(), text)
		if err != nil {
			t.Fatal(err)
		}
		if v, d, ok := tb.Probe(p); !ok || v != want || d != tablebase.PliesUnknown {
			t.Fatalf("%s: %v in %d by the table, want %v of unknown plies", p, v, d, want)
		}
		return p
	}
	for _, text := range ends {
		p := parse(text, tablebase.Win)
		if k, _ := endDistance(tb, core.Predator, p, convertEndBudget, time.Time{}); k != 3 {
			t.Fatalf("%s: the end in %d, want 3", p, k)
		}
		r, ok := valuesMove(tb, p, tablebase.Win, nil, time.Time{})
		if !ok {
			t.Fatalf("%s: no move", p)
		}
		c := p.After(r.Move)
		ec := newEndConverter(tb, core.Predator, convertEndBudget)
		if c.Outcome().Over() || !ec.hold(c, 2) {
			t.Fatalf("%s: %v does not force the end in three plies", p, r.Move)
		}
	}
	for _, text := range resists {
		p := parse(text, tablebase.Loss)
		var buf [core.MaxMoves]core.Move
		moves := p.GenMoves(buf[:0])
		share := convertEndBudget / len(moves) // the engine's share
		most, least := -1, 99
		for _, m := range moves {
			c := p.After(m)
			e := -1
			if !c.Outcome().Over() {
				e, _ = endDistance(tb, core.Predator, c, share, time.Time{})
			}
			most, least = max(most, e), min(least, e)
		}
		if most == least {
			t.Fatalf("%s: every move alike", p)
		}
		r, ok := valuesMove(tb, p, tablebase.Loss, nil, time.Time{})
		if !ok {
			t.Fatalf("%s: no move", p)
		}
		c := p.After(r.Move)
		if c.Outcome().Over() {
			t.Fatalf("%s: %v ends the game", p, r.Move)
		}
		if e, _ := endDistance(tb, core.Predator, c, share, time.Time{}); e != most {
			t.Fatalf("%s: %v leaves the wolves an end in %d, another move in %d", p, r.Move, e, most)
		}
	}
}

// The long wins (Table.LongWin) convert what the search alone did not: from
// these two starts, won for the wolves by the table, the converter's search
// found no capture within its 15 plies once six pigs were taken (the next
// lay 17 to 31 plies away) and the games went round to a repetition. The
// shipped table holds those wins' moves: Master now wins both against pigs
// that stall (stallingPigs), keeping the win with every move, and plays
// some of its moves from them.
func TestValuesLongWinsConvert(t *testing.T) {
	testkit.PlainOnly(t)
	tb := shippedPig(t)
	if !tb.HasLongWins() {
		t.Fatal("the shipped table of Wolf Carries the Pig holds no long wins")
	}
	set := &TableSet{}
	set[core.WolfCarriesPig] = tb
	e := Engine{Sources: []Source{TableMoves{set}}}
	long := 0
	for _, text := range []string{
		"predator:c3,d4,c5 prey:a1,c1,d1,a2,b2,d2,a3,a4,b4,c4 turn:predator captured:5 hand:0",
		"predator:e2,b3,e5 prey:d2,a3,c3,a4,b4,c4,d4,e4,a5,b5,d5 turn:predator captured:4 hand:0",
	} {
		p, err := core.ParsePosition(core.WolfCarriesPig.String(), text)
		if err != nil {
			t.Fatal(err)
		}
		g := core.NewGameFrom(p)
		long0 := long
		for g.Len() < 120 && !g.Outcome().Over() {
			pos := g.Position()
			var r Result
			if pos.ToMove == core.Prey {
				r.Move = stallingPigs(t, tb, pos)
			} else {
				r = e.Choose(context.Background(), pos, GameLimits(g, match.Master))
				child := pos.After(r.Move)
				if v, _, _ := tb.Probe(child); v != tablebase.Loss && !child.Outcome().Over() {
					t.Fatalf("%s: %v lets the win go (%v)", pos, r.Move, v)
				}
				if m, ok, _ := tb.LongWin(pos); ok {
					long++
					if r.Move != m || !r.Proof.Proven() {
						t.Fatalf("%s: the long win's %v played as %+v", pos, m, r)
					}
				}
			}
			if err := g.PlayMove(r.Move); err != nil {
				t.Fatal(err)
			}
		}
		if o := g.Outcome(); !o.Over() || o.Result != core.PredatorWins {
			t.Fatalf("from %s: %v after %d plies: %v", text, o, g.Len(), g.Moves())
		}
		t.Logf("from %s: won in %d plies, %d moves from long wins", text, g.Len(), long-long0)
	}
	if long == 0 {
		t.Fatal("no move from the long wins")
	}
}

// stallingPigs is the pigs' move in pos that leaves the wolves a long win
// (Table.LongWin) where one does, else the first that
// leaves the wolves no capture at once, else the first: a cheap resistance
// that walks into the long wins (Master's own, a search on the values,
// takes a minute over these games).
func stallingPigs(t *testing.T, tb *tablebase.Table, pos core.Position) core.Move {
	t.Helper()
	var buf [core.MaxMoves]core.Move
	moves := pos.GenMoves(buf[:0])
	best, safe := -1, -1
	for i, m := range moves {
		child := pos.After(m)
		if _, ok, err := tb.LongWin(child); err != nil {
			t.Fatal(err)
		} else if ok && best < 0 {
			best = i
		}
		if safe < 0 && !predatorCaptures(child) {
			safe = i
		}
	}
	switch {
	case best >= 0:
		return moves[best]
	case safe >= 0:
		return moves[safe]
	}
	return moves[0]
}

// The search for progress counts the wolf's capture as progress only where
// the table holds the position after it: with Beat the Wolf's shipped
// table (the 17-dog tier's values, the 16-dog tier not held) a capture out
// of the 17-dog tier is a dead end for the dogs (the wolf would leave the
// proof by it), and from 13 dogs (values) into 12 (codes) it is progress.
func TestConvertCaptureOnlyIntoTheTable(t *testing.T) {
	tb, err := tablebase.Open(filepath.Join("..", "tables", "shipped", "beat-the-wolf.hctb"))
	if err != nil {
		t.Fatalf("the shipped table of Beat the Wolf: %v", err)
	}
	defer tb.Close()
	cases := []struct {
		pos  string
		want proof.Mark
	}{
		{"predator:d4 prey:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,g4,a5,d5 turn:predator captured:0 hand:0", proof.Dead},
		{"predator:d4 prey:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,d5 turn:predator captured:4 hand:0", proof.Goal},
	}
	for _, c := range cases {
		p, err := core.ParsePosition(core.BeatTheWolf.String(), c.pos)
		if err != nil {
			t.Fatal(err)
		}
		if _, _, ok := tb.Probe(p); !ok {
			t.Fatalf("%s: not in the shipped table", c.pos)
		}
		var capture core.Position
		found := false
		for _, m := range p.GenMoves(nil) {
			if q := p.After(m); q.Captured != p.Captured {
				capture, found = q, true
				break
			}
		}
		if !found {
			t.Fatalf("%s: no capture", c.pos)
		}
		cv := newConverter(tb, core.Prey, convertBudget)
		if mk, _ := cv.judge(p, capture); mk != c.want {
			t.Errorf("%s: the wolf's capture judged %v, want %v", c.pos, mk, c.want)
		}
	}
}

// insideTable keeps the dogs' winning moves after which the wolf has no
// capture out of Beat the Wolf's shipped table (its 16-dog tier is not
// held), where there are any: over random 17-dog positions with the dogs
// to move, some lose moves this way, and what is kept is safe or, where
// nothing is, every move.
func TestInsideTable(t *testing.T) {
	tb, err := tablebase.Open(filepath.Join("..", "tables", "shipped", "beat-the-wolf.hctb"))
	if err != nil {
		t.Fatalf("the shipped table of Beat the Wolf: %v", err)
	}
	defer tb.Close()
	g := core.BeatTheWolf.Info()
	rng := rand.New(rand.NewSource(5))
	escapes := func(child core.Position) bool {
		for _, m := range child.GenMoves(nil) {
			if q := child.After(m); q.Captured != child.Captured {
				if _, _, ok := tb.Probe(q); !ok {
					return true
				}
			}
		}
		return false
	}
	trimmed := 0
	for n := 0; n < 60; {
		p := tablebase.RandomPosition(rng, g, 0, 0)
		if p.ToMove != core.Prey || p.Outcome().Over() {
			continue
		}
		var cands []cand
		for _, m := range p.GenMoves(nil) {
			child := p.After(m)
			if v, d, ok := tb.Probe(child); ok && v == tablebase.Loss {
				cands = append(cands, cand{m, child, d})
			}
		}
		if len(cands) == 0 {
			continue
		}
		n++
		kept := insideTable(tb, cands)
		if len(kept) < len(cands) {
			trimmed++
		}
		if len(kept) == len(cands) {
			continue
		}
		for _, cd := range kept {
			if escapes(cd.child) {
				t.Fatalf("%v: %v kept, yet the wolf captures out of the table after it", p, cd.m)
			}
		}
	}
	if trimmed == 0 {
		t.Fatal("no position lost a move: the test shows nothing")
	}
}

// Beat the Wolf's shipped table holds the 17-dog tier's values alone: a
// win for the dogs in every position with the dogs to move. Below Master
// the table's move gives way there to the search (the dogs neither
// capture nor place: the search for progress would find none and spend
// its whole budget every move), which plays by its evaluation there; for
// Master and the hints the search orders those wins in its tree by the
// evaluation rather than scoring them all alike (which made two players at
// Easy repeat positions till the third time within ten plies), and Master
// still plays the table's move, keeping the value.
func TestValuesOnlyPreyWinBelowMaster(t *testing.T) {
	tb, err := tablebase.Open(filepath.Join("..", "tables", "shipped", "beat-the-wolf.hctb"))
	if err != nil {
		t.Fatalf("the shipped table of Beat the Wolf: %v", err)
	}
	defer tb.Close()
	var ts TableSet
	ts[core.BeatTheWolf] = tb
	ctx := context.Background()
	g := core.NewGameFrom(core.BeatTheWolf.Info().Start())
	if err := g.Play("d4-c4"); err != nil {
		t.Fatal(err)
	}
	p := g.Position()
	if v, d, ok := tb.Probe(p); !ok || v != tablebase.Win || d != tablebase.PliesUnknown {
		t.Fatalf("after d4-c4: %v in %d (%v), want a win without plies", v, d, ok)
	}
	if _, ok := (TableMoves{&ts}).Propose(ctx, p, GameLimits(g, match.Medium)); ok {
		t.Error("Medium plays the table's move in a dogs' win without plies")
	}
	if r, ok := (TableMoves{&ts}).Propose(ctx, p, GameLimits(g, match.Master)); !ok || r.Proof != proof.ValuesOnly {
		t.Errorf("Master: %+v (%v), want the table's move without plies", r, ok)
	}
	// The search's scores of the dogs' moves after which the wolf has no
	// capture (a capture leads out of the table): each a loss for the
	// wolf, not all alike.
	scores := map[int]bool{}
	n := 0
	for _, m := range p.GenMoves(nil) {
		child := p.After(m)
		capture := false
		for _, r := range child.GenMoves(nil) {
			capture = capture || child.After(r).Captured != child.Captured
		}
		if capture {
			continue
		}
		n++
		r, _ := (SearchMoves{&ts}).Propose(ctx, child, Limits{Depth: 2, Threads: 1, Strategy: true})
		if _, won := IsWin(r.Score); !won || r.Score > 0 {
			t.Fatalf("after %v the wolf's search for Master scores %d, want a loss", m, r.Score)
		}
		scores[r.Score] = true
		// Below Master the search plays by its evaluation there, as where
		// no table holds the position (a wolf that knows it has lost
		// seeks the third repetition, which two players at Medium let
		// happen within nine plies).
		r, _ = (SearchMoves{&ts}).Propose(ctx, child, Limits{Depth: 2, Threads: 1})
		if _, won := IsWin(r.Score); won {
			t.Fatalf("after %v the wolf's search below Master scores %d, a proven loss", m, r.Score)
		}
	}
	if n < 5 || len(scores) < 2 {
		t.Fatalf("%d dogs' moves without a capture after them score %v: not ordered", n, scores)
	}
}

// fallbackMove keeps to the move's time: with it spent, it searches no
// child whole and plays the first the game has not seen; with time to
// spare it picks as with none.
func TestFallbackMoveKeepsToTheTime(t *testing.T) {
	start := core.BeatTheWolf.Info().Start()
	p := start.After(start.GenMoves(nil)[0]) // the dogs to move
	var children []core.Position
	for _, m := range p.GenMoves(nil) {
		children = append(children, p.After(m))
	}
	spent := time.Now().Add(-time.Hour)
	if got := fallbackMove(p, children, nil, spent); got != 0 {
		t.Errorf("with the time spent: child %d, want the first", got)
	}
	if got := fallbackMove(p, children, []uint64{children[0].Key}, spent); got != 1 {
		t.Errorf("with the time spent and the first child seen: child %d, want the second", got)
	}
	want := fallbackMove(p, children, nil, time.Time{})
	if got := fallbackMove(p, children, nil, time.Now().Add(time.Hour)); got != want {
		t.Errorf("with an hour to spare: child %d, with no time cap %d", got, want)
	}
}

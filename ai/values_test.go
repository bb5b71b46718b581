package ai

import (
	"context"
	"math/rand"
	"path/filepath"
	"testing"

	"huntchess/ai/tablebase"
	"huntchess/core"
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
	tb := shippedPig(t)
	set := &TableSet{}
	set[core.WolfCarriesPig] = tb
	e := Engine{Sources: []Source{TableMoves{set}}}
	n := 3
	if testing.Short() || raceEnabled {
		n = 1
	}
	for _, p := range hardWins(tb, 32, core.Predator, 3, 5, n) {
		g := core.NewGameFrom(p)
		for g.Len() < 80 && !g.Outcome().Over() {
			pos := g.Position()
			r := e.Choose(context.Background(), pos, GameLimits(g, Master))
			if pos.ToMove == core.Predator {
				if !r.Exact || !r.NoPlies && r.Score <= 0 {
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
	tb := shippedPig(t)
	set := &TableSet{}
	set[core.WolfCarriesPig] = tb
	master := Engine{Sources: []Source{TableMoves{set}}}
	plies := 40
	if testing.Short() || raceEnabled {
		plies = 12
	}
	for _, side := range []core.Side{core.Prey, core.Predator} {
		g := core.NewGameFrom(core.WolfCarriesPig.Info().Start())
		for g.Len() < plies && !g.Outcome().Over() {
			pos := g.Position()
			var r Result
			if pos.ToMove == side {
				r = master.Choose(context.Background(), pos, GameLimits(g, Master))
				if !r.Exact {
					t.Fatalf("%s: Master's move is not from the table", pos)
				}
				if v, _, _ := tb.Probe(pos.After(r.Move)); v != tablebase.Draw && v != tablebase.Loss {
					t.Fatalf("%s: %v drops the draw (%v)", pos, r.Move, v)
				}
			} else {
				lim := GameLimits(g, Hard)
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
func TestValuesMoveEndsFirst(t *testing.T) {
	tb := shippedPig(t)
	rng := rand.New(rand.NewSource(7))
	g := core.WolfCarriesPig.Info()
	n := 4
	if testing.Short() || raceEnabled {
		n = 2
	}
	ends, resists := 0, 0
	for tries := 0; tries < 20000 && (ends < n || resists < n); tries++ {
		p := tablebase.RandomPosition(rng, g, 5+rng.Intn(2), 0)
		if p.Outcome().Over() {
			continue
		}
		v, d, ok := tb.Probe(p)
		if !ok || d != tablebase.PliesUnknown {
			continue
		}
		switch {
		case v == tablebase.Win && p.ToMove == core.Predator && ends < n:
			k, _ := endDistance(tb, core.Predator, p, convertEndBudget)
			if k != 3 {
				continue // an end at once, or none near: nothing to choose
			}
			r, ok := valuesMove(tb, p, v, nil)
			if !ok {
				t.Fatalf("%s: no move", p)
			}
			c := p.After(r.Move)
			ec := newConverter(tb, core.Predator, convertEndBudget)
			ec.endOnly = true
			if c.Outcome().Over() || !ec.hold(c, 2) {
				t.Fatalf("%s: %v does not force the end in three plies", p, r.Move)
			}
			ends++
		case v == tablebase.Loss && p.ToMove == core.Prey && resists < n:
			var buf [core.MaxMoves]core.Move
			most, least := -1, 99
			for _, m := range p.GenMoves(buf[:0]) {
				c := p.After(m)
				e := -1
				if !c.Outcome().Over() {
					e, _ = endDistance(tb, core.Predator, c, convertEndBudget)
				}
				most, least = max(most, e), min(least, e)
			}
			if most == least {
				continue // every move alike
			}
			r, ok := valuesMove(tb, p, v, nil)
			if !ok {
				t.Fatalf("%s: no move", p)
			}
			c := p.After(r.Move)
			if c.Outcome().Over() {
				t.Fatalf("%s: %v ends the game", p, r.Move)
			}
			if e, _ := endDistance(tb, core.Predator, c, convertEndBudget); e != most {
				t.Fatalf("%s: %v leaves the wolves an end in %d, another move in %d", p, r.Move, e, most)
			}
			resists++
		}
	}
	if ends < n || resists < n {
		t.Fatalf("found %d positions to end and %d to resist, want %d each", ends, resists, n)
	}
}

package main

import (
	"fmt"
	"math/rand"
	"path/filepath"
	"testing"

	"huntchess/ai/tablebase"
	"huntchess/core"
)

// The best line from the tier files: from positions of 7 to 10 dogs that
// the shipped endgame table (standing in for the tier files) proves won,
// the line has the table's plies and ends in the winner's win under core's
// rules; a position whose stored plies are off by one is found.
func TestTierLookupBestLine(t *testing.T) {
	g := core.BeatTheWolf.Info()
	tb, err := tablebase.Open(filepath.Join("..", "..", "tables", "shipped", tablebase.Path("", g.Key)))
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	probe := func(p core.Position) (tablebase.Value, int, error) {
		v, plies, ok := tb.Probe(p)
		if !ok {
			return 0, 0, fmt.Errorf("%v: not in the table", p)
		}
		return v, plies, nil
	}
	l := &tierLookup{g: g, probe: probe}
	rng := rand.New(rand.NewSource(3))
	wins := 0
	for tries := 0; wins < 12 && tries < 20000; tries++ {
		p := tablebase.RandomPosition(rng, g, 7+rng.Intn(4), 0)
		if p.Outcome().Over() || !p.HasMove() {
			continue
		}
		v, plies, ok := tb.Probe(p)
		if !ok || v != tablebase.Win || plies < 5 {
			continue
		}
		wins++
		line, err := l.bestLine(p, 1000)
		if err != nil {
			t.Fatalf("%v: %v", p, err)
		}
		gm := core.NewGameFrom(p)
		for _, m := range line {
			if err := gm.PlayMove(m); err != nil {
				t.Fatal(err)
			}
		}
		o := gm.Outcome()
		won := o.Result == core.PredatorWins && p.ToMove == core.Predator || o.Result == core.PreyWins && p.ToMove == core.Prey
		if len(line) != plies || !won {
			t.Fatalf("%v: won in %d plies, the line has %d and ends %+v", p, plies, len(line), o)
		}
		// One position on the line stored a ply longer: found there.
		bad := core.NewGameFrom(p)
		bad.PlayMove(line[0])
		wrong := bad.Position()
		l.probe = func(q core.Position) (tablebase.Value, int, error) {
			v, n, err := probe(q)
			if q == wrong {
				n++
			}
			return v, n, err
		}
		if _, err := l.bestLine(p, 1000); err == nil {
			t.Fatalf("%v: a changed ply count went unnoticed", p)
		}
		l.probe = probe
	}
	if wins < 12 {
		t.Fatalf("only %d won positions found", wins)
	}
}

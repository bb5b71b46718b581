package explore

import (
	"context"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"strings"
	"testing"

	"huntchess/core"
)

var updateWolf = flag.Bool("update-wolf", false, "rewrite testdata/wolf-moves.golden from the code as it is")

// wolfPositions are Beat the Wolf positions for the explorer: the start,
// positions on the dogs' proven line (the dogs playing the strategy's
// move, the wolf any reply), and off it (a dogs' move the strategy does
// not play, a pass of either side), chosen by a fixed seed.
func wolfPositions(tb testing.TB) []core.Position {
	tb.Helper()
	_, s := wolfStackStrategy(tb)
	rng := rand.New(rand.NewSource(45))
	start := core.BeatTheWolf.Info().Start()
	ps := []core.Position{start, wolfFirst()}
	for game := 0; game < 3; game++ {
		p := start
		for ply := 0; ply < 24 && !p.Outcome().Over(); ply++ {
			moves := p.GenMoves(nil)
			var m core.Move
			if p.ToMove == core.Prey {
				var ok bool
				if m, _, ok = s.Move(p); !ok {
					break // off the line: no move of the strategy
				}
			} else {
				m = moves[rng.Intn(len(moves))]
			}
			if ply%4 == 1 {
				ps = append(ps, p) // on the line
			}
			if ply%8 == 5 {
				// off it: another move, or a pass, from here
				off := moves[rng.Intn(len(moves))]
				if q := p.After(off); !q.Outcome().Over() {
					ps = append(ps, q)
				}
				if q := p.After(p.PassMove()); !q.Outcome().Over() {
					ps = append(ps, q)
				}
			}
			p = p.After(m)
		}
	}
	return ps
}

// wolfAnswers is explore.Moves of every position of wolfPositions from one
// freshly opened strategy, as text: a line a position, a line a move.
func wolfAnswers(tb testing.TB) string {
	st := wolfStack(tb)
	var b strings.Builder
	for _, p := range wolfPositions(tb) {
		fmt.Fprintln(&b, Line(p))
		for _, m := range Moves(context.Background(), st, p) {
			fmt.Fprintf(&b, "\t%v %+v\n", m.Move, m.Value)
		}
	}
	return b.String()
}

// TestWolfMovesUnchanged: the explorer's values of every move of many Beat
// the Wolf positions from the shipped strategy and table (on the
// strategy's line and off it) are those recorded in
// testdata/wolf-moves.golden: first before the set strategy's lookups were
// made faster (issue 45), then again when the shipped table came to hold
// the 17-dog tier's values (issue 41: the moves the search answered became
// proven wins without plies; every answer with plies stayed as it was).
// -update-wolf rewrites the file.
func TestWolfMovesUnchanged(t *testing.T) {
	if testing.Short() {
		t.Skip("the shipped strategy's blocks: some seconds")
	}
	got := wolfAnswers(t)
	const golden = "testdata/wolf-moves.golden"
	if *updateWolf {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		gl, wl := strings.Split(got, "\n"), strings.Split(string(want), "\n")
		for i := range min(len(gl), len(wl)) {
			if gl[i] != wl[i] {
				t.Fatalf("line %d: got %q, want %q", i+1, gl[i], wl[i])
			}
		}
		t.Fatalf("got %d lines, want %d", len(gl), len(wl))
	}
}

package main

import (
	"fmt"
	"math/rand"
	"path/filepath"
	"strings"
	"testing"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/solver"
	"huntchess/core"
	"huntchess/internal/testkit"
)

// sixDogs solves Beat the Wolf's tier with six dogs on the board (the last
// before the wolf's win, 12.7 M entries, a few seconds), writes it and opens
// the file.
func sixDogs(t *testing.T) *tablebase.Table {
	t.Helper()
	if testing.Short() || testkit.Race {
		t.Skip("solves a 12.7 M-entry tier: minutes under -race (TestLineEnd covers the wording there)")
	}
	s := solver.NewSolver(tablebase.ForGame(core.BeatTheWolf))
	s.SolveTier(11, false)
	path := filepath.Join(t.TempDir(), "beat-the-wolf"+tablebase.FileExt)
	if _, err := s.Write(path); err != nil {
		t.Fatal(err)
	}
	s.Close()
	tab, err := tablebase.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	tab.SetCacheBytes(-1)
	return tab
}

// pvMoves reads the moves of a principal-variation paragraph back.
func pvMoves(t *testing.T, text string) []string {
	t.Helper()
	_, block, ok := strings.Cut(text, "```\n")
	block, _, ok2 := strings.Cut(block, "\n```")
	if !ok || !ok2 {
		t.Fatalf("no moves in %q", text)
	}
	return strings.Fields(block)
}

// The report's principal variations from positions of a real table say how
// they end, and the moves they show are a game under core's rules that ends
// so: a drawn line is still drawn at its cap with no position three times,
// a won line ends in the winner's win in the plies the table gives.
func TestPrincipalVariationEnds(t *testing.T) {
	tab := sixDogs(t)
	g := core.BeatTheWolf.Info()
	rng := rand.New(rand.NewSource(5))
	draws, wins := 0, 0
	for draws < 3 || wins < 3 {
		p := tablebase.RandomPosition(rng, g, 11, 0)
		v, plies, ok := tab.Probe(p)
		if !ok || p.Outcome().Over() || v == tablebase.Draw && draws == 3 || v != tablebase.Draw && wins == 3 {
			continue
		}
		text := principalVariation(g, tab, p, "here", 100, 60)
		moves := pvMoves(t, text)
		gm := core.NewGameFrom(p)
		for _, m := range moves {
			if err := gm.Play(m); err != nil {
				t.Fatalf("%s: %s: %v\n%s", p, m, err, text)
			}
		}
		if v == tablebase.Draw {
			draws++
			want := "Principal variation from here (a drawn game, both sides keeping the draw and avoiding repeated positions as long as they can: still drawn after 100 plies, no position repeated three times; the first 60 plies):"
			if !strings.HasPrefix(text, want) || len(moves) != 60 || gm.Outcome().Over() {
				t.Fatalf("%s: %d moves shown, %v:\n%s", p, len(moves), gm.Outcome(), text)
			}
			continue
		}
		wins++
		winner := p.ToMove
		if v == tablebase.Loss {
			winner = winner.Other()
		}
		why := "12 dogs captured"
		if winner == core.Prey {
			why = "the wolf to move cannot move"
		}
		want := fmt.Sprintf("Principal variation from here (%s; %s %s at ply %d: %s):", pliesText(plies), side(g, winner), verb(g, winner, "win"), plies, why)
		if w, _ := gm.Outcome().Winner(); !strings.HasPrefix(text, want) || len(moves) != plies || w != winner {
			t.Fatalf("%s: %v in %d, the game ends %v:\n%s\nwant %s", p, v, plies, gm.Outcome(), text, want)
		}
	}
}

// lineEnd words every end: threefold repetition at its ply, the board's
// end, the cap, the tables' end, and a line that is not a game.
func TestLineEnd(t *testing.T) {
	g := core.BeatTheWolf.Info()
	p, err := core.ParsePosition(g.Key, "predator:c5 prey:c1,d1,e1,a3,g3,g4 turn:predator captured:11 hand:0")
	if err != nil {
		t.Fatal(err)
	}
	var shuffle []core.Move
	gm := core.NewGameFrom(p)
	for i := 0; i < 8; i++ {
		cur := gm.Position()
		m, err := cur.ParseMove([]string{"c5-b5", "a3-a4", "b5-c5", "a4-a3"}[i%4])
		if err != nil {
			t.Fatal(err)
		}
		shuffle = append(shuffle, m)
		gm.PlayMove(m)
	}
	// e6-e7 shuts the wolf in on c7: no step, and every jump lands on a dog.
	stuck, err := core.ParsePosition(g.Key, "predator:c7 prey:d7,c6,d6,c5,e5,e6 turn:prey captured:11 hand:0")
	if err != nil {
		t.Fatal(err)
	}
	block, err := stuck.ParseMove("e6-e7")
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		from  core.Position
		line  []core.Move
		n     int
		drawn bool
		want  string
	}{
		{p, shuffle, 400, true, "drawn by threefold repetition at ply 8"},
		{p, shuffle[:7], 7, true, "still drawn after 7 plies, no position repeated three times"},
		{p, shuffle[:7], 7, false, "still going after 7 plies"},
		{p, shuffle[:7], 400, true, "the tables stop after 7 plies"},
		{p, shuffle[1:], 400, true, "not a game under the rules: ply 1, a3-a4 is not a legal move here"},
		{stuck, []core.Move{block}, 400, false, "the dogs win at ply 1: the wolf to move cannot move"},
	} {
		if got := lineEnd(g, c.from, c.line, c.n, c.drawn); got != c.want {
			t.Errorf("%s %v: %q, want %q", c.from, c.line, got, c.want)
		}
	}
}

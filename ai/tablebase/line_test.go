package tablebase_test

import (
	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/solver"

	"math/rand"
	"path/filepath"
	"sync"
	"testing"

	"huntchess/core"
	"huntchess/internal/testkit"
)

var sixDogs struct {
	once sync.Once
	tab  *tablebase.Table
	err  error
}

// sixDogsTable solves Beat the Wolf's tier with six dogs on the board (the
// last before the wolf's win: 12.7 M entries, a few seconds), writes it and
// opens the file. Its draws are real draws of the game.
func sixDogsTable(t *testing.T) *tablebase.Table {
	t.Helper()
	sixDogs.once.Do(func() {
		s := solver.NewSolver(tablebase.ForGame(core.BeatTheWolf))
		s.SolveTier(11, false)
		path := filepath.Join(t.TempDir(), "beat-the-wolf"+tablebase.FileExt)
		if _, sixDogs.err = s.Write(path); sixDogs.err != nil {
			return
		}
		s.Close()
		if sixDogs.tab, sixDogs.err = tablebase.Open(path); sixDogs.err == nil {
			sixDogs.tab.SetCacheBytes(-1)
		}
	})
	if sixDogs.err != nil {
		t.Fatal(sixDogs.err)
	}
	return sixDogs.tab
}

// samplePositions returns n positions of the six-dog tier, not over, whose
// value keep accepts.
func samplePositions(t *testing.T, tab *tablebase.Table, seed int64, n int, keep func(tablebase.Value) bool) []core.Position {
	rng := rand.New(rand.NewSource(seed))
	var ps []core.Position
	for len(ps) < n {
		p := tablebase.RandomPosition(rng, core.BeatTheWolf.Info(), 11, 0)
		if p.Outcome().Over() {
			continue
		}
		if v, _, ok := tab.Probe(p); ok && keep(v) {
			ps = append(ps, p)
		}
	}
	return ps
}

// checkDrawnLine replays line from p in a new game by its notation and
// checks that every move keeps the draw and that the line does not end by
// repetition while a drawing move would not end the game: at its last ply,
// if that ended the game, every other drawing move ended it too.
func checkDrawnLine(t *testing.T, p core.Position, line []core.Move, probe tablebase.Prober) *core.Game {
	t.Helper()
	g := core.NewGameFrom(p)
	for i, m := range line {
		before := g.Position()
		if err := g.Play(m.String()); err != nil {
			t.Fatalf("%s: ply %d %s: %v", p, i+1, m, err)
		}
		if v, _, ok := probe(g.Position()); !ok || v != tablebase.Draw {
			t.Fatalf("%s: ply %d %s leaves the draw (%v %v)", p, i+1, m, v, ok)
		}
		if g.Outcome().Over() && i < len(line)-1 {
			t.Fatalf("%s: the game is over at ply %d of %d", p, i+1, len(line))
		}
		if g.Outcome().Over() {
			g.Undo()
			for _, alt := range before.GenMoves(nil) {
				if v, _, ok := probe(before.After(alt)); !ok || v != tablebase.Draw {
					continue
				}
				g.PlayMove(alt)
				if !g.Outcome().Over() {
					t.Fatalf("%s: ply %d %s ends the game (%v), %s would not", p, i+1, m, g.Outcome(), alt)
				}
				g.Undo()
			}
			g.PlayMove(m)
		}
	}
	return g
}

// firstDrawLine is the line Line gave before it played under core's
// rules: the first drawing move in core's order, every ply, here until
// the game is over. It returns the plies played.
func firstDrawLine(tab *tablebase.Table, p core.Position, n int) int {
	g := core.NewGameFrom(p)
	for g.Len() < n && !g.Outcome().Over() {
		m, _, _, ok := tab.Best(g.Position())
		if !ok {
			break
		}
		g.PlayMove(m)
	}
	return g.Len()
}

// From drawn positions of a real table, the line keeps the draw for 200
// plies and no position occurs a third time, where the first drawing move
// every ply ends by threefold repetition much earlier.
func TestDrawnLineAvoidsRepetition(t *testing.T) {
	if testing.Short() || testkit.Race {
		t.Skip("solves a 12.7 M-entry tier: minutes under -race (TestDrawnLineForcedRepetition covers the search there)")
	}
	tab := sixDogsTable(t)
	const n = 200
	early := 0
	for _, p := range samplePositions(t, tab, 3, 12, func(v tablebase.Value) bool { return v == tablebase.Draw }) {
		g := core.NewGameFrom(p)
		line := tab.PlayLine(g, n, tablebase.LineBudget*n)
		if len(line) != n || g.Outcome().Over() {
			t.Fatalf("%s: %d plies, %v", p, len(line), g.Outcome())
		}
		checkDrawnLine(t, p, line, tab.Probe)
		if l := tab.Line(p, n); len(l) != n {
			t.Fatalf("%s: Line gives %d plies", p, len(l))
		}
		if firstDrawLine(tab, p, n) < n {
			early++
		}
	}
	if early == 0 {
		t.Fatal("the first drawing move never repeats: the positions test nothing")
	}
	t.Logf("the first drawing move every ply ends by repetition in %d of 12 lines", early)
}

// A won or lost line is a game under core's rules that ends as the table
// says: the winner wins, in the plies the table gives.
func TestWonLineIsAGame(t *testing.T) {
	if testing.Short() || testkit.Race {
		t.Skip("solves a 12.7 M-entry tier: minutes under -race (TestDrawnLineForcedRepetition covers the search there)")
	}
	tab := sixDogsTable(t)
	for _, p := range samplePositions(t, tab, 4, 40, func(v tablebase.Value) bool { return v != tablebase.Draw }) {
		v, plies, _ := tab.Probe(p)
		g := core.NewGameFrom(p)
		line := tab.PlayLine(g, 400, tablebase.LineBudget*400)
		winner := p.ToMove
		if v == tablebase.Loss {
			winner = winner.Other()
		}
		w, won := g.Outcome().Winner()
		if len(line) != plies || !won || w != winner {
			t.Fatalf("%s: %v in %d; the line has %d plies and ends %v", p, v, plies, len(line), g.Outcome())
		}
	}
}

// pocketProbe gives a made-up table of six-dog Beat the Wolf: a draw where
// the wolf is on c5, d5, e5 or e4, the dogs on c1, d1, e1, g3, g4 and one
// of a3 and a4; a win for the side to move everywhere else. In the pocket
// the wolf has one to three moves, the dogs one (a3-a4 or back), so a drawn
// line must repeat; how long it can go is found by trying every line.
func pocketProbe(b *core.Board) tablebase.Prober {
	mask := func(names ...string) uint64 {
		var m uint64
		for _, n := range names {
			i, _ := b.Index(n)
			m |= 1 << uint(i)
		}
		return m
	}
	wolf, fixed, shuffle := mask("c5", "d5", "e5", "e4"), mask("c1", "d1", "e1", "g3", "g4"), mask("a3", "a4")
	return func(p core.Position) (tablebase.Value, int, bool) {
		if p.Captured == 11 && p.Pred&wolf == p.Pred && p.Prey&^shuffle == fixed && p.Prey&shuffle != 0 && p.Prey&shuffle != shuffle {
			return tablebase.Draw, 0, true
		}
		return tablebase.Win, 1, true
	}
}

// longestDraw is the most plies any line of drawing moves from g's
// position can last (at most n), the move that ends the game counted,
// found by trying them all.
func longestDraw(g *core.Game, n int, probe tablebase.Prober) int {
	if n == 0 || g.Outcome().Over() {
		return 0
	}
	most := 0
	p := g.Position()
	for _, m := range p.GenMoves(nil) {
		if v, _, _ := probe(p.After(m)); v != tablebase.Draw {
			continue
		}
		g.PlayMove(m)
		most = max(most, 1+longestDraw(g, n-1, probe))
		g.Undo()
	}
	return most
}

// Where every drawn line must repeat, the line lasts as long as the longest
// there is (with Line's budget already, where the first moves of drawOrder
// alone fall short) and ends by threefold repetition, where every drawing
// move ends the game.
func TestDrawnLineForcedRepetition(t *testing.T) {
	info := core.BeatTheWolf.Info()
	probe := pocketProbe(info.Board)
	p, err := core.ParsePosition(info.Key, "predator:c5 prey:c1,d1,e1,a3,g3,g4 turn:predator captured:11 hand:0")
	if err != nil {
		t.Fatal(err)
	}
	const n = 100
	most := longestDraw(core.NewGameFrom(p), n, probe)
	if most < 8 || most >= n {
		t.Fatalf("the pocket's longest line: %d plies", most)
	}
	for _, budget := range []int{1 << 20, tablebase.LineBudget * n, n} {
		g := core.NewGameFrom(p)
		line := tablebase.PlayLineWith(g, n, budget, probe)
		checkDrawnLine(t, p, line, probe)
		if g.Outcome() != (core.Outcome{Result: core.Draw, Reason: core.ReasonRepetition}) {
			t.Fatalf("budget %d: the line ends %v after %d plies", budget, g.Outcome(), len(line))
		}
		if budget != n && len(line) != most {
			t.Fatalf("the line lasts %d plies, the longest %d", len(line), most)
		}
		t.Logf("budget %d: drawn by threefold repetition at ply %d (the longest line: %d)", budget, len(line), most)
	}
}

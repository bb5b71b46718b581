package session

import (
	"context"
	"github.com/stretchr/testify/require"
	"os"
	"path/filepath"
	"testing"

	"huntchess/ai"
	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/match"
	"huntchess/proof"
	"huntchess/tables"
)

// The review judges by what the tables' owner (package tables) hands out:
// a bound table, a proven strategy from the start.

// The bound table of the tests (ai/bound_test.go, BoundTestdata): Beat
// the Wolf's tier with 8 dogs, the dogs' wins without giving up a dog,
// its longest win 33 plies.
const (
	boundTestFile = "../ai/testdata/beat-the-wolf-8dogs.bound.hctb"
	boundWin33    = "predator:d1 prey:c1,c2,d2,e2,a3,b3,d3,a5 turn:prey captured:9 hand:0"
)

// Master against Master with the manager behind the engine plays the bound
// table's win out; the review judges every move of it by the bound table
// (proven, the dogs winning in the plies left), and a dogs' move off the
// win is left to the search; a hint says the win in words the app shows.
func TestBoundPlayAndReview(t *testing.T) {
	data, err := os.ReadFile(boundTestFile)
	require.NoError(t, err)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(tablebase.Path(dir, "beat-the-wolf.bound"), data, 0o644))
	tm := tables.New("", []string{dir}, false, func(f func()) { f() })
	e := ai.NewEngine(tm)
	start, err := core.ParsePosition(core.BeatTheWolf.String(), boundWin33)
	require.NoError(t, err)
	g := core.NewGameFrom(start)
	for !g.Outcome().Over() && g.Len() < 100 {
		res := e.Think(context.Background(), g, match.Master)
		require.True(t, res.Proof == proof.Bound, "ply %d: %+v", g.Len(), res)
		require.NoError(t, g.PlayMove(res.Move))
	}
	w, ok := g.Outcome().Winner()
	require.True(t, ok)
	require.Equal(t, core.Prey, w)
	require.Equal(t, 33, g.Len())

	b := tm.Bound(core.BeatTheWolf)
	for i, rm := range ReviewGame(g, proof.GameStack(nil, nil, b)) {
		require.Equal(t, VerdictKept, rm.Verdict, "ply %d", i)
		require.True(t, rm.Proof == proof.Bound, "ply %d", i)
		require.Equal(t, 33-i, rm.Plies, "ply %d", i)
		win, ok := rm.Winner()
		require.True(t, ok)
		require.Equal(t, core.Prey, win)
	}
	require.Equal(t, VerdictUnknown, ReviewGame(g, nil)[0].Verdict, "without the bound table nothing judges it")

	// A dogs' move that spoils the win is not judged by the bound table.
	var buf [core.MaxMoves]core.Move
	for _, m := range start.GenMoves(buf[:0]) {
		if v, _, ok := b.ProbeBound(start.After(m)); ok && v == tablebase.Draw {
			off := core.NewGameFrom(start)
			require.NoError(t, off.PlayMove(m))
			require.Equal(t, VerdictUnknown, ReviewGame(off, proof.GameStack(nil, nil, b))[0].Verdict)
			break
		}
	}

	h := e.Hint(context.Background(), core.NewGameFrom(start))
	plies, won := ai.IsWin(h.Score)
	require.True(t, h.Proof == proof.Bound && won && h.Score > 0)
	require.Equal(t, 33, plies)
}

// TestReviewByStrategy: with no table, the review judges by the proven
// strategy the moves on it (every reply of the loser, the winner's moves
// that stay on its win) and leaves to the search a winner's move off it and
// everything after.
func TestReviewByStrategy(t *testing.T) {
	s, _ := tables.OpenShippedStrategy(core.SurroundTheLion)
	m := tables.New("", nil, true, func(f func()) { f() })
	e := ai.NewEngine(m)
	g := core.NewGameFrom(core.SurroundTheLion.Info().Start())
	// Master's line for 5 plies, then a dogs' move that leaves the strategy.
	for g.Len() < 5 {
		require.NoError(t, g.PlayMove(e.Think(context.Background(), g, match.Master).Move))
	}
	p := g.Position()
	off := core.Move{}
	for _, mv := range g.LegalMoves() {
		if c := p.After(mv); !c.Outcome().Over() {
			if _, ok := proof.GameStack(nil, s, nil).Probe(c); !ok { // off the strategy, and no bridge back onto it
				off = mv
				break
			}
		}
	}
	if off.Kind == core.MoveNone {
		t.Fatal("every dogs' move stays on the strategy")
	}
	require.NoError(t, g.PlayMove(off))
	require.NoError(t, g.PlayMove(g.LegalMoves()[0]))
	moves := ReviewGame(g, proof.GameStack(nil, s, nil))
	for i, rm := range moves[:5] {
		w, ok := rm.Winner()
		if rm.Verdict != VerdictKept || rm.Proof != proof.Exact || rm.Plies != s.Plies-i || !ok || w != core.Prey {
			t.Fatalf("move %d: %+v", i+1, rm)
		}
	}
	for i, rm := range moves[5:] {
		if rm.Verdict != VerdictUnknown || rm.Proof.Proven() {
			t.Fatalf("move %d, off the strategy: %+v", 6+i, rm)
		}
	}
	if got := ReviewGame(g, nil); got[0].Verdict != VerdictUnknown {
		t.Fatalf("without the strategy: %+v", got[0])
	}
}

// builtLionTable is the table `make test` builds first (make tables).
func builtLionTable(t *testing.T) string {
	dir := os.Getenv("TABLES_DIR")
	if dir == "" {
		dir = filepath.Join("..", "build", "tables")
	}
	p := tablebase.Path(dir, core.SurroundTheLion.String())
	if _, err := os.Stat(p); err != nil {
		t.Skipf("no Surround the Lion table (make tables): %v", err)
	}
	return p
}

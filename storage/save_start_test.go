package storage

import (
	"testing"
	"time"

	"huntchess/core"
	"huntchess/match"
)

// TestSavedGameFromAnotherStart: a game begun at a position other than its
// game's start (Play from here) is saved with that start and resumes there,
// and goes into the history so; a game from the start writes no start.
func TestSavedGameFromAnotherStart(t *testing.T) {
	info, _ := core.Lookup("surround-the-lion")
	p := info.Start()
	for i := 0; i < 3; i++ {
		p = p.After(p.GenMoves(nil)[0])
	}
	g := core.NewGameFrom(p)
	m := g.LegalMoves()[0]
	if err := g.PlayMove(m); err != nil {
		t.Fatal(err)
	}
	b, err := encodeSaved(g, match.ModeVsAIAsPrey, match.Medium, 0, 1)
	if err != nil {
		t.Fatal(err)
	}
	r, err := DecodeSaved(b)
	if err != nil {
		t.Fatal(err)
	}
	if r.Game.Start() != p || r.Game.Len() != 1 || r.Game.Position() != g.Position() {
		t.Fatalf("resumed at %v after %d moves", r.Game.Start(), r.Game.Len())
	}
	fromStart, _ := core.NewGame("surround-the-lion")
	if startText(fromStart) != "" {
		t.Fatal("a game from its start writes a start")
	}
	// the history: the same start, to a finished game
	for !g.Outcome().Over() {
		if err := g.PlayMove(g.LegalMoves()[0]); err != nil {
			t.Fatal(err)
		}
	}
	f, ok := FinishedOf(g, match.ModeTwoPlayers, match.Medium, time.Unix(0, 0))
	if !ok || f.Start == "" {
		t.Fatalf("history entry %+v", f)
	}
	rg, err := f.Replay()
	if err != nil || rg.Start() != p || rg.Position() != g.Position() {
		t.Fatalf("replayed: %v", err)
	}
}

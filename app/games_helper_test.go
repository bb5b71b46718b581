package app

import (
	"testing"

	"huntchess/core"
)

// firstCaptureGame plays, in game id, the first capture available at each
// turn (else the first legal move) until a capture happens.
func firstCaptureGame(t *testing.T, id string) *core.Game {
	t.Helper()
	g, err := core.NewGame(id)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < 200; i++ {
		moves := g.LegalMoves()
		if len(moves) == 0 {
			break
		}
		m := moves[0]
		for _, c := range moves {
			if c.Capt != 0 {
				m = c
			}
		}
		if err := g.PlayMove(m); err != nil {
			t.Fatal(err)
		}
		if m.Capt != 0 {
			return g
		}
	}
	t.Fatalf("%s: no capture found; record %q", id, g.Record())
	return nil
}

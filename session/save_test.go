package session

import (
	"testing"

	"huntchess/internal/testkit"
	"huntchess/match"
	"huntchess/storage"
)

// Every completed move is saved at once, the person's and the engine's, an
// undo and a change of level too; the end of the game forgets the save.
func TestEveryMoveSaved(t *testing.T) {
	st := storage.OpenSaves(t.TempDir(), testkit.NewMemPrefs()).Of("beat-the-wolf")
	r := newTurnRig(t, "beat-the-wolf", match.ModeVsAIAsPredator, 0)
	tu := r.turns
	tu.env.Saves = st
	saved := func() string {
		t.Helper()
		got, err := st.Load()
		if err != nil {
			t.Fatal(err)
		}
		return got.Game.Record()
	}
	tu.HumanMove(tu.game.LegalMoves()[0])
	if rec := saved(); rec != tu.game.Record() || tu.game.Len() != 1 {
		t.Fatalf("after the player's move: saved %q, game %q", rec, tu.game.Record())
	}
	r.settle("the engine's answer", func() bool { return tu.game.Len() == 2 })
	if rec := saved(); rec != tu.game.Record() {
		t.Fatalf("after the engine's move: saved %q, game %q", rec, tu.game.Record())
	}
	tu.SetLevel(match.Hard)
	if got, _ := st.Load(); got.Level != match.Hard {
		t.Fatalf("the new level is saved: %v", got.Level)
	}
	tu.Undo()
	if _, err := st.Load(); err != storage.ErrNoSave {
		t.Fatalf("undone back to the start: nothing to resume, got %v", err)
	}
	tu.HumanMove(tu.game.LegalMoves()[0])
	r.settle("the engine's answer", func() bool { return tu.game.Len() == 2 })
	tu.Resign()
	if _, err := st.Load(); err != storage.ErrNoSave {
		t.Fatalf("a resigned game is not offered again: %v", err)
	}
}

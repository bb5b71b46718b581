package session

import (
	"testing"
	"time"

	"huntchess/core"
	"huntchess/internal/testkit"
	"huntchess/match"
	"huntchess/storage"
)

// Finish keeps the game and counts it in the statistics from the same
// entry; the history's own statistics agree with them.
func TestFinishRecordsAndCounts(t *testing.T) {
	r := newTurnRig(t, "beat-the-wolf", match.ModeVsAIAsPredator, 0)
	if r.turns.Finish(nil, testkit.NewMemPrefs(), time.Now()) {
		t.Fatal("a game going on is not recorded")
	}
	r.turns.Resign()
	p := testkit.NewMemPrefs()
	h := storage.OpenHistory("", p)
	if !r.turns.Finish(h, p, time.Now()) {
		t.Fatal("the resigned game is recorded")
	}
	games := h.Games()
	if len(games) != 1 || games[0].Mode != match.ModeVsAIAsPredator || games[0].Result != storage.ResultPrey {
		t.Fatalf("history %+v", games)
	}
	key := storage.StatKey("beat-the-wolf", core.Predator, match.Easy)
	if st := storage.LoadStats(p); st[key].Lost != 1 || st[key].Played != 1 {
		t.Fatalf("stats %+v", st)
	}
	if st := h.Stats(); st[key].Lost != 1 {
		t.Fatalf("history's stats %+v", st)
	}
	// Two players: kept, not counted.
	r2 := newTurnRig(t, "beat-the-wolf", match.ModeTwoPlayers, 0)
	r2.turns.Resign()
	r2.turns.Finish(h, p, time.Now())
	if h.Len() != 2 || storage.LoadStats(p)[key].Played != 1 {
		t.Fatalf("two players: %d kept, stats %+v", h.Len(), storage.LoadStats(p))
	}
}

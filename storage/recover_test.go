package storage

import (
	"os"
	"path/filepath"
	"testing"

	"huntchess/core"
	"huntchess/internal/testkit"
	"huntchess/match"
)

// Recover tells at the start what became of a damaged
// saved game, for the one notice of the start: nothing when it is good or
// absent; restored when a damaged copy was passed over for a good one; lost
// (and cleared) when every copy is damaged.
func TestStoreRecover(t *testing.T) {
	dir := t.TempDir()
	st := OpenSaves(dir, testkit.NewMemPrefs()).Of("beat-the-wolf")
	if r, err := st.Recover(); r != nil || err != nil {
		t.Fatalf("no saved game: %v %v", r, err)
	}
	g, _ := core.NewGame("beat-the-wolf")
	for range 2 {
		_ = g.PlayMove(g.LegalMoves()[0])
		_ = st.Store(g, match.ModeTwoPlayers, match.Easy, 0)
		_ = st.Flush()
	}
	if r, err := st.Recover(); r != nil || err != nil {
		t.Fatalf("a good saved game: %v %v", r, err)
	}
	garble := func(name string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(`{"v":1,"game":"beat`), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	garble(SaveFileOf("beat-the-wolf"))
	r, err := st.Recover()
	if r == nil || !r.Restored || r.Group != GroupSavedGame || err == nil {
		t.Fatalf("the newest copy damaged: %+v %v", r, err)
	}
	if got, err := st.Load(); err != nil || got.Game.Len() != 1 {
		t.Fatalf("the previous copy is on offer: %v", err)
	}
	garble(PrevSaveFileOf("beat-the-wolf"))
	r, err = st.Recover()
	if r == nil || r.Restored || err == nil {
		t.Fatalf("every copy damaged: %+v %v", r, err)
	}
	if _, err := st.Load(); err != ErrNoSave {
		t.Fatalf("every copy damaged: cleared, yet %v", err)
	}
}

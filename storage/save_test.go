package storage

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"huntchess/ai"
	"huntchess/core"
	"huntchess/internal/testkit"
	"huntchess/match"
)

// Saves are written in order off the caller's goroutine: after a burst, the
// file holds the newest, its previous copy an older good one, and no
// temporary file is left.
func TestStoreWritesInOrder(t *testing.T) {
	dir := t.TempDir()
	st := OpenSaves(dir, testkit.NewMemPrefs()).Of("surround-the-lion")
	g, _ := core.NewGame("surround-the-lion")
	for i := 0; i < 20; i++ {
		moves := g.LegalMoves()
		if len(moves) == 0 {
			break
		}
		if err := g.PlayMove(moves[0]); err != nil {
			t.Fatal(err)
		}
		if g.Outcome().Over() {
			g.Undo()
			break
		}
		if err := st.Store(g, match.ModeTwoPlayers, match.Easy, 0); err != nil {
			t.Fatal(err)
		}
		if i == 0 {
			_ = st.Flush() // the first one on disk: the burst replaces it
		}
	}
	if err := st.Flush(); err != nil {
		t.Fatal(err)
	}
	got, err := OpenSaves(dir, testkit.NewMemPrefs()).Of("surround-the-lion").Load() // another store on the same folder
	if err != nil || got.Game.Record() != g.Record() {
		t.Fatalf("newest save: %v %v, want %q", got, err, g.Record())
	}
	raw, err := os.ReadFile(filepath.Join(dir, PrevSaveFileOf("surround-the-lion")))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := DecodeSaved(raw); err != nil {
		t.Fatalf("the previous copy is good: %v", err)
	}
	entries, _ := os.ReadDir(dir)
	if len(entries) != 2 {
		t.Fatalf("files %v, want the save and its previous copy", entries)
	}
}

// BenchmarkSaveOnUIGoroutine is what a save costs the UI goroutine after a
// move (the record and its JSON, handed to the writer); BenchmarkSaveWritten
// is the whole save, written and synced (on the writer's goroutine).
func BenchmarkSaveOnUIGoroutine(b *testing.B) {
	st := OpenSaves(b.TempDir(), testkit.NewMemPrefs()).Of("beat-the-wolf")
	g := longGame(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = st.Store(g, match.ModeTwoPlayers, match.Master, int64(i%60_000))
	}
	b.StopTimer()
	_ = st.Flush()
}

func BenchmarkSaveWritten(b *testing.B) {
	st := OpenSaves(b.TempDir(), testkit.NewMemPrefs()).Of("beat-the-wolf")
	g := longGame(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		_ = st.Store(g, match.ModeTwoPlayers, match.Master, int64(i%60_000))
		_ = st.Flush()
	}
}

// longGame is a game of Beat the Wolf 120 plies long (or to its end).
func longGame(b *testing.B) *core.Game {
	g, _ := core.NewGame("beat-the-wolf")
	for g.Len() < 120 && !g.Outcome().Over() {
		res := ai.Search(context.Background(), g.Position(), ai.Limits{Depth: 1, History: g.History(), Seed: int64(g.Len())})
		if g.PlayMove(res.Move) != nil {
			break
		}
	}
	b.Logf("a game of %d plies", g.Len())
	return g
}

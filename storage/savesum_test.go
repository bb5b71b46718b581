package storage

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"huntchess/core"
	"huntchess/internal/testkit"
	"huntchess/match"
)

// A save garbled into other legal moves (or into a shorter game) fails its
// checksum, and the previous copy is offered; a save without a checksum
// (an older version's) is read as before.
func TestGarbledSaveFallsBackToPrevious(t *testing.T) {
	dir := t.TempDir()
	st := OpenSaves(dir, testkit.NewMemPrefs()).Of("beat-the-wolf")
	g := core.NewGameFrom(core.Games()[0].Start())
	var records []string
	for i := 0; i < 3; i++ {
		if err := g.PlayMove(g.LegalMoves()[0]); err != nil {
			t.Fatal(err)
		}
		records = append(records, g.Record())
		if err := st.Store(g, match.ModeTwoPlayers, match.Easy, 0); err != nil {
			t.Fatal(err)
		}
		if err := st.Flush(); err != nil {
			t.Fatal(err)
		}
	}
	path := filepath.Join(dir, SaveFileOf("beat-the-wolf"))
	raw, _ := os.ReadFile(path)
	// The last move of the record replaced by another legal one.
	h := core.NewGameFrom(core.Games()[0].Start())
	moves := g.Moves()
	for _, m := range moves[:len(moves)-1] {
		_ = h.PlayMove(m)
	}
	var other core.Move
	for _, m := range h.LegalMoves() {
		if m != moves[len(moves)-1] {
			other = m
		}
	}
	_ = h.PlayMove(other)
	garbled := bytes.Replace(raw, []byte(g.Record()), []byte(h.Record()), 1)
	if bytes.Equal(garbled, raw) {
		t.Fatal("the record was not found in the file")
	}
	if err := os.WriteFile(path, garbled, 0o600); err != nil {
		t.Fatal(err)
	}
	r, err := st.Load()
	if err != nil || r.Game.Record() != records[1] {
		t.Fatalf("got %v %v, want the previous copy %q", r, err, records[1])
	}
	old := `{"v":1,"game":"beat-the-wolf","mode":"two-players","level":"easy","record":"` + records[0] + `"}`
	if r, err := DecodeSaved([]byte(old)); err != nil || r.Game.Record() != records[0] {
		t.Fatalf("a save without a checksum: %v %v", r, err)
	}
}

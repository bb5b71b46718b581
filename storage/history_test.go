package storage

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"huntchess/core"
	"huntchess/internal/testkit"
	"huntchess/match"
)

// finishedGame plays the first legal move until game id ends (or resigns
// the side to move after max plies).
func finishedGame(t *testing.T, id string, max int) *core.Game {
	t.Helper()
	g, err := core.NewGame(id)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i < max && !g.Outcome().Over(); i++ {
		if err := g.PlayMove(g.LegalMoves()[0]); err != nil {
			t.Fatal(err)
		}
	}
	if !g.Outcome().Over() {
		if err := g.Resign(g.ToMove()); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// A finished game is kept with its result and replays to the same end; the
// history keeps the newest HistoryLimit games, newest first, across a
// reopening, and a damaged file is read from its previous copy.
func TestHistoryKeepsFinishedGames(t *testing.T) {
	dir := t.TempDir()
	h := OpenHistory(dir, testkit.NewMemPrefs())
	g := finishedGame(t, "beat-the-wolf", 12)
	when := time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC)
	f, ok := FinishedOf(g, match.ModeVsAIAsPrey, match.Hard, when)
	if !ok {
		t.Fatal("a finished game has an entry")
	}
	if f.Reason != "resigned" || f.Result != ResultPrey { // the wolf, to move after 12 plies
		t.Fatalf("the wolf resigned: %+v", f)
	}
	for i := 0; i < HistoryLimit+5; i++ {
		e := f
		e.When = when.Add(time.Duration(i) * time.Minute)
		h.Add(e)
	}
	if err := h.Flush(); err != nil {
		t.Fatal(err)
	}
	h2 := OpenHistory(dir, testkit.NewMemPrefs())
	games := h2.Games()
	if len(games) != HistoryLimit {
		t.Fatalf("%d games kept, want %d", len(games), HistoryLimit)
	}
	if !games[0].When.Equal(when.Add(time.Duration(HistoryLimit+4) * time.Minute)) {
		t.Fatalf("newest first: %v", games[0].When)
	}
	r, err := games[0].Replay()
	if err != nil {
		t.Fatal(err)
	}
	if r.Record() != g.Record() || r.Outcome() != g.Outcome() {
		t.Fatalf("replayed %q %v, want %q %v", r.Record(), r.Outcome(), g.Record(), g.Outcome())
	}
	// Another game, then a damaged file: the previous copy (before it) is read.
	h2.Add(f)
	_ = h2.Flush()
	if err := os.WriteFile(filepath.Join(dir, HistoryFile), []byte("{garbage"), 0o644); err != nil {
		t.Fatal(err)
	}
	if n := OpenHistory(dir, testkit.NewMemPrefs()).Len(); n != HistoryLimit {
		t.Fatalf("from the previous copy: %d games", n)
	}
}

// Damaged entries are dropped, the others kept.
func TestHistoryDropsBadEntries(t *testing.T) {
	g := finishedGame(t, "surround-the-lion", 400)
	f, _ := FinishedOf(g, match.ModeTwoPlayers, match.Easy, time.Now())
	bad := f
	bad.Record = "a1-z9"
	worse := f
	worse.Result = ResultDraw
	if worse.Result == f.Result {
		worse.Result = ResultPrey
	}
	p := testkit.NewMemPrefs()
	h := OpenHistory("", p)
	for _, e := range []Finished{f, bad, worse} {
		h.Add(e)
	}
	if n := OpenHistory("", p).Len(); n != 1 {
		t.Fatalf("%d games kept, want the 1 good one", n)
	}
}

// The new settings keep their defaults and read back what is saved.
func TestSettingsStylesAndConfirm(t *testing.T) {
	p := testkit.NewMemPrefs()
	s := LoadSettings(p)
	if s.BoardStyle != BoardWood || s.PieceStyle != PiecesCharacters || s.ConfirmMoves {
		t.Fatalf("defaults %+v", s)
	}
	s.BoardStyle, s.PieceStyle, s.ConfirmMoves = BoardPaper, PiecesShapes, true
	s.Save(p)
	if got := LoadSettings(p); got != s {
		t.Fatalf("read back %+v, want %+v", got, s)
	}
	p.SetString(KeyBoardStyle, "marble")
	if got := LoadSettings(p); got.BoardStyle != BoardWood {
		t.Fatalf("an unknown board style reads as the default: %q", got.BoardStyle)
	}
}

// A damaged history file is said: restored from its previous copy, or
// cleared when no copy is good.
func TestHistoryRecoverySaid(t *testing.T) {
	dir := t.TempDir()
	h := OpenHistory(dir, testkit.NewMemPrefs())
	g, _ := core.NewGame("surround-the-lion")
	_ = g.PlayMove(g.LegalMoves()[0])
	_ = g.Resign(core.Prey)
	f, ok := FinishedOf(g, match.ModeTwoPlayers, match.Easy, time.Unix(1_700_000_000, 0))
	if !ok {
		t.Fatal("a finished game")
	}
	h.Add(f)
	_ = h.Flush()
	h.Add(f)
	_ = h.Flush()
	if len(OpenHistory(dir, testkit.NewMemPrefs()).Recoveries()) != 0 {
		t.Fatal("all well: nothing said")
	}
	path := filepath.Join(dir, HistoryFile)
	raw, _ := os.ReadFile(path)
	_ = os.WriteFile(path, raw[:len(raw)/2], 0o644)
	r := OpenHistory(dir, testkit.NewMemPrefs())
	if got := r.Recoveries(); len(got) != 1 || got[0] != (Recovery{Group: GroupHistory, Restored: true}) || len(r.Games()) != 1 {
		t.Fatalf("restored: %+v, %d games", got, len(r.Games()))
	}
	_ = os.WriteFile(filepath.Join(dir, PrevHistoryFile), []byte("{"), 0o644)
	if got := OpenHistory(dir, testkit.NewMemPrefs()).Recoveries(); len(got) != 1 || got[0].Restored {
		t.Fatalf("cleared: %+v", got)
	}
}

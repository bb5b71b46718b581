package storage

import (
	"os"
	"path/filepath"
	"sort"
	"testing"
	"time"

	"huntchess/core"
	"huntchess/internal/testkit"
	"huntchess/match"
)

// played is a game of key with n moves played (the first legal each time).
func played(t *testing.T, key string, n int) *core.Game {
	t.Helper()
	g, err := core.NewGame(key)
	if err != nil {
		t.Fatal(err)
	}
	for range n {
		if err := g.PlayMove(g.LegalMoves()[0]); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// clockFrom is a clock that gives t0, then a second later each time.
func clockFrom(t0 time.Time) func() time.Time {
	return func() time.Time { t0 = t0.Add(time.Second); return t0 }
}

// Each game keeps its own unfinished game: storing one leaves the others',
// clearing one leaves the others', and Unfinished lists them newest first;
// in a folder and in the preferences alike.
func TestEachGameKeepsItsUnfinishedGame(t *testing.T) {
	for _, where := range []string{"folder", "preferences"} {
		t.Run(where, func(t *testing.T) {
			dir := ""
			if where == "folder" {
				dir = t.TempDir()
			}
			prefs := testkit.NewMemPrefs()
			s := OpenSaves(dir, prefs)
			s.SetClock(clockFrom(time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)))
			wolf, lion, deer := played(t, "beat-the-wolf", 3), played(t, "surround-the-lion", 2), played(t, "deer-chess", 4)
			for _, g := range []*core.Game{wolf, lion, deer} {
				if err := s.Of(g.Info().Key).Store(g, match.ModeVsAIAsPrey, match.Hard, 0); err != nil {
					t.Fatal(err)
				}
			}
			_ = s.Flush() // on disk: the next save of the wolf keeps it as the previous copy
			if err := s.Of("beat-the-wolf").Store(lion, match.ModeTwoPlayers, match.Easy, 0); err == nil {
				t.Fatal("a game of Surround the Lion stored as Beat the Wolf's")
			}
			if err := s.Of("beat-the-wolf").Store(wolf, match.ModeVsAIAsPrey, match.Hard, 0); err != nil { // the same again: not written
				t.Fatal(err)
			}
			if err := wolf.PlayMove(wolf.LegalMoves()[0]); err != nil {
				t.Fatal(err)
			}
			if err := s.Of("beat-the-wolf").Store(wolf, match.ModeVsAIAsPrey, match.Hard, 0); err != nil { // the newest now
				t.Fatal(err)
			}
			s.Of("deer-chess").Clear()
			if err := s.Flush(); err != nil {
				t.Fatal(err)
			}
			again := OpenSaves(dir, prefs)
			var got []string
			for _, u := range again.Unfinished() {
				got = append(got, u.Key+" "+u.Game.Record())
				if u.Game.Info().Key != u.Key || u.Mode != match.ModeVsAIAsPrey || u.Level != match.Hard || u.Saved.IsZero() {
					t.Errorf("%s read as %+v", u.Key, u.Resumable)
				}
			}
			want := []string{"beat-the-wolf " + wolf.Record(), "surround-the-lion " + lion.Record()}
			if len(got) != 2 || got[0] != want[0] || got[1] != want[1] {
				t.Fatalf("unfinished %q, want %q", got, want)
			}
			if l, ok := again.Latest(); !ok || l.Key != "beat-the-wolf" {
				t.Fatalf("latest %v %v", l.Key, ok)
			}
			if _, err := again.Of("deer-chess").Load(); err != ErrNoSave {
				t.Fatalf("the cleared game: %v", err)
			}
			if dir != "" {
				var names []string
				ents, _ := os.ReadDir(dir)
				for _, e := range ents {
					names = append(names, e.Name())
				}
				sort.Strings(names)
				wantNames := []string{PrevSaveFileOf("beat-the-wolf"), SaveFileOf("beat-the-wolf"), SaveFileOf("surround-the-lion")}
				sort.Strings(wantNames)
				if len(names) != 3 || names[0] != wantNames[0] || names[1] != wantNames[1] || names[2] != wantNames[2] {
					t.Fatalf("files %q, want %q", names, wantNames)
				}
			}
		})
	}
}

// A game's file holding another game's (a file copied by hand, or damage
// that still reads) is damaged for that game, not offered as it.
func TestSavedGameOfAnotherGameIsDamage(t *testing.T) {
	dir := t.TempDir()
	s := OpenSaves(dir, testkit.NewMemPrefs())
	lion := played(t, "surround-the-lion", 2)
	_ = s.Of("surround-the-lion").Store(lion, match.ModeTwoPlayers, match.Easy, 0)
	_ = s.Flush()
	raw, _ := os.ReadFile(filepath.Join(dir, SaveFileOf("surround-the-lion")))
	if err := os.WriteFile(filepath.Join(dir, SaveFileOf("deer-chess")), raw, 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Of("deer-chess").Load(); err == nil || err == ErrNoSave {
		t.Fatalf("the deer's file with the lion's game: %v", err)
	}
	rec := s.Recover()
	if len(rec) != 1 || rec[0].Game != "deer-chess" || rec[0].Restored || rec[0].Group != GroupSavedGame {
		t.Fatalf("recovered %+v", rec)
	}
}

// legacy writes the older versions' one saved game: its file (cur) and
// previous copy (prev), "" for none.
func legacy(t *testing.T, dir, cur, prev string) {
	t.Helper()
	for name, raw := range map[string]string{LegacySaveFile: cur, LegacyPrevSaveFile: prev} {
		if raw == "" {
			continue
		}
		if err := os.WriteFile(filepath.Join(dir, name), []byte(raw), 0o600); err != nil {
			t.Fatal(err)
		}
	}
}

// encoded is g's saved game as an older version wrote it (no time).
func encoded(t *testing.T, g *core.Game) string {
	t.Helper()
	b, err := encodeSaved(g, match.ModeVsAIAsPredator, match.Medium, 0, 0)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// The one saved game of an older version, with its previous copy, becomes
// its game's, and the old files go; killed after any step of that (a
// SIGKILL stops it there), the next start finds the same game and finishes
// the work: nothing lost, nothing left behind.
func TestMigrateOneSavedGame(t *testing.T) {
	g := played(t, "wolf-carries-pig", 5)
	before := played(t, "wolf-carries-pig", 4)
	var steps []string
	migrateStep = func(s string) bool { steps = append(steps, s); return true }
	dir := t.TempDir()
	legacy(t, dir, encoded(t, g), encoded(t, before))
	s := OpenSaves(dir, testkit.NewMemPrefs())
	migrateStep = nil
	t.Logf("steps: %q", steps)
	if len(steps) < 3 {
		t.Fatalf("steps %q", steps)
	}
	check := func(s *Saves, what string) {
		t.Helper()
		r, err := s.Of("wolf-carries-pig").Load()
		if err != nil || r.Game.Record() != g.Record() || r.Mode != match.ModeVsAIAsPredator || r.Level != match.Medium {
			t.Fatalf("%s: %v %v", what, r, err)
		}
		for _, name := range []string{LegacySaveFile, LegacyPrevSaveFile} {
			if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
				t.Fatalf("%s: %s left", what, name)
			}
		}
		if rec := s.Recover(); len(rec) != 0 {
			t.Fatalf("%s: recovered %+v", what, rec)
		}
	}
	prevKept := func(what string) {
		t.Helper()
		if raw, err := os.ReadFile(filepath.Join(dir, PrevSaveFileOf("wolf-carries-pig"))); err != nil || string(raw) != encoded(t, before) {
			t.Fatalf("%s: the previous copy: %v", what, err)
		}
	}
	check(s, "migrated")
	prevKept("migrated")
	defer func() { migrateStep = nil }()
	for k := range steps {
		dir = t.TempDir()
		legacy(t, dir, encoded(t, g), encoded(t, before))
		n := 0
		migrateStep = func(string) bool { n++; return n <= k } // killed after step k
		OpenSaves(dir, testkit.NewMemPrefs())
		migrateStep = nil
		check(OpenSaves(dir, testkit.NewMemPrefs()), "killed after "+steps[k])
		prevKept("killed after " + steps[k])
	}
}

// A game with a good copy of its own keeps it: the older file is the same
// game or older (the new version writes only after the migration).
func TestMigrateKeepsNewerOwnCopy(t *testing.T) {
	dir := t.TempDir()
	own, old := played(t, "beat-the-wolf", 6), played(t, "beat-the-wolf", 2)
	s := OpenSaves(dir, testkit.NewMemPrefs())
	_ = s.Of("beat-the-wolf").Store(own, match.ModeTwoPlayers, match.Easy, 0)
	_ = s.Flush()
	legacy(t, dir, encoded(t, old), "")
	r, err := OpenSaves(dir, testkit.NewMemPrefs()).Of("beat-the-wolf").Load()
	if err != nil || r.Game.Record() != own.Record() {
		t.Fatalf("%v %v, want the game's own copy", r, err)
	}
	if _, err := os.Stat(filepath.Join(dir, LegacySaveFile)); err == nil {
		t.Fatal("the old file stays")
	}
}

// A damaged old file is passed over for its good previous copy, and said;
// with every old copy damaged the game is gone, and that is said too.
func TestMigrateDamagedOneSavedGame(t *testing.T) {
	g := played(t, "deer-chess", 3)
	dir := t.TempDir()
	legacy(t, dir, `{"v":1,"game":"deer`, encoded(t, g))
	s := OpenSaves(dir, testkit.NewMemPrefs())
	if r, err := s.Of("deer-chess").Load(); err != nil || r.Game.Record() != g.Record() {
		t.Fatalf("the good previous copy: %v %v", r, err)
	}
	rec := s.Recover()
	if len(rec) != 1 || !rec[0].Restored || rec[0].Game != "deer-chess" || rec[0].Err == nil {
		t.Fatalf("recovered %+v", rec)
	}
	if rec := s.Recover(); len(rec) != 0 {
		t.Fatalf("said twice: %+v", rec)
	}
	dir = t.TempDir()
	legacy(t, dir, `{"v":1,"game":"deer`, `{`)
	s = OpenSaves(dir, testkit.NewMemPrefs())
	if len(s.Unfinished()) != 0 {
		t.Fatal("a game from damaged files")
	}
	if rec := s.Recover(); len(rec) != 1 || rec[0].Restored || rec[0].Err == nil {
		t.Fatalf("recovered %+v", rec)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 0 {
		t.Fatalf("left %v", ents)
	}
}

// The preference of the oldest versions becomes its game's file (or, in
// the browser, its game's preference), and is removed.
func TestMigrateSavedGamePreference(t *testing.T) {
	g := played(t, "surround-the-lion", 3)
	for _, where := range []string{"folder", "preferences"} {
		dir := ""
		if where == "folder" {
			dir = t.TempDir()
		}
		prefs := testkit.NewMemPrefs()
		prefs.SetString(KeySavedGame, encoded(t, g))
		s := OpenSaves(dir, prefs)
		if r, err := s.Of("surround-the-lion").Load(); err != nil || r.Game.Record() != g.Record() {
			t.Fatalf("%s: %v %v", where, r, err)
		}
		if prefs.StringWithFallback(KeySavedGame, "") != "" {
			t.Fatalf("%s: the preference stays", where)
		}
		if r, err := OpenSaves(dir, prefs).Of("surround-the-lion").Load(); err != nil || r.Game.Record() != g.Record() {
			t.Fatalf("%s, opened again: %v %v", where, r, err)
		}
	}
}

package storage

import (
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"huntchess/internal/testkit"
)

// A vault over a base that has values and no files yet (an older version)
// takes them over silently and writes its files.
func TestVaultTakesOverBase(t *testing.T) {
	dir := t.TempDir()
	base := testkit.NewMemPrefs()
	base.SetString(KeyLanguage, "zh-Hans")
	base.SetInt(KeyTimer, 30)
	base.SetString(KeyStats, `{"beat-the-wolf/predator/easy":{"played":1,"won":1}}`)
	vt := OpenVault(dir, base)
	if len(vt.Recoveries()) != 0 {
		t.Fatalf("nothing was damaged: %+v", vt.Recoveries())
	}
	vt.Flush()
	if LoadSettings(vt).Language != "zh-Hans" || LoadSettings(vt).Timer != 30 {
		t.Fatalf("settings taken over: %+v", LoadSettings(vt))
	}
	for _, g := range []string{GroupSettings, GroupStats} {
		if _, err := os.Stat(filepath.Join(dir, VaultFile(g))); err != nil {
			t.Fatalf("%s written: %v", g, err)
		}
	}
	// The base loses everything (Fyne starts afresh on a truncated
	// preferences file): the vault keeps it, and says nothing.
	again := OpenVault(dir, testkit.NewMemPrefs())
	defer again.Flush()
	if len(again.Recoveries()) != 0 || LoadSettings(again).Language != "zh-Hans" ||
		LoadStats(again)["beat-the-wolf/predator/easy"].Won != 1 {
		t.Fatalf("after the base was lost: %+v %+v %+v", again.Recoveries(), LoadSettings(again), LoadStats(again))
	}
}

// A garbled file is read from its previous copy, and said so; both copies
// garbled, from the base; nothing anywhere, the defaults — and said so.
func TestVaultRecovers(t *testing.T) {
	dir := t.TempDir()
	vt := OpenVault(dir, testkit.NewMemPrefs())
	st := Stats{}
	st.Add("deer-chess/prey/hard", true, false)
	st.Save(vt)
	vt.Flush()
	st.Add("deer-chess/prey/hard", false, true)
	st.Save(vt)
	vt.Flush()
	path := filepath.Join(dir, VaultFile(GroupStats))
	garble(t, path, 40)

	base := testkit.NewMemPrefs()
	r := OpenVault(dir, base)
	if got := r.Recoveries(); len(got) != 1 || got[0] != (Recovery{Group: GroupStats, Restored: true}) {
		t.Fatalf("recoveries %+v, want statistics restored", got)
	}
	if l := LoadStats(r)["deer-chess/prey/hard"]; l.Played != 1 || l.Won != 1 {
		t.Fatalf("the previous copy: %+v", l)
	}
	r.Flush()
	if again := OpenVault(dir, base); len(again.Recoveries()) != 0 {
		t.Fatalf("said once: the next start finds all well, %+v", again.Recoveries())
	}

	// The vault never wrote through to the base (Fyne writes its file in
	// place: a kill or its own reload can tear it).
	if s := base.StringWithFallback(KeyStats, ""); s != "" {
		t.Fatalf("the vault wrote to Fyne's preferences: %q", s)
	}
	// Both copies garbled: the base's copy (an older version's values) is
	// used where it holds the group.
	base.SetString(KeyStats, `{"deer-chess/prey/hard":{"played":1,"won":1}}`)
	garble(t, path, 10)
	garble(t, filepath.Join(dir, group2prev(GroupStats)), 10)
	r = OpenVault(dir, base)
	if got := r.Recoveries(); len(got) != 1 || got[0] != (Recovery{Group: GroupStats, Restored: true}) || LoadStats(r)["deer-chess/prey/hard"].Played != 1 {
		t.Fatalf("from the base: %+v %+v", got, LoadStats(r))
	}
	r.Flush()
	// And with no copy anywhere: reset, said so.
	garble(t, path, 20)
	garble(t, filepath.Join(dir, group2prev(GroupStats)), 20)
	r = OpenVault(dir, testkit.NewMemPrefs())
	if got := r.Recoveries(); len(got) != 1 || got[0] != (Recovery{Group: GroupStats, Restored: false}) || len(LoadStats(r)) != 0 {
		t.Fatalf("reset: %+v %+v", got, LoadStats(r))
	}
	r.Flush()
}

// Files truncated or garbled at random offsets never take another group
// with them, and every damaged group is either restored or said reset.
func TestVaultRandomDamage(t *testing.T) {
	rng := rand.New(rand.NewSource(3))
	for i := 0; i < 60; i++ {
		dir := t.TempDir()
		vt := OpenVault(dir, testkit.NewMemPrefs())
		s := DefaultSettings()
		s.Language, s.Timer = "en", 90
		s.Save(vt)
		vt.SetString(KeyLessons, "beat-the-wolf/1")
		Stats{"lion/predator/easy": {Played: 2, Won: 2}}.Save(vt)
		vt.Flush()
		s.Timer = 120
		s.Save(vt)
		vt.Flush()
		victim := Groups[rng.Intn(len(Groups))]
		path := filepath.Join(dir, VaultFile(victim))
		raw, _ := os.ReadFile(path)
		if rng.Intn(2) == 0 {
			_ = os.WriteFile(path, raw[:rng.Intn(len(raw))], 0o644)
		} else {
			raw[rng.Intn(len(raw))] ^= byte(1 + rng.Intn(255))
			_ = os.WriteFile(path, raw, 0o644)
		}
		r := OpenVault(dir, testkit.NewMemPrefs())
		defer r.Flush()
		rec := r.Recoveries()
		if len(rec) > 1 || (len(rec) == 1 && rec[0].Group != victim) {
			t.Fatalf("case %d: damage to %s reported as %+v", i, victim, rec)
		}
		if victim != GroupSettings && LoadSettings(r).Timer != 120 ||
			victim != GroupProgress && r.StringWithFallback(KeyLessons, "") != "beat-the-wolf/1" ||
			victim != GroupStats && LoadStats(r)["lion/predator/easy"].Won != 2 {
			t.Fatalf("case %d: damage to %s took another group with it", i, victim)
		}
		if len(rec) == 1 && !rec[0].Restored && victim != GroupSettings {
			// Progress and statistics were written once: no previous copy.
			continue
		}
		if victim == GroupSettings && len(rec) == 1 && (!rec[0].Restored || LoadSettings(r).Timer != 90) {
			t.Fatalf("case %d: settings restored from the previous copy: %+v %+v", i, rec, LoadSettings(r))
		}
	}
}

// garble flips a byte at offset (from the end, past the file's size: the middle).
func garble(t *testing.T, path string, offset int) {
	t.Helper()
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	i := len(raw) - offset
	if i < 0 {
		i = len(raw) / 2
	}
	raw[i] ^= 0x5a
	if err := os.WriteFile(path, raw, 0o644); err != nil {
		t.Fatal(err)
	}
}

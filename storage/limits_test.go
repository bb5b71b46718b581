package storage

import (
	"path/filepath"
	"strings"
	"testing"

	"huntchess/core"
	"huntchess/internal/testkit"
	"huntchess/match"
)

// The guards of limits.go: a stored file that claims a huge size is read as
// a damaged copy, with an error that says so, having allocated little
// (measured with runtime.MemStats.TotalAlloc, with slack: never anything
// near the claim), and nothing else is lost.

// A saved game of 1 TiB is read as a damaged copy, with an error that says
// so, without reading it: the previous copy is offered.
func TestHugeSavedGameRefused(t *testing.T) {
	dir := t.TempDir()
	st := OpenSaves(dir, testkit.NewMemPrefs()).Of("deer-chess")
	g, _ := core.NewGame("deer-chess")
	for range 2 {
		_ = g.PlayMove(g.LegalMoves()[0])
		_ = st.Store(g, match.ModeTwoPlayers, match.Easy, 0)
		_ = st.Flush()
	}
	testkit.Huge(t, filepath.Join(dir, SaveFileOf("deer-chess")))
	var r *Recovery
	var err error
	if n := testkit.Allocated(func() { r, err = st.Recover() }); n > 1<<20 {
		t.Errorf("%d bytes allocated", n)
	}
	if r == nil || !r.Restored || err == nil || !strings.Contains(err.Error(), "more than such a file holds") {
		t.Fatalf("recovery %+v, %v", r, err)
	}
	if got, err := st.Load(); err != nil || got.Game.Len() != 1 {
		t.Fatalf("the previous copy is not on offer: %v", err)
	}
	// Saving again replaces the huge file (it is not kept as the
	// previous copy: it is not a good one).
	_ = g.PlayMove(g.LegalMoves()[0])
	_ = st.Store(g, match.ModeTwoPlayers, match.Easy, 0)
	if err := st.Flush(); err != nil {
		t.Fatal(err)
	}
	if got, err := st.Load(); err != nil || got.Game.Len() != 3 {
		t.Fatalf("after a save: %v", err)
	}
}

// A settings file of 1 TiB is read from its previous copy, and a history
// of 1 TiB likewise, each said in its recovery; the other groups are as
// they were.
func TestHugeVaultAndHistoryRefused(t *testing.T) {
	dir := t.TempDir()
	vt := OpenVault(dir, testkit.NewMemPrefs())
	vt.SetInt(KeyTimer, 30)
	vt.Flush()
	vt.SetInt(KeyTimer, 90)
	st := Stats{}
	st.Add("deer-chess/prey/hard", true, false)
	st.Save(vt)
	vt.Flush()
	h := OpenHistory(dir, testkit.NewMemPrefs())
	for i := range 2 {
		f, _ := FinishedOf(finishedGame(t, "deer-chess", 10+i), match.ModeTwoPlayers, match.Easy, timeOf(i))
		h.Add(f)
		if err := h.Flush(); err != nil {
			t.Fatal(err)
		}
	}
	testkit.Huge(t, filepath.Join(dir, VaultFile(GroupSettings)))
	testkit.Huge(t, filepath.Join(dir, HistoryFile))
	var again *Vault
	var h2 *History
	if n := testkit.Allocated(func() { again = OpenVault(dir, testkit.NewMemPrefs()); h2 = OpenHistory(dir, testkit.NewMemPrefs()) }); n > 4<<20 {
		t.Errorf("%d bytes allocated", n)
	}
	again.Flush()
	if got := again.Recoveries(); len(got) != 1 || got[0] != (Recovery{Group: GroupSettings, Restored: true}) {
		t.Fatalf("recoveries %+v", got)
	}
	if got := LoadSettings(again).Timer; got != 30 {
		t.Fatalf("timer %d, want the previous copy's 30", got)
	}
	if got := LoadStats(again); got["deer-chess/prey/hard"].Won != 1 {
		t.Fatalf("statistics %v", got)
	}
	if got := h2.Recoveries(); len(got) != 1 || !got[0].Restored || h2.Len() != 1 {
		t.Fatalf("history recoveries %+v, %d games", got, h2.Len())
	}
}

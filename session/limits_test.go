package session

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"huntchess/ai"
	"huntchess/core"
)

// The guards of limits.go: a file or reply that claims a huge size is
// refused with an error that says so, having allocated little (measured
// with runtime.MemStats.TotalAlloc, with slack: never anything near the
// claim), and nothing else is lost.

// allocated is the bytes f allocates.
func allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// huge makes path a file of 1 TiB (sparse: no disk is used), as a damaged
// file system may show one.
func huge(t *testing.T, path string) {
	t.Helper()
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if err := f.Truncate(1 << 40); err != nil {
		t.Skipf("no sparse file of 1 TiB here: %v", err)
	}
}

// A saved game of 1 TiB is read as a damaged copy, with an error that says
// so, without reading it: the previous copy is offered.
func TestHugeSavedGameRefused(t *testing.T) {
	dir := t.TempDir()
	st := NewStore(dir, newMemPrefs())
	g, _ := core.NewGame("deer-chess")
	for range 2 {
		_ = g.PlayMove(g.LegalMoves()[0])
		_ = st.Store(g, ModeTwoPlayers, ai.Easy, 0)
		_ = st.Flush()
	}
	huge(t, filepath.Join(dir, SaveFile))
	var r *Recovery
	var err error
	if n := allocated(func() { r, err = st.Recover() }); n > 1<<20 {
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
	_ = st.Store(g, ModeTwoPlayers, ai.Easy, 0)
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
	vt := OpenVault(dir, newMemPrefs())
	vt.SetInt(KeyTimer, 30)
	vt.Flush()
	vt.SetInt(KeyTimer, 90)
	st := Stats{}
	st.Add("deer-chess/prey/hard", true, false)
	st.Save(vt)
	vt.Flush()
	h := OpenHistory(dir, newMemPrefs())
	for i := range 2 {
		f, _ := FinishedOf(finishedGame(t, "deer-chess", 10+i), ModeTwoPlayers, ai.Easy, timeOf(i))
		h.Add(f)
		if err := h.Flush(); err != nil {
			t.Fatal(err)
		}
	}
	huge(t, filepath.Join(dir, VaultFile(GroupSettings)))
	huge(t, filepath.Join(dir, HistoryFile))
	var again *Vault
	var h2 *History
	if n := allocated(func() { again = OpenVault(dir, newMemPrefs()); h2 = OpenHistory(dir, newMemPrefs()) }); n > 4<<20 {
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

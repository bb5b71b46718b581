package storage

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"syscall"
	"testing"

	"huntchess/internal/testkit"
	"huntchess/match"
)

// A save on a full disk (a real tmpfs, filled) is never silent: the write
// fails with ENOSPC, the failure is kept (Failures) and told once
// (OnWriteStatus) however many saves fail, the previous good copy stays on
// disk and on offer, no temporary file is left; the next save that is
// written, once there is room, clears it and is told too, and has the
// other files whose last write failed (a setting changed meanwhile) written
// again.
func TestFullDiskSaveFailsLoudly(t *testing.T) {
	dir, ok := testkit.SmallDisk(t, 64<<10)
	if !ok {
		return
	}
	var told atomic.Int32
	stop := OnWriteStatus(func() { told.Add(1) })
	defer stop()
	prefs := testkit.NewMemPrefs()
	vt := OpenVault(dir, prefs)
	s := OpenSaves(dir, prefs)
	st := s.Of("deer-chess")
	g := played(t, "deer-chess", 1)
	if err := st.Store(g, match.ModeTwoPlayers, match.Easy, 0); err != nil {
		t.Fatal(err)
	}
	if err := s.Flush(); err != nil {
		t.Fatalf("with room: %v", err)
	}
	good := g.Record()

	filler := testkit.Fill(t, dir)
	for i := range 3 { // three moves, three failed saves: told once
		if err := g.PlayMove(g.LegalMoves()[0]); err != nil {
			t.Fatal(err)
		}
		if err := st.Store(g, match.ModeTwoPlayers, match.Easy, 0); err != nil {
			t.Fatal(err)
		}
		err := st.Flush()
		t.Logf("save %d on the full disk: %v", i+1, err)
		if !errors.Is(err, syscall.ENOSPC) {
			t.Fatalf("save %d on a full disk: %v, want ENOSPC", i+1, err)
		}
	}
	vt.SetInt(KeyTimer, 90) // a setting changed on the full disk
	vt.Flush()
	f := Failures(dir)
	if len(f) != 2 || f[0].Path != filepath.Join(dir, SaveFileOf("deer-chess")) || !errors.Is(f[0].Err, syscall.ENOSPC) ||
		f[1].Path != filepath.Join(dir, VaultFile(GroupSettings)) || !errors.Is(f[1].Err, syscall.ENOSPC) {
		t.Fatalf("failures %+v", f)
	}
	if n := told.Load(); n != 1 {
		t.Fatalf("told %d times, want once", n)
	}
	if f := Failures(t.TempDir()); len(f) != 0 {
		t.Fatalf("failures in another folder: %+v", f)
	}
	if r, err := OpenSaves(dir, testkit.NewMemPrefs()).Of("deer-chess").Load(); err != nil || r.Game.Record() != good {
		t.Fatalf("on offer: %v %v, want the last good save %q", r, err, good)
	}
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if strings.Contains(e.Name(), ".tmp-") {
			t.Errorf("a temporary file left: %s", e.Name())
		}
	}

	if err := os.Remove(filler); err != nil {
		t.Fatal(err)
	}
	if err := g.PlayMove(g.LegalMoves()[0]); err != nil {
		t.Fatal(err)
	}
	if err := st.Store(g, match.ModeTwoPlayers, match.Easy, 0); err != nil {
		t.Fatal(err)
	}
	if err := st.Flush(); err != nil {
		t.Fatalf("with room again: %v", err)
	}
	vt.Flush() // the setting, written again after the save
	if f := Failures(dir); len(f) != 0 {
		t.Fatalf("after a good save: failures %+v", f)
	}
	if n := told.Load(); n != 2 {
		t.Fatalf("told %d times, want twice (failed, then saved)", n)
	}
	if r, err := OpenSaves(dir, testkit.NewMemPrefs()).Of("deer-chess").Load(); err != nil || r.Game.Record() != g.Record() {
		t.Fatalf("on offer: %v %v, want %q", r, err, g.Record())
	}
	if got := OpenVault(dir, testkit.NewMemPrefs()).IntWithFallback(KeyTimer, 0); got != 90 {
		t.Fatalf("the setting changed on the full disk reads %d from its file, want 90", got)
	}
}

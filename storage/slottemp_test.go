package storage

import (
	"os"
	"path/filepath"
	"testing"
	"time"
)

// A temporary file left by a write the app was killed in is removed when
// the file's writer is made again; a fresh one (another instance's write
// under way) is kept.
func TestSlotRemovesStaleTemps(t *testing.T) {
	dir := t.TempDir()
	path, prev := filepath.Join(dir, "x.json"), filepath.Join(dir, "x.prev.json")
	old, fresh, oldPrev := filepath.Join(dir, ".x.json.tmp-1"), filepath.Join(dir, ".x.json.tmp-2"), filepath.Join(dir, ".x.prev.json.tmp-3")
	for _, f := range []string{old, fresh, oldPrev} {
		if err := os.WriteFile(f, []byte("{"), 0o600); err != nil {
			t.Fatal(err)
		}
	}
	long := time.Now().Add(-time.Hour)
	_ = os.Chtimes(old, long, long)
	_ = os.Chtimes(oldPrev, long, long)
	newSlot(path, prev, func([]byte) bool { return true })
	for f, want := range map[string]bool{old: false, oldPrev: false, fresh: true} {
		if _, err := os.Stat(f); (err == nil) != want {
			t.Errorf("%s: there %v, want %v", filepath.Base(f), err == nil, want)
		}
	}
}

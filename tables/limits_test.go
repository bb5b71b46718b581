package tables

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"huntchess/core"
)

// The guard of a strategy file's size: a file that claims a huge size is
// refused having allocated little (measured with
// runtime.MemStats.TotalAlloc, with slack: never anything near the claim).

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

// A strategy file of 1 TiB beside the tables is not read, and the game has
// none.
func TestHugeStrategyFileRefused(t *testing.T) {
	dir := t.TempDir()
	huge(t, filepath.Join(dir, core.WolfCarriesPig.String()+".hcst"))
	m := New(t.TempDir(), []string{dir}, false, func(f func()) { f() })
	if n := allocated(func() {
		if m.Strategy(core.WolfCarriesPig) != nil {
			t.Error("a strategy from a file of 1 TiB")
		}
	}); n > 1<<20 {
		t.Errorf("%d bytes allocated", n)
	}
}

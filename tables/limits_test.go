package tables

import (
	"path/filepath"
	"testing"

	"huntchess/core"
	"huntchess/internal/testkit"
)

// The guard of a strategy file's size: a file that claims a huge size is
// refused having allocated little (measured with
// runtime.MemStats.TotalAlloc, with slack: never anything near the claim).

// A strategy file of 1 TiB beside the tables is not read, and the game has
// none.
func TestHugeStrategyFileRefused(t *testing.T) {
	dir := t.TempDir()
	testkit.Huge(t, filepath.Join(dir, core.WolfCarriesPig.String()+".hcst"))
	m := New(t.TempDir(), []string{dir}, false, func(f func()) { f() })
	if n := testkit.Allocated(func() {
		if m.Strategy(core.WolfCarriesPig) != nil {
			t.Error("a strategy from a file of 1 TiB")
		}
	}); n > 1<<20 {
		t.Errorf("%d bytes allocated", n)
	}
}

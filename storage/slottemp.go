package storage

import (
	"os"
	"path/filepath"
	"time"
)

// staleTempAge is how old a temporary file of WriteAtomic must be to be
// taken for one left by a killed app (a write takes milliseconds; another
// instance of the app may be writing its own right now).
const staleTempAge = 10 * time.Second

// removeStaleTemps removes the temporary files WriteAtomic left beside
// name when the app was killed in the middle of a write: without this they
// pile up, one each time.
func removeStaleTemps(name string) {
	matches, _ := filepath.Glob(filepath.Join(filepath.Dir(name), "."+filepath.Base(name)+".tmp-*"))
	for _, m := range matches {
		if info, err := os.Stat(m); err == nil && time.Since(info.ModTime()) > staleTempAge {
			_ = os.Remove(m)
		}
	}
}

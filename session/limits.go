package session

import (
	"fmt"
	"io"
	"os"
)

// Limits on what the app reads from its own storage, which a crash or a
// damaged disk may have changed: a size there is a claim, refused when it
// is beyond what such a file holds before anything of that size is
// allocated (the table pack's limits are in pack/limits.go, the table and
// strategy files' in ai/tablebase/limits.go).
const (
	// maxStoredBytes is the most a file of the app's own storage may be
	// (the saved game, the settings, statistics and progress, the
	// history: the largest, the history of 100 games, is some hundreds of
	// KB). A larger one is damage: it is read as a damaged copy, and its
	// other copy is read instead.
	maxStoredBytes = 16 << 20
)

// readLimited reads the file at path, refusing one larger than limit bytes
// before reading it.
func readLimited(path string, limit int64) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if fi.Size() > limit {
		return nil, fmt.Errorf("%s: %d bytes, more than such a file holds (%d): damaged", path, fi.Size(), limit)
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err == nil && int64(len(data)) > limit { // it grew meanwhile
		err = fmt.Errorf("%s: more than %d bytes, more than such a file holds: damaged", path, limit)
	}
	if err != nil {
		return nil, err
	}
	return data, nil
}

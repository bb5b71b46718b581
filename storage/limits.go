package storage

import (
	"fmt"
	"io"
	"os"
)

// maxStoredBytes is the most a file of the app's own storage may be (the
// saved game, the settings, statistics and progress, the history: the
// largest, the history of 100 games, is some hundreds of KB). A crash or a
// damaged disk may have changed a file's size: a larger one is damage, read
// as a damaged copy (before anything of that size is allocated), and its
// other copy is read instead.
const maxStoredBytes = 16 << 20

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

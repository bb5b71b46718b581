// Package fileio reads and writes the app's own files safely: a write that
// a crash cannot leave half done (WriteAtomic), and a read that refuses a
// file larger than such a file holds before reading it (ReadLimited).
package fileio

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"time"
)

// WriteAtomic writes data to a temporary file in the same directory, syncs
// it, renames it over name and syncs the directory: a crash leaves the old
// file or the new one, never a mix.
func WriteAtomic(name string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".tmp-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, name)
	}
	if err != nil {
		_ = os.Remove(tmp)
		return err
	}
	// The rename itself survives a power cut once the folder is synced.
	SyncDir(filepath.Dir(name))
	return nil
}

// SyncDir syncs a folder, so that a rename in it survives a power cut
// (errors are ignored: not every system syncs a folder).
func SyncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		_ = d.Close()
	}
}

// ReadLimited reads the file at path, refusing one larger than limit bytes
// before reading it.
func ReadLimited(path string, limit int64) ([]byte, error) {
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

// staleTempAge is how old a temporary file of WriteAtomic must be to be
// taken for one left by a killed app (a write takes milliseconds; another
// instance of the app may be writing its own right now).
const staleTempAge = 10 * time.Second

// RemoveStaleTemps removes the temporary files WriteAtomic left beside
// name when the app was killed in the middle of a write: without this they
// pile up, one each time.
func RemoveStaleTemps(name string) {
	matches, _ := filepath.Glob(filepath.Join(filepath.Dir(name), "."+filepath.Base(name)+".tmp-*"))
	for _, m := range matches {
		if info, err := os.Stat(m); err == nil && time.Since(info.ModTime()) > staleTempAge {
			_ = os.Remove(m)
		}
	}
}

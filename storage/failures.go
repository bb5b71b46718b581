package storage

import (
	"path/filepath"
	"sort"
	"strings"
	"sync"
)

// A write that fails (a full disk, a folder gone read-only) is never
// dropped: each stored file's last write error is kept here until a write
// of that file succeeds, and the app is told of every change (OnWriteStatus)
// to tell the player once, in their language. The file on disk stays as it
// was before the failed write: its previous good content (WriteAtomic
// leaves the old file whole), so nothing already saved is lost.

// WriteFailure is a stored file whose last write failed.
type WriteFailure struct {
	Path string
	Err  error
}

var failures struct {
	sync.Mutex
	byPath    map[string]error
	slots     map[string]*slot // the failing files' writers (retry)
	listeners map[int]func()
	next      int
}

// noteWrite records the outcome of a write of s's file, and tells the
// listeners when its folder starts to have a failing file, or stops. A write that succeeds
// has the other failing files written again: there may be room again, and
// their newest content (a setting changed, a game finished) must not wait
// for the next change of its own.
func noteWrite(s *slot, err error) {
	path := s.path
	failures.Lock()
	was := failingIn(filepath.Dir(path))
	var retry []*slot
	if err != nil {
		if failures.byPath == nil {
			failures.byPath, failures.slots = map[string]error{}, map[string]*slot{}
		}
		failures.byPath[path], failures.slots[path] = err, s
	} else {
		delete(failures.byPath, path)
		delete(failures.slots, path)
		for _, o := range failures.slots {
			retry = append(retry, o)
		}
	}
	var tell []func()
	if was != failingIn(filepath.Dir(path)) {
		for _, f := range failures.listeners {
			tell = append(tell, f)
		}
	}
	failures.Unlock()
	for _, f := range tell {
		f()
	}
	for _, o := range retry {
		o.retry()
	}
}

// failingIn reports whether a file in dir is failing (failures held).
func failingIn(dir string) bool {
	for p := range failures.byPath {
		if filepath.Dir(p) == dir {
			return true
		}
	}
	return false
}

// Failures lists the stored files in dir (or below it) whose last write
// failed, by path; none when every last write succeeded.
func Failures(dir string) []WriteFailure {
	if dir == "" {
		return nil
	}
	prefix := filepath.Clean(dir) + string(filepath.Separator)
	failures.Lock()
	defer failures.Unlock()
	var out []WriteFailure
	for p, err := range failures.byPath {
		if strings.HasPrefix(p, prefix) {
			out = append(out, WriteFailure{Path: p, Err: err})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Path < out[j].Path })
	return out
}

// OnWriteStatus calls f whenever a folder's stored files start to fail (a
// first write fails) or stop (the last failing one is written): not at each
// failure, so the player is told once. f runs on a writer's goroutine; it must not wait on a
// store. stop ends the calls.
func OnWriteStatus(f func()) (stop func()) {
	failures.Lock()
	defer failures.Unlock()
	if failures.listeners == nil {
		failures.listeners = map[int]func(){}
	}
	id := failures.next
	failures.next++
	failures.listeners[id] = f
	return func() {
		failures.Lock()
		defer failures.Unlock()
		delete(failures.listeners, id)
	}
}

package storage

import (
	"bytes"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"sync"

	"huntchess/internal/fileio"
)

// slot is one stored file written off the caller's goroutine, in order:
// put hands it the newest content (or its removal) and returns at once; a
// writer goroutine writes it with WriteAtomic, first keeping the content it
// replaces, when that is good, as the previous copy. Only the newest content
// waiting is written (each one is whole), so a burst of saves costs one
// write. flush waits for the writer.
type slot struct {
	path, prev string
	// good tells content worth keeping as the previous copy.
	good func([]byte) bool
	// same tells new content that says nothing new (bytes.Equal when nil):
	// it is not written, and the previous copy stays.
	same func(old, new []byte) bool

	mu      sync.Mutex
	idle    sync.Cond
	pending *slotOp
	busy    bool
	err     error   // the last write's error
	failed  *slotOp // the op of the last write, when it failed (retry)
}

type slotOp struct {
	data   []byte
	remove bool
}

// slots are the process's slots by path: a file has one writer, however
// many stores are opened on it, so their writes stay in order.
var slots sync.Map // path → *slot

func newSlot(path, prev string, good func([]byte) bool) *slot {
	s := &slot{path: path, prev: prev, good: good}
	s.idle.L = &s.mu
	if old, loaded := slots.LoadOrStore(path, s); loaded {
		return old.(*slot)
	}
	fileio.RemoveStaleTemps(path)
	fileio.RemoveStaleTemps(prev)
	return s
}

// put writes data (remove: deletes both copies) in the background.
func (s *slot) put(op slotOp) {
	slotLog("put", s, op, nil)
	s.mu.Lock()
	s.pending = &op
	if !s.busy {
		s.busy = true
		go s.run()
	}
	s.mu.Unlock()
}

func (s *slot) run() {
	for {
		s.mu.Lock()
		op := s.pending
		s.pending = nil
		if op == nil {
			s.busy = false
			s.idle.Broadcast()
			s.mu.Unlock()
			return
		}
		s.mu.Unlock()
		err := s.apply(*op)
		if err != nil {
			slotLog("failed", s, *op, err)
		} else {
			slotLog("wrote", s, *op, nil)
		}
		s.mu.Lock()
		s.err, s.failed = err, nil
		if err != nil {
			s.failed = op
		}
		s.mu.Unlock()
		noteWrite(s, err)
	}
}

// retry writes again the content whose write failed last, unless newer
// content waits (noteWrite calls it once another file was written: there
// may be room again).
func (s *slot) retry() {
	s.mu.Lock()
	op := s.failed
	again := op != nil && s.pending == nil && !s.busy
	s.mu.Unlock()
	if again {
		s.put(*op)
	}
}

// flush waits until everything put is written, and returns the last error.
func (s *slot) flush() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	for s.busy {
		s.idle.Wait()
	}
	return s.err
}

func (s *slot) apply(op slotOp) error {
	if op.remove {
		// The previous copy first: killed in between, the newest content
		// stays (removed the other way round, the older copy came back).
		err2 := os.Remove(s.prev)
		err1 := os.Remove(s.path)
		for _, err := range []error{err1, err2} {
			if err != nil && !errors.Is(err, fs.ErrNotExist) {
				return err
			}
		}
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(s.path), 0o755); err != nil {
		return err
	}
	if old, err := fileio.ReadLimited(s.path, maxStoredBytes); err == nil {
		if bytes.Equal(old, op.data) || s.same != nil && s.same(old, op.data) {
			return nil
		}
		if s.good(old) { // keep the last good copy
			if err := fileio.WriteAtomic(s.prev, old); err != nil {
				return err
			}
		}
	}
	return fileio.WriteAtomic(s.path, op.data)
}

// read returns the content of the file and of its previous copy (nil where
// missing), and whether each exists.
func (s *slot) read() (cur, prev []byte, curExists, prevExists bool) {
	s.flush()
	cur, err := fileio.ReadLimited(s.path, maxStoredBytes)
	curExists = err == nil || !errors.Is(err, fs.ErrNotExist)
	prev, err = fileio.ReadLimited(s.prev, maxStoredBytes)
	prevExists = err == nil || !errors.Is(err, fs.ErrNotExist)
	return cur, prev, curExists, prevExists
}

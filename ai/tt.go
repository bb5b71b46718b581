package ai

import (
	"sync"
	"sync/atomic"
	"time"
	"unsafe"

	"huntchess/core"
)

// Transposition-table bound flags.
const (
	flagNone uint8 = iota
	flagExact
	flagLower // score is a lower bound (fail high)
	flagUpper // score is an upper bound (fail low)
)

// ttEntry is stored as two words written atomically: check = key ^ data, so a
// torn entry written by two threads at once fails the key check (lockless
// hashing). Safe for the race detector because every access is atomic.
type ttEntry struct {
	check, data atomic.Uint64
}

type ttable struct {
	entries []ttEntry
	mask    uint64
	// gen is the search's generation, in the data's top 16 bits: an entry
	// of another generation is empty, so a table given to the next search
	// is cleared by counting one up (clearing 16 MiB took longer than many
	// a short search), and only every 65,535th time by writing zeros.
	gen uint64
}

// packed data layout: score int16 | move code 16 | depth 8 | flag 8 |
// generation 16.
func packTT(score int, code uint16, depth int, flag uint8) uint64 {
	return uint64(uint16(int16(score))) | uint64(code)<<16 | uint64(uint8(depth))<<32 | uint64(flag)<<40
}

func unpackTT(d uint64) (score int, code uint16, depth int, flag uint8) {
	return int(int16(uint16(d))), uint16(d >> 16), int(uint8(d >> 32)), uint8(d >> 40)
}

func (t *ttable) probe(key uint64) (score int, code uint16, depth int, flag uint8, ok bool) {
	e := &t.entries[key&t.mask]
	d := e.data.Load()
	if e.check.Load()^d != key || d>>48 != t.gen {
		return 0, 0, 0, 0, false
	}
	score, code, depth, flag = unpackTT(d)
	return score, code, depth, flag, true
}

func (t *ttable) store(key uint64, score int, code uint16, depth int, flag uint8) {
	e := &t.entries[key&t.mask]
	// Depth-preferred with always-replace for a different position.
	if old := e.data.Load(); old>>48 == t.gen && e.check.Load()^old == key {
		_, oldCode, oldDepth, _ := unpackTT(old)
		if oldDepth > depth && flag != flagExact {
			return
		}
		if code == 0 {
			code = oldCode
		}
	}
	d := packTT(score, code, depth, flag) | t.gen<<48
	e.data.Store(d)
	e.check.Store(key ^ d)
}

// next empties the table for the next search: the next generation, and
// zeros when the generations wrap round (generation 0 is never used, so a
// zeroed entry is empty).
func (t *ttable) next() {
	t.gen++
	if t.gen == 1<<16 {
		clear(t.entries)
		t.gen = 1
	}
}

// moveCode packs a move's kind and points (not its captures) into 16 bits; 0 is no move.
func moveCode(m core.Move) uint16 {
	if m.Kind == core.MoveNone {
		return 0
	}
	return uint16(m.Kind)<<12 | uint16(m.From+1)<<6 | uint16(m.To+1)
}

// Idle tables are kept for the next search, at most one of each size (a
// sync.Pool kept one per processor, and for two garbage collections more:
// three or four 16 MiB tables in watch mode), and let go once no search has
// used them for ttIdleRelease.
var ttIdle struct {
	sync.Mutex
	tables map[int]*ttable // size in bits -> an idle table
	timer  *time.Timer
	last   time.Time // the last putTT
}

// ttIdleRelease is how long an idle table is kept.
const ttIdleRelease = 30 * time.Second

// getTT returns an empty table with 1<<bits entries, at most 1<<maxTTBits
// (a smaller bound on a phone: tt_mobile.go): a new one, or an idle one of
// the next generation.
func getTT(bits int) *ttable {
	bits = min(bits, maxTTBits)
	ttIdle.Lock()
	t := ttIdle.tables[bits]
	delete(ttIdle.tables, bits)
	ttIdle.Unlock()
	if t == nil {
		return &ttable{entries: make([]ttEntry, 1<<bits), mask: 1<<bits - 1, gen: 1}
	}
	t.next()
	return t
}

// putTT gives a table back once its search is done.
func putTT(t *ttable) {
	bits := 0
	for n := len(t.entries); n > 1; n >>= 1 {
		bits++
	}
	ttIdle.Lock()
	defer ttIdle.Unlock()
	if ttIdle.tables == nil {
		ttIdle.tables = map[int]*ttable{}
	}
	if ttIdle.tables[bits] == nil {
		ttIdle.tables[bits] = t
	}
	ttIdle.last = time.Now()
	if ttIdle.timer == nil {
		ttIdle.timer = time.AfterFunc(ttIdleRelease, releaseIdleTT)
	}
}

// releaseIdleTT lets the idle tables go once none was given back for
// ttIdleRelease.
func releaseIdleTT() {
	ttIdle.Lock()
	defer ttIdle.Unlock()
	if wait := ttIdleRelease - time.Since(ttIdle.last); wait > 0 {
		ttIdle.timer.Reset(wait)
		return
	}
	clear(ttIdle.tables)
	ttIdle.timer = nil
}

// idleTTBytes is the memory the idle tables hold (tests).
func idleTTBytes() int {
	ttIdle.Lock()
	defer ttIdle.Unlock()
	n := 0
	for _, t := range ttIdle.tables {
		n += len(t.entries) * int(unsafe.Sizeof(ttEntry{}))
	}
	return n
}

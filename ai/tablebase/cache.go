package tablebase

import (
	"math"
	"sync"
	"sync/atomic"
)

// DefaultCacheBytes is the memory a table opened from now on keeps for
// unpacked blocks: 24 MiB, sized for a phone (Surround the Lion's tables
// are 124 MiB unpacked, deer chess's moving phase 260 MiB, less where
// blocks are kept sparse). A probe of a block not in the cache reads and
// inflates it (some 0.2 ms). Evicted blocks are garbage until the next
// collection, so at the default GOGC the cache costs up to about twice its
// size: with 24 MiB, a process holding only the lion's table probed all
// over stays near 70 MB (cmd/solve mem), the share of the app's 220 MB
// budget that is left for it. A desktop can afford more (SetCacheBytes).
var DefaultCacheBytes int64 = 24 << 20

// blockOverhead is what a block costs beyond its arrays (the struct, the
// slice headers, the allocator's rounding), for the budget.
const blockOverhead = 128

// SetCacheBytes bounds the memory the table keeps for unpacked blocks
// (n < 0: no bound, every block read stays; 0 keeps only the block read
// last). Blocks past the new bound are dropped now. Safe for concurrent use
// with probes.
func (t *Table) SetCacheBytes(n int64) {
	if n < 0 {
		n = math.MaxInt64
	}
	t.cache.mu.Lock()
	t.cache.budget = n
	t.cache.evict(0)
	t.cache.mu.Unlock()
}

// CacheStats are the figures of a table's cache of unpacked blocks.
type CacheStats struct {
	Bytes  int64 // memory the unpacked blocks hold now
	Blocks int   // how many blocks are unpacked now
	Budget int64 // the bound (SetCacheBytes)
	Reads  int64 // blocks read and unpacked since the table was opened
}

// CacheStats returns the figures of the table's cache.
func (t *Table) CacheStats() CacheStats {
	t.cache.mu.Lock()
	defer t.cache.mu.Unlock()
	return CacheStats{Bytes: t.cache.used, Blocks: len(t.cache.ring), Budget: t.cache.budget, Reads: t.cache.reads}
}

// blockCache bounds the memory of a table's unpacked blocks. Each block
// sits in its section's slot (an atomic pointer), so a probe that finds its
// block takes no lock; it sets the block's ref bit, written only when it
// changes. Blocks are evicted by CLOCK (second chance), an approximation
// of least-recently-used: the hand goes round the resident blocks, clears
// a set ref bit and passes on, and evicts the first block whose bit is
// already clear, one not probed for a whole round. A probe that still
// holds an evicted block reads it safely: it is only dropped from its
// slot, never reused.
type blockCache struct {
	mu     sync.Mutex
	budget int64
	used   int64
	reads  int64 // blocks put
	ring   []resident
	hand   int
}

type resident struct {
	slot *atomic.Pointer[block]
	blk  *block
}

// put stores blk in slot, evicting blocks to keep within the budget, and
// returns the block now in the slot (another probe's, if it got there
// first).
func (c *blockCache) put(slot *atomic.Pointer[block], blk *block) *block {
	c.mu.Lock()
	defer c.mu.Unlock()
	if old := slot.Load(); old != nil {
		return old
	}
	c.reads++
	c.evict(blk.bytes)
	blk.ref.Store(true) // a second chance: the hand may be just behind it
	c.ring = append(c.ring, resident{slot, blk})
	c.used += blk.bytes
	slot.Store(blk)
	return blk
}

// evict drops blocks until room more bytes fit in the budget, or none is
// left. c.mu is held.
func (c *blockCache) evict(room int64) {
	for len(c.ring) > 0 && c.used+room > c.budget {
		if c.hand >= len(c.ring) {
			c.hand = 0
		}
		e := c.ring[c.hand]
		if e.blk.ref.Load() {
			e.blk.ref.Store(false)
			c.hand++
			continue
		}
		e.slot.Store(nil)
		c.used -= e.blk.bytes
		last := len(c.ring) - 1
		c.ring[c.hand] = c.ring[last]
		c.ring[last] = resident{}
		c.ring = c.ring[:last]
	}
}

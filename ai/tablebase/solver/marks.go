package solver

import (
	"math/bits"
	"sync/atomic"
)

// levelMarks tells, for each chunk of a compact tier (pendChunk entries),
// the levels at which it holds entries to announce: a bit a level. Every
// entry decided (or made a candidate) at p plies marks level p of its
// chunk, so a level looks only at the chunks marked for it, and in them
// only at the bytes of that level (compactWork.announce). Until 2026-12-07
// the solver kept one bound a chunk (its least pending level) instead, and
// so had to read every entry of a chunk it looked at to find the chunk's
// next level: 6.7 ns an entry where half are decided, about 30 s a level
// on two threads in the 16-dog tier's 8.4 × 10^9 entries, over 400 levels.
// Marks cost 1,024 bits a chunk (32 MB for that tier); a level now reads
// the bytes of the chunks marked at 0.13 ns an entry.
//
// A mark can be stale (a candidate replaced by a faster win leaves its old
// level marked): that level looks at the chunk for nothing, no more.
type levelMarks struct {
	m   []uint64
	any [marksWords]uint64 // every level marked in some chunk
}

// marksWords is the words of a chunk's marks: levels 0 to 1,023, past the
// most plies a compact entry holds (compactWrap << compactEpochBits).
const marksWords = 16

func newLevelMarks(chunks int) *levelMarks {
	return &levelMarks{m: make([]uint64, chunks*marksWords)}
}

// mark marks level d of chunk ch.
func (lm *levelMarks) mark(ch int64, d int) {
	bit := uint64(1) << uint(d&63)
	p := &lm.m[ch*marksWords+int64(d>>6)]
	if atomic.LoadUint64(p)&bit == 0 {
		atomic.OrUint64(p, bit)
	}
	if q := &lm.any[d>>6]; atomic.LoadUint64(q)&bit == 0 {
		atomic.OrUint64(q, bit)
	}
}

// markAll marks the levels of ms (a chunk's, gathered) in chunk ch.
func (lm *levelMarks) markAll(ch int64, ms *[marksWords]uint64) {
	for k, x := range ms {
		if x != 0 {
			atomic.OrUint64(&lm.m[ch*marksWords+int64(k)], x)
			atomic.OrUint64(&lm.any[k], x)
		}
	}
}

// take clears level d of chunk ch and reports whether it was marked.
func (lm *levelMarks) take(ch int64, d int) bool {
	bit := uint64(1) << uint(d&63)
	p := &lm.m[ch*marksWords+int64(d>>6)]
	if atomic.LoadUint64(p)&bit == 0 {
		return false
	}
	atomic.AndUint64(p, ^bit)
	return true
}

// least returns chunk ch's least level marked from d on, or noPend.
func (lm *levelMarks) least(ch int64, d int) uint32 {
	return leastFrom(lm.m[ch*marksWords:(ch+1)*marksWords], d)
}

// more reports whether some chunk is marked at level d or after.
func (lm *levelMarks) more(d int) bool { return leastFrom(lm.any[:], d) != noPend }

// leastFrom returns the least bit from d on set in ws, or noPend.
func leastFrom(ws []uint64, d int) uint32 {
	for k := d >> 6; k < len(ws); k++ {
		x := atomic.LoadUint64(&ws[k])
		if k == d>>6 {
			x &^= uint64(1)<<uint(d&63) - 1
		}
		if x != 0 {
			return uint32(k<<6 + bits.TrailingZeros64(x))
		}
	}
	return noPend
}

// pends returns each chunk's least level from d on (noPend: none), as a
// part file keeps them.
func (lm *levelMarks) pends(d int) []uint32 {
	out := make([]uint32, len(lm.m)/marksWords)
	for ch := range out {
		out[ch] = lm.least(int64(ch), d)
	}
	return out
}

package tablebase

import (
	"sync"
	"sync/atomic"
)

// parallel runs fn over [0, n) in chunks (of 32768, or the one given) on
// s.Threads goroutines.
func (s *Solver) parallel(n int64, fn func(lo, hi int64, w int), chunkSize ...int64) {
	chunk := int64(1 << 15)
	if len(chunkSize) > 0 {
		chunk = chunkSize[0]
	}
	var next atomic.Int64
	var wg sync.WaitGroup
	th := max(1, s.Threads)
	for w := 0; w < th; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for {
				lo := next.Add(chunk) - chunk
				if lo >= n {
					return
				}
				fn(lo, min(lo+chunk, n), w)
			}
		}(w)
	}
	wg.Wait()
}

// buckets hold the entries to decide, by distance, as lists of chunks.
type buckets struct {
	mu    sync.Mutex
	lists map[int][][]uint32
}

func (b *buckets) add(out map[int][]uint32) {
	b.mu.Lock()
	for d, l := range out {
		b.lists[d] = append(b.lists[d], l)
	}
	b.mu.Unlock()
}

func (b *buckets) take(d int) [][]uint32 {
	b.mu.Lock()
	defer b.mu.Unlock()
	l := b.lists[d]
	delete(b.lists, d)
	return l
}

func (b *buckets) len() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return len(b.lists)
}

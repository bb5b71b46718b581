package solver

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

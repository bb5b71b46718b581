package tablebase

import (
	"sync/atomic"
	"time"
)

// ticker prints a progress bar now and then.
type ticker struct {
	s     *Solver
	tier  TierKey
	what  string
	n     int64
	start time.Time
	last  atomic.Int64
}

func newTicker(s *Solver, what string, n int64) *ticker {
	return &ticker{s: s, what: what, n: n, start: time.Now()}
}

func (t *ticker) add(done *atomic.Int64, k int64) {
	d := done.Add(k)
	if t.s.OnProgress != nil {
		t.s.OnProgress(t.tier, d, t.n)
	}
	now := time.Since(t.start)
	if int64(now/time.Second) <= t.last.Load() || t.s.Progress == nil {
		return
	}
	t.last.Store(int64(now / time.Second))
	rate := float64(d) / now.Seconds()
	eta := time.Duration(float64(t.n-d)/rate) * time.Second
	t.s.progress("\r  %s %s %5.1f%% %d/%d  %.2f M/s  ETA %s   ", t.what, bar(float64(d)/float64(t.n)),
		100*float64(d)/float64(t.n), d, t.n, rate/1e6, eta.Round(time.Second))
}

func (t *ticker) end() {
	if t.s.Progress != nil {
		el := time.Since(t.start)
		t.s.progress("\r  %s done: %d in %s (%.2f M/s)                                   \n", t.what, t.n,
			el.Round(time.Millisecond), float64(t.n)/el.Seconds()/1e6)
	}
}

func bar(f float64) string {
	const w = 20
	n := int(f * w)
	b := make([]byte, w)
	for i := range b {
		if i < n {
			b[i] = '#'
		} else {
			b[i] = '.'
		}
	}
	return "[" + string(b) + "]"
}

//go:build js

package pageturn

import (
	"sync/atomic"
	"syscall/js"
	"time"
)

// Yield waits for the browser's next animation frame when the work has run
// for more than Every since it last did (or since its first Yield): the
// wait blocks this goroutine, so the others run, Go hands the browser back
// its thread, and the page draws and takes input before the work goes on.
// A hidden page draws no frame: there it does not wait.
func (c *Clock) Yield() {
	now := time.Now()
	if c.last.IsZero() {
		c.last = now
		return
	}
	if now.Sub(c.last) < Every {
		return
	}
	WaitFrame()
	c.last = time.Now()
}

// run is Maybe's run of work: when it began and its last call (UnixNano).
var run struct{ start, last atomic.Int64 }

func maybe() {
	now := time.Now().UnixNano()
	if now-run.last.Load() > int64(Every) {
		run.start.Store(now) // a new run of work
	}
	run.last.Store(now)
	if now-run.start.Load() < int64(Every) {
		return
	}
	var c Clock
	c.last = time.Unix(0, run.start.Load())
	c.Yield()
	now = time.Now().UnixNano()
	run.start.Store(now)
	run.last.Store(now)
}

// WaitFrame waits for the browser's next animation frame (at most 100 ms:
// the frame may never come); on a hidden page, which draws none, it does
// not wait, and without requestAnimationFrame (Node.js) it sleeps a
// millisecond. The search's yields (ai/search_js.go) use it too.
func WaitFrame() {
	g := js.Global()
	raf := g.Get("requestAnimationFrame")
	if raf.Type() != js.TypeFunction {
		time.Sleep(time.Millisecond) // no page: let the others run
		return
	}
	if doc := g.Get("document"); doc.Type() == js.TypeObject && doc.Get("hidden").Truthy() {
		return
	}
	done := make(chan struct{})
	var f js.Func
	f = js.FuncOf(func(js.Value, []js.Value) any {
		close(done)
		f.Release()
		return nil
	})
	raf.Invoke(f)
	select {
	case <-done:
	case <-time.After(100 * time.Millisecond): // the frame may never come
	}
}

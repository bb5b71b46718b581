//go:build js

package pageturn

import (
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
	g := js.Global()
	raf := g.Get("requestAnimationFrame")
	if raf.Type() != js.TypeFunction {
		time.Sleep(time.Millisecond) // no page (Node.js): let the others run
	} else if doc := g.Get("document"); doc.Type() != js.TypeObject || !doc.Get("hidden").Truthy() {
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
	c.last = time.Now()
}

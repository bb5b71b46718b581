//go:build js

package ai

import (
	"sync/atomic"
	"syscall/js"
	"time"

	"huntchess/internal/pageturn"
)

// yieldEvery is how long the search runs before it lets the browser draw.
// Under GOOS=js Go has one thread and gives the browser its event loop back
// only when every goroutine is blocked, so without this a search freezes the
// page (no frame, no tap) until it ends.
const yieldEvery = 25 * time.Millisecond

// lastYield is the time (UnixNano) the search last gave the browser a turn.
var lastYield atomic.Int64

// yieldToBrowser, called from poll, waits for the browser's next animation
// frame when more than yieldEvery has passed since it last did: the wait
// blocks this goroutine, so Fyne's goroutines run, Go returns to the
// browser, and the browser draws a frame and takes input before the search
// goes on. (A plain time.Sleep is not enough: Chromium runs the sleep's
// timer before it draws, and went 2.7 s without a frame.) A hidden page
// draws nothing, and the browser holds its timers back, so there the search
// does not wait; where there is no requestAnimationFrame (Node.js), it
// sleeps a millisecond.
func yieldToBrowser() {
	now := time.Now().UnixNano()
	if now-lastYield.Load() < int64(yieldEvery) {
		return
	}
	g := js.Global()
	noteYield(g)
	pageturn.WaitFrame()
	noteResume(g)
	lastYield.Store(time.Now().UnixNano())
}

// noteYield counts the yields in the page's huntchessSearch object (when
// the page made one): the browser test reads when a search gave the browser
// a turn, so it knows when the AI was thinking, and how long the search
// ran between two turns.
func noteYield(g js.Value) {
	st := g.Get("huntchessSearch")
	if st.Type() != js.TypeObject {
		return
	}
	t := g.Get("performance").Call("now").Float()
	if st.Get("yields").Int() == 0 {
		st.Set("first", t)
	} else if r := st.Get("resumed").Float(); r > 0 {
		// How long the search kept the browser waiting since its last turn.
		if runs := st.Get("runs"); runs.Type() == js.TypeObject && runs.Length() < 10000 {
			runs.Call("push", t-r)
		}
	}
	st.Set("yields", st.Get("yields").Int()+1)
	st.Set("last", t)
}

// noteResume notes when the search went on after a turn.
func noteResume(g js.Value) {
	if st := g.Get("huntchessSearch"); st.Type() == js.TypeObject {
		st.Set("resumed", g.Get("performance").Call("now").Float())
	}
}

// searchThreads is 1 in the browser: Go has one thread there, and a helper
// search would only take half of the main search's time.
func searchThreads(int) int { return 1 }

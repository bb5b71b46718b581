//go:build js

package ai

import (
	"sync/atomic"
	"time"
)

// yieldEvery is how long the search runs before it lets the browser draw.
// Under GOOS=js Go has one thread and gives the browser its event loop back
// only when every goroutine is blocked, so without this a search freezes the
// page (no frame, no tap) until it ends.
const yieldEvery = 30 * time.Millisecond

// lastYield is the time (UnixNano) the search last gave the browser a turn.
var lastYield atomic.Int64

// yieldToBrowser, called from poll, sleeps a millisecond when more than
// yieldEvery has passed since it last did: the sleep blocks this goroutine,
// Fyne's goroutines draw, and the browser runs its frame and input events.
func yieldToBrowser() {
	now := time.Now().UnixNano()
	if now-lastYield.Load() < int64(yieldEvery) {
		return
	}
	time.Sleep(time.Millisecond)
	lastYield.Store(time.Now().UnixNano())
}

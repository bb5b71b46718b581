// Package pageturn lets long work in the browser give the page its turn:
// under GOOS=js Go has one thread and hands the browser its event loop back
// only when every goroutine waits, so a loop that runs for a while (a
// table's blocks checked after its download, the explorer's probes of cold
// blocks) keeps the page from drawing and from taking a tap until it ends.
// Such a loop holds a Clock and calls its Yield now and then; outside the
// browser Yield does nothing. (The search has its own, which the browser
// test counts: ai/search_js.go.)
package pageturn

import "time"

// Every is how long work runs before Yield lets the page draw (as the
// search's 25 ms).
const Every = 25 * time.Millisecond

// Clock is one piece of work's time since it last gave the page a turn;
// the zero Clock starts at its first Yield. Not for several goroutines.
type Clock struct{ last time.Time }

// Maybe is Yield for work with no Clock of its own to hold (a lookup
// called from many places, such as a strategy's block read): the calls
// less than Every apart make one run of work, and once a run has lasted
// Every the page gets its turn. Safe from any goroutine.
func Maybe() { maybe() }

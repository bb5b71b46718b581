package app

import (
	"slices"
	"testing"
)

// Before the driver runs, do keeps its callbacks (Fyne's mobile driver
// would run them at once on the calling goroutine); the lifecycle's start
// runs them in order on the UI goroutine, and do goes to Options.Do after.
func TestDoHeldUntilTheDriverRuns(t *testing.T) {
	var ran, queued []int
	a := &App{}
	a.opts.Do = func(f func()) { queued = append(queued, len(queued)); f() }
	a.held.on = true
	for i := range 3 {
		a.do(func() { ran = append(ran, i) })
	}
	if len(ran) != 0 || len(queued) != 0 {
		t.Fatalf("before the start: ran %v, handed to Options.Do %v", ran, queued)
	}
	a.runHeld()
	if !slices.Equal(ran, []int{0, 1, 2}) || len(queued) != 0 {
		t.Fatalf("at the start: ran %v, handed to Options.Do %v", ran, queued)
	}
	a.do(func() { ran = append(ran, 3) })
	if !slices.Equal(ran, []int{0, 1, 2, 3}) || len(queued) != 1 {
		t.Fatalf("after the start: ran %v, handed to Options.Do %v", ran, queued)
	}
	a.runHeld() // a phone's second start: nothing again
	if len(ran) != 4 {
		t.Fatalf("a second start ran %v", ran)
	}

	// Held callbacks are dropped once the app stops.
	b := &App{}
	b.held.on = true
	b.do(func() { t.Fatal("ran after the stop") })
	b.interrupt()
	b.runHeld()
}

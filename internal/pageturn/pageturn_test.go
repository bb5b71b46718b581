package pageturn

import "testing"

// Outside the browser Yield never waits, whatever the clock says.
func TestYieldOutsideTheBrowserDoesNothing(t *testing.T) {
	var c Clock
	for range 3 {
		c.Yield()
	}
	if !c.last.IsZero() {
		t.Fatalf("the clock was started outside the browser: %v", c.last)
	}
}

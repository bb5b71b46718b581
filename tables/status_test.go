package session

import "testing"

// TestTableStateNames: every table state has its own name in the developer
// log (make crash-test tells a ready table from a failed one by it).
func TestTableStateNames(t *testing.T) {
	seen := map[string]tableState{}
	for s := tableNone; s <= tableFailed; s++ {
		n := s.String()
		if prev, dup := seen[n]; dup {
			t.Fatalf("states %d and %d are both logged %q", prev, s, n)
		}
		seen[n] = s
	}
	if tableReady.String() != "ready" || tableFailed.String() != "failed" {
		t.Fatalf("ready and failed are logged %q and %q", tableReady, tableFailed)
	}
}

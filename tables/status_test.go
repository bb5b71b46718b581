package tables

import "testing"

// TestTableStateNames: every table state has its own name in the developer
// log (make crash-test tells a ready table from a failed one by it).
func TestTableStateNames(t *testing.T) {
	seen := map[string]State{}
	for s := Idle; s <= Failed; s++ {
		n := s.String()
		if prev, dup := seen[n]; dup {
			t.Fatalf("states %d and %d are both logged %q", prev, s, n)
		}
		seen[n] = s
	}
	if Ready.String() != "ready" || Failed.String() != "failed" {
		t.Fatalf("ready and failed are logged %q and %q", Ready, Failed)
	}
}

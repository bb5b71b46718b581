package main

import (
	"testing"

	"huntchess/ai/tablebase"
)

// TestTierSet reads -values-tiers: captured counts pick tiers of the
// moving phase, "placing" every tier of the placement phase.
func TestTierSet(t *testing.T) {
	moving4 := &tablebase.Section{Captured: 4}
	moving5 := &tablebase.Section{Captured: 5}
	placing4 := &tablebase.Section{Captured: 4, Hand: 3}
	for _, c := range []struct {
		spec    string
		want    [3]bool // moving4, moving5, placing4
		invalid bool
	}{
		{"4", [3]bool{true, false, false}, false},
		{"placing", [3]bool{false, false, true}, false},
		{"placing,5", [3]bool{false, true, true}, false},
		{"all", [3]bool{true, true, true}, false},
		{"4,x", [3]bool{}, true},
		{"-1", [3]bool{}, true},
	} {
		f, err := tierSet("-values-tiers", c.spec)
		if (err != nil) != c.invalid {
			t.Fatalf("%q: error %v", c.spec, err)
		}
		if c.invalid {
			continue
		}
		got := [3]bool{f(moving4), f(moving5), f(placing4)}
		if got != c.want {
			t.Errorf("%q: %v, want %v", c.spec, got, c.want)
		}
	}
	if f, err := tierSet("-values-tiers", ""); err != nil || f != nil {
		t.Fatal("an empty -values-tiers picks no tier")
	}
}

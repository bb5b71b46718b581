package main

import (
	"strings"
	"testing"
	"time"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/solver"
)

// The printer words the solver's events as the library printed them
// before it reported events instead.
func TestPrinter(t *testing.T) {
	var sb strings.Builder
	on := newPrinter(&sb)
	key := solver.TierKey{Captured: 4}
	st := &tablebase.TierStats{Captured: 4, Positions: 10, Wins: 6, Draws: 1, Losses: 3, LongestWin: 7}
	for _, e := range []solver.Event{
		{Kind: solver.TierBegins, Tier: key, Text: "lion tier captured=4 (12 prey on the board): 100 entries, 6 predator classes"},
		{Kind: solver.PassProgress, Tier: key, Pass: "init", Done: 10, Total: 100, Elapsed: 500 * time.Millisecond}, // under a second: no bar
		{Kind: solver.PassProgress, Tier: key, Pass: "init", Done: 50, Total: 100, Elapsed: 2 * time.Second},
		{Kind: solver.PassProgress, Tier: key, Pass: "init", Done: 60, Total: 100, Elapsed: 2500 * time.Millisecond}, // same second: no bar
		{Kind: solver.PassDone, Tier: key, Pass: "init", Done: 100, Total: 100, Elapsed: 4 * time.Second},
		{Kind: solver.LevelDone, Tier: key, Level: 0, Decided: 42},
		{Kind: solver.LevelsDone, Tier: key, Level: 1},
		{Kind: solver.Note, Tier: key, Text: "a note"},
		{Kind: solver.LevelDone, Tier: key, Level: 3, Text: "level 3: worded"},
		{Kind: solver.TierDone, Tier: key, Stats: st},
	} {
		on(e)
	}
	want := "lion tier captured=4 (12 prey on the board): 100 entries, 6 predator classes\n" +
		"\r  init [##########..........]  50.0% 50/100  0.00 M/s  ETA 2s   " +
		"\r  init done: 100 in 4s (0.00 M/s)                                   \n" +
		"\r  level 0: 42 decided   " +
		"\r  1 levels                              \n" +
		"  a note\n" +
		"\r  level 3: worded                    \n" +
		"  " + st.Line() + "\n"
	if got := sb.String(); got != want {
		t.Errorf("printed\n%q\nwant\n%q", got, want)
	}
}

// Counts in the tier table are written with their thousands grouped.
func TestGroups(t *testing.T) {
	for n, want := range map[int64]string{0: "0", 999: "999", 1000: "1,000", -1234567: "-1,234,567", 3889529886: "3,889,529,886"} {
		if got := groups(n); got != want {
			t.Errorf("groups(%d) = %q, want %q", n, got, want)
		}
	}
}

package testkit

import "testing"

// PlainOnly, a test's first line, marks a test of long work on one
// goroutine (a tier solved to build one strategy from it, every entry of a
// table read back, a 100 MB bomb packed): the race detector has nothing to
// find there and makes it ten to twenty times slower, so under -race it is
// skipped. The concurrency such work has (the solver's pool, a table
// written in parallel) is raced by the tests of its own package. make
// test-quick runs every PlainOnly test again without -race (the Makefile's
// PLAIN_TESTS), so each still runs in make test.
func PlainOnly(t testing.TB) {
	t.Helper()
	if Race {
		t.Skip("long work on one goroutine: it runs without -race (make test-quick runs it so)")
	}
}

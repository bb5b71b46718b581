package tables

import (
	"runtime"
	"testing"
	"time"

	"huntchess/ai/tablebase"
	"huntchess/core"
)

// loadedTable keeps the last table a benchmark loaded alive (its memory is measured).
var loadedTable *tablebase.Table

// The first use of a game's table in the app, as a player meets it: the
// table manager solves the game's plan in the background and caches it
// (Owner.build), then a later run loads the cached file. Run with
//
//	go test -run '^$' -bench FirstUse -benchtime 1x ./session
//
// (the machine's other work slows it: run nothing beside it).
func BenchmarkFirstUse(b *testing.B) {
	for _, c := range []struct {
		name   string
		id     core.GameID
		mobile bool
	}{
		{"lion-phone", core.SurroundTheLion, true},
		{"deer-desktop", core.DeerChess, false},
	} {
		b.Run(c.name, func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				dir := b.TempDir()
				solve := firstUse(b, dir, c.id, c.mobile)
				b.ReportMetric(solve.Seconds(), "solve-s")
				runtime.GC()
				var before runtime.MemStats
				runtime.ReadMemStats(&before)
				load := firstUse(b, dir, c.id, c.mobile) // a later run: from the cache
				var after runtime.MemStats
				runtime.ReadMemStats(&after)
				b.ReportMetric(float64(load.Milliseconds()), "load-ms")
				b.ReportMetric(float64(after.HeapAlloc-before.HeapAlloc)/(1<<20), "loaded-MiB")
			}
		})
	}
}

// firstUse runs a table manager over dir for game id until its table is
// ready and returns how long that took.
func firstUse(b *testing.B, dir string, id core.GameID, mobile bool) time.Duration {
	m := newOwner(dir, nil, mobile, func(f func()) { f() })
	m.set = func(_ core.GameID, t *tablebase.Table) { loadedTable = t }
	start := time.Now()
	m.ensure(id)
	m.wg.Wait()
	if st := m.get(id); st.State != Ready {
		b.Fatalf("%v: table not ready: %v", id, st.Err)
	}
	return time.Since(start)
}

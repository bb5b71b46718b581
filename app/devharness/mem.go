package devharness

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"runtime/pprof"
	"sync"
	"time"

	"huntchess/ai"
	"huntchess/app"
	"huntchess/core"
	"huntchess/match"
	"huntchess/session"
)

// Developer tools for measuring memory (scripts/memory.sh, `make memory`),
// switched on by these developer variables:
//
//	HUNTCHESS_MEMPROFILE DIR  on SIGUSR1 (not on Windows) the app writes
//	                          a heap profile DIR/heap-N.pb.gz (go tool pprof)
//	                          and a line "huntchess-mem: …" on stderr with
//	                          the Go runtime's own figures (heap, stacks,
//	                          the rest, released to the system)
//	HUNTCHESS_DEVLOG 1        a line "huntchess-dev: …" on stderr for every
//	                          move of the game shown (its count since the
//	                          start) and once the game's endgame table is
//	                          loaded ("table-ready GAME")
//	HUNTCHESS_WATCH_LOOP 1    watch mode goes on from game to game (as the
//	                          game-over dialog's Play again does); implies
//	                          HUNTCHESS_DEVLOG
//	HUNTCHESS_WATCH_WAIT 1    watch mode stays paused until the game's
//	                          endgame table is loaded (where the app has
//	                          one for it): the table is solved without the
//	                          two Master searches beside it
//	HUNTCHESS_THINK_SCALE F   the AI's time caps and node budgets times F,
//	                          as ai.ScaleLimits (e.g. 0.1: Master thinks
//	                          0.3 s; its transposition table keeps its size)

// scaledThink is the search with the AI's budgets times scale
// (HUNTCHESS_THINK_SCALE), nil when unscaled.
func scaledThink(scale float64, engine ai.Engine) session.ThinkFunc {
	if scale <= 0 || scale == 1 {
		return nil
	}
	return func(ctx context.Context, g *core.Game, level match.Level) ai.Result {
		return engine.Choose(ctx, g.Position(), ai.ScaleLimits(ai.GameLimits(g, level), scale))
	}
}

// startTools starts the memory profile and the move log the developer
// settings ask for.
func (h *Harness) startTools(c app.Control) {
	if h.MemProfile != "" {
		watchMemSignal(func() { writeMemProfile(h.MemProfile) })
	}
	if h.DevLog || h.WatchLoop || h.WatchWait {
		go moveLog(c, h.WatchLoop, h.WatchWait)
	}
}

var memProfiles struct {
	sync.Mutex
	n int
}

// writeMemProfile writes the next heap profile into dir and the runtime's
// figures on stderr.
func writeMemProfile(dir string) {
	memProfiles.Lock()
	defer memProfiles.Unlock()
	memProfiles.n++
	fmt.Fprintln(os.Stderr, "huntchess-mem:", memLine())
	if err := os.MkdirAll(dir, 0o755); err != nil {
		fmt.Fprintln(os.Stderr, "huntchess-mem:", err)
		return
	}
	f, err := os.Create(filepath.Join(dir, fmt.Sprintf("heap-%d.pb.gz", memProfiles.n)))
	if err == nil {
		err = pprof.Lookup("heap").WriteTo(f, 0)
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "huntchess-mem:", err)
	}
}

// memLine is the Go runtime's memory in MiB: the live heap (objects), the
// heap the runtime holds (in use, free, and released to the system), the
// goroutine stacks, the rest (GC metadata, caches, profiling buckets) and
// what it holds of the system in all; then the CPU time the garbage
// collector took of the CPU time of the process so far (the runtime's
// estimate). Memory the C code (OpenGL, Mesa,
// fonts' rasteriser buffers) allocates is not in it.
func memLine() string {
	names := []string{
		"/memory/classes/heap/objects:bytes",
		"/memory/classes/heap/unused:bytes",
		"/memory/classes/heap/free:bytes",
		"/memory/classes/heap/released:bytes",
		"/memory/classes/heap/stacks:bytes",
		"/memory/classes/os-stacks:bytes",
		"/memory/classes/metadata/other:bytes",
		"/memory/classes/metadata/mspan/inuse:bytes",
		"/memory/classes/metadata/mcache/inuse:bytes",
		"/memory/classes/profiling/buckets:bytes",
		"/memory/classes/other:bytes",
		"/memory/classes/total:bytes",
		"/gc/heap/goal:bytes",
		"/cpu/classes/gc/total:cpu-seconds",
		"/cpu/classes/total:cpu-seconds",
	}
	s := make([]metrics.Sample, len(names))
	for i, n := range names {
		s[i].Name = n
	}
	metrics.Read(s)
	v := func(i int) float64 {
		if s[i].Value.Kind() != metrics.KindUint64 {
			return 0
		}
		return float64(s[i].Value.Uint64()) / (1 << 20)
	}
	secs := func(i int) float64 {
		if s[i].Value.Kind() != metrics.KindFloat64 {
			return 0
		}
		return s[i].Value.Float64()
	}
	rest := v(6) + v(7) + v(8) + v(9) + v(10)
	return fmt.Sprintf("objects=%.1f unused=%.1f free=%.1f released=%.1f stacks=%.1f other=%.1f total=%.1f goal=%.1f goroutines=%d (MiB); GC %.2f s of %.1f s CPU",
		v(0), v(1), v(2), v(3), v(4)+v(5), rest, v(11), v(12), runtime.NumGoroutine(), secs(13), secs(14))
}

// moveLog writes a line for every move of the game shown and once each
// game's table is loaded; with loop, a watch-mode game that is over starts
// again (Play again); with wait, watch mode is paused until the game's
// table is loaded.
func moveLog(c app.Control, loop, wait bool) {
	var ready [core.NumGames]bool
	moves := 0
	var last *core.Game
	lastLen := 0
	tables := c.Tables()
	for range time.Tick(250 * time.Millisecond) {
		if c.Stopping() {
			return
		}
		for _, info := range core.Games() {
			if !ready[info.ID] && tables.Table(info.ID) != nil {
				ready[info.ID] = true
				fmt.Fprintln(os.Stderr, "huntchess-dev: table-ready", info.ID)
			}
		}
		done := make(chan struct{})
		c.Do(func() {
			defer close(done)
			gs := c.Playing()
			if gs == nil {
				return
			}
			g := gs.Game()
			id := g.Info().ID
			if g != last {
				last, lastLen = g, 0
			}
			switch n := g.Len(); {
			case n > lastLen:
				moves += n - lastLen
				lastLen = n
				fmt.Fprintln(os.Stderr, "huntchess-dev: moves", moves, id)
			case n < lastLen: // undone
				lastLen = n
			}
			if wait && gs.Watching() {
				if tables.Planned(id) && !ready[id] {
					gs.Hold()
				} else if gs.Held() {
					wait = false
					gs.Release()
				}
			}
			if loop && gs.Watching() && g.Outcome().Over() {
				fmt.Fprintln(os.Stderr, "huntchess-dev: game-over", id)
				c.PlayAgain()
			}
		})
		select {
		case <-done:
		case <-time.After(5 * time.Second): // Do dropped it (stopping)
		}
	}
}

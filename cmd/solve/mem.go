package main

import (
	"fmt"
	"math/rand"
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
	"runtime/pprof"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/solver"
	"huntchess/core"
)

// mem does what the app does the first time a game's table is needed —
// NewSolver, Threads = NumCPU, Run(the app's plan), Write, (with
// closeSolver) Close, Open — and then probes random positions of the
// plan's tiers from two goroutines (as the search does) until the table
// has been read all over. It prints the
// process's memory after each step: RSS (VmRSS), its peak so far (VmHWM)
// and the Go heap's live objects, with the largest heap seen by a sampler.
// GOGC is left at the runtime's default (the app's; or $GOGC), not the 20 %
// the build command uses. The table is written to a scratch directory.
// With memProfile, the live heap once the table is written (before Close)
// goes to that file.
func mem(g *core.GameInfo, probes int, cacheBytes int64, closeSolver bool, memProfile string) error {
	debug.SetGCPercent(gcPercent())
	dir, err := os.MkdirTemp("", "solve-mem-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	var peakHeap atomic.Int64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Add(1)
	go func() { // the heap's high-water mark (VmHWM is the RSS's)
		defer wg.Done()
		for {
			if h := heapBytes(); h > peakHeap.Load() {
				peakHeap.Store(h)
			}
			select {
			case <-stop:
				return
			case <-time.After(10 * time.Millisecond):
			}
		}
	}()
	start := time.Now()
	line := func(what string) {
		rss, hwm := procMem()
		fmt.Printf("mem: %-28s %7.1fs  RSS %6.1f MB  peak RSS %6.1f MB  heap %6.1f MB  peak heap %6.1f MB\n",
			what, time.Since(start).Seconds(), mb(rss), mb(hwm), mb(heapBytes()), mb(peakHeap.Load()))
	}
	line("start")
	plan := solver.MovingPlan(g.ID) // tables/owner.go appPlan: the lion whole, deer chess's moving phase
	s := solver.NewSolver(tablebase.ForGame(g.ID))
	s.Threads = runtime.NumCPU()
	s.Run(plan, func(st tablebase.TierStats) {
		line(fmt.Sprintf("solved tier %d/%d", st.Captured, st.Hand))
	})
	path := tablebase.Path(dir, g.Key)
	if _, err := s.Write(path); err != nil {
		return err
	}
	line("written")
	if memProfile != "" {
		if err := writeHeapProfile(memProfile); err != nil {
			return err
		}
	}
	if closeSolver {
		s.Close()
		line("solver closed")
	}
	s = nil
	t, err := tablebase.Open(path)
	if err != nil {
		return err
	}
	if cacheBytes >= 0 {
		setCache(t, cacheBytes)
	}
	line("opened")
	var misses atomic.Int64
	pt := time.Now()
	var pw sync.WaitGroup
	for w := 0; w < 2; w++ {
		pw.Add(1)
		go func(w int) {
			defer pw.Done()
			rng := rand.New(rand.NewSource(int64(w + 1)))
			for i := 0; i < probes/2; i++ {
				c := plan.Tiers[rng.Intn(len(plan.Tiers))]
				if _, _, ok := t.Probe(tablebase.RandomPosition(rng, g, c, 0)); !ok {
					misses.Add(1)
				}
			}
		}(w)
	}
	pw.Wait()
	el := time.Since(pt)
	line(fmt.Sprintf("ready (%d probes)", probes))
	fmt.Printf("mem: %s: %d random probes from 2 goroutines in %.2f s (%.0f ns each), %d not covered\n",
		g.Key, probes, el.Seconds(), float64(el.Nanoseconds())/float64(probes)*2, misses.Load())
	time.Sleep(5 * time.Second)
	line("ready, 5 s later")
	runtime.KeepAlive(t)
	close(stop)
	wg.Wait()
	return nil
}

// setCache bounds the table's cache of unpacked blocks (where the table
// has one).
func setCache(t *tablebase.Table, n int64) {
	if c, ok := any(t).(interface{ SetCacheBytes(int64) }); ok {
		c.SetCacheBytes(n)
	}
}

// writeHeapProfile writes the live heap (after a collection) to path, for
// go tool pprof.
func writeHeapProfile(path string) error {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	runtime.GC()
	if err := pprof.WriteHeapProfile(f); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

func gcPercent() int {
	if v, err := strconv.Atoi(os.Getenv("GOGC")); err == nil {
		return v
	}
	return 100
}

func mb(n int64) float64 { return float64(n) / 1e6 }

var heapSample = []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}

// heapBytes is the memory held by heap objects, live or not yet swept.
func heapBytes() int64 {
	metrics.Read(heapSample)
	return int64(heapSample[0].Value.Uint64())
}

// procMem returns VmRSS and VmHWM (0 where /proc is missing).
func procMem() (rss, hwm int64) {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0, 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		kb, _ := strconv.ParseInt(f[1], 10, 64)
		switch f[0] {
		case "VmRSS:":
			rss = kb << 10
		case "VmHWM:":
			hwm = kb << 10
		}
	}
	return rss, hwm
}

package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/solver"
	"huntchess/core"
)

// compactTiers solves a game's moving-phase tiers with the compact solver
// (solver.RunCompact), each into its tier file as it is done, resuming from
// those already written, and with write, the table file from them.
func compactTiers(g *core.GameInfo, dir, tierList string, threads int, write bool) error {
	r := tablebase.ForGame(g.ID)
	if !solver.CompactSolvable(r) {
		return fmt.Errorf("%s: the compact solver needs a game without traps or a cliff", g.Key)
	}
	var tiers []int
	if tierList == "" {
		for c := r.CaptureWin - 1; c >= 0; c-- {
			tiers = append(tiers, c)
		}
	} else {
		for _, f := range strings.Split(tierList, ",") {
			n, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil || n < 0 || n >= g.CapturesToWin {
				return fmt.Errorf("-tiers: %q is not a captured count from 0 to %d", f, g.CapturesToWin-1)
			}
			tiers = append(tiers, n)
		}
	}
	s := solver.NewSolver(r)
	s.Threads = threads
	s.OnEvent = newPrinter(os.Stderr)
	start := time.Now()
	fmt.Fprintf(os.Stderr, "solve: %s: tiers %v with the compact solver, %d threads, into %s\n", g.Key, tiers, threads,
		filepath.Dir(solver.TierPath(dir, g.Key, 0)))
	err := s.RunCompact(dir, tiers, func(h *solver.TierFileHeader, resumed bool) {
		how := "solved"
		if resumed {
			how = "found"
		}
		fmt.Fprintf(os.Stderr, "solve: %s %s (%s; %.1f s; peak memory so far %.2f GiB; %s since the start)\n", g.Key, h.Stats.Line(), how,
			h.Seconds, float64(peakMemory())/(1<<30), time.Since(start).Round(time.Second))
	})
	if err != nil || !write {
		return err
	}
	path := tablebase.Path(dir, g.Key)
	wstart := time.Now()
	h, err := solver.WriteCompactTable(path, dir, r, tiers, threads)
	if err != nil {
		return err
	}
	fi, err := os.Stat(path)
	if err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "solve: %s: %d sections, %.1f MiB raw, %.2f MiB in %s (%.1f s)\n", g.Key, len(h.Sections),
		float64(h.Raw)/(1<<20), float64(fi.Size())/(1<<20), path, time.Since(wstart).Seconds())
	return nil
}

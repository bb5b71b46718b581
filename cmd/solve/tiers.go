package main

import (
	"fmt"
	"os"
	"path/filepath"
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
		var err error
		if tiers, err = parseTiers(g, tierList); err != nil {
			return err
		}
	}
	s := solver.NewSolver(r)
	s.Threads = threads
	s.OnEvent = newPrinter(os.Stderr)
	start := time.Now()
	fmt.Fprintf(os.Stderr, "solve: %s: tiers %v with the compact solver, %d threads, into %s\n", g.Key, tiers, threads,
		filepath.Dir(solver.TierPath(dir, g.Key, 0)))
	b := Build{Game: g.Key, Date: time.Now().UTC().Format("2006-01-02"), Threads: threads}
	err := s.RunCompact(dir, tiers, func(h *solver.TierFileHeader, resumed bool) {
		how := "solved"
		if resumed {
			how = "found"
		}
		st := h.Stats
		st.Seconds = h.Seconds
		b.Tiers = append(b.Tiers, BuildTier{TierStats: st, Seconds: h.Seconds, PeakMemory: h.PeakMemory})
		b.Seconds += h.Seconds
		b.PeakMemory = max(b.PeakMemory, h.PeakMemory)
		fmt.Fprintf(os.Stderr, "solve: %s %s (%s; peak memory %.2f GiB; %s since this run began)\n", g.Key, st.Line(), how,
			float64(h.PeakMemory)/(1<<30), time.Since(start).Round(time.Second))
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
	// The build record the report reads: the tiers' own times and peaks
	// (summed and the most), whichever run solved them.
	b.RawBytes, b.FileBytes = h.Raw, fi.Size()
	return writeJSON(filepath.Join(dir, g.Key+".build.json"), b)
}

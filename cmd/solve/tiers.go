package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"os/signal"
	"path/filepath"
	"strconv"
	"syscall"
	"time"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/solver"
	"huntchess/core"
)

// tierSolver is a solver of g's tiers on threads, telling its progress on
// standard error, and the tiers tierList names (tiersOrAll).
func tierSolver(g *core.GameInfo, tierList string, threads int) (*solver.Solver, []int, error) {
	tiers, err := tiersOrAll(g, tierList)
	if err != nil {
		return nil, nil, err
	}
	s := solver.NewSolver(tablebase.ForGame(g.ID))
	s.Threads = threads
	s.OnEvent = newPrinter(os.Stderr)
	return s, tiers, nil
}

// compactTiers solves a game's moving-phase tiers with the compact solver
// (solver.RunCompact), each into its tier file as it is done, resuming from
// those already written, and with write, the table file from them.
func compactTiers(g *core.GameInfo, dir, tierList string, threads int, write bool) error {
	r := tablebase.ForGame(g.ID)
	if !solver.CompactSolvable(r) {
		return fmt.Errorf("%s: the compact solver needs a game without traps or a cliff", g.Key)
	}
	s, tiers, err := tierSolver(g, tierList, threads)
	if err != nil {
		return err
	}
	// A stop (SIGTERM, SIGINT) writes the tier's part at the end of the
	// level in progress; a second one stops at once.
	sig := make(chan os.Signal, 2)
	signal.Notify(sig, syscall.SIGTERM, os.Interrupt)
	defer signal.Stop(sig)
	go func() {
		if _, ok := <-sig; !ok {
			return
		}
		fmt.Fprintln(os.Stderr, "\nsolve: stopping at the end of this level, its part written (stop again to stop at once)")
		s.Stop()
		if _, ok := <-sig; ok {
			os.Exit(1)
		}
	}()
	start := time.Now()
	fmt.Fprintf(os.Stderr, "solve: %s: tiers %v with the compact solver, %d threads, into %s\n", g.Key, tiers, threads,
		filepath.Dir(solver.TierPath(dir, g.Key, 0)))
	b := Build{Game: g.Key, Date: time.Now().UTC().Format("2006-01-02"), Threads: threads}
	err = s.RunCompact(dir, tiers, func(h *solver.TierFileHeader, resumed bool) {
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
	if errors.Is(err, solver.ErrStopped) {
		fmt.Fprintf(os.Stderr, "solve: %s: stopped; the tier in progress goes on from its part when this command runs again (%s since this run began)\n",
			g.Key, time.Since(start).Round(time.Second))
		return nil
	}
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

// listTiers prints, as a Markdown table, the tiers of a game solved into
// tier files in dir (from their headers: nothing is solved or read whole)
// and the part of a tier in progress.
func listTiers(g *core.GameInfo, dir string, w io.Writer) error {
	r := tablebase.ForGame(g.ID)
	fmt.Fprintf(w, "| captured | %ss | positions | %s to move: W / D / L | %ss to move: W / D / L | longest win | levels | time | peak memory |\n",
		g.Prey, g.Predator, g.Prey)
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|---|")
	seen := 0
	for c := r.CaptureWin - 1; c >= 0; c-- {
		path := solver.TierPath(dir, g.Key, c)
		h, _, err := solver.ReadTierHeader(path, r)
		if err == nil {
			seen++
			st := h.Stats
			p := st.PredatorToMove
			fmt.Fprintf(w, "| %d | %d | %s | %s / %s / %s | %s / %s / %s | %d | %d | %s s | %.2f GiB |\n", c, r.PreyCount-c,
				groups(st.Positions), groups(p[0]), groups(p[1]), groups(p[2]),
				groups(st.Wins-p[0]), groups(st.Draws-p[1]), groups(st.Losses-p[2]), st.LongestWin, st.Levels,
				groups(int64(math.Round(h.Seconds))), float64(h.PeakMemory)/(1<<30))
			continue
		}
		if !os.IsNotExist(err) {
			fmt.Fprintf(w, "| %d | %d | %v |\n", c, r.PreyCount-c, err)
			continue
		}
		if pi, err := solver.ReadPartInfo(solver.PartPath(dir, g.Key, c), r); err == nil {
			fmt.Fprintf(w, "| %d | %d | in progress: levels 0 to %d done (%s s of work, part written %s) |\n", c, r.PreyCount-c,
				pi.Level-1, groups(int64(pi.Seconds)), pi.Written)
		}
	}
	if seen == 0 {
		return fmt.Errorf("no tier files of %s in %s", g.Key, filepath.Dir(solver.TierPath(dir, g.Key, 0)))
	}
	return nil
}

// groups writes n with its digits in groups of three ("3,889,529,886").
func groups(n int64) string {
	s := strconv.FormatInt(n, 10)
	if n < 0 {
		return "-" + groups(-n)
	}
	for i := len(s) - 3; i > 0; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

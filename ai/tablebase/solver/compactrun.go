package solver

import (
	"fmt"
	"os"
	"runtime/debug"
	"strconv"
	"strings"
)

// resetPeak starts the process's peak resident memory (VmHWM) afresh, so
// that each tier's peak is its own (Linux; elsewhere nothing).
func resetPeak() { os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) }

// PeakRSS is the process's peak resident memory (VmHWM) since it started or
// since RunCompact last began a tier, in bytes (0 where /proc is missing).
func PeakRSS() int64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for _, line := range strings.Split(string(data), "\n") {
		if f := strings.Fields(line); len(f) >= 2 && f[0] == "VmHWM:" {
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb << 10
		}
	}
	return 0
}

// RunCompact solves the moving-phase tiers of s's game in the order given
// (most captured first) with the compact solver, each into its tier file in
// dir (TierPath) as soon as it is solved. A tier whose file is there and
// whole is not solved again, so a run stopped part-way resumes from the
// last tier written, and inside the tier in progress from its last part
// (part.go, s.PartPath: PartPath in dir unless set). done (nil: none) is told of each tier, solved now or
// found (resumed). The tiers below the first one given must have their
// files in dir already unless its captures end the game.
func (s *Solver) RunCompact(dir string, tiers []int, done func(h *TierFileHeader, resumed bool)) error {
	r := s.R
	if s.PartPath == nil {
		s.PartPath = func(c int) string { return PartPath(dir, r.Name, c) }
	}
	lower := map[int]*CompactTier{}
	// needLower loads the prey half of tier c+1 (c+2 for pairs is not a
	// compact game) unless it is held or the game ends there.
	needLower := func(c int) error {
		for k := range lower {
			if k != c+1 {
				delete(lower, k) // no tier looks two down
			}
		}
		debug.FreeOSMemory()
		if c+1 >= r.CaptureWin || lower[c+1] != nil {
			return nil
		}
		t, err := ReadTierFile(TierPath(dir, r.Name, c+1), r, true)
		if err != nil {
			return fmt.Errorf("tier captured=%d needs captured=%d first: %w", c, c+1, err)
		}
		lower[c+1] = t
		return nil
	}
	for _, c := range tiers {
		path := TierPath(dir, r.Name, c)
		if h, _, err := ReadTierHeader(path, r); err == nil {
			s.emit(Event{Kind: Note, Tier: TierKey{c, 0}, Text: fmt.Sprintf("%s tier captured=%d: already solved (%s), resuming after it", r.Name, c, path)})
			if done != nil {
				done(h, true)
			}
			continue
		} else if !os.IsNotExist(err) {
			s.emit(Event{Kind: Note, Tier: TierKey{c, 0}, Text: fmt.Sprintf("%s tier captured=%d: %v; solving it again", r.Name, c, err)})
		}
		if err := needLower(c); err != nil {
			return err
		}
		resetPeak()
		t, err := s.SolveCompactTier(c, lower)
		if err != nil {
			return err
		}
		// Memory: the tier below is done with before the file is written,
		// and the prey half the next tier reads comes back from the file
		// once the whole is let go, so no two large arrays overlap.
		clear(lower)
		debug.FreeOSMemory()
		if err := WriteTierFile(path, r, t, PeakRSS()); err != nil {
			return err
		}
		debug.FreeOSMemory() // t is dead from here
		if err := os.Remove(s.PartPath(c)); err != nil && !os.IsNotExist(err) {
			return err
		}
		h, _, err := ReadTierHeader(path, r)
		if err != nil {
			return err
		}
		if done != nil {
			done(h, false)
		}
		if half, err := ReadTierFile(path, r, true); err == nil {
			lower[c] = half
		} else {
			return err
		}
	}
	return nil
}

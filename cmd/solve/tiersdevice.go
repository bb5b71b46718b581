package main

import (
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
	"time"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/devicebuild"
	"huntchess/ai/tablebase/solver"
	"huntchess/core"
)

// openTiers opens g's tier files in dir (dir/GAME.tiers/, solver.TierPath):
// those of the captured counts in list ("": every tier file there), most
// captured first, as a table lists them.
func openTiers(g *core.GameInfo, dir, list string) ([]devicebuild.Tier, func(), error) {
	r := tablebase.ForGame(g.ID)
	var caps []int
	if list == "" {
		for c := r.CaptureWin - 1; c >= 0; c-- {
			if _, err := os.Stat(solver.TierPath(dir, g.Key, c)); err == nil {
				caps = append(caps, c)
			}
		}
		if len(caps) == 0 {
			return nil, nil, fmt.Errorf("no tier files of %s in %s", g.Key, filepath.Dir(solver.TierPath(dir, g.Key, 0)))
		}
	} else {
		var err error
		if caps, err = parseTiers(g, list); err != nil {
			return nil, nil, err
		}
		slices.Sort(caps)
		slices.Reverse(caps)
	}
	var tiers []devicebuild.Tier
	var open []*solver.TierCodes
	closeAll := func() {
		for _, t := range open {
			t.Close()
		}
	}
	for _, c := range caps {
		t, err := solver.OpenTierCodes(solver.TierPath(dir, g.Key, c), r)
		if err != nil {
			closeAll()
			return nil, nil, err
		}
		open = append(open, t)
		tiers = append(tiers, t)
	}
	return tiers, closeAll, nil
}

// tiersPositions counts the positions of tiers.
func tiersPositions(tiers []devicebuild.Tier) int64 {
	var n int64
	for _, t := range tiers {
		n += t.Stats().Positions
	}
	return n
}

// deviceConvertTiers writes the device table of g's tier files in tiersDir
// as out/GAME.hctb (devicebuild.ConvertTiers).
func deviceConvertTiers(g *core.GameInfo, tiersDir, list, out string, o devicebuild.DeviceOptions) error {
	tiers, closeAll, err := openTiers(g, tiersDir, list)
	if err != nil {
		return err
	}
	defer closeAll()
	start := time.Now()
	prog, end := progressLine(os.Stderr, "device: "+g.Key)
	o.OnProgress = prog
	dst := tablebase.Path(out, g.Key)
	h, err := devicebuild.ConvertTiers(tablebase.ForGame(g.ID), tiers, dst, o)
	end()
	if err != nil {
		return err
	}
	fi, err := os.Stat(dst)
	if err != nil {
		return err
	}
	n := tiersPositions(tiers)
	fmt.Printf("device: %s: %d positions from %d tier files (%d bytes); device table %d bytes (%.4f bits/position, %s, blocks of %d, side %d stored) in %s, %.1f s\n",
		g.Key, n, len(tiers), h.FullBytes, fi.Size(), 8*float64(fi.Size())/float64(n), h.Codec, o.BlockSize, h.StoredSide, dst, time.Since(start).Seconds())
	for _, sec := range h.Sections {
		b := sectionBytes(sec)
		fmt.Printf("device: %s: captured %d: %s, order %q, %d positions, %d bytes, %.4f bits/position\n",
			g.Key, sec.Captured, sec.Kind, sec.Order, sec.Stats.Positions, b, 8*float64(b)/float64(sec.Stats.Positions))
	}
	return nil
}

// deviceCheckTiers compares the device table devDir/GAME.hctb with g's tier
// files in tiersDir (devicebuild.CheckTiers): every stride-th entry.
func deviceCheckTiers(g *core.GameInfo, tiersDir, list, devDir string, stride int64, threads int, devCache int64) error {
	tiers, closeAll, err := openTiers(g, tiersDir, list)
	if err != nil {
		return err
	}
	defer closeAll()
	dev, err := tablebase.Open(tablebase.Path(devDir, g.Key))
	if err != nil {
		return err
	}
	defer dev.Close()
	dev.SetCacheBytes(devCache)
	fmt.Fprintf(os.Stderr, "device-check: %s: every %d-th entry of %d tier files, %d threads\n", g.Key, stride, len(tiers), threads)
	prog, end := progressLine(os.Stderr, "device-check: "+g.Key)
	rep := devicebuild.CheckTiers(dev, tiers, stride, threads, prog)
	end()
	fmt.Printf("device-check: %s: %d positions compared with the tier files (every %d-th entry; %d with the stored side to move, %d by a one-ply probe; %d wins, %d draws, %d losses; %d read without plies), %d mismatches, %.1f s\n",
		g.Key, rep.Positions, stride, rep.Stored, rep.Derived, rep.Wins, rep.Draws, rep.Losses, rep.NoPlies, rep.Mismatches, rep.Seconds)
	for _, e := range rep.Examples {
		fmt.Println("  ", e)
	}
	if err := writeJSON(filepath.Join(devDir, g.Key+".device-check.json"), rep); err != nil {
		return err
	}
	if rep.Mismatches > 0 {
		return fmt.Errorf("%s: %d mismatches", g.Key, rep.Mismatches)
	}
	return nil
}

// deviceLayoutsTiers measures every layout of g's tier files in tiersDir,
// tier by tier (devicebuild.MeasureTiers), and prints bits a position.
func deviceLayoutsTiers(g *core.GameInfo, tiersDir, list, out string, o devicebuild.MeasureOptions) error {
	tiers, closeAll, err := openTiers(g, tiersDir, list)
	if err != nil {
		return err
	}
	defer closeAll()
	prog, end := progressLine(os.Stderr, "device-layouts: "+g.Key)
	o.Progress = prog
	rep, err := devicebuild.MeasureTiers(tablebase.ForGame(g.ID), tiers, o)
	end()
	if err != nil {
		return err
	}
	side := [2]string{"predator", "prey"}
	fmt.Printf("device-layouts: %s from its tier files: blocks of %d entries, order %q, every %d-th block; bits a position (of the tier's positions, both sides to move) of each plane stored for one side to move:\n",
		g.Key, rep.BlockSize, rep.Order, max(rep.Sample, 1))
	for _, s := range rep.Sections {
		for _, sd := range o.Sides {
			fmt.Printf("  captured %2d (%d %ss) %-8s to move, %d positions, %d of %d blocks, %.0f s:", s.Captured,
				tablebase.ForGame(g.ID).PreyCount-s.Captured, g.Prey, side[sd], s.Positions, s.Sampled, s.Blocks, s.Seconds)
			for k, pn := range rep.Names {
				if o.Planes == nil || slices.Contains(o.Planes, k) {
					fmt.Printf(" %s %.4f;", pn, 8*float64(s.Bytes[sd][k])/float64(s.Positions))
				}
			}
			fmt.Println()
		}
	}
	if out == "" {
		return nil
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	name := fmt.Sprintf("%s.tiers.device-layouts.block%d", g.Key, rep.BlockSize)
	if rep.Order != "" {
		name += "." + rep.Order
	}
	return writeJSON(filepath.Join(out, name+".json"), rep)
}

// planeList reads -planes: plane names (devicebuild.PlaneNames) joined by
// commas; "" every plane (nil).
func planeList(spec string) ([]int, error) {
	if spec == "" {
		return nil, nil
	}
	var out []int
	for _, f := range strings.Split(spec, ",") {
		k := slices.Index(devicebuild.PlaneNames[:], strings.TrimSpace(f))
		if k < 0 {
			return nil, fmt.Errorf("-planes: no plane %q (%s)", f, strings.Join(devicebuild.PlaneNames[:], ", "))
		}
		out = append(out, k)
	}
	return out, nil
}

// countingReader counts the reads of a file (each a range request when the
// table is read from the site) and their bytes, and waits latency before
// each (a simulated round trip).
type countingReader struct {
	f            *os.File
	reads, bytes atomic.Int64
	latency      time.Duration
}

func (c *countingReader) ReadAt(p []byte, off int64) (int, error) {
	c.reads.Add(1)
	c.bytes.Add(int64(len(p)))
	if c.latency > 0 {
		time.Sleep(c.latency)
	}
	return c.f.ReadAt(p, off)
}

// ProbeTimes are device-probe's figures for one tier and side to move.
type ProbeTimes struct {
	Captured int     `json:"captured"`
	Side     string  `json:"side"` // "stored" or "derived" (a one-ply probe)
	Probes   int     `json:"probes"`
	WarmUS   float64 `json:"warmMicros"`    // mean, every block unpacked
	ColdMS   float64 `json:"coldMillis"`    // mean, the cache emptied before each
	ColdP95  float64 `json:"coldP95Millis"` // 95th percentile
	ColdMax  float64 `json:"coldMaxMillis"`
	// ColdCPU and WarmCPU are the CPU time of the probing thread (Linux),
	// the mean: what a probe costs on a machine shared with other work,
	// where the wall clock waits for the CPU too.
	ColdCPU float64 `json:"coldCPUMillis,omitempty"`
	WarmCPU float64 `json:"warmCPUMicros,omitempty"`
	Reads   float64 `json:"readsPerColdProbe"` // block reads (range requests) a cold probe
	KB      float64 `json:"kbPerColdProbe"`    // their bytes
}

// deviceProbe times probes of the device table dir/GAME.hctb, tier by tier
// and by side to move: warm (its blocks unpacked: the mean of reps probes
// of each position after one) and cold (the cache emptied before each; the
// file's pages most likely in the OS's cache, each read waiting latency
// first: a range request to the site).
func deviceProbe(g *core.GameInfo, dir string, probes int, latency time.Duration) error {
	path := tablebase.Path(dir, g.Key)
	f, err := os.Open(path)
	if err != nil {
		return err
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		return err
	}
	cr := &countingReader{f: f}
	t, err := tablebase.OpenReaderAt(cr, fi.Size(), false)
	if err != nil {
		return err
	}
	defer t.Close()
	if !t.IsDevice() {
		return fmt.Errorf("%s is not a device table", path)
	}
	stored := t.Device().StoredSide
	fmt.Printf("device-probe: %s: %d bytes, side %d stored, %d probes a tier and side, latency %v a read\n", g.Key, fi.Size(), stored, probes, latency)
	var all []ProbeTimes
	const reps = 200
	runtime.LockOSThread() // threadCPU measures this thread
	defer runtime.UnlockOSThread()
	for _, sec := range t.Sections {
		rng := rand.New(rand.NewSource(int64(sec.Captured + 1)))
		var ps [2][]core.Position // stored, derived
		for try := 0; (len(ps[0]) < probes || len(ps[1]) < probes) && try < 100*probes; try++ {
			p := tablebase.RandomPosition(rng, g, sec.Captured, sec.Hand)
			q, ok := t.FromCore(p)
			if !ok {
				continue
			}
			if _, _, ok, err := t.ProbeErr(p); !ok || err != nil {
				continue
			}
			k := 0
			if q.Side != stored {
				k = 1
			}
			if len(ps[k]) < probes {
				ps[k] = append(ps[k], p)
			}
		}
		for k, name := range []string{"stored", "derived"} {
			if len(ps[k]) == 0 {
				continue
			}
			pt := ProbeTimes{Captured: sec.Captured, Side: name, Probes: len(ps[k])}
			var cold []float64
			cr.latency = latency
			r0, b0 := cr.reads.Load(), cr.bytes.Load()
			var coldCPU, warmCPU time.Duration
			for _, p := range ps[k] {
				t.SetCacheBytes(0)
				t.SetCacheBytes(tablebase.DefaultCacheBytes)
				c0, _ := threadCPU()
				st := time.Now()
				t.Probe(p)
				cold = append(cold, float64(time.Since(st).Microseconds())/1000)
				c1, _ := threadCPU()
				coldCPU += c1 - c0
			}
			cr.latency = 0
			n := float64(len(ps[k]))
			pt.Reads = float64(cr.reads.Load()-r0) / n
			pt.KB = float64(cr.bytes.Load()-b0) / n / 1000
			var warm time.Duration
			for _, p := range ps[k] {
				t.Probe(p)
				c0, _ := threadCPU()
				st := time.Now()
				for range reps {
					t.Probe(p)
				}
				warm += time.Since(st)
				c1, _ := threadCPU()
				warmCPU += c1 - c0
			}
			pt.WarmUS = float64(warm.Nanoseconds()) / 1000 / n / reps
			if _, ok := threadCPU(); ok {
				pt.ColdCPU = float64(coldCPU.Microseconds()) / 1000 / n
				pt.WarmCPU = float64(warmCPU.Nanoseconds()) / 1000 / n / reps
			}
			slices.Sort(cold)
			var sum float64
			for _, c := range cold {
				sum += c
			}
			pt.ColdMS, pt.ColdP95, pt.ColdMax = sum/n, cold[int(0.95*(n-1))], cold[len(cold)-1]
			fmt.Printf("device-probe: %s captured %d, %s side to move: %d probes; warm %.2f µs (CPU %.2f); cold %.2f ms (p95 %.2f, max %.2f; CPU %.2f), %.2f reads, %.1f KB a probe\n",
				g.Key, sec.Captured, name, pt.Probes, pt.WarmUS, pt.WarmCPU, pt.ColdMS, pt.ColdP95, pt.ColdMax, pt.ColdCPU, pt.Reads, pt.KB)
			all = append(all, pt)
		}
	}
	return writeJSON(filepath.Join(dir, g.Key+".device-probe.json"), all)
}

package main

import (
	"errors"
	"fmt"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"time"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/devicebuild"
	"huntchess/core"
)

// progressLine returns a progress callback that redraws one line on w at
// most once every two seconds, and a function that ends the line.
func progressLine(w io.Writer, what string) (func(done, total int64), func()) {
	var mu sync.Mutex
	start := time.Now()
	var last time.Time
	drawn := false
	return func(done, total int64) {
			mu.Lock()
			defer mu.Unlock()
			if time.Since(last) < 2*time.Second && done < total {
				return
			}
			last = time.Now()
			el := time.Since(start).Seconds()
			eta := 0.0
			if done > 0 {
				eta = el * float64(total-done) / float64(done)
			}
			fmt.Fprintf(w, "\r%s %5.1f%% %d/%d  %.0f s, ETA %.0f s  ", what, 100*float64(done)/float64(max(total, 1)), done, total, el, eta)
			drawn = true
		}, func() {
			mu.Lock()
			if drawn {
				fmt.Fprintln(w)
			}
			mu.Unlock()
		}
}

// tableName is GAME or GAME.bound (with bound: the bound tier built alone).
func tableName(g *core.GameInfo, bound bool) string {
	if bound {
		return g.Key + boundSuffix
	}
	return g.Key
}

// openLazy opens a table file reading only its header now: each block is
// checked when first read (a big full table is not read twice).
func openLazy(path string) (*tablebase.Table, *os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	fi, err := f.Stat()
	if err == nil {
		var t *tablebase.Table
		if t, err = tablebase.OpenReaderAt(f, fi.Size(), false); err == nil {
			return t, f, nil
		}
	}
	f.Close()
	return nil, nil, fmt.Errorf("%s: %w", path, err)
}

// positions counts a table's positions (holes left out).
func positions(t *tablebase.Table) int64 {
	var n int64
	for _, s := range t.Sections {
		n += s.Stats.Positions
	}
	return n
}

// deviceConvert writes the device table of in/NAME.hctb as out/NAME.hctb.
func deviceConvert(g *core.GameInfo, in, out string, bound bool, o devicebuild.DeviceOptions, cache int64) error {
	name := tableName(g, bound)
	src := tablebase.Path(in, name)
	full, f, err := openLazy(src)
	if err != nil {
		return err
	}
	defer f.Close()
	if cache != 0 {
		full.SetCacheBytes(cache)
	}
	start := time.Now()
	prog, end := progressLine(os.Stderr, "device: "+name)
	o.OnProgress = prog
	dst := tablebase.Path(out, name)
	h, err := devicebuild.ConvertDevice(full, dst, o)
	end()
	if err != nil {
		return err
	}
	fi, err := os.Stat(dst)
	if err != nil {
		return err
	}
	n := positions(full)
	fmt.Printf("device: %s: %d positions; full table %d bytes (%.3f bits/position), device table %d bytes (%.3f bits/position, %s, blocks of %d, side %d stored) in %s, %.1f s\n",
		name, n, h.FullBytes, 8*float64(h.FullBytes)/float64(n), fi.Size(), 8*float64(fi.Size())/float64(n),
		h.Codec, o.BlockSize, h.StoredSide, dst, time.Since(start).Seconds())
	for _, sec := range h.Sections {
		b := sectionBytes(sec)
		fmt.Printf("device: %s: captured %d hand %d: %s, %d positions, %d bytes, %.4f bits/position\n",
			name, sec.Captured, sec.Hand, sec.Kind, sec.Entries, b, 8*float64(b)/float64(sec.Entries))
	}
	return nil
}

// tierSet reads -values-tiers: "" none, "all", "placing" (every tier of
// the placement phase), or captured counts "4,5,6" (tiers of the moving
// phase), the last two joined by commas.
func tierSet(flagName, spec string) (func(*tablebase.Section) bool, error) {
	switch spec {
	case "":
		return nil, nil
	case "all":
		return func(*tablebase.Section) bool { return true }, nil
	}
	set, placing := map[int]bool{}, false
	for _, f := range strings.Split(spec, ",") {
		f = strings.TrimSpace(f)
		if f == "placing" {
			placing = true
			continue
		}
		n, err := strconv.Atoi(f)
		if err != nil || n < 0 {
			return nil, fmt.Errorf("%s %q: captured counts, \"4,5,6\", placing, or all", flagName, spec)
		}
		set[n] = true
	}
	return func(sec *tablebase.Section) bool {
		if sec.Hand > 0 {
			return placing
		}
		return set[sec.Captured]
	}, nil
}

// longWinsSpec reads -long-wins: "" none, or "TIER:PLIES", the captured
// count of a tier of the moving phase and the plies from which its wins
// are stored with their moves.
func longWinsSpec(spec string) (func(*tablebase.Section) int, error) {
	if spec == "" {
		return nil, nil
	}
	a, b, ok := strings.Cut(spec, ":")
	tier, err1 := strconv.Atoi(a)
	plies, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil || tier < 0 || plies < 1 || plies > 255 {
		return nil, fmt.Errorf("-long-wins %q: TIER:PLIES, a captured count and 1 to 255 plies (\"6:17\")", spec)
	}
	return func(sec *tablebase.Section) int {
		if sec.Hand == 0 && sec.Captured == tier {
			return plies
		}
		return 0
	}, nil
}

// deviceCheck compares a device table with its full table.
func deviceCheck(g *core.GameInfo, fullDir, devDir string, bound bool, random int64, threads int, cache, devCache int64) error {
	name := tableName(g, bound)
	full, f, err := openLazy(tablebase.Path(fullDir, name))
	if err != nil {
		return err
	}
	defer f.Close()
	dev, err := tablebase.Open(tablebase.Path(devDir, name))
	if err != nil {
		return err
	}
	defer dev.Close()
	if !dev.IsDevice() {
		return fmt.Errorf("%s is not a device table", tablebase.Path(devDir, name))
	}
	full.SetCacheBytes(cache)
	dev.SetCacheBytes(devCache)
	what := "every position"
	if random > 0 {
		what = fmt.Sprintf("%d random positions", random)
	}
	fmt.Fprintf(os.Stderr, "device-check: %s: %s, %d threads\n", name, what, threads)
	prog, end := progressLine(os.Stderr, "device-check: "+name)
	rep := devicebuild.CheckDevice(full, dev, random, threads, prog)
	end()
	fmt.Printf("device-check: %s: %d positions compared (%d with the stored side to move, %d by a one-ply probe; %d wins, %d draws, %d losses), %d best moves compared, %d long wins compared, %d mismatches, %.1f s\n",
		name, rep.Positions, rep.Stored, rep.Derived, rep.Wins, rep.Draws, rep.Losses, rep.BestChecks, rep.LongWins, rep.Mismatches, rep.Seconds)
	for _, e := range rep.Examples {
		fmt.Println("  ", e)
	}
	if err := writeJSON(filepath.Join(devDir, name+".device-check.json"), rep); err != nil {
		return err
	}
	if rep.Mismatches > 0 {
		return fmt.Errorf("%s: %d mismatches", name, rep.Mismatches)
	}
	return nil
}

// deviceMem opens a device table as the app would, probes random covered
// positions from two goroutines, and prints the process's memory.
func deviceMem(g *core.GameInfo, dir string, probes int, cache int64) error {
	start := time.Now()
	line := func(what string) {
		runtime.GC()
		rss, hwm := procMem()
		fmt.Printf("device-mem: %-26s %6.1fs  RSS %6.1f MB  peak RSS %6.1f MB  heap %6.1f MB\n",
			what, time.Since(start).Seconds(), mb(rss), mb(hwm), mb(heapBytes()))
	}
	line("start")
	t, err := tablebase.Open(tablebase.Path(dir, g.Key))
	if err != nil {
		return err
	}
	defer t.Close()
	if cache >= 0 {
		t.SetCacheBytes(cache)
	}
	line("opened")
	var tiers [][2]int
	for _, s := range t.Sections {
		if !s.Bound {
			tiers = append(tiers, [2]int{s.Captured, s.Hand})
		}
	}
	pt := time.Now()
	var wg sync.WaitGroup
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			rng := rand.New(rand.NewSource(int64(w + 1)))
			for i := 0; i < probes/2; i++ {
				k := tiers[rng.Intn(len(tiers))]
				t.Probe(tablebase.RandomPosition(rng, g, k[0], k[1]))
			}
		}(w)
	}
	wg.Wait()
	el := time.Since(pt)
	line(fmt.Sprintf("ready (%d probes)", probes))
	st := t.CacheStats()
	fmt.Printf("device-mem: %s: %d random probes from 2 goroutines in %.2f s (%.1f µs each), cache %d blocks %.1f MB of %.1f MB, %d block reads\n",
		g.Key, probes, el.Seconds(), float64(el.Microseconds())/float64(probes)*2, st.Blocks, mb(st.Bytes), mb(st.Budget), st.Reads)
	return nil
}

// deviceLayouts measures what each layout of a device table would take
// (devicebuild.MeasureLayouts): every plane with either side to move, and
// the layouts that keep every position's value and plies exact; with out,
// the report goes to out/NAME.device-layouts.json too.
func deviceLayouts(g *core.GameInfo, dir, out string, bound bool, blockSize, threads int, cache int64) error {
	name := tableName(g, bound)
	full, f, err := openLazy(tablebase.Path(dir, name))
	if err != nil {
		return err
	}
	defer f.Close()
	if cache != 0 {
		full.SetCacheBytes(cache)
	}
	prog, end := progressLine(os.Stderr, "device-layouts: "+name)
	rep, err := devicebuild.MeasureLayouts(full, blockSize, threads, prog)
	end()
	if err != nil {
		return err
	}
	bits := func(b int64) float64 { return 8 * float64(b) / float64(rep.Positions) }
	side := [2]string{"predator", "prey"}
	fmt.Printf("device-layouts: %s: %d positions, blocks of %d entries; bits a position (bytes) of each plane:\n", name, rep.Positions, rep.BlockSize)
	for k, pn := range rep.Names {
		fmt.Printf("  %-18s predator to move %.3f (%d)  prey to move %.3f (%d)\n", pn,
			bits(rep.Bytes[0][k]), rep.Bytes[0][k], bits(rep.Bytes[1][k]), rep.Bytes[1][k])
	}
	fmt.Printf("device-layouts: %s: exact layouts, stored side S / other side O (bits a position):\n", name)
	for s := 1; s >= 0; s-- {
		o := 1 - s
		b := rep.Bytes
		fmt.Printf("  S = %-8s  S codes (solve device) %.3f | S values+lost plies, O lost plies %.3f | both values+lost plies %.3f | S values+won plies, O won plies %.3f\n",
			side[s], bits(b[s][devicebuild.PlaneCodes]),
			bits(b[s][devicebuild.PlaneValueLost]+b[o][devicebuild.PlaneLost]),
			bits(b[s][devicebuild.PlaneValueLost]+b[o][devicebuild.PlaneValueLost]),
			bits(b[s][devicebuild.PlaneValueWon]+b[o][devicebuild.PlaneWon]))
	}
	if out == "" {
		return nil
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return err
	}
	return writeJSON(filepath.Join(out, name+".device-layouts.json"), rep)
}

// deviceReencode writes the device table in/NAME.hctb again as
// out/NAME.hctb, the tiers o.Order picks in the slot order "far".
func deviceReencode(g *core.GameInfo, in, out string, bound bool, o devicebuild.DeviceOptions) error {
	name := tableName(g, bound)
	src, err := tablebase.Open(tablebase.Path(in, name))
	if err != nil {
		return err
	}
	defer src.Close()
	start := time.Now()
	prog, end := progressLine(os.Stderr, "device-reencode: "+name)
	o.OnProgress = prog
	dst := tablebase.Path(out, name)
	if filepath.Clean(dst) == filepath.Clean(tablebase.Path(in, name)) {
		end()
		return fmt.Errorf("device-reencode: %s is its own source", dst)
	}
	h, err := devicebuild.ReencodeDevice(src, dst, o)
	end()
	if err != nil {
		return err
	}
	fi, err := os.Stat(dst)
	if err != nil {
		return err
	}
	si, _ := os.Stat(tablebase.Path(in, name))
	n := positions(src)
	fmt.Printf("device-reencode: %s: %d positions; %d bytes (%.3f bits/position) → %d bytes (%.3f bits/position, format %d) in %s, %.1f s\n",
		name, n, si.Size(), 8*float64(si.Size())/float64(n), fi.Size(), 8*float64(fi.Size())/float64(n), h.Format, dst, time.Since(start).Seconds())
	for i, sec := range h.Sections {
		b, ob := sectionBytes(sec), sectionBytes(src.Sections[i])
		fmt.Printf("device-reencode: %s: captured %d hand %d: %s, order %q: %d → %d bytes (%.4f → %.4f bits/position)\n",
			name, sec.Captured, sec.Hand, sec.Kind, sec.Order, ob, b, 8*float64(ob)/float64(sec.Entries), 8*float64(b)/float64(sec.Entries))
	}
	return nil
}

// deviceCompare compares two device tables of a game position by position.
func deviceCompare(g *core.GameInfo, aDir, bDir string, bound bool, derivedEvery int64, threads int) error {
	if bDir == "" {
		return errors.New("device-compare needs -against DIR")
	}
	name := tableName(g, bound)
	a, err := tablebase.Open(tablebase.Path(aDir, name))
	if err != nil {
		return err
	}
	defer a.Close()
	b, err := tablebase.Open(tablebase.Path(bDir, name))
	if err != nil {
		return err
	}
	defer b.Close()
	a.SetCacheBytes(1 << 30)
	b.SetCacheBytes(1 << 30)
	prog, end := progressLine(os.Stderr, "device-compare: "+name)
	rep := devicebuild.CompareDevices(a, b, derivedEvery, threads, prog)
	end()
	fmt.Printf("device-compare: %s: %d positions compared (%d with the stored side to move, %d by a one-ply probe, every %d-th), %d mismatches, %.1f s\n",
		name, rep.Positions, rep.Stored, rep.Derived, derivedEvery, rep.Mismatches, rep.Seconds)
	for _, e := range rep.Examples {
		fmt.Println("  ", e)
	}
	if rep.Mismatches > 0 {
		return fmt.Errorf("device-compare: %d mismatches", rep.Mismatches)
	}
	return nil
}

// sectionBytes is the size of a device section's blocks as stored.
func sectionBytes(sec *tablebase.Section) int64 {
	var b int64
	for _, r := range sec.Blocks {
		b += int64(r.Len)
	}
	return b
}

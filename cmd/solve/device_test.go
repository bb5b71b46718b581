package main

import (
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"testing"
	"time"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/devicebuild"
)

// TestTierSet reads -values-tiers: captured counts pick tiers of the
// moving phase, "placing" every tier of the placement phase.
func TestTierSet(t *testing.T) {
	moving4 := &tablebase.Section{Captured: 4}
	moving5 := &tablebase.Section{Captured: 5}
	placing4 := &tablebase.Section{Captured: 4, Hand: 3}
	for _, c := range []struct {
		spec    string
		want    [3]bool // moving4, moving5, placing4
		invalid bool
	}{
		{"4", [3]bool{true, false, false}, false},
		{"placing", [3]bool{false, false, true}, false},
		{"placing,5", [3]bool{false, true, true}, false},
		{"all", [3]bool{true, true, true}, false},
		{"4,x", [3]bool{}, true},
		{"-1", [3]bool{}, true},
	} {
		f, err := tierSet("-values-tiers", c.spec)
		if (err != nil) != c.invalid {
			t.Fatalf("%q: error %v", c.spec, err)
		}
		if c.invalid {
			continue
		}
		got := [3]bool{f(moving4), f(moving5), f(placing4)}
		if got != c.want {
			t.Errorf("%q: %v, want %v", c.spec, got, c.want)
		}
	}
	if f, err := tierSet("-values-tiers", ""); err != nil || f != nil {
		t.Fatal("an empty -values-tiers picks no tier")
	}
}

// TestPlaneList reads -planes: names of devicebuild's planes, joined by
// commas; an unknown name is refused.
func TestPlaneList(t *testing.T) {
	got, err := planeList("codes, values 2 bits,values+plies/4")
	if err != nil || !slices.Equal(got, []int{devicebuild.PlaneCodes, devicebuild.PlaneValues2, devicebuild.PlaneBand4}) {
		t.Fatalf("%v, %v", got, err)
	}
	if got, err := planeList(""); got != nil || err != nil {
		t.Fatalf("empty: %v, %v", got, err)
	}
	if _, err := planeList("codes,plies"); err == nil {
		t.Fatal("an unknown plane read")
	}
}

// TestThreadCPU: the thread's CPU time grows while it works, and never by
// more than the wall clock (one thread), give or take a scheduler tick: the
// kernel brings a running thread's count up to date at its ticks and
// switches, so a reading may lag by one (4 ms at 250 Hz; on a loaded
// machine 7.3 ms of CPU were once read in 6.2 ms of wall clock).
func TestThreadCPU(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	start := time.Now()
	c0, ok := threadCPU()
	if !ok {
		t.Skip("no per-thread CPU time here")
	}
	const tick = 10 * time.Millisecond
	x := 0
	for {
		for i := range 1 << 16 {
			x += i ^ x>>3
		}
		c1, _ := threadCPU()
		if c1-c0 >= 50*time.Millisecond {
			if wall := time.Since(start); c1-c0 > wall+tick {
				t.Fatalf("%v of CPU in %v of wall clock", c1-c0, wall)
			}
			break
		}
		if time.Since(start) > 30*time.Second {
			t.Fatalf("%v of CPU after 30 s of work (%d)", c1-c0, x)
		}
	}
}

// TestCountingReader: device-probe's reader counts each read and its
// bytes, reads what the file holds, and waits its latency before each.
func TestCountingReader(t *testing.T) {
	path := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(path, []byte("0123456789"), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	cr := &countingReader{f: f, latency: 5 * time.Millisecond}
	start := time.Now()
	buf := make([]byte, 3)
	if _, err := cr.ReadAt(buf, 2); err != nil || string(buf) != "234" {
		t.Fatalf("%q, %v", buf, err)
	}
	if _, err := cr.ReadAt(buf[:2], 8); err != nil || string(buf[:2]) != "89" {
		t.Fatalf("%q, %v", buf[:2], err)
	}
	if el := time.Since(start); cr.reads.Load() != 2 || cr.bytes.Load() != 5 || el < 10*time.Millisecond {
		t.Fatalf("%d reads, %d bytes, %v", cr.reads.Load(), cr.bytes.Load(), el)
	}
}

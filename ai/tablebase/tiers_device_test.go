package tablebase_test

import (
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/devicebuild"
	"huntchess/ai/tablebase/solver"
)

// solveTierFiles solves g's moving-phase tiers with the compact solver
// into tier files in a temporary directory, writes the table file from
// them, and opens both.
func solveTierFiles(t *testing.T, g *mini) (full *tablebase.Table, tiers []devicebuild.Tier) {
	t.Helper()
	var caps []int
	for c := g.R.CaptureWin - 1; c >= 0; c-- {
		if g.R.PreyCount-g.R.InHand-c >= 0 {
			caps = append(caps, c)
		}
	}
	dir := t.TempDir()
	s := solver.NewSolver(g.R)
	s.Threads = 2
	if err := s.RunCompact(dir, caps, nil); err != nil {
		t.Fatal(err)
	}
	path := tablebase.Path(dir, g.R.Name)
	if _, err := solver.WriteCompactTable(path, dir, g.R, caps, 2); err != nil {
		t.Fatal(err)
	}
	full, err := tablebase.OpenFile(path, g.R)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { full.Close() })
	for _, c := range caps {
		tc, err := solver.OpenTierCodes(solver.TierPath(dir, g.R.Name, c), g.R)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { tc.Close() })
		tiers = append(tiers, tc)
	}
	return full, tiers
}

// deviceBlocks returns a device file's blocks (what follows its header) and
// its sections without their caches.
func deviceBlocks(t *testing.T, path string, g *mini) ([]byte, *tablebase.Table) {
	t.Helper()
	dev, err := tablebase.OpenFile(path, g.R)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { dev.Close() })
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return data[dev.Base():], dev
}

// The device table written from the solver's tier files (ConvertTiers) is
// the one written from the table file of the same tiers (ConvertDevice),
// block for block, with every layout choice (either side stored, the slot
// order, values alone, small blocks, either codec); CheckTiers compares
// every entry of every tier with it, finds no mismatch, and finds a
// changed code.
func TestConvertTiers(t *testing.T) {
	g := miniGame("mini-wolf")
	full, tiers := solveTierFiles(t, g)
	positions := positionsOf(full)
	all := func(*tablebase.Section) bool { return true }
	first := func(sec *tablebase.Section) bool { return sec.Captured == full.Sections[0].Captured }
	for _, o := range []devicebuild.DeviceOptions{
		{BlockSize: 1000, Threads: 1, Side: devicebuild.SidePrey},
		{BlockSize: 777, Codec: tablebase.CodecFlate, Side: devicebuild.SidePredator, Threads: 2, Order: all},
		{Threads: 2, ValuesOnly: first, ValueBlockSize: 999, Order: all},
	} {
		dir := t.TempDir()
		a, b := filepath.Join(dir, "tiers.hctb"), filepath.Join(dir, "full.hctb")
		if _, err := devicebuild.ConvertTiers(g.R, tiers, a, o); err != nil {
			t.Fatal(err)
		}
		if _, err := devicebuild.ConvertDevice(full, b, o); err != nil {
			t.Fatal(err)
		}
		ba, dev := deviceBlocks(t, a, g)
		bb, ref := deviceBlocks(t, b, g)
		if !bytes.Equal(ba, bb) || len(dev.Sections) != len(ref.Sections) || dev.Device().StoredSide != ref.Device().StoredSide {
			t.Fatalf("%+v: the tiers' device table (%d bytes of blocks) is not the table file's (%d)", o, len(ba), len(bb))
		}
		for i, sec := range dev.Sections {
			rs := ref.Sections[i]
			if sec.Kind != rs.Kind || sec.Order != rs.Order || !slices.Equal(sec.Blocks, rs.Blocks) || sec.Stats != rs.Stats {
				t.Fatalf("%+v: section %d differs: %+v, %+v", o, i, sec, rs)
			}
		}
		rep := devicebuild.CheckTiers(dev, tiers, 1, 2, nil)
		if rep.Mismatches != 0 || rep.Positions != positions || rep.Stored == 0 || rep.Derived == 0 {
			t.Fatalf("%+v: %d mismatches in %d positions (want %d), %d stored: %v", o, rep.Mismatches, rep.Positions, positions, rep.Stored, rep.Examples)
		}
		if o.ValuesOnly != nil && rep.NoPlies == 0 {
			t.Fatalf("%+v: no win or loss read without plies", o)
		}
		if rep := devicebuild.CheckTiers(dev, tiers, 7, 1, nil); rep.Mismatches != 0 || rep.Positions == 0 || rep.Positions >= positions/5 {
			t.Fatalf("%+v, every 7th entry: %d mismatches in %d positions", o, rep.Mismatches, rep.Positions)
		}
		if err := tablebase.FlipStoredCode(dev, dev.Sections[0]); err != nil {
			t.Fatal(err)
		}
		if rep := devicebuild.CheckTiers(dev, tiers, 1, 2, nil); rep.Mismatches == 0 {
			t.Fatalf("%+v: a changed code went unnoticed", o)
		}
	}
	// A device table without a tier's next one (a capture's children) is
	// short of them: the check says so.
	path := filepath.Join(t.TempDir(), "first.hctb")
	if _, err := devicebuild.ConvertTiers(g.R, tiers[len(tiers)-1:], path, devicebuild.DeviceOptions{Side: devicebuild.SidePrey}); err != nil {
		t.Fatal(err)
	}
	_, dev := deviceBlocks(t, path, g)
	if rep := devicebuild.CheckTiers(dev, tiers[len(tiers)-1:], 1, 1, nil); rep.Mismatches == 0 {
		t.Fatal("the predator's captures into a tier the device table lacks went unnoticed")
	}
}

// MeasureTiers measures what MeasureLayouts measures on the table file of
// the same tiers; with every block and the index's order, the codes'
// plane is the bytes of ConvertTiers' blocks; a sample of the blocks
// estimates each plane from its share; the coarse planes are no larger
// than the exact ones.
func TestMeasureTiers(t *testing.T) {
	g := miniGame("mini-wolf")
	full, tiers := solveTierFiles(t, g)
	rep, err := devicebuild.MeasureTiers(g.R, tiers, devicebuild.MeasureOptions{BlockSize: 1500, Threads: 2})
	if err != nil {
		t.Fatal(err)
	}
	ref, err := devicebuild.MeasureLayouts(full, 1500, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Bytes != ref.Bytes || rep.Positions != ref.Positions || len(rep.Sections) != len(tiers) {
		t.Fatalf("tiers %v, table file %v", rep.Bytes, ref.Bytes)
	}
	for side := range 2 {
		var sum [devicebuild.NumPlanes]int64
		for _, s := range rep.Sections {
			for k := range sum {
				sum[k] += s.Bytes[side][k]
			}
		}
		if sum != rep.Bytes[side] {
			t.Fatalf("side %d: the sections' bytes %v add up to %v", side, sum, rep.Bytes[side])
		}
		b := rep.Bytes[side]
		if b[devicebuild.PlaneBand64] > b[devicebuild.PlaneCodes] || b[devicebuild.PlaneValues2] <= 0 {
			t.Fatalf("side %d: %v", side, b)
		}
	}
	path := filepath.Join(t.TempDir(), "d.hctb")
	h, err := devicebuild.ConvertTiers(g.R, tiers, path, devicebuild.DeviceOptions{BlockSize: 1500, Side: devicebuild.SidePrey, Order: func(*tablebase.Section) bool { return true }})
	if err != nil {
		t.Fatal(err)
	}
	far, err := devicebuild.MeasureTiers(g.R, tiers, devicebuild.MeasureOptions{BlockSize: 1500, Threads: 1, Far: true, Sides: []int{1}})
	if err != nil {
		t.Fatal(err)
	}
	var blocks int64
	for _, sec := range h.Sections {
		for _, b := range sec.Blocks {
			blocks += int64(b.Len)
		}
	}
	if far.Bytes[1][devicebuild.PlaneCodes] != blocks || far.Bytes[0][devicebuild.PlaneCodes] != 0 || far.Order != tablebase.OrderFar {
		t.Fatalf("far, prey side: codes %d bytes, the device table's blocks %d", far.Bytes[1][devicebuild.PlaneCodes], blocks)
	}
	sampled, err := devicebuild.MeasureTiers(g.R, tiers, devicebuild.MeasureOptions{BlockSize: 200, Threads: 2, Sample: 3})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range sampled.Sections {
		if s.Sampled != (s.Blocks+2)/3 || s.Bytes[1][devicebuild.PlaneCodes] < s.SampledBytes[1][devicebuild.PlaneCodes] {
			t.Fatalf("captured %d: %d of %d blocks sampled, %d bytes estimated from %d", s.Captured, s.Sampled, s.Blocks,
				s.Bytes[1][devicebuild.PlaneCodes], s.SampledBytes[1][devicebuild.PlaneCodes])
		}
	}
}

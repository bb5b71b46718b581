package tablebase_test

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/devicebuild"
)

// A device table whose sections are stored in the slot order "far"
// (format 3) gives every position the full table's value and plies; the
// order is not the index's (the same codes in other blocks); the bytes do
// not depend on the threads; re-encoding the plain device table gives the
// same bytes without the full table, and every position compares equal
// with it (CompareDevices, which finds a changed code). Values-only
// sections and sections left in the index's order mix with ordered ones.
func TestDeviceTableSlotOrder(t *testing.T) {
	for _, name := range []string{"mini-lion", "mini-wolf", "mini-pigs", "mini-deer"} {
		g := miniGame(name)
		_, path, _ := writeMiniFile(t, g)
		full, err := tablebase.OpenFile(path, g.R)
		if err != nil {
			t.Fatal(err)
		}
		positions := positionsOf(full)
		first := full.Sections[0]
		isFirst := func(sec *tablebase.Section) bool { return sec.Captured == first.Captured && sec.Hand == first.Hand }
		all := func(*tablebase.Section) bool { return true }
		for _, o := range []devicebuild.DeviceOptions{
			{BlockSize: 700, Threads: 1, Side: devicebuild.SidePrey, Order: all},
			{BlockSize: 500, Threads: 2, Side: devicebuild.SidePredator, Order: func(sec *tablebase.Section) bool { return !isFirst(sec) }},
			{Threads: 2, ValueBlockSize: 999, ValuesOnly: isFirst, Order: all},
		} {
			dev, data := convertMini(t, g, path, o)
			if dev.Device().Format != 3 {
				t.Fatalf("%s: format %d, want 3", name, dev.Device().Format)
			}
			ordered := 0
			for _, sec := range dev.Sections {
				if want := o.Order(sec); (sec.Order == tablebase.OrderFar) != want {
					t.Fatalf("%s %s: order %q, want it %v", name, sec.What(), sec.Order, want)
				}
				if sec.Order != "" {
					ordered++
				}
			}
			rep := devicebuild.CheckDevice(full, dev, 0, 2, nil)
			if rep.Mismatches != 0 || rep.Positions != positions || rep.Stored == 0 || rep.Derived == 0 {
				t.Fatalf("%s: %d mismatches in %d positions (want %d): %v", name, rep.Mismatches, rep.Positions, positions, rep.Examples)
			}
			// The same options without the order: other blocks, same values.
			plainOpts := o
			plainOpts.Order = nil
			plain, plainData := convertMini(t, g, path, plainOpts)
			if ordered > 0 && bytes.Equal(blocksOf(t, dev, data), blocksOf(t, plain, plainData)) {
				t.Fatalf("%s: the slot order stored the entries in the index's order", name)
			}
			if o.Threads == 1 {
				o.Threads = 2
				if _, again := convertMini(t, g, path, o); !bytes.Equal(data, again) {
					t.Fatalf("%s: 2 threads wrote other bytes than 1", name)
				}
			}
			// Re-encoded from the plain device table: the same bytes.
			out := filepath.Join(t.TempDir(), "re.hctb")
			if _, err := devicebuild.ReencodeDevice(plain, out, devicebuild.DeviceOptions{Threads: 2, Order: o.Order}); err != nil {
				t.Fatal(err)
			}
			re, err := os.ReadFile(out)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(re, data) {
				t.Fatalf("%s: re-encoded %d bytes, converted %d, not the same", name, len(re), len(data))
			}
			if rep := devicebuild.CompareDevices(dev, plain, 1, 2, nil); rep.Mismatches != 0 || rep.Positions != positions {
				t.Fatalf("%s: compared %d positions (want %d), %d mismatches: %v", name, rep.Positions, positions, rep.Mismatches, rep.Examples)
			}
			if err := tablebase.FlipStoredCode(dev, dev.Sections[len(dev.Sections)-1]); err != nil {
				t.Fatal(err)
			}
			if rep := devicebuild.CompareDevices(dev, plain, 0, 1, nil); rep.Mismatches == 0 {
				t.Fatalf("%s: a changed code went unnoticed", name)
			}
			t.Logf("%s: %d positions, %d of %d sections ordered, device %d bytes, in the index's order %d",
				name, positions, ordered, len(dev.Sections), len(data), len(plainData))
		}
		full.Close()
	}
}

// blocksOf is the bytes of a device table's blocks (after its header).
func blocksOf(t *testing.T, dev *tablebase.Table, data []byte) []byte {
	t.Helper()
	return data[dev.Base():]
}

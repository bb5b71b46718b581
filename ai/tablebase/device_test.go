package tablebase_test

import (
	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/devicebuild"
	"huntchess/ai/tablebase/solver"

	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"huntchess/core"
	"huntchess/internal/testkit"
)

// openMiniFull solves g, writes its full table and opens it (closed when
// the test ends).
func openMiniFull(t *testing.T, g *mini) (string, *tablebase.Table) {
	t.Helper()
	_, path, _ := writeMiniFile(t, g)
	full, err := tablebase.OpenFile(path, g.R)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { full.Close() })
	return path, full
}

// convertMini writes the device table of the full table at path and opens it.
func convertMini(t *testing.T, g *mini, path string, o devicebuild.DeviceOptions) (*tablebase.Table, []byte) {
	t.Helper()
	full, err := tablebase.OpenFile(path, g.R)
	if err != nil {
		t.Fatal(err)
	}
	defer full.Close()
	out := filepath.Join(t.TempDir(), filepath.Base(path))
	if _, err := devicebuild.ConvertDevice(full, out, o); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	dev, err := tablebase.OpenFile(out, g.R)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { dev.Close() })
	if want := map[int]int{devicebuild.SidePrey: 1, devicebuild.SidePredator: 0}; !dev.IsDevice() || o.Side != devicebuild.SideAuto && dev.Device().StoredSide != want[o.Side] {
		t.Fatalf("%s: opened as device %v, header %+v", g.Name, dev.IsDevice(), dev.Device())
	}
	return dev, data
}

// The device table of each mini game (the lion's traps, the wolf's and the
// pigs' jumps and passes, deer chess's placement and cliff) gives every
// position the value and plies of the full table and every 64th the same
// Best move (on a real board, TestDeviceTableRealBoard), with either codec, either side stored and blocks small enough
// for many; the bytes do not depend on the threads; and a changed code is
// found.
func TestDeviceTableMatchesFull(t *testing.T) {
	for _, name := range []string{"mini-lion", "mini-wolf", "mini-pigs", "mini-deer"} {
		g := miniGame(name)
		_, path, _ := writeMiniFile(t, g)
		full, err := tablebase.OpenFile(path, g.R)
		if err != nil {
			t.Fatal(err)
		}
		positions := positionsOf(full)
		for _, o := range []devicebuild.DeviceOptions{
			{BlockSize: 1000, Threads: 1, Side: devicebuild.SidePrey},
			{BlockSize: 777, Codec: tablebase.CodecFlate, Side: devicebuild.SidePredator, Threads: 2},
			{Threads: 2},
		} {
			dev, data := convertMini(t, g, path, o)
			rep := devicebuild.CheckDevice(full, dev, 0, 2, nil)
			if rep.Mismatches != 0 || rep.Positions != positions || rep.Stored == 0 || rep.Derived == 0 {
				t.Fatalf("%s %+v: %d mismatches in %d positions (want %d), %d stored, %d Best: %v",
					name, o, rep.Mismatches, rep.Positions, positions, rep.Stored, rep.BestChecks, rep.Examples)
			}
			if o.Threads == 1 {
				o.Threads = 2
				if _, again := convertMini(t, g, path, o); !bytes.Equal(data, again) {
					t.Fatalf("%s: 2 threads wrote other bytes than 1", name)
				}
				// Random positions: as many as asked, every one compared.
				if rep := devicebuild.CheckDevice(full, dev, 5000, 2, nil); rep.Mismatches != 0 || rep.Positions != 5000 {
					t.Fatalf("%s random: %d mismatches in %d positions", name, rep.Mismatches, rep.Positions)
				}
			}
			t.Logf("%s %s side %d: %d positions, full %d bytes, device %d bytes", name, dev.Device().Codec,
				dev.Device().StoredSide, positions, full.Base()+full.Size(), len(data))
			// Change one stored code in an unpacked block: the check finds it.
			if err := tablebase.FlipStoredCode(dev, dev.Sections[0]); err != nil {
				t.Fatal(err)
			}
			if rep := devicebuild.CheckDevice(full, dev, 0, 1, nil); rep.Mismatches == 0 {
				t.Fatalf("%s: a changed code went unnoticed", name)
			}
		}
		full.Close()
	}
}

// The device table of a bound tier that holds only the prey's wins (Beat
// the Wolf's 17-dog tier, in small) reads back every prey win and
// predator loss, and "not a prey win" everywhere else.
func TestDeviceTablePreyWinsOnly(t *testing.T) {
	g := miniGame("mini-wolf")
	g.Prey = 9 // the prey's wins get common
	g.Build()
	s := solver.NewSolver(g.R)
	s.Threads = 2
	var wins int64
	for c := 0; c < g.Win; c++ {
		st, err := s.SolveBoundTier(c)
		if err != nil {
			t.Fatal(err)
		}
		wins += st.Wins
	}
	if wins == 0 {
		t.Fatal("no prey wins")
	}
	path := filepath.Join(t.TempDir(), "bound"+tablebase.FileExt)
	if _, err := s.Write(path); err != nil {
		t.Fatal(err)
	}
	full, err := tablebase.OpenFile(path, g.R)
	if err != nil {
		t.Fatal(err)
	}
	defer full.Close()
	dev, _ := convertMini(t, g, path, devicebuild.DeviceOptions{BlockSize: 4096, Threads: 2})
	rep := devicebuild.CheckDevice(full, dev, 0, 2, nil)
	if rep.Mismatches != 0 || rep.Wins == 0 || rep.Losses == 0 {
		t.Fatalf("%d mismatches, %d wins, %d losses: %v", rep.Mismatches, rep.Wins, rep.Losses, rep.Examples)
	}
	t.Logf("%d positions, %d wins, %d losses", rep.Positions, rep.Wins, rep.Losses)
}

// On the real Beat the Wolf board, the tier with 6 dogs (12.7 M entries,
// captures end it): every position probes the same from the device table,
// and every 64th gives the same Best move.
func TestDeviceTableRealBoard(t *testing.T) {
	if testing.Short() || testkit.Race {
		t.Skip("a 12.7 M-entry tier solved and checked: some 20 s")
	}
	r := tablebase.ForGame(core.BeatTheWolf)
	s := solver.NewSolver(r)
	s.Threads = 2
	st := s.SolveTier(11, false)
	path := filepath.Join(t.TempDir(), "btw"+tablebase.FileExt)
	if _, err := s.Write(path); err != nil {
		t.Fatal(err)
	}
	s.Close()
	full, err := tablebase.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer full.Close()
	full.SetCacheBytes(-1)
	g := &mini{Name: "btw", R: r}
	dev, data := convertMini(t, g, path, devicebuild.DeviceOptions{Threads: 2})
	dev.SetCacheBytes(-1)
	rep := devicebuild.CheckDevice(full, dev, 0, 2, nil)
	if rep.Mismatches != 0 || rep.Positions != st.Positions || rep.BestChecks < rep.Positions/200 {
		t.Fatalf("%d mismatches in %d positions (want %d), %d Best: %v", rep.Mismatches, rep.Positions, st.Positions, rep.BestChecks, rep.Examples)
	}
	t.Logf("%d positions, %d Best moves agree; full %d bytes, device %d bytes", rep.Positions, rep.BestChecks, full.Base()+full.Size(), len(data))
}

// A damaged device table is refused when opened with its checksums read,
// and a probe that needs the damaged block reports it when opened without;
// a cut-off file or a changed header is refused.
func TestDeviceTableDamage(t *testing.T) {
	g := miniGame("mini-wolf")
	_, path, _ := writeMiniFile(t, g)
	_, data := convertMini(t, g, path, devicebuild.DeviceOptions{BlockSize: 2000})
	dev, err := tablebase.OpenSrc(bytes.NewReader(data), int64(len(data)), g.R, true)
	if err != nil {
		t.Fatal(err)
	}
	sec := dev.Sections[len(dev.Sections)-1]
	ref := sec.Blocks[len(sec.Blocks)/2]
	bad := bytes.Clone(data)
	bad[dev.Base()+ref.Off+int64(ref.Len)/2] ^= 0x40
	if _, err := tablebase.OpenSrc(bytes.NewReader(bad), int64(len(bad)), g.R, true); err == nil || !strings.Contains(err.Error(), "checksum") {
		t.Fatalf("a damaged block opened: %v", err)
	}
	lazy, err := tablebase.OpenSrc(bytes.NewReader(bad), int64(len(bad)), g.R, false)
	if err != nil {
		t.Fatal(err)
	}
	// A stored position in the damaged block.
	j := int64(len(sec.Blocks)/2)*int64(sec.BlockSize) + 1
	i := int64(lazy.Device().StoredSide)*sec.StoredEntries() + j
	for {
		pred, prey, side := sec.Layout().Position(i)
		if hole, _ := sec.Layout().IsHole(i, pred, prey, side); !hole {
			break
		}
		i++
	}
	pred, prey, side := sec.Layout().Position(i)
	if _, _, err := lazy.Code(tablebase.Pos{Pred: pred, Prey: prey, Side: side, Capt: sec.Captured, Hand: sec.Hand}, false); err == nil {
		t.Fatal("a probe read the damaged block without an error")
	}
	for _, cut := range []int{len(data) - 1, 20, 3} {
		if _, err := tablebase.OpenSrc(bytes.NewReader(data[:cut]), int64(cut), g.R, true); err == nil {
			t.Fatalf("a device table cut to %d bytes opened", cut)
		}
	}
	hdr := bytes.Clone(data)
	hdr[len(tablebase.DeviceMagic)+8+5] ^= 1
	if _, err := tablebase.OpenSrc(bytes.NewReader(hdr), int64(len(hdr)), g.R, true); err == nil || !strings.Contains(err.Error(), "header checksum") {
		t.Fatalf("a changed header opened: %v", err)
	}
}

// MeasureLayouts' "codes" plane is what ConvertDevice stores: with either
// side, its bytes are the device table's blocks, byte for byte in size.
func TestMeasureLayouts(t *testing.T) {
	g := miniGame("mini-wolf")
	path, full := openMiniFull(t, g)
	rep, err := devicebuild.MeasureLayouts(full, 1500, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ opt, side int }{{devicebuild.SidePredator, 0}, {devicebuild.SidePrey, 1}} {
		dev, _ := convertMini(t, g, path, devicebuild.DeviceOptions{BlockSize: 1500, Side: c.opt})
		var blocks int64
		for _, sec := range dev.Sections {
			for _, b := range sec.Blocks {
				blocks += int64(b.Len)
			}
		}
		if rep.Bytes[c.side][devicebuild.PlaneCodes] != blocks {
			t.Fatalf("side %d: codes plane %d bytes, the device table's blocks %d", c.side, rep.Bytes[c.side][devicebuild.PlaneCodes], blocks)
		}
		for k := 0; k < devicebuild.NumPlanes; k++ {
			if rep.Bytes[c.side][k] <= 0 {
				t.Fatalf("side %d: plane %s measured %d bytes", c.side, devicebuild.PlaneNames[k], rep.Bytes[c.side][k])
			}
		}
	}
	if rep.Positions != positionsOf(full) {
		t.Fatalf("%d positions, want %d", rep.Positions, positionsOf(full))
	}
}

func positionsOf(t *tablebase.Table) int64 {
	var n int64
	for _, s := range t.Sections {
		n += s.Stats.Positions
	}
	return n
}

// A device table whose sections hold values alone (format 2), wholly or in
// part, gives every position of each mini game the full table's value; its
// plies where it holds them (the sections with codes and what folds from
// them only), PliesUnknown elsewhere; the bytes are the same every time;
// and a changed value is found.
func TestDeviceTableValuesOnly(t *testing.T) {
	for _, name := range []string{"mini-lion", "mini-wolf", "mini-pigs", "mini-deer"} {
		g := miniGame(name)
		_, path, _ := writeMiniFile(t, g)
		full, err := tablebase.OpenFile(path, g.R)
		if err != nil {
			t.Fatal(err)
		}
		positions := positionsOf(full)
		first := full.Sections[0]
		for _, o := range []devicebuild.DeviceOptions{
			{Side: devicebuild.SidePrey, ValueBlockSize: 999, ValuesOnly: func(*tablebase.Section) bool { return true }},
			{Side: devicebuild.SidePredator, ValueBlockSize: 64, Threads: 2, Codec: tablebase.CodecFlate,
				ValuesOnly: func(sec *tablebase.Section) bool { return sec.Captured == first.Captured && sec.Hand == first.Hand }},
		} {
			dev, data := convertMini(t, g, path, o)
			if dev.Device().Format != 2 || dev.Sections[0].Kind != "device-values" || !dev.HasValuesOnly() || full.HasValuesOnly() {
				t.Fatalf("%s: format %d, first section %q", name, dev.Device().Format, dev.Sections[0].Kind)
			}
			rep := devicebuild.CheckDevice(full, dev, 0, 2, nil)
			if rep.Mismatches != 0 || rep.Positions != positions || rep.NoPlies == 0 {
				t.Fatalf("%s: %d mismatches in %d positions (want %d), %d without plies: %v",
					name, rep.Mismatches, rep.Positions, positions, rep.NoPlies, rep.Examples)
			}
			t.Logf("%s values-only: %d positions, %d wins and losses without plies, full %d bytes, device %d bytes",
				name, positions, rep.NoPlies, full.Base()+full.Size(), len(data))
			if _, again := convertMini(t, g, path, o); !bytes.Equal(data, again) {
				t.Fatalf("%s: converted twice, other bytes", name)
			}
			if err := tablebase.FlipStoredCode(dev, dev.Sections[0]); err != nil {
				t.Fatal(err)
			}
			if rep := devicebuild.CheckDevice(full, dev, 0, 1, nil); rep.Mismatches == 0 {
				t.Fatalf("%s: a changed value went unnoticed", name)
			}
		}
		full.Close()
	}
}

// gateReader holds each read, once armed, until a second read has begun
// (or 30 s have passed, a bound for a busy machine): reads made one after the other then take 30 s
// each and never overlap, reads made at once overlap.
type gateReader struct {
	r     io.ReaderAt
	armed atomic.Bool
	mu    sync.Mutex
	cond  *sync.Cond
	in    int // reads in progress
	most  int // the most in progress at once
	reads int
}

func newGateReader(r io.ReaderAt) *gateReader {
	g := &gateReader{r: r}
	g.cond = sync.NewCond(&g.mu)
	return g
}

func (g *gateReader) ReadAt(p []byte, off int64) (int, error) {
	if !g.armed.Load() {
		return g.r.ReadAt(p, off)
	}
	g.mu.Lock()
	g.in++
	g.reads++
	g.most = max(g.most, g.in)
	g.cond.Broadcast()
	timer := time.AfterFunc(30*time.Second, func() { g.mu.Lock(); g.cond.Broadcast(); g.mu.Unlock() })
	deadline := time.Now().Add(30 * time.Second)
	for g.most < 2 && time.Now().Before(deadline) {
		g.cond.Wait()
	}
	timer.Stop()
	g.mu.Unlock()
	n, err := g.r.ReadAt(p, off)
	g.mu.Lock()
	g.in--
	g.mu.Unlock()
	return n, err
}

// A position folded from its children (the side to move not stored) reads
// the blocks its children need all at once: from the site each read is a
// round trip, so a cold one-ply probe costs one round trip, not one a
// block. With the cache emptied before each probe, every position whose
// children lie in two blocks or more reads them overlapping, each block
// once, and gets the full table's code.
func TestDeviceFoldReadsBlocksAtOnce(t *testing.T) {
	g := miniGame("mini-wolf")
	path, full := openMiniFull(t, g)
	_, data := convertMini(t, g, path, devicebuild.DeviceOptions{BlockSize: 64, Threads: 1, Side: devicebuild.SidePredator})
	gate := newGateReader(bytes.NewReader(data))
	dev, err := tablebase.OpenSrc(gate, int64(len(data)), g.R, true)
	if err != nil {
		t.Fatal(err)
	}
	probed := 0
	for _, sec := range dev.Sections {
		l := sec.Layout()
		for idx := int64(0); idx < sec.Entries && probed < 40; idx += 7 {
			pred, prey, side := l.Position(idx)
			if side == dev.Device().StoredSide {
				continue
			}
			if hole, _ := l.IsHole(idx, pred, prey, side); hole {
				continue
			}
			p := tablebase.Pos{Pred: pred, Prey: prey, Side: side, Capt: sec.Captured, Hand: sec.Hand}
			dev.EmptyCache()
			n := dev.ColdChildBlocks(p, false)
			if n < 2 {
				continue
			}
			want, _, err := full.Code(p, false)
			if err != nil {
				t.Fatal(err)
			}
			gate.mu.Lock()
			gate.most, gate.reads = 0, 0
			gate.mu.Unlock()
			gate.armed.Store(true)
			got, ok, err := dev.Code(p, false)
			gate.armed.Store(false)
			if err != nil || !ok || got != want {
				t.Fatalf("%s: code %#x %v %v, want %#x", tablebase.PosString(p), got, ok, err, want)
			}
			if gate.most < 2 || gate.reads != n {
				t.Fatalf("%s: %d reads for %d blocks, at most %d at once", tablebase.PosString(p), gate.reads, n, gate.most)
			}
			probed++
		}
	}
	if probed < 10 {
		t.Fatalf("only %d positions with children in two blocks or more", probed)
	}
}

// A values block whose entries all hold one value is kept as that one
// code; a block with one entry different, or a partial last byte whose
// used bits differ, is not.
func TestUniformValuesBlock(t *testing.T) {
	for _, c := range []struct {
		raw  []byte
		n    int
		want uint16
		ok   bool
	}{
		{[]byte{0xaa, 0xaa, 0xaa}, 12, tablebase.CodeLoss<<14 | tablebase.PliesUnknown, true},
		{[]byte{0x55, 0x55, 0x05}, 10, tablebase.CodeWin<<14 | tablebase.PliesUnknown, true}, // the last byte's two unused entries differ
		{[]byte{0x00, 0x00}, 8, tablebase.CodeDrawV, true},
		{[]byte{0xaa, 0xa8, 0xaa}, 12, 0, false},
		{[]byte{0x55, 0x55, 0x07}, 10, 0, false},
	} {
		got, ok := tablebase.UniformValues(c.raw, c.n)
		if ok != c.ok || ok && got != c.want {
			t.Errorf("%x (%d): %#x %v, want %#x %v", c.raw, c.n, got, ok, c.want, c.ok)
		}
	}
}

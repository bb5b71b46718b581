package tablebase

import (
	"bytes"
	"huntchess/core"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// convertMini writes the device table of the full table at path and opens it.
func convertMini(t *testing.T, g *mini, path string, o DeviceOptions) (*Table, []byte) {
	t.Helper()
	full, err := openFile(path, g.r)
	if err != nil {
		t.Fatal(err)
	}
	defer full.Close()
	out := filepath.Join(t.TempDir(), filepath.Base(path))
	if _, err := ConvertDevice(full, out, o); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	dev, err := openFile(out, g.r)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { dev.Close() })
	if want := map[int]int{SidePrey: 1, SidePredator: 0}; !dev.IsDevice() || o.Side != SideAuto && dev.Device().StoredSide != want[o.Side] {
		t.Fatalf("%s: opened as device %v, header %+v", g.name, dev.IsDevice(), dev.Device())
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
		s, path, _ := writeMiniFile(t, g)
		var positions int64
		for _, k := range s.order {
			positions += s.tiers[k].stats.Positions
		}
		full, err := openFile(path, g.r)
		if err != nil {
			t.Fatal(err)
		}
		for _, o := range []DeviceOptions{
			{BlockSize: 1000, Threads: 1, Side: SidePrey},
			{BlockSize: 777, Codec: CodecFlate, Side: SidePredator, Threads: 2},
			{Threads: 2},
		} {
			dev, data := convertMini(t, g, path, o)
			rep := CheckDevice(full, dev, 0, 2, nil)
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
				if rep := CheckDevice(full, dev, 5000, 2, nil); rep.Mismatches != 0 || rep.Positions != 5000 {
					t.Fatalf("%s random: %d mismatches in %d positions", name, rep.Mismatches, rep.Positions)
				}
			}
			t.Logf("%s %s side %d: %d positions, full %d bytes, device %d bytes", name, dev.Device().Codec,
				dev.Device().StoredSide, positions, full.base+full.size, len(data))
			// Change one stored code in an unpacked block: the check finds it.
			sec := dev.Sections[0]
			blk, err := dev.load(sec, 0)
			if err != nil {
				t.Fatal(err)
			}
			dev.SetCacheBytes(-1)
			side := dev.dev.StoredSide
			for j := 0; j < blk.len(); j++ {
				i := int64(side)*sec.storedEntries() + int64(j)
				pred, prey, sd := sec.l.Position(i)
				if hole, _ := sec.l.IsHole(i, pred, prey, sd); !hole {
					if blk.small != nil {
						blk.small[j] ^= 1
					} else {
						blk.codes[j] ^= 1
					}
					break
				}
			}
			if rep := CheckDevice(full, dev, 0, 1, nil); rep.Mismatches == 0 {
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
	g.build()
	s := NewSolver(g.r)
	s.Threads = 2
	var wins int64
	for c := 0; c < g.win; c++ {
		st, err := s.SolveBoundTier(c)
		if err != nil {
			t.Fatal(err)
		}
		wins += st.Wins
	}
	if wins == 0 {
		t.Fatal("no prey wins")
	}
	path := filepath.Join(t.TempDir(), "bound"+FileExt)
	if _, err := s.Write(path); err != nil {
		t.Fatal(err)
	}
	full, err := openFile(path, g.r)
	if err != nil {
		t.Fatal(err)
	}
	defer full.Close()
	dev, _ := convertMini(t, g, path, DeviceOptions{BlockSize: 4096, Threads: 2})
	rep := CheckDevice(full, dev, 0, 2, nil)
	if rep.Mismatches != 0 || rep.Wins == 0 || rep.Losses == 0 {
		t.Fatalf("%d mismatches, %d wins, %d losses: %v", rep.Mismatches, rep.Wins, rep.Losses, rep.Examples)
	}
	t.Logf("%d positions, %d wins, %d losses", rep.Positions, rep.Wins, rep.Losses)
}

// On the real Beat the Wolf board, the tier with 6 dogs (12.7 M entries,
// captures end it): every position probes the same from the device table,
// and every 64th gives the same Best move.
func TestDeviceTableRealBoard(t *testing.T) {
	if testing.Short() || raceBuild {
		t.Skip("a 12.7 M-entry tier solved and checked: some 20 s")
	}
	r := ForGame(core.BeatTheWolf)
	s := NewSolver(r)
	s.Threads = 2
	st := s.SolveTier(11, false)
	path := filepath.Join(t.TempDir(), "btw"+FileExt)
	if _, err := s.Write(path); err != nil {
		t.Fatal(err)
	}
	s.Close()
	full, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer full.Close()
	full.SetCacheBytes(-1)
	g := &mini{name: "btw", r: r}
	dev, data := convertMini(t, g, path, DeviceOptions{Threads: 2})
	dev.SetCacheBytes(-1)
	rep := CheckDevice(full, dev, 0, 2, nil)
	if rep.Mismatches != 0 || rep.Positions != st.Positions || rep.BestChecks < rep.Positions/200 {
		t.Fatalf("%d mismatches in %d positions (want %d), %d Best: %v", rep.Mismatches, rep.Positions, st.Positions, rep.BestChecks, rep.Examples)
	}
	t.Logf("%d positions, %d Best moves agree; full %d bytes, device %d bytes", rep.Positions, rep.BestChecks, full.base+full.size, len(data))
}

// A damaged device table is refused when opened with its checksums read,
// and a probe that needs the damaged block reports it when opened without;
// a cut-off file or a changed header is refused.
func TestDeviceTableDamage(t *testing.T) {
	g := miniGame("mini-wolf")
	_, path, _ := writeMiniFile(t, g)
	_, data := convertMini(t, g, path, DeviceOptions{BlockSize: 2000})
	dev, err := open(bytes.NewReader(data), int64(len(data)), g.r, true)
	if err != nil {
		t.Fatal(err)
	}
	sec := dev.Sections[len(dev.Sections)-1]
	ref := sec.Blocks[len(sec.Blocks)/2]
	bad := bytes.Clone(data)
	bad[dev.base+ref.Off+int64(ref.Len)/2] ^= 0x40
	if _, err := open(bytes.NewReader(bad), int64(len(bad)), g.r, true); err == nil || !strings.Contains(err.Error(), "checksum") {
		t.Fatalf("a damaged block opened: %v", err)
	}
	lazy, err := open(bytes.NewReader(bad), int64(len(bad)), g.r, false)
	if err != nil {
		t.Fatal(err)
	}
	// A stored position in the damaged block.
	j := int64(len(sec.Blocks)/2)*int64(sec.BlockSize) + 1
	i := int64(lazy.dev.StoredSide)*sec.storedEntries() + j
	for {
		pred, prey, side := sec.l.Position(i)
		if hole, _ := sec.l.IsHole(i, pred, prey, side); !hole {
			break
		}
		i++
	}
	pred, prey, side := sec.l.Position(i)
	if _, _, err := lazy.code(Pos{Pred: pred, Prey: prey, Side: side, Capt: sec.Captured, Hand: sec.Hand}, false); err == nil {
		t.Fatal("a probe read the damaged block without an error")
	}
	for _, cut := range []int{len(data) - 1, 20, 3} {
		if _, err := open(bytes.NewReader(data[:cut]), int64(cut), g.r, true); err == nil {
			t.Fatalf("a device table cut to %d bytes opened", cut)
		}
	}
	hdr := bytes.Clone(data)
	hdr[len(deviceMagic)+8+5] ^= 1
	if _, err := open(bytes.NewReader(hdr), int64(len(hdr)), g.r, true); err == nil || !strings.Contains(err.Error(), "header checksum") {
		t.Fatalf("a changed header opened: %v", err)
	}
}

// MeasureLayouts' "codes" plane is what ConvertDevice stores: with either
// side, its bytes are the device table's blocks, byte for byte in size.
func TestMeasureLayouts(t *testing.T) {
	g := miniGame("mini-wolf")
	_, path, _ := writeMiniFile(t, g)
	full, err := openFile(path, g.r)
	if err != nil {
		t.Fatal(err)
	}
	defer full.Close()
	rep, err := MeasureLayouts(full, 1500, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ opt, side int }{{SidePredator, 0}, {SidePrey, 1}} {
		dev, _ := convertMini(t, g, path, DeviceOptions{BlockSize: 1500, Side: c.opt})
		var blocks int64
		for _, sec := range dev.Sections {
			for _, b := range sec.Blocks {
				blocks += int64(b.Len)
			}
		}
		if rep.Bytes[c.side][PlaneCodes] != blocks {
			t.Fatalf("side %d: codes plane %d bytes, the device table's blocks %d", c.side, rep.Bytes[c.side][PlaneCodes], blocks)
		}
		for k := 0; k < NumPlanes; k++ {
			if rep.Bytes[c.side][k] <= 0 {
				t.Fatalf("side %d: plane %s measured %d bytes", c.side, PlaneNames[k], rep.Bytes[c.side][k])
			}
		}
	}
	win, loss := MakeCode(CodeWin, 3), MakeCode(CodeLoss, 4)
	for _, c := range []struct {
		k       int
		in, out uint16
	}{
		{PlaneCodes, loss, loss}, {PlaneValues, loss, CodeLoss << 14}, {PlaneValueLost, loss, loss},
		{PlaneValueLost, win, CodeWin << 14}, {PlaneValueWon, win, win}, {PlaneValueWon, loss, CodeLoss << 14},
		{PlaneLost, loss, 5}, {PlaneLost, win, 0}, {PlaneWon, win, 4}, {PlaneWon, CodeDrawV, 0},
	} {
		if got := planeCode(c.k, c.in); got != c.out {
			t.Errorf("plane %s of %#x: %#x, want %#x", PlaneNames[c.k], c.in, got, c.out)
		}
	}
	if rep.Positions != positionsOf(full) {
		t.Fatalf("%d positions, want %d", rep.Positions, positionsOf(full))
	}
}

func positionsOf(t *Table) int64 {
	var n int64
	for _, s := range t.Sections {
		n += s.Stats.Positions
	}
	return n
}

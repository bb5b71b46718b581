package tablebase_test

import (
	"os"
	"path/filepath"
	"testing"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/devicebuild"
	"huntchess/ai/tablebase/internal/filetest"
	"huntchess/core"
	"huntchess/internal/testkit"
)

// Long wins (longwins.go) from Surround the Lion's table: its tier with no
// dog captured stored as values alone, its wins of 41 plies or more with
// their moves. Every such win of the full table is one, with a move to a
// child lost in one ply fewer; no other
// position is one; the whole device table still agrees with the full one
// (CheckDevice, random positions); the bytes are the same every time; a
// damaged blob is said, not read; and a header that claims what the blob
// is not is refused.
func TestLongWinsLion(t *testing.T) {
	testkit.PlainOnly(t)
	full, err := tablebase.Open(tablebase.Path(tablesDir(), core.SurroundTheLion.String()))
	if err != nil {
		t.Skip(err, " (make test-tables builds it)")
	}
	defer full.Close()
	full.SetCacheBytes(-1)
	const from = 41
	tier0 := func(sec *tablebase.Section) bool { return sec.Captured == 0 }
	o := devicebuild.DeviceOptions{Side: devicebuild.SidePrey, Threads: 2, ValuesOnly: tier0,
		LongWins: func(sec *tablebase.Section) int {
			if tier0(sec) {
				return from
			}
			return 0
		}}
	out := filepath.Join(t.TempDir(), "surround-the-lion"+tablebase.FileExt)
	convert := func() []byte {
		if _, err := devicebuild.ConvertDevice(full, out, o); err != nil {
			t.Fatal(err)
		}
		data, err := os.ReadFile(out)
		if err != nil {
			t.Fatal(err)
		}
		return data
	}
	data := convert()
	dev, err := tablebase.Read(data)
	if err != nil {
		t.Fatal(err)
	}
	if !dev.HasLongWins() {
		t.Fatal("no long wins written")
	}
	r := full.Rules()
	var sec *tablebase.Section
	for _, s := range full.Sections {
		if tier0(s) {
			sec = s
		}
	}
	long, others := 0, 0
	for b := range sec.Blocks {
		code, n, err := full.Block(sec, b)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < n; i++ {
			v, d := tablebase.Decode(code(i))
			isLong := v == tablebase.Win && d >= from
			e := int64(b)*int64(sec.BlockSize) + int64(i)
			if v == tablebase.Unknown || !isLong && e%97 != 0 {
				continue
			}
			p := r.KeyPosition(uint64(e))
			m, ok, err := dev.LongWin(p)
			if err != nil || ok != isLong {
				t.Fatalf("%s: full %v %d, long win %v (%v)", p, v, d, ok, err)
			}
			if !ok {
				others++
				continue
			}
			long++
			if cv, cd, _ := full.Probe(p.After(m)); cv != tablebase.Loss || cd != d-1 {
				t.Fatalf("%s won in %d: long win %v to a child %v in %d", p, d, m, cv, cd)
			}
			// Every symmetric image finds the same move's image.
			for gi := range r.Syms {
				sym := &r.Syms[gi]
				q := p
				q.Pred, q.Prey = sym.Apply(p.Pred), sym.Apply(p.Prey)
				q.Key = q.ComputeKey()
				qm, ok, _ := dev.LongWin(q)
				if cv, cd, _ := full.Probe(q.After(qm)); !ok || cv != tablebase.Loss || cd != d-1 {
					t.Fatalf("%s, an image of %s: long win %v %v to %v %d", q, p, ok, qm, cv, cd)
				}
			}
		}
	}
	dsec := dev.Sections[len(dev.Sections)-1]
	if dsec.Captured != 0 || dsec.LongWins == nil || dsec.LongWins.Count != long || long == 0 || others == 0 {
		t.Fatalf("%d long wins found, %d other positions; the header: %+v", long, others, dsec.LongWins)
	}
	if rep := devicebuild.CheckDevice(full, dev, 200_000, 2, nil); rep.Mismatches != 0 || rep.LongWins == 0 {
		t.Fatalf("CheckDevice: %d mismatches, %d long wins compared: %v", rep.Mismatches, rep.LongWins, rep.Examples)
	}
	t.Logf("%d long wins of %d plies or more in %d bytes (%d other positions asked)", long, from, dsec.LongWins.Block.Len, others)
	if again := convert(); string(again) != string(data) {
		t.Fatal("converted twice, other bytes")
	}
	// A byte of the blob changed: the long wins are refused when first read.
	bad := append([]byte(nil), data...)
	bad[int64(len(data))-dev.Size()+dsec.LongWins.Block.Off+int64(dsec.LongWins.Block.Len)/2] ^= 0x40
	dmg, err := tablebase.Read(bad)
	if err != nil {
		t.Fatal(err)
	}
	var first core.Position
	found := false
	for b := 0; b < len(sec.Blocks) && !found; b++ {
		code, n, _ := full.Block(sec, b)
		for i := 0; i < n && !found; i++ {
			if v, d := tablebase.Decode(code(i)); v == tablebase.Win && d >= from {
				first, found = r.KeyPosition(uint64(int64(b)*int64(sec.BlockSize)+int64(i))), true
			}
		}
	}
	if _, ok, err := dmg.LongWin(first); ok || err == nil {
		t.Fatalf("a damaged blob read: %v %v", ok, err)
	}
	// A header that claims what the blob is not: refused on opening, or
	// when the blob is first read.
	last := len(dev.Sections) - 1
	for _, c := range []struct {
		what   string
		edit   func(lw *tablebase.LongWinsRef)
		atOpen bool
	}{
		{"no wins", func(lw *tablebase.LongWinsRef) { lw.Count = 0 }, true},
		{"0 plies", func(lw *tablebase.LongWinsRef) { lw.MinPlies = 0 }, true},
		{"one win more", func(lw *tablebase.LongWinsRef) { lw.Count++ }, false},
		{"2^40 wins", func(lw *tablebase.LongWinsRef) { lw.Count = 1 << 40 }, true},
		{"past the end", func(lw *tablebase.LongWinsRef) { lw.Block.Off += 1 << 30 }, true},
		{"one win fewer", func(lw *tablebase.LongWinsRef) { lw.Count-- }, false},
	} {
		var h tablebase.DeviceHeader
		bad := filetest.WithHeader(t, data, &h, func() { c.edit(h.Sections[last].LongWins) })
		tab, err := tablebase.Read(bad)
		if c.atOpen {
			if err == nil {
				t.Fatalf("%s: opened", c.what)
			}
			continue
		}
		if err != nil {
			t.Fatalf("%s: %v", c.what, err)
		}
		if _, ok, err := tab.LongWin(first); ok || err == nil {
			t.Fatalf("%s: read: %v %v", c.what, ok, err)
		}
	}
}

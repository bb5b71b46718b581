package tablebase_test

import (
	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/devicebuild"
	"huntchess/ai/tablebase/internal/tbwrite"

	"bytes"
	"encoding/json"
	"hash/crc32"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"huntchess/ai/tablebase/internal/filetest"
	"huntchess/core"
)

// Fuzz targets of the readers of table and strategy files, files that come
// from outside (the pack from a web host, the browser site, a developer's
// folder): whatever the bytes, a reader returns an error or a value that
// works, never panics, and never allocates more than the file can hold
// (limits.go; the guards' own tests are in limits_test.go). Run one with
// `go test -run '^$' -fuzz '^FuzzTableFile$' ./ai/tablebase/`, or all with
// `make fuzz`; a crasher found lands in testdata/fuzz/ (commit it).
//
// FuzzTableFile and FuzzStrategyFile take whole files, damaged as the
// fuzzer likes; FuzzTableHeader and FuzzStrategyParts take a header and a
// body and set the checksums right before reading, so that the fuzzer's
// changes reach the checks behind them (the sections, the blocks, the
// nodes) instead of stopping at a checksum.

// fuzzMaxFile caps an input: the seeds are a few KB, and a file of many
// blocks only makes each run slower.
const fuzzMaxFile = 64 << 10

// fuzzMinis are the mini games whose tables are the seeds, built once: a
// fuzzed table is read for their *Rules (the layouts are cached by it).
var fuzzMinis = sync.OnceValue(miniGames)

// fuzzRulesOf is the rules a fuzzed table is read for: 0 the game its
// header names (nil), else a mini game's.
func fuzzRulesOf(which uint8) *tablebase.Rules {
	ms := fuzzMinis()
	if i := int(which) % (len(ms) + 1); i > 0 {
		return ms[i-1].R
	}
	return nil
}

// fuzzMini is mini game name and its value of which.
func fuzzMini(name string) (*mini, uint8) {
	for i, g := range fuzzMinis() {
		if g.Name == name {
			return g, uint8(i + 1)
		}
	}
	panic(name)
}

// fuzzTableSeed is a real table file: mini game name solved, written in
// blocks of 64 entries, as a full table (codec "") or converted to a device
// table with that codec, in blocks of 64 too.
func fuzzTableSeed(tb testing.TB, name, codec string) []byte {
	tb.Helper()
	g, _ := fuzzMini(name)
	s := solveMini(tb, g)
	old := tbwrite.BlockEntries
	tbwrite.BlockEntries = 64
	path := filepath.Join(tb.TempDir(), name+tablebase.FileExt)
	_, err := s.Write(path)
	tbwrite.BlockEntries = old
	if err != nil {
		tb.Fatal(err)
	}
	if codec != "" {
		full, err := tablebase.OpenFile(path, g.R)
		if err != nil {
			tb.Fatal(err)
		}
		defer full.Close()
		out := filepath.Join(tb.TempDir(), "device-"+name+tablebase.FileExt)
		if _, err := devicebuild.ConvertDevice(full, out, devicebuild.DeviceOptions{Codec: codec, BlockSize: 64}); err != nil {
			tb.Fatal(err)
		}
		path = out
	}
	data, err := os.ReadFile(path)
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

// fuzzTableSeeds are the table seeds: which rules, the file.
type fuzzTableSeedFile struct {
	which uint8
	data  []byte
}

func fuzzTableSeeds(f *testing.F) []fuzzTableSeedFile {
	f.Helper()
	var out []fuzzTableSeedFile
	for _, c := range []struct{ game, codec string }{
		{"mini-lion", ""}, {"mini-deer", ""}, {"mini-lion", tablebase.CodecZstd}, {"mini-deer", tablebase.CodecZstd},
		{"mini-pigs", tablebase.CodecFlate}, {"mini-deer", tablebase.CodecFlate},
	} {
		_, which := fuzzMini(c.game)
		out = append(out, fuzzTableSeedFile{which, fuzzTableSeed(f, c.game, c.codec)})
	}
	// A real game's table: Beat the Wolf's 8-dog bound tier (47 KB).
	if data, err := os.ReadFile("../testdata/beat-the-wolf-8dogs.bound.hctb"); err == nil {
		out = append(out, fuzzTableSeedFile{0, data})
	} else {
		f.Fatal(err)
	}
	return out
}

func FuzzTableFile(f *testing.F) {
	for _, s := range fuzzTableSeeds(f) {
		f.Add(s.which, s.data)
	}
	f.Add(uint8(0), []byte(tablebase.FileMagic))
	f.Add(uint8(0), []byte(tablebase.DeviceMagic+"\xff\xff\xff\xff\x00\x00\x00\x00"))
	f.Fuzz(func(t *testing.T, which uint8, data []byte) {
		if len(data) > fuzzMaxFile {
			return
		}
		fuzzTable(t, data, fuzzRulesOf(which))
	})
}

func FuzzTableHeader(f *testing.F) {
	for _, s := range fuzzTableSeeds(f) {
		hdr, body := filetest.SplitFile(s.data)
		f.Add(s.which, string(s.data[:6]) == tablebase.DeviceMagic, hdr, body)
	}
	f.Fuzz(func(t *testing.T, which uint8, device bool, hdr, body []byte) {
		if len(hdr)+len(body) > fuzzMaxFile {
			return
		}
		magic := tablebase.FileMagic
		if device {
			magic = tablebase.DeviceMagic
		}
		// Every block's checksum made right, where it lies in the body.
		var h tablebase.DeviceHeader
		if json.Unmarshal(hdr, &h) == nil {
			for _, sec := range h.Sections {
				if sec == nil {
					continue
				}
				for i, b := range sec.Blocks {
					if b.Off >= 0 && b.Len >= 0 && b.Off <= int64(len(body))-int64(b.Len) {
						sec.Blocks[i].CRC = crc32.ChecksumIEEE(body[b.Off : b.Off+int64(b.Len)])
					}
				}
			}
			var err error
			if device {
				hdr, err = json.Marshal(h)
			} else {
				hdr, err = json.Marshal(h.Header)
			}
			if err != nil {
				t.Fatal(err)
			}
		}
		fuzzTable(t, filetest.JoinFile(magic, hdr, body), fuzzRulesOf(which))
	})
}

// fuzzTable reads data as a table for rules r, checked whole and unchecked,
// and probes both: an error or a table that answers probes (a damaged
// block an error), the same answers from both.
func fuzzTable(t *testing.T, data []byte, r *tablebase.Rules) {
	checked, err := tablebase.OpenSrc(bytes.NewReader(data), int64(len(data)), r, true)
	lazy, lerr := tablebase.OpenSrc(bytes.NewReader(data), int64(len(data)), r, false)
	for _, e := range []error{err, lerr} {
		if e != nil && e.Error() == "" {
			t.Fatal("an error without a text")
		}
	}
	if lerr != nil {
		if err == nil {
			t.Fatalf("a table that passes every check is refused unchecked: %v", lerr)
		}
		return
	}
	defer lazy.Close()
	if checked != nil {
		defer checked.Close()
		checked.SetCacheBytes(1 << 20)
	}
	lazy.SetCacheBytes(1 << 20)
	n := 0
	for _, sec := range lazy.Sections {
		if n >= 8 {
			break
		}
		n++
		e := sec.Entries
		for _, i := range []int64{0, 1, e / 3, e / 2, e - 2, e - 1} {
			if i < 0 || i >= e {
				continue
			}
			pred, prey, side := sec.Layout().Position(i)
			p := tablebase.Pos{Pred: pred, Prey: prey, Side: side, Capt: sec.Captured, Hand: sec.Hand}
			c, ok, err := lazy.Code(p, sec.Bound)
			if err != nil && err.Error() == "" {
				t.Fatal("an error without a text")
			}
			if checked == nil {
				continue
			}
			c2, ok2, err2 := checked.Code(p, sec.Bound)
			if err == nil && err2 == nil && (c != c2 || ok != ok2) {
				t.Fatalf("%s entry %d: read checked %x %v, unchecked %x %v", sec.What(), i, c2, ok2, c, ok)
			}
		}
	}
	// A real game's table answers the app's questions.
	if g, ok := lazy.Rules().Game(); ok {
		var buf [core.MaxMoves]core.Move
		p := g.Info().Start()
		for ply := 0; ply < 4 && !p.Outcome().Over(); ply++ {
			lazy.Probe(p)
			lazy.Best(p)
			moves := p.GenMoves(buf[:0])
			if len(moves) == 0 {
				break
			}
			p = p.After(moves[ply%len(moves)])
		}
	}
}

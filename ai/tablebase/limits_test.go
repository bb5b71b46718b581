package tablebase_test

import (
	"huntchess/ai/tablebase"

	"bytes"
	"compress/flate"
	"encoding/json"
	"hash/crc32"
	"math"
	"testing"

	"github.com/klauspost/compress/zstd"

	"huntchess/ai/tablebase/internal/filetest"
)

// The guards of limits.go: a file that claims a huge size or count is
// refused with an error that says so, having allocated little (measured
// with runtime.MemStats.TotalAlloc, with slack: never anything near the
// claim).

// A header that claims 4 GiB (in a file that says it is 1 TiB) is refused
// before it is read.
func TestHeaderClaimRefused(t *testing.T) {
	for _, magic := range []string{tablebase.FileMagic, tablebase.DeviceMagic} {
		data := append([]byte(magic), 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, '{', '}')
		filetest.RefusedSmall(t, magic[:4], "a header of 4294967295 bytes claimed", 1<<20, func() error {
			_, err := tablebase.OpenReaderAt(filetest.ClaimReader(data), 1<<40, false)
			return err
		})
	}
}

// A block that claims 2 GiB, or an offset past any file, in a file that
// says it is 1 TiB (the range reader's size is its server's word) is
// refused when the table is opened, before a byte of it is read; one that
// claims a little more than its entries can take is refused too.
func TestBlockClaimRefused(t *testing.T) {
	g, _ := fuzzMini("mini-deer")
	for _, codec := range []string{"", tablebase.CodecZstd} {
		data := fuzzTableSeed(t, "mini-deer", codec)
		for _, c := range []struct {
			name string
			ref  tablebase.BlockRef
			want string
		}{
			{"2 GiB", tablebase.BlockRef{Off: 0, Len: math.MaxInt32}, "claims 2147483647 bytes"},
			{"just over", tablebase.BlockRef{Off: 0, Len: int32(tablebase.MaxBlockBytes(64) + 1)}, "more than its 64 entries can take"},
			{"offset", tablebase.BlockRef{Off: math.MaxInt64 - 10, Len: 100}, "past the end"},
		} {
			var h tablebase.DeviceHeader
			bad := filetest.WithHeader(t, data, &h, func() { h.Sections[0].Blocks[0] = c.ref })
			if codec == "" {
				bad = filetest.WithHeader(t, data, &h.Header, func() { h.Sections[0].Blocks[0] = c.ref })
			}
			filetest.RefusedSmall(t, codec+" "+c.name, c.want, 1<<20, func() error {
				_, err := tablebase.OpenSrc(filetest.ClaimReader(bad), 1<<40, g.R, false)
				return err
			})
		}
	}
}

// A device block whose zstd frame claims 32 MiB (within the decoder's
// limit, but not the block's 128 bytes) is refused before it is unpacked.
func TestDeviceFrameClaimRefused(t *testing.T) {
	g, _ := fuzzMini("mini-deer")
	data := fuzzTableSeed(t, "mini-deer", tablebase.CodecZstd)
	ze, err := zstd.NewWriter(nil)
	if err != nil {
		t.Fatal(err)
	}
	frame := ze.EncodeAll(make([]byte, 32<<20), nil)
	ze.Close()
	hdr, body := filetest.SplitFile(data)
	var h tablebase.DeviceHeader
	if err := json.Unmarshal(hdr, &h); err != nil {
		t.Fatal(err)
	}
	sec := h.Sections[0]
	sec.Blocks[0] = tablebase.BlockRef{Off: int64(len(body)), Len: int32(len(frame)), CRC: crc32.ChecksumIEEE(frame)}
	hdr, err = json.Marshal(h)
	if err != nil {
		t.Fatal(err)
	}
	bad := filetest.JoinFile(tablebase.DeviceMagic, hdr, append(append([]byte(nil), body...), frame...))
	tab, err := tablebase.OpenSrc(bytes.NewReader(bad), int64(len(bad)), g.R, true)
	if err != nil {
		t.Fatal(err)
	}
	defer tab.Close()
	stored := tab.Device().StoredSide
	filetest.RefusedSmall(t, "frame", "a frame of 33554432 bytes claimed", 4<<20, func() error {
		_, err := tab.StoredCode(tab.Sections[0], func() tablebase.Pos {
			l := tab.Sections[0].Layout()
			pred, prey, _ := l.Position(int64(stored) * tab.Sections[0].StoredEntries())
			return tablebase.Pos{Pred: pred, Prey: prey, Side: stored, Capt: sec.Captured, Hand: sec.Hand}
		}())
		return err
	})
}

// The guard's own numbers: a header's limit holds the largest real one,
// and a block's the largest a compressor writes for its entries.
func TestLimitsHoldRealFiles(t *testing.T) {
	if tablebase.MaxHeaderBytes < 16<<20 {
		t.Errorf("MaxHeaderBytes %d: Beat the Wolf's full table has a header of some 10 MB", tablebase.MaxHeaderBytes)
	}
	// Random codes (incompressible) in a block of each size: the
	// compressors' output stays within MaxBlockBytes.
	for _, bs := range []int{64, tablebase.DenseBlock, tablebase.DeviceBlock} {
		raw := make([]byte, 2*bs)
		x := uint32(1)
		for i := range raw {
			x = x*1664525 + 1013904223
			raw[i] = byte(x >> 24)
		}
		var buf bytes.Buffer
		zw, _ := flate.NewWriter(&buf, 6)
		zw.Write(raw)
		zw.Close()
		ze, _ := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBestCompression))
		z := ze.EncodeAll(raw, nil)
		ze.Close()
		if int64(buf.Len()) > tablebase.MaxBlockBytes(bs) || int64(len(z)) > tablebase.MaxBlockBytes(bs) {
			t.Errorf("block of %d entries: flate %d, zstd %d bytes, the limit %d", bs, buf.Len(), len(z), tablebase.MaxBlockBytes(bs))
		}
	}
}

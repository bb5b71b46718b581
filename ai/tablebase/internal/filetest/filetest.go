// Package filetest is what the tests of ai/tablebase and its strategy
// package share to take a table or strategy file apart, damage it and
// check that a reader refuses a claim before it allocates for it.
package filetest

import (
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"runtime"
	"strings"
	"testing"
)

// SplitFile cuts a table or strategy file into its header and the rest.
func SplitFile(data []byte) (hdr, body []byte) {
	n := int(binary.LittleEndian.Uint32(data[6:]))
	return data[14 : 14+n], data[14+n:]
}

// JoinFile is a file of the magic, the header (its checksum right) and the
// body.
func JoinFile(magic string, hdr, body []byte) []byte {
	out := append([]byte(magic), binary.LittleEndian.AppendUint32(nil, uint32(len(hdr)))...)
	out = binary.LittleEndian.AppendUint32(out, crc32.ChecksumIEEE(hdr))
	return append(append(out, hdr...), body...)
}

// WithHeader is data (a table or strategy file) with its header replaced
// by what edit makes of it (decoded into h, encoded again).
func WithHeader(t testing.TB, data []byte, h any, edit func()) []byte {
	t.Helper()
	hdr, body := SplitFile(data)
	if err := json.Unmarshal(hdr, h); err != nil {
		t.Fatal(err)
	}
	edit()
	hdr, err := json.Marshal(h)
	if err != nil {
		t.Fatal(err)
	}
	return JoinFile(string(data[:6]), hdr, body)
}

// Allocated is the bytes f allocates.
func Allocated(f func()) uint64 {
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	f()
	runtime.ReadMemStats(&after)
	return after.TotalAlloc - before.TotalAlloc
}

// ClaimReader is a file that claims more bytes than it has (a remote file
// of the size its server or manifest says): its bytes, then zeros.
type ClaimReader []byte

// ReadAt reads the file's bytes at off, zeros past them.
func (r ClaimReader) ReadAt(p []byte, off int64) (int, error) {
	clear(p)
	if off < int64(len(r)) {
		copy(p, r[off:])
	}
	return len(p), nil
}

// RefusedSmall checks that open fails with an error containing want while
// allocating less than limit bytes.
func RefusedSmall(t testing.TB, what, want string, limit uint64, open func() error) {
	t.Helper()
	var err error
	if n := Allocated(func() { err = open() }); n > limit {
		t.Errorf("%s: %d bytes allocated, want under %d", what, n, limit)
	}
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Errorf("%s: error %v, want one containing %q", what, err, want)
	}
}

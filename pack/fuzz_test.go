package pack

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"huntchess/ai/tablebase"
	"huntchess/core"
)

// Fuzz targets of the pack's readers of outside data: the table pack's
// manifest (from a web host, and kept in the pack folder) and the range
// reader's replies (Content-Range, the bytes). Whatever the bytes, a
// reader returns an error or a valid value, never panics, and a value read
// writes itself back as what reads as the same value. Run one with
// `go test -tags ci -run '^$' -fuzz '^FuzzParseManifest$' ./pack/`, or
// all with `make fuzz`; a crasher found lands in testdata/fuzz/ (commit
// it). The size guards' tests are in limits_test.go.

// fuzzMaxInput caps an input: the real files are a few KB.
const fuzzMaxInput = 64 << 10

// fuzzManifest is a real pack's manifest: the shipped tables (their real
// names, sizes, sha256 and rules), as make device-tables lists them, the
// larger ones in parts of 4 MiB.
func fuzzManifest(tb testing.TB, format int) []byte {
	tb.Helper()
	m := Manifest{Format: format, Version: "0123456789abcdef"}
	names, err := filepath.Glob("../tables/shipped/*.hctb")
	if err != nil || len(names) == 0 {
		tb.Fatalf("no shipped tables: %v", err)
	}
	for _, path := range names {
		data, err := os.ReadFile(path)
		if err != nil {
			tb.Fatal(err)
		}
		game := strings.TrimSuffix(filepath.Base(path), tablebase.FileExt)
		id, err := core.Lookup(game)
		if err != nil {
			tb.Fatal(err)
		}
		sum := sha256.Sum256(data)
		f := File{Name: filepath.Base(path), Game: game, Fingerprint: tablebase.ForGame(id.ID).Fingerprint(),
			Size: int64(len(data)), SHA256: hex.EncodeToString(sum[:])}
		const part = 4 << 20
		for i := 0; format == 2 && i < len(data); i += part {
			ps := sha256.Sum256(data[i:min(i+part, len(data))])
			f.Parts = append(f.Parts, Part{Name: fmt.Sprintf("%s.part-%03d", f.Name, i/part),
				Size: int64(min(part, len(data)-i)), SHA256: hex.EncodeToString(ps[:])})
		}
		m.Files = append(m.Files, f)
	}
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

func FuzzParseManifest(f *testing.F) {
	f.Add(fuzzManifest(f, 1))
	f.Add(fuzzManifest(f, 2))
	f.Add([]byte(`{"format":2,"version":"x","files":[]}`))
	f.Add([]byte(`{"format":2,"files":[{"name":"a.hctb","game":"deer-chess","size":9223372036854775807,"sha256":"` +
		strings.Repeat("ab", 32) + `","parts":[{"name":"p","size":9223372036854775807,"sha256":"` + strings.Repeat("ab", 32) + `"}]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > fuzzMaxInput {
			return
		}
		m, err := ParseManifest(data)
		if err != nil {
			if m != nil || err.Error() == "" {
				t.Fatalf("an error (%q) with a manifest", err)
			}
			return
		}
		var total int64
		for _, f := range m.Files {
			if f.Size <= 0 || f.Size > MaxFileBytes {
				t.Fatalf("%s: a size of %d accepted", f.Name, f.Size)
			}
			var n int64
			for _, pc := range f.Pieces() {
				n += pc.Size
			}
			if n != f.Size {
				t.Fatalf("%s: pieces of %d bytes, the file %d", f.Name, n, f.Size)
			}
			total += f.Size
			// Read through its parts: nothing asked for till a read.
			r, err := OpenRangeParts(context.Background(), nil, "http://pack.invalid/tables/", f)
			if err != nil || r.Size() != f.Size {
				t.Fatalf("%s: OpenRangeParts: %v", f.Name, err)
			}
		}
		if m.Bytes() != total || total < 0 {
			t.Fatalf("Bytes %d, the files %d", m.Bytes(), total)
		}
		_ = m.Games()
		// Written and read again: the same manifest.
		out, err := json.Marshal(m)
		if err != nil {
			t.Fatal(err)
		}
		back, err := ParseManifest(out)
		if err != nil {
			t.Fatalf("a manifest read does not read back: %v", err)
		}
		again, _ := json.Marshal(back)
		if !bytes.Equal(out, again) {
			t.Fatalf("a manifest reads back as another:\n%s\n%s", out, again)
		}
	})
}

func FuzzContentRange(f *testing.F) {
	for _, s := range []string{"bytes 0-0/47545", "bytes 100-199/200", "bytes */200", "bytes 0-9/*", "bytes 5-4/10",
		"bytes -1-3/10", "bytes 0-9223372036854775806/9223372036854775807"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, v string) {
		first, last, size, ok := parseContentRange(v)
		if !ok {
			if first != 0 || last != 0 || size != 0 {
				t.Fatalf("%q refused, with %d-%d/%d", v, first, last, size)
			}
			return
		}
		if first < 0 || last < first || size <= last {
			t.Fatalf("%q read as %d-%d/%d", v, first, last, size)
		}
		a, b, c, ok := parseContentRange(fmt.Sprintf("bytes %d-%d/%d", first, last, size))
		if !ok || a != first || b != last || c != size {
			t.Fatalf("%q: %d-%d/%d does not read back", v, first, last, size)
		}
		if rangeStartsAt(v, first, size) != (last == size-1) {
			t.Fatalf("%q: rangeStartsAt disagrees", v)
		}
	})
}

// fuzzSite is a web server in the process (an http.RoundTripper: no
// network) that serves a file of size bytes, content and then zeros, to
// range requests, as mode says: 0 as it should (206, the range asked for,
// its Content-Range), 1 whole (200), 2 a 206 with the Content-Range cr,
// 3 not at all (404), 4 as it should but a byte short, 5 a 206 with the
// right Content-Range but a body a byte longer.
type fuzzSite struct {
	content []byte
	size    int64
	mode    uint8
	cr      string
}

// zeros reads as n zero bytes (a range of the fuzzed file after its
// content, never held in memory).
type zeros struct{ n int64 }

// body is the bytes [first, last] of the file.
func (s *fuzzSite) body(first, last int64) io.Reader {
	var head []byte
	if first < int64(len(s.content)) {
		head = s.content[first:min(last+1, int64(len(s.content)))]
	}
	return io.MultiReader(bytes.NewReader(head), &zeros{n: last + 1 - first - int64(len(head))})
}

func (s *fuzzSite) RoundTrip(req *http.Request) (*http.Response, error) {
	resp := &http.Response{StatusCode: http.StatusPartialContent, Header: http.Header{}, Request: req}
	var first, last int64
	if _, err := fmt.Sscanf(req.Header.Get("Range"), "bytes=%d-%d", &first, &last); err != nil || first < 0 || last < first {
		return nil, fmt.Errorf("a bad range asked for: %q", req.Header.Get("Range"))
	}
	last = min(last, s.size-1)
	var body io.Reader = bytes.NewReader(nil)
	if first <= last {
		body = s.body(first, last)
	}
	switch s.mode % 6 {
	case 0, 4, 5:
		resp.Header.Set("Content-Range", fmt.Sprintf("bytes %d-%d/%d", first, last, s.size))
		if s.mode%6 == 4 {
			body = io.LimitReader(body, max(0, last-first))
		} else if s.mode%6 == 5 {
			body = io.MultiReader(body, strings.NewReader("x"))
		}
	case 1:
		resp.StatusCode = http.StatusOK
		body = s.body(0, s.size-1)
	case 2:
		resp.Header.Set("Content-Range", s.cr)
		body = bytes.NewReader(s.content)
	case 3:
		resp.StatusCode = http.StatusNotFound
	}
	resp.Status = strconv.Itoa(resp.StatusCode) + " " + http.StatusText(resp.StatusCode)
	resp.Body = io.NopCloser(body)
	return resp, nil
}

func FuzzRangeReader(f *testing.F) {
	bound, err := os.ReadFile(filepath.Join("..", "ai", "testdata", "beat-the-wolf-8dogs.bound.hctb"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(bound, int64(0), uint8(0), "", int64(100), uint16(4096))
	f.Add(bound, int64(1)<<40, uint8(0), "", int64(1)<<39, uint16(10))
	f.Add(bound[:100], int64(0), uint8(4), "", int64(0), uint16(100))
	f.Add([]byte("HCTB\x00\x01\xff\xff\xff\xff"), int64(1)<<40, uint8(0), "", int64(0), uint16(8))
	f.Add([]byte("x"), int64(0), uint8(2), "bytes 0-0/9223372036854775807", int64(0), uint16(1))
	f.Fuzz(func(t *testing.T, content []byte, claim int64, mode uint8, cr string, off int64, n uint16) {
		if len(content) > fuzzMaxInput || len(content) == 0 {
			return
		}
		site := &fuzzSite{content: content, size: int64(len(content)), mode: mode, cr: cr}
		if claim > 0 {
			site.size = claim
		}
		client := &http.Client{Transport: site}
		r, err := OpenRange(context.Background(), client, "http://site.invalid/tables/t.hctb")
		if err != nil {
			if r != nil || err.Error() == "" {
				t.Fatalf("an error (%q) with a reader", err)
			}
			return
		}
		if r.Size() < 1 {
			t.Fatalf("a file of %d bytes", r.Size())
		}
		p := make([]byte, n)
		got, err := r.ReadAt(p, off)
		if got < 0 || got > len(p) {
			t.Fatalf("ReadAt read %d of %d", got, len(p))
		}
		if err == nil && site.mode%6 == 0 {
			want, _ := io.ReadAll(site.body(off, off+int64(len(p))-1))
			if !bytes.Equal(p, want) {
				t.Fatal("ReadAt read other bytes than the file's")
			}
		}
		// What the app does with it: a table read block by block, whose
		// header is read now (its claims against the limits).
		if tab, err := tablebase.OpenReaderAt(r, r.Size(), false); err == nil {
			if g, ok := tab.Rules().Game(); ok {
				tab.Probe(g.Info().Start())
			}
			tab.Close()
		}
	})
}

func (z *zeros) Read(p []byte) (int, error) {
	if z.n <= 0 {
		return 0, io.EOF
	}
	n := int(min(int64(len(p)), z.n))
	clear(p[:n])
	z.n -= int64(n)
	return n, nil
}

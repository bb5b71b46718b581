package solver

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"sync"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/internal/tbwrite"
)

// A tier file keeps one tier of the compact solver on disk as it was in
// memory, so that a long solve stopped part-way (a session's end, a killed
// process) loses at most the tier in progress, and the tiers above read the
// ones below from it. It is a working file of the solver, not a table the
// app reads: tbwrite.WriteTable makes that from the tier files
// (WriteCompactTable).
//
//	"HCTIER1\n", a uint32 (little endian) length and the header as JSON
//	(TierFileHeader), the bytes of every entry in index order, then each
//	epoch plane the header lists, its words little endian.
//
// It is written to a temporary file beside it, synced, and renamed over
// it: it is whole or missing.

const tierMagic = "HCTIER1\n"

// TierFileHeader is a tier file's header.
type TierFileHeader struct {
	Game        string              `json:"game"`
	Fingerprint string              `json:"fingerprint"`
	Captured    int                 `json:"captured"`
	Entries     int64               `json:"entries"`
	MaxPlies    int                 `json:"maxPlies"`
	Wrap        int                 `json:"wrap"`
	Epochs      []bool              `json:"epochs"` // which epoch planes follow
	Stats       tablebase.TierStats `json:"stats"`
	Seconds     float64             `json:"seconds"`
	// PeakMemory is the solving process's peak resident memory over the
	// tier, in bytes (0: not measured).
	PeakMemory int64 `json:"peakMemory"`
}

// TierPath is the tier file of a game's tier in dir.
func TierPath(dir, game string, captured int) string {
	return filepath.Join(dir, game+".tiers", fmt.Sprintf("captured-%02d.tier", captured))
}

// WriteTierFile writes a whole solved tier to path, with the peak memory
// measured while it was solved.
func WriteTierFile(path string, r *tablebase.Rules, t *CompactTier, peak int64) error {
	if t.First != 0 {
		return errors.New("tablebase: only a whole tier is written")
	}
	h := TierFileHeader{Game: r.Name, Fingerprint: r.Fingerprint(), Captured: t.Captured, Entries: t.Layout.Entries(),
		MaxPlies: t.MaxPlies, Wrap: compactWrap, Stats: t.Stats, Seconds: t.Stats.Seconds, PeakMemory: peak}
	for k := range t.ep {
		h.Epochs = append(h.Epochs, t.ep[k] != nil)
	}
	n := h.Entries
	return writeFramed(path, tierMagic, h, func(bw *bufio.Writer) error {
		var buf [8]byte
		for wi, w := range t.b {
			binary.LittleEndian.PutUint64(buf[:], w)
			k := min(8, n-int64(wi)*8)
			if _, err := bw.Write(buf[:k]); err != nil {
				return err
			}
		}
		for k := range t.ep {
			if err := writeU64(bw, t.ep[k]); err != nil {
				return err
			}
		}
		return nil
	})
}

// writeFramed writes a solver's working file: magic, the header's length
// (uint32 LE) and the header as JSON, then what body writes; to a
// temporary file beside path, synced and renamed over it, so the file is
// whole or missing.
func writeFramed(path, magic string, header any, body func(bw *bufio.Writer) error) error {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	defer os.Remove(tmp) // after the rename, nothing
	bw := bufio.NewWriterSize(f, 4<<20)
	js, err := json.Marshal(header)
	if err != nil {
		f.Close()
		return err
	}
	bw.WriteString(magic)
	binary.Write(bw, binary.LittleEndian, uint32(len(js)))
	bw.Write(js)
	err = body(bw)
	if err == nil {
		err = bw.Flush()
	}
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		return err
	}
	if err := os.Rename(tmp, path); err != nil {
		return err
	}
	if d, err := os.Open(filepath.Dir(path)); err == nil {
		d.Sync()
		d.Close()
	}
	return nil
}

// readFramed reads a working file's magic and JSON header into header and
// returns the offset of what follows it.
func readFramed(rd io.Reader, path, magic, what string, header any) (int64, error) {
	var pre [12]byte
	if _, err := io.ReadFull(rd, pre[:]); err != nil || string(pre[:8]) != magic {
		return 0, fmt.Errorf("%s: not a %s", path, what)
	}
	ln := binary.LittleEndian.Uint32(pre[8:])
	if ln > 1<<20 {
		return 0, fmt.Errorf("%s: a header of %d bytes", path, ln)
	}
	js := make([]byte, ln)
	if _, err := io.ReadFull(rd, js); err != nil {
		return 0, fmt.Errorf("%s: %w", path, err)
	}
	if err := json.Unmarshal(js, header); err != nil {
		return 0, fmt.Errorf("%s: %w", path, err)
	}
	return int64(12 + ln), nil
}

// ReadTierHeader reads a tier file's header and checks it against r and
// the file's size; it returns the offset of the entries' bytes.
func ReadTierHeader(path string, r *tablebase.Rules) (*TierFileHeader, int64, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	var h TierFileHeader
	off, err := readFramed(f, path, tierMagic, "tier file", &h)
	if err != nil {
		return nil, 0, err
	}
	if h.Fingerprint != r.Fingerprint() || h.Game != r.Name {
		return nil, 0, fmt.Errorf("%s: solved for other rules (%s)", path, h.Game)
	}
	if h.Wrap != compactWrap {
		return nil, 0, fmt.Errorf("%s: plies wrap at %d, not %d", path, h.Wrap, compactWrap)
	}
	l := tablebase.LayoutFor(r, r.PreyCount-h.Captured)
	if h.Entries != l.Entries() {
		return nil, 0, fmt.Errorf("%s: %d entries, the tier has %d", path, h.Entries, l.Entries())
	}
	size := off + h.Entries
	for _, e := range h.Epochs {
		if e {
			size += (h.Entries + 63) / 64 * 8
		}
	}
	fi, err := f.Stat()
	if err != nil {
		return nil, 0, err
	}
	if fi.Size() != size {
		return nil, 0, fmt.Errorf("%s: %d bytes, its header says %d", path, fi.Size(), size)
	}
	return &h, off, nil
}

// ReadTierFile reads a tier file: the whole tier, or (preyHalf) the
// prey-to-move half that the tiers above look into.
func ReadTierFile(path string, r *tablebase.Rules, preyHalf bool) (*CompactTier, error) {
	h, off, err := ReadTierHeader(path, r)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	n := h.Entries
	t := &CompactTier{Captured: h.Captured, Layout: tablebase.LayoutFor(r, r.PreyCount-h.Captured), Stats: h.Stats, MaxPlies: h.MaxPlies}
	t.Stats.Seconds = h.Seconds
	if preyHalf {
		t.First = n / 2
	}
	held := n - t.First
	t.b = newByteTable(held)
	if err := readWords(f, off+t.First, held, t.b); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	planeBytes := (n + 63) / 64 * 8
	pos := off + n
	for k, e := range h.Epochs {
		if !e {
			continue
		}
		if k >= len(t.ep) {
			return nil, fmt.Errorf("%s: epoch plane %d", path, k)
		}
		plane := newWords((n + 63) / 64)
		if err := readWords(f, pos, planeBytes, byteTable(plane)); err != nil {
			return nil, fmt.Errorf("%s: %w", path, err)
		}
		pos += planeBytes
		if t.First == 0 {
			t.ep[k] = plane
			continue
		}
		t.ep[k] = planeFrom(plane, t.First, n)
	}
	return t, nil
}

// readWords reads n bytes at off into the words of dst, little endian.
func readWords(f *os.File, off, n int64, dst byteTable) error {
	br := bufio.NewReaderSize(io.NewSectionReader(f, off, n), 4<<20)
	var buf [8]byte
	for wi := range dst {
		k := min(8, n-int64(wi)*8)
		clear(buf[:])
		if _, err := io.ReadFull(br, buf[:k]); err != nil {
			return err
		}
		dst[wi] = binary.LittleEndian.Uint64(buf[:])
	}
	return nil
}

// WriteCompactTable writes the table file path of r's game from the tier
// files of the given tiers (in the table's order), reading one tier into
// memory at a time.
func WriteCompactTable(path, dir string, r *tablebase.Rules, tiers []int, threads int) (*tablebase.Header, error) {
	// WriteTable fills the sections one after the other: the loader holds
	// the tier being filled and lets the one before go.
	var mu sync.Mutex
	var cur *CompactTier
	load := func(c int) *CompactTier {
		mu.Lock()
		defer mu.Unlock()
		if cur == nil || cur.Captured != c {
			cur = nil
			debug.FreeOSMemory()
			t, err := ReadTierFile(TierPath(dir, r.Name, c), r, false)
			if err != nil {
				panic(err) // read whole once already (ReadTierHeader below)
			}
			cur = t
		}
		return cur
	}
	var solved []tbwrite.SolvedTier
	for _, c := range tiers {
		h, _, err := ReadTierHeader(TierPath(dir, r.Name, c), r)
		if err != nil {
			return nil, err
		}
		st := h.Stats
		st.Seconds = h.Seconds
		solved = append(solved, tbwrite.SolvedTier{Captured: c, Layout: tablebase.LayoutFor(r, r.PreyCount-c), Stats: st,
			Fill: func(lo int64, dst []uint16) { load(c).Fill(lo, dst) }})
	}
	return tbwrite.WriteTable(path, r, solved, threads)
}

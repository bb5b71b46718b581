package tablebase

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"sync"
	"sync/atomic"

	"huntchess/core"
	"huntchess/internal/pageturn"
)

// Open opens a table file for probing: it reads and checks the header and
// every block's checksum, then keeps the file open and reads blocks from
// it as probes need them (Close closes it).
func Open(path string) (*Table, error) { return openFile(path, nil) }

// openFile is Open for the given rules (nil: the game the header names).
func openFile(path string, r *Rules) (*Table, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	fi, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	t, err := open(f, fi.Size(), r, true)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	t.closer = f
	return t, nil
}

// Read checks and opens a table file held in memory: magic, header checksum,
// the game and its rules fingerprint, the sections against the index, and
// every block's checksum. A file that fails any check is refused with an
// error that says why. The table reads its blocks from data, which must not
// change.
func Read(data []byte) (*Table, error) { return readFor(data, nil) }

// OpenReaderAt opens a table file of size bytes read through r (a file, a
// byte slice, or ranges fetched over HTTP), which must allow concurrent
// ReadAt calls (as io.ReaderAt says) and not change. With check, every
// block is read once now to check its checksum, as Open and Read do;
// without, only the header is read now and each block is checked when a
// probe first reads it (ProbeErr reports a bad one).
func OpenReaderAt(r io.ReaderAt, size int64, check bool) (*Table, error) {
	return open(r, size, nil, check)
}

// readFor is Read for the given rules (nil: the game the header names).
func readFor(data []byte, r *Rules) (*Table, error) {
	return open(bytes.NewReader(data), int64(len(data)), r, true)
}

// Close closes the file a table was opened from (Open); probes after it
// fail where they need a block not in the cache.
func (t *Table) Close() error {
	if t.dev != nil && t.dev.zd != nil {
		t.dev.zd.Close()
	}
	if t.closer == nil {
		return nil
	}
	return t.closer.Close()
}

// ReadAt reads len(p) bytes at off, or says why not.
func ReadAt(src io.ReaderAt, p []byte, off int64) error {
	n, err := src.ReadAt(p, off)
	if n == len(p) {
		return nil // io.ReaderAt may say io.EOF with the last bytes
	}
	if err == nil || err == io.EOF {
		err = io.ErrUnexpectedEOF
	}
	return err
}

// open reads the header of the table file in src (size bytes) for rules r
// (nil: the game the header names) and, with check, every block's checksum.
func open(src io.ReaderAt, size int64, r *Rules, check bool) (*Table, error) {
	var magic [len(DeviceMagic)]byte
	if size >= int64(len(magic)) && ReadAt(src, magic[:], 0) == nil && string(magic[:]) == DeviceMagic {
		return openDevice(src, size, r, check)
	}
	hdr, base, err := ReadHeader(src, size, FileMagic, "table", errors.New("not a Hunt Chess table file (bad magic)"))
	if err != nil {
		return nil, err
	}
	t := &Table{src: src, base: base, size: size - base}
	t.cache.budget = DefaultCacheBytes
	if err := json.Unmarshal(hdr, &t.Header); err != nil {
		return nil, fmt.Errorf("corrupt table header: %v", err)
	}
	if t.Format != FormatVersion {
		return nil, fmt.Errorf("table format %d, this build reads %d", t.Format, FormatVersion)
	}
	r, err = t.checkRules(r)
	if err != nil {
		return nil, err
	}
	t.r = r
	if err := t.checkSections(check); err != nil {
		return nil, err
	}
	return t, nil
}

// ReadHeader reads the header of the file in src (size bytes) that starts
// with magic (internal/tbwrite's AppendHeader wrote it), a file of kind what ("table",
// "strategy"): it returns the header's bytes, its CRC-32 checked, and where
// the rest begins; short is the error for a file too short for the magic
// and the header's length (or not starting with magic).
func ReadHeader(src io.ReaderAt, size int64, magic, what string, short error) ([]byte, int64, error) {
	pre := make([]byte, len(magic)+8)
	if size < int64(len(pre)) || ReadAt(src, pre, 0) != nil || string(pre[:len(magic)]) != magic {
		return nil, 0, short
	}
	n := int64(binary.LittleEndian.Uint32(pre[len(magic):]))
	sum := binary.LittleEndian.Uint32(pre[len(magic)+4:])
	off := int64(len(pre))
	if off+n > size {
		return nil, 0, fmt.Errorf("truncated %s file (header cut off)", what)
	}
	if n > MaxHeaderBytes {
		return nil, 0, fmt.Errorf("corrupt %s file: a header of %d bytes claimed, at most %d MiB is read", what, n, MaxHeaderBytes>>20)
	}
	hdr := make([]byte, n)
	if err := ReadAt(src, hdr, off); err != nil {
		return nil, 0, fmt.Errorf("reading the %s header: %w", what, err)
	}
	if crc32.ChecksumIEEE(hdr) != sum {
		return nil, 0, fmt.Errorf("corrupt %s file (header checksum mismatch)", what)
	}
	return hdr, off + n, nil
}

// checkSections checks every section (checkSection) and, with check, reads
// every block of it (readBlock checks its CRC-32).
func (t *Table) checkSections(check bool) error {
	var buf []byte
	var turn pageturn.Clock // in the browser, the page draws while the blocks are checked
	for _, sec := range t.Sections {
		if err := t.checkSection(sec); err != nil {
			return err
		}
		for i, b := range sec.Blocks {
			if !check {
				break
			}
			turn.Yield()
			buf = grow(buf, int(b.Len))
			if err := t.readBlock(sec, i, buf); err != nil {
				return err
			}
		}
	}
	return nil
}

// checkRules returns the rules the header names (r, if not nil) or says
// why the table is not for them.
func (t *Table) checkRules(r *Rules) (*Rules, error) {
	if r == nil {
		g, err := core.Lookup(t.Game)
		if err != nil {
			return nil, fmt.Errorf("table for %w", err)
		}
		r = ForGame(g.ID)
	}
	if t.Game != r.Name {
		return nil, fmt.Errorf("%w: a table of %s, not %s", ErrRules, t.Game, r.Name)
	}
	if t.Fingerprint != r.Fingerprint() {
		return nil, fmt.Errorf("%w: %s table fingerprint %.12s…, the rules here have %.12s… (rebuild the tables)",
			ErrRules, t.Game, t.Fingerprint, r.Fingerprint())
	}
	return r, nil
}

func (sec *Section) what() string {
	return fmt.Sprintf("section captured=%d hand=%d", sec.Captured, sec.Hand)
}

// checkSection checks a section against the index and its blocks against
// the file's size. A device table's sections (kind "device") store half
// their index (StoredEntries), in blocks of up to 16 Mi entries.
func (t *Table) checkSection(sec *Section) error {
	what := sec.what()
	kind, maxBlock, stored := "dense", DenseBlock, sec.Entries
	if t.dev != nil {
		kind, maxBlock, stored = "device", 1<<24, sec.StoredEntries()
	}
	if sec.BlockSize <= 0 || sec.BlockSize > maxBlock || sec.Entries < 0 || (t.dev != nil && sec.Entries%2 != 0) {
		return fmt.Errorf("corrupt table: %s has a bad size", what)
	}
	if sec.Kind != kind && !(t.dev != nil && t.dev.Format >= DeviceFormatValues && sec.Kind == KindValues) {
		return fmt.Errorf("corrupt table: %s of unknown kind %q", what, sec.Kind)
	}
	if sec.K < 0 || sec.K > t.r.NP-t.r.PredCount || sec.K+sec.Captured+sec.Hand != t.r.PreyCount {
		return fmt.Errorf("corrupt table: %s has a bad piece count", what)
	}
	sec.l = LayoutFor(t.r, sec.K)
	if sec.l.entries != sec.Entries || len(sec.l.classes) != sec.Classes {
		return fmt.Errorf("%w: %s index does not match", ErrRules, what)
	}
	if want := (stored + int64(sec.BlockSize) - 1) / int64(sec.BlockSize); int64(len(sec.Blocks)) != want {
		return fmt.Errorf("corrupt table: %s has %d blocks, want %d", what, len(sec.Blocks), want)
	}
	for i, b := range sec.Blocks {
		if b.Len < 0 || int64(b.Len) > maxBlockBytes(sec.BlockSize) {
			return fmt.Errorf("corrupt table: %s block %d claims %d bytes, more than its %d entries can take", what, i, b.Len, sec.BlockSize)
		}
		if b.Off < 0 || b.Off > t.size-int64(b.Len) {
			return fmt.Errorf("truncated table file: %s block %d lies past the end", what, i)
		}
	}
	sec.cache = make([]atomic.Pointer[block], len(sec.Blocks))
	if err := t.checkOrder(sec); err != nil {
		return err
	}
	return t.checkLongWins(sec)
}

// readBlock reads block b of sec, compressed, into buf (of its length) and
// checks its checksum.
func (t *Table) readBlock(sec *Section, b int, buf []byte) error {
	ref := sec.Blocks[b]
	if err := ReadAt(t.src, buf, t.base+ref.Off); err != nil {
		return fmt.Errorf("reading table %s block %d: %w", sec.what(), b, err)
	}
	if crc32.ChecksumIEEE(buf) != ref.CRC {
		return fmt.Errorf("corrupt table file: %s block %d checksum mismatch", sec.what(), b)
	}
	return nil
}

// RawBytes returns the bytes ref locates (a block or long wins), as the
// file holds them, in buf (grown to their length), their checksum checked:
// a writer copies them unchanged.
func (t *Table) RawBytes(ref BlockRef, buf []byte) ([]byte, error) {
	if ref.Len < 0 || ref.Off < 0 || ref.Off > t.size-int64(ref.Len) {
		return nil, fmt.Errorf("truncated table file: %d bytes at %d lie past the end", ref.Len, ref.Off)
	}
	buf = grow(buf, int(ref.Len))
	if err := ReadAt(t.src, buf, t.base+ref.Off); err != nil {
		return nil, err
	}
	if crc32.ChecksumIEEE(buf) != ref.CRC {
		return nil, fmt.Errorf("corrupt table file: checksum mismatch at %d", ref.Off)
	}
	return buf, nil
}

// FileBytes is the size of the table's file: its header and blocks.
func (t *Table) FileBytes() int64 { return t.base + t.size }

func grow(b []byte, n int) []byte {
	if cap(b) < n {
		return make([]byte, n)
	}
	return b[:n]
}

// scratch is what unpacking a block needs, kept between blocks.
type scratch struct {
	comp, raw []byte
	br        bytes.Reader
	fr        io.ReadCloser // a flate reader (flate.Resetter)
}

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

// load returns block b of sec, from the cache or read from the file.
func (t *Table) load(sec *Section, b int) (*block, error) {
	if blk := sec.cache[b].Load(); blk != nil {
		if !blk.ref.Load() {
			blk.ref.Store(true) // written only when it changes: probes of a hot block stay reads
		}
		return blk, nil
	}
	blk, err := t.unpack(sec, b)
	if err != nil {
		return nil, err
	}
	return t.cache.put(&sec.cache[b], blk), nil
}

// unpack reads, checks and inflates block b of sec.
func (t *Table) unpack(sec *Section, b int) (*block, error) {
	if t.dev != nil {
		return t.unpackDevice(sec, b)
	}
	sc := scratchPool.Get().(*scratch)
	defer scratchPool.Put(sc)
	sc.comp = grow(sc.comp, int(sec.Blocks[b].Len))
	if err := t.readBlock(sec, b, sc.comp); err != nil {
		return nil, err
	}
	n := int(min(int64(sec.BlockSize), sec.Entries-int64(b)*int64(sec.BlockSize)))
	sc.raw = grow(sc.raw, 2*n+1)
	sc.br.Reset(sc.comp)
	if sc.fr == nil {
		sc.fr = flate.NewReader(&sc.br)
	} else if err := sc.fr.(flate.Resetter).Reset(&sc.br, nil); err != nil {
		return nil, fmt.Errorf("corrupt table block: %v", err)
	}
	// One byte more than the block holds: a block that inflates to more is
	// as wrong as one that inflates to less.
	got, err := io.ReadFull(sc.fr, sc.raw)
	switch {
	case err == nil || got > 2*n:
		return nil, errors.New("corrupt table block: wrong length")
	case err != io.ErrUnexpectedEOF && err != io.EOF:
		return nil, fmt.Errorf("corrupt table block: %v", err)
	case got != 2*n:
		return nil, errors.New("corrupt table block: wrong length")
	}
	return newBlock(sc.raw[:2*n], sparseMax(sec.BlockSize)), nil
}

// newBlock unpacks the little-endian codes in raw, dense or sparse (up to
// sparseMax codes other than the block's most common).
func newBlock(raw []byte, sparseMax int) *block {
	n := len(raw) / 2
	blk := &block{n: n, def: CodeDrawV}
	draws, holes := 0, 0
	for i := 0; i < n; i++ {
		switch binary.LittleEndian.Uint16(raw[2*i:]) {
		case CodeDrawV:
			draws++
		case CodeNoneV:
			holes++
		}
	}
	others := n - draws
	if holes > draws {
		blk.def, others = CodeNoneV, n-holes
	}
	if others <= sparseMax {
		blk.at, blk.other = make([]uint16, 0, others), make([]uint16, 0, others)
		for i := 0; i < n; i++ {
			if c := binary.LittleEndian.Uint16(raw[2*i:]); c != blk.def {
				blk.at, blk.other = append(blk.at, uint16(i)), append(blk.other, c)
			}
		}
	} else {
		blk.codes = make([]uint16, n)
		for i := range blk.codes {
			blk.codes[i] = binary.LittleEndian.Uint16(raw[2*i:])
		}
	}
	blk.bytes = int64(2*(cap(blk.codes)+cap(blk.at)+cap(blk.other))) + blockOverhead
	return blk
}

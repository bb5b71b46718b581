// Package tbwrite writes table files: a full table from solved tiers
// (WriteTable, which the solver's Write calls), and what every writer of
// the formats shares (blocks compressed in parallel and written in order,
// the scratch file, the header). ai/tablebase reads the files and imports
// none of it.
package tbwrite

import (
	"bufio"
	"bytes"
	"compress/flate"
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"

	"huntchess/ai/tablebase"
)

// BlockEntries is the block size WriteTable uses: tablebase.DenseBlock
// (tests make it small, for tables of many blocks).
var BlockEntries = tablebase.DenseBlock

// bigSection is the entry count above which a section is compressed at
// flate's best speed rather than level 6 (Beat the Wolf's bound tier: 7.9e9
// entries, where level 6 alone would take some 25 minutes here). Readers do
// not care; the bytes stay deterministic.
const bigSection = 1 << 31

// encoder is one worker's buffers for compressing blocks, kept from block
// to block and section to section.
type encoder struct {
	codes []uint16
	raw   []byte
	buf   bytes.Buffer
	zw    *flate.Writer
	level int
}

// EncodeBatch is how many blocks are compressed in parallel before they
// are written in order (their compressed bytes are held till then).
const EncodeBatch = 256

// encodeSection cuts a tier's codes into compressed blocks and writes them
// to out, whose first byte lies at *off after the header (EncodeBlocks).
func encodeSection(sec *tablebase.Section, fill func(lo int64, dst []uint16), encs []*encoder, blobs [][]byte, out io.Writer, off *int64) error {
	bs := int64(sec.BlockSize)
	nb := (sec.Entries + bs - 1) / bs
	level := 6
	if sec.Entries > bigSection {
		level = flate.BestSpeed
	}
	for _, e := range encs {
		if e.zw == nil || e.level != level {
			e.zw, _ = flate.NewWriter(&e.buf, level)
			e.level = level
		}
	}
	var err error
	sec.Blocks, err = EncodeBlocks(encs, nb, blobs, out, off, func(e *encoder, b int64) ([]byte, error) {
		lo, hi := b*bs, min((b+1)*bs, sec.Entries)
		if int64(cap(e.codes)) < hi-lo {
			e.codes = make([]uint16, bs)
		}
		codes := e.codes[:hi-lo]
		fill(lo, codes)
		e.raw = e.raw[:0]
		for _, c := range codes {
			e.raw = binary.LittleEndian.AppendUint16(e.raw, c)
		}
		e.buf.Reset()
		e.zw.Reset(&e.buf)
		if _, err := e.zw.Write(e.raw); err != nil {
			return nil, err
		}
		if err := e.zw.Close(); err != nil {
			return nil, err
		}
		return e.buf.Bytes(), nil
	}, nil)
	return err
}

// EncodeBlocks compresses blocks 0 to nb-1 and writes them in order to out,
// whose first byte lies at *off after the header, and returns where they
// lie. It works a batch of len(blobs) blocks at a time: one goroutine for
// each of encs (a worker's buffers and compressor) takes the batch's blocks
// in turn and encode returns block b compressed (bytes the worker may
// reuse: they are copied to blobs); then the batch is written. So memory
// stays bounded for any number of blocks, and the bytes do not depend on
// the number of workers. batchDone (if set) is told of each batch written.
func EncodeBlocks[E any](encs []E, nb int64, blobs [][]byte, out io.Writer, off *int64,
	encode func(e E, b int64) ([]byte, error), batchDone func(b0, b1 int64)) ([]tablebase.BlockRef, error) {
	refs := make([]tablebase.BlockRef, nb)
	batch := int64(len(blobs))
	for b0 := int64(0); b0 < nb; b0 += batch {
		b1 := min(b0+batch, nb)
		var next atomic.Int64
		next.Store(b0)
		var wg sync.WaitGroup
		var firstErr atomic.Value
		for _, e := range encs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					b := next.Add(1) - 1
					if b >= b1 {
						return
					}
					blob, err := encode(e, b)
					if err != nil {
						firstErr.Store(err)
						return
					}
					blobs[b-b0] = append(blobs[b-b0][:0], blob...)
				}
			}()
		}
		wg.Wait()
		if e := firstErr.Load(); e != nil {
			return nil, e.(error)
		}
		for b := b0; b < b1; b++ {
			blob := blobs[b-b0]
			refs[b] = tablebase.BlockRef{Off: *off, Len: int32(len(blob)), CRC: crc32.ChecksumIEEE(blob)}
			if _, err := out.Write(blob); err != nil {
				return nil, err
			}
			*off += int64(len(blob))
		}
		if batchDone != nil {
			batchDone(b0, b1)
		}
	}
	return refs, nil
}

// AppendHeader appends to dst what starts a table or strategy file: magic,
// the length and CRC-32 of the header h in JSON, and that JSON (ReadHeader
// reads it back).
func AppendHeader(dst []byte, magic string, h any) ([]byte, error) {
	hdr, err := json.Marshal(h)
	if err != nil {
		return nil, err
	}
	dst = append(dst, magic...)
	dst = binary.LittleEndian.AppendUint32(dst, uint32(len(hdr)))
	dst = binary.LittleEndian.AppendUint32(dst, crc32.ChecksumIEEE(hdr))
	return append(dst, hdr...), nil
}

// CreateScratch makes path's folder and the scratch file a table's blocks
// go to first (path+".blocks.tmp": the header, which locates them, is
// written before them); done closes and removes it.
func CreateScratch(path string) (data *os.File, done func(), err error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return nil, nil, err
	}
	scratch := path + ".blocks.tmp"
	data, err = os.Create(scratch)
	if err != nil {
		return nil, nil, err
	}
	return data, func() { data.Close(); os.Remove(scratch) }, nil
}

// WriteFile writes a table file as path: magic, the header's length
// and CRC-32, the header (JSON), then the blocks already written to data (a
// scratch file), through path+".tmp" renamed over path.
func WriteFile(path, magic string, h any, data *os.File) error {
	pre, err := AppendHeader(nil, magic, h)
	if err != nil {
		return err
	}
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return err
	}
	_, err = f.Write(pre)
	if err == nil {
		_, err = data.Seek(0, io.SeekStart)
	}
	if err == nil {
		_, err = io.Copy(f, data)
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, path)
}

// A SolvedTier is one solved tier for WriteTable.
type SolvedTier struct {
	Captured, Hand int
	Bound          bool // captures count as a predator win
	Layout         *tablebase.Layout
	Stats          tablebase.TierStats
	// Fill puts the codes of entries lo, lo+1, … into dst.
	Fill func(lo int64, dst []uint16)
}

// WriteTable writes the tiers of r's game as the table file path, in the
// order given, compressing on threads goroutines. The bytes depend on the
// tables alone (no times, no machine facts, not the threads). The blocks
// go to a scratch file first (the header, which locates them, comes first
// in the table file), so memory does not grow with the tables.
func WriteTable(path string, r *tablebase.Rules, tiers []SolvedTier, threads int) (*tablebase.Header, error) {
	h := &tablebase.Header{Format: tablebase.FormatVersion, Game: r.Name, Fingerprint: r.Fingerprint(), Rules: tablebase.RulesVersion}
	data, done, err := CreateScratch(path)
	if err != nil {
		return nil, err
	}
	defer done()
	bw := bufio.NewWriterSize(data, 1<<20)
	var off int64
	encs := make([]*encoder, max(1, threads))
	for i := range encs {
		encs[i] = &encoder{}
	}
	blobs := make([][]byte, EncodeBatch)
	for _, t := range tiers {
		l := t.Layout
		sec := &tablebase.Section{Captured: t.Captured, Hand: t.Hand, Bound: t.Bound, Kind: "dense", K: l.PreyOnBoard(),
			Classes: l.Classes(), Entries: l.Entries(), BlockSize: BlockEntries, Stats: t.Stats}
		if err := encodeSection(sec, t.Fill, encs, blobs, bw, &off); err != nil {
			return nil, err
		}
		h.Sections = append(h.Sections, sec)
		h.Raw += 2 * l.Entries()
	}
	if err := bw.Flush(); err != nil {
		return nil, err
	}
	if err := WriteFile(path, tablebase.FileMagic, h, data); err != nil {
		return nil, err
	}
	return h, nil
}

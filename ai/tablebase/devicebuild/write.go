package devicebuild

import (
	"bufio"
	"bytes"
	"compress/flate"
	"fmt"
	"hash/crc32"
	"io"
	"sync"

	"github.com/klauspost/compress/zstd"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/internal/tbwrite"
)

// DeviceOptions are the choices of ConvertDevice.
type DeviceOptions struct {
	Codec     string // tablebase.CodecZstd (default) or tablebase.CodecFlate
	BlockSize int    // entries a block (default tablebase.DeviceBlock)
	Side      int    // the side to move stored: SideAuto (the default), SidePrey or SidePredator
	Threads   int    // blocks compressed in parallel (default 1)
	// ValuesOnly, if set, picks the sections stored with their values
	// alone, two bits an entry, without plies (kind "device-values"; the
	// file is then format 2), in blocks of ValueBlockSize entries (default
	// DeviceValueBlock).
	ValuesOnly     func(sec *tablebase.Section) bool
	ValueBlockSize int
	// LongWins, if set, gives for a values-only section the plies from
	// which its wins are stored with their moves (ai/tablebase's longwins.go; 0: none).
	LongWins func(sec *tablebase.Section) int
	// Order, if set, picks the sections whose stored entries are written in
	// the slot order tablebase.OrderFar (ai/tablebase's order.go; the file is then format 3). A
	// section cannot have both an order and long wins.
	Order func(sec *tablebase.Section) bool
	// OnProgress, if set, is told of the entries converted so far.
	OnProgress func(done, total int64)
}

// Sides a device table may store (DeviceOptions.Side).
const (
	// SideAuto stores the side whose blocks come out smaller, judged by
	// compressing every block both ways first (the prey where they tie).
	SideAuto = iota
	SidePrey
	SidePredator
)

// DeviceValueBlock is the entries a block of a values-only section holds
// by default: 512 Ki, 128 KiB unpacked.
const DeviceValueBlock = 1 << 19

// devEncoder is one worker's buffers and compressor.
type devEncoder struct {
	bs    int // entries a block
	codes []uint16
	raw   []byte
	out   []byte
	buf   bytes.Buffer
	zw    *flate.Writer
	ze    *zstd.Encoder
	// window is ze's window size (its pool's: getZstd).
	window int
}

// source is what a device table is converted from: a full table file
// (ConvertDevice) or the solver's tier files (ConvertTiers, tiers.go).
type source struct {
	// h gives the game, its fingerprint and rules, the sections (with
	// their counts, pieces and entries) and Raw.
	h         tablebase.Header
	r         *tablebase.Rules
	fileBytes int64
	layouts   []*tablebase.Layout
	// read puts the codes of entries at, at+1, … of section si (its whole
	// index, both sides to move; holes tablebase.CodeNoneV) into dst.
	read func(si int, at int64, dst []uint16) error
	// full is the full table (long wins need it); nil from tier files.
	full *tablebase.Table
}

// tableSource is the source of a full table.
func tableSource(full *tablebase.Table) *source {
	s := &source{h: full.Header, r: full.Rules(), fileBytes: full.FileBytes(), full: full,
		read: func(si int, at int64, dst []uint16) error { return readCodes(full, full.Sections[si], at, dst) }}
	for _, fs := range full.Sections {
		s.layouts = append(s.layouts, fs.Layout())
	}
	return s
}

// ConvertDevice writes the device table of full (a table opened from a
// full table file) as path. It reads the full table block by block through
// its cache (whose bound the caller sets), so memory stays bounded for any
// table size. The bytes depend on the full table and the options alone
// (not on Threads).
func ConvertDevice(full *tablebase.Table, path string, o DeviceOptions) (*tablebase.DeviceHeader, error) {
	if full.IsDevice() {
		return nil, fmt.Errorf("%s is a device table already", full.Game)
	}
	return convert(tableSource(full), path, o)
}

// convert writes the device table of src as path (ConvertDevice).
func convert(src *source, path string, o DeviceOptions) (*tablebase.DeviceHeader, error) {
	if o.Codec == "" {
		o.Codec = tablebase.CodecZstd
	}
	if o.Codec != tablebase.CodecZstd && o.Codec != tablebase.CodecFlate {
		return nil, fmt.Errorf("unknown codec %q", o.Codec)
	}
	if o.BlockSize == 0 {
		o.BlockSize = tablebase.DeviceBlock
	}
	if o.ValueBlockSize == 0 {
		o.ValueBlockSize = DeviceValueBlock
	}
	if o.BlockSize < 1 || o.BlockSize > 1<<24 || o.ValueBlockSize < 1 || o.ValueBlockSize > 1<<24 {
		return nil, fmt.Errorf("block size %d out of range", o.BlockSize)
	}
	if o.LongWins != nil && src.full == nil {
		return nil, fmt.Errorf("%s: long wins are found in a full table", src.h.Game)
	}
	o.Threads = max(1, o.Threads)
	encs := make([]*devEncoder, o.Threads)
	defer releaseAll(encs)
	for i := range encs {
		var err error
		if encs[i], err = newDevEncoder(o); err != nil {
			return nil, err
		}
	}
	var side int
	switch o.Side {
	case SidePrey:
		side = 1
	case SidePredator:
		side = 0
	case SideAuto:
		var err error
		if side, err = smallerSide(src, encs[0]); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("unknown side %d", o.Side)
	}
	h := &tablebase.DeviceHeader{Header: tablebase.Header{Format: tablebase.DeviceFormat, Game: src.h.Game, Fingerprint: src.h.Fingerprint,
		Rules: src.h.Rules, Raw: src.h.Raw}, StoredSide: side, Codec: o.Codec,
		FullBytes: src.fileBytes}
	err := writeDevice(path, h, src.h.Sections, func(si int, fs *tablebase.Section, f *devFile) (*tablebase.Section, error) {
		sec := &tablebase.Section{Captured: fs.Captured, Hand: fs.Hand, Bound: fs.Bound, Kind: tablebase.KindDevice, K: fs.K,
			Classes: fs.Classes, Entries: fs.Entries, BlockSize: o.BlockSize, Stats: fs.Stats}
		if o.ValuesOnly != nil && o.ValuesOnly(fs) {
			sec.Kind, sec.BlockSize = tablebase.KindValues, o.ValueBlockSize
		}
		from := 0
		if sec.Kind == tablebase.KindValues && o.LongWins != nil {
			from = o.LongWins(fs)
		}
		first := int64(side) * fs.StoredEntries() // the stored half's first entry in the full index
		read := func(dst []uint16, at int64) error { return src.read(si, first+at, dst) }
		if o.Order != nil && o.Order(fs) {
			if from > 0 {
				return nil, fmt.Errorf("%s: a slot order and long wins in one section", what(fs))
			}
			sec.Order = tablebase.OrderFar
			read = orderedRead(src.layouts[si], o.Threads, read)
		}
		if err := encodeDeviceSection(sec, read, o, encs, f); err != nil {
			return nil, err
		}
		if from > 0 {
			if err := writeLongWins(src.full, fs, sec, from, f.bw, &f.off); err != nil {
				return nil, err
			}
		}
		return sec, nil
	})
	if err != nil {
		return nil, err
	}
	return h, nil
}

// devFile is a device file being written: its blocks so far (off bytes,
// done of total stored entries) and the encoders' batch buffers.
type devFile struct {
	bw               *bufio.Writer
	off, done, total int64
	blobs            [][]byte
}

// writeDevice writes the device file of header h as path: for each
// section of from, in order, section writes its blocks (and long wins) to
// f and returns the section they make; then the header, with its sections
// and format, goes before them.
func writeDevice(path string, h *tablebase.DeviceHeader, from []*tablebase.Section, section func(si int, fs *tablebase.Section, f *devFile) (*tablebase.Section, error)) error {
	f := &devFile{blobs: make([][]byte, tbwrite.EncodeBatch)}
	for _, fs := range from {
		f.total += fs.StoredEntries()
	}
	data, closeScratch, err := tbwrite.CreateScratch(path)
	if err != nil {
		return err
	}
	defer closeScratch()
	f.bw = bufio.NewWriterSize(data, 1<<20)
	h.Sections = nil
	for si, fs := range from {
		sec, err := section(si, fs, f)
		if err != nil {
			return err
		}
		h.Sections = append(h.Sections, sec)
	}
	h.Format = deviceFormatOf(h.Sections)
	if err := f.bw.Flush(); err != nil {
		return err
	}
	return tbwrite.WriteFile(path, tablebase.DeviceMagic, h, data)
}

// writeLongWins writes the long wins of full's section fs (wins in from
// plies or more) to out at *off, and names them in sec.
func writeLongWins(full *tablebase.Table, fs, sec *tablebase.Section, from int, out io.Writer, off *int64) error {
	ze, err := getZstd(0)
	if err != nil {
		return err
	}
	defer putZstd(0, ze)
	blob, n, err := encodeLongWins(full, fs, from, ze)
	if err != nil || n == 0 {
		return err
	}
	if _, err := out.Write(blob); err != nil {
		return err
	}
	sec.LongWins = &tablebase.LongWinsRef{MinPlies: from, Count: n,
		Block: tablebase.BlockRef{Off: *off, Len: int32(len(blob)), CRC: crc32.ChecksumIEEE(blob)}}
	*off += int64(len(blob))
	return nil
}

// newDevEncoder returns an encoder for the options' codec and block size.
func newDevEncoder(o DeviceOptions) (*devEncoder, error) {
	e := &devEncoder{bs: o.BlockSize}
	if o.Codec == tablebase.CodecFlate {
		e.zw, _ = flate.NewWriter(&e.buf, flate.BestCompression)
		return e, nil
	}
	// (A window of a whole values-only block's bytes, 1 MiB, came out
	// 0.1 % larger: the window follows the code blocks.)
	window := 1 << 10
	for window < 2*o.BlockSize && window < zstd.MaxWindowSize {
		window <<= 1
	}
	var err error
	e.window = window
	e.ze, err = getZstd(window)
	return e, err
}

// release hands e's zstd encoder back for the next conversion; e is not
// used again.
func (e *devEncoder) release() {
	if e.ze != nil {
		putZstd(e.window, e.ze)
		e.ze = nil
	}
}

// zstdFree keeps the zstd encoders of finished conversions for the next,
// at most zstdKeep for each window size (0: zstd's default): an encoder at
// SpeedBestCompression allocates and clears some 34 MB of match tables
// before its first block, which for a small table (the tests' mini games,
// each section MeasureLayouts measures) was most of a conversion's work,
// and under the race detector, which shadows each new allocation, most of
// the device tests' time. EncodeAll's output does not depend on what the
// encoder encoded before. (Not a sync.Pool: the race build drops a
// quarter of what is put in one.) The encoders kept hold some 34 MB
// each; only cmd/solve and the tests link this package.
var zstdFree struct {
	sync.Mutex
	m map[int][]*zstd.Encoder
}

const zstdKeep = 4

func getZstd(window int) (*zstd.Encoder, error) {
	zstdFree.Lock()
	if l := zstdFree.m[window]; len(l) > 0 {
		ze := l[len(l)-1]
		zstdFree.m[window] = l[:len(l)-1]
		zstdFree.Unlock()
		return ze, nil
	}
	zstdFree.Unlock()
	opts := []zstd.EOption{zstd.WithEncoderLevel(zstd.SpeedBestCompression),
		zstd.WithEncoderConcurrency(1), zstd.WithEncoderCRC(false)}
	if window > 0 {
		opts = append(opts, zstd.WithWindowSize(window))
	}
	return zstd.NewWriter(nil, opts...)
}

func putZstd(window int, ze *zstd.Encoder) {
	zstdFree.Lock()
	defer zstdFree.Unlock()
	if zstdFree.m == nil {
		zstdFree.m = map[int][]*zstd.Encoder{}
	}
	if len(zstdFree.m[window]) < zstdKeep {
		zstdFree.m[window] = append(zstdFree.m[window], ze)
	}
}

// releaseAll releases every encoder of encs.
func releaseAll(encs []*devEncoder) {
	for _, e := range encs {
		if e != nil {
			e.release()
		}
	}
}

// smallerSide compresses every block of full with either side to move and
// returns the side (0 predator, 1 prey) whose blocks came out smaller. (A
// sample of every 16th or 8th block chose the larger side for Beat the
// Wolf's exact tables.)
func smallerSide(src *source, e *devEncoder) (int, error) {
	var size [2]int64
	bs := int64(e.bs)
	for si, fs := range src.h.Sections {
		n := fs.StoredEntries()
		for side := 0; side < 2; side++ {
			for lo := int64(0); lo < n; lo += bs {
				if err := e.fill(src, si, int64(side)*n+lo, int(min(bs, n-lo))); err != nil {
					return 0, err
				}
				size[side] += int64(len(e.pack()))
			}
		}
	}
	if size[0] < size[1] {
		return 0, nil
	}
	return 1, nil
}

// deviceFormatOf is the format of a device file with these sections: the
// least that reads them all.
func deviceFormatOf(secs []*tablebase.Section) int {
	f := tablebase.DeviceFormat
	for _, sec := range secs {
		if sec.Order != "" {
			f = max(f, tablebase.DeviceFormatOrder)
		}
		if sec.Kind == tablebase.KindValues {
			f = max(f, tablebase.DeviceFormatValues)
		}
	}
	return f
}

// orderedRead turns read, which gives a section's stored codes in the
// index's order, into one that gives them in the slot order OrderFar: a
// class at a time, each read once while the encoders use it.
func orderedRead(l *tablebase.Layout, threads int, read func(dst []uint16, at int64) error) func(dst []uint16, at int64) error {
	src := &orderedCodes{ranks: l.Ranks(), keep: max(1, threads) + 1,
		read: func(cls int, dst []uint16) error { return read(dst, int64(cls)*l.Ranks()) }}
	return func(dst []uint16, at int64) error { return fillOrdered(dst, at, l, src) }
}

// encodeDeviceSection cuts the stored half of a section into blocks of sec
// and writes them to out, whose first byte lies at *off after the header
// (tbwrite.EncodeBlocks). read gives the stored codes in sec's order, holes
// tablebase.CodeNoneV.
func encodeDeviceSection(sec *tablebase.Section, read func(dst []uint16, at int64) error, o DeviceOptions, encs []*devEncoder, f *devFile) error {
	bs := int64(sec.BlockSize)
	n := sec.StoredEntries()
	nb := (n + bs - 1) / bs
	var err error
	sec.Blocks, err = tbwrite.EncodeBlocks(encs, nb, f.blobs, f.bw, &f.off, func(e *devEncoder, b int64) ([]byte, error) {
		lo, hi := b*bs, min((b+1)*bs, n)
		e.codes = grow16(e.codes, int(hi-lo))
		if err := read(e.codes, lo); err != nil {
			return nil, err
		}
		e.fillHoles()
		if sec.Kind == tablebase.KindValues {
			return e.packValues(), nil
		}
		return e.pack(), nil
	}, func(b0, b1 int64) {
		f.done += min(b1*bs, n) - b0*bs
		if o.OnProgress != nil {
			o.OnProgress(f.done, f.total)
		}
	})
	return err
}

// fill reads k codes of src's section si from entry at into e.codes, the
// holes given the code of the entry before (the block's first holes the
// code of its first position).
func (e *devEncoder) fill(src *source, si int, at int64, k int) error {
	e.codes = grow16(e.codes, k)
	if err := src.read(si, at, e.codes); err != nil {
		return err
	}
	e.fillHoles()
	return nil
}

func grow16(b []uint16, n int) []uint16 {
	if cap(b) < n {
		return make([]uint16, n)
	}
	return b[:n]
}

// readCodes reads the codes of entries at to at+len(dst)-1 of a section's
// blocks.
func readCodes(t *tablebase.Table, sec *tablebase.Section, at int64, dst []uint16) error {
	bs := int64(sec.BlockSize)
	var code func(i int) uint16
	cur := int64(-1)
	for j := range dst {
		i := at + int64(j)
		if i/bs != cur {
			cur = i / bs
			var err error
			if code, _, err = t.Block(sec, int(cur)); err != nil {
				return err
			}
		}
		dst[j] = code(int(i % bs))
	}
	return nil
}

// fillHoles gives the holes of e.codes (tablebase.CodeNoneV) the code of the entry
// before (the first holes the code of the first position).
func (e *devEncoder) fillHoles() {
	prev := tablebase.CodeDrawV
	for _, c := range e.codes {
		if c != tablebase.CodeNoneV {
			prev = c
			break
		}
	}
	for j, c := range e.codes {
		if c == tablebase.CodeNoneV {
			e.codes[j] = prev
		} else {
			prev = c
		}
	}
}

// packValues lays out the values of e.codes in two bits an entry, four a
// byte (the first entry in the low bits), and compresses them.
func (e *devEncoder) packValues() []byte {
	n := len(e.codes)
	e.raw = grow(e.raw, (n+3)/4)
	clear(e.raw)
	for i, c := range e.codes {
		e.raw[i>>2] |= byte(c>>14) << (2 * (i & 3))
	}
	return e.compress()
}

// pack lays out e.codes as two byte planes (every high byte, then every
// low byte) and compresses them; the bytes returned are e's till the next
// call.
func (e *devEncoder) pack() []byte {
	n := len(e.codes)
	e.raw = grow(e.raw, 2*n)
	for i, c := range e.codes {
		e.raw[i], e.raw[n+i] = byte(c>>8), byte(c)
	}
	return e.compress()
}

// compress compresses e.raw; the bytes returned are e's till the next call.
func (e *devEncoder) compress() []byte {
	if e.ze != nil {
		e.out = e.ze.EncodeAll(e.raw, e.out[:0])
		return e.out
	}
	e.buf.Reset()
	e.zw.Reset(&e.buf)
	e.zw.Write(e.raw) // a bytes.Buffer does not fail
	e.zw.Close()
	return e.buf.Bytes()
}

// ReencodeDevice writes the device table src again as path, with the
// sections o.Order picks stored in the slot order OrderFar: their stored
// entries, read from src (its holes marked as the index says), in blocks
// of src's sizes with o's codec. Every other section's blocks and long
// wins are copied byte for byte. It gives the bytes ConvertDevice gives
// from the full table with the same choices, without the full table.
func ReencodeDevice(src *tablebase.Table, path string, o DeviceOptions) (*tablebase.DeviceHeader, error) {
	if !src.IsDevice() {
		return nil, fmt.Errorf("%s is not a device table", src.Game)
	}
	o.Codec = src.Device().Codec
	o.Threads = max(1, o.Threads)
	h := *src.Device()
	err := writeDevice(path, &h, src.Sections, func(_ int, ss *tablebase.Section, f *devFile) (*tablebase.Section, error) {
		sec := &tablebase.Section{Captured: ss.Captured, Hand: ss.Hand, Bound: ss.Bound, Kind: ss.Kind, K: ss.K,
			Classes: ss.Classes, Entries: ss.Entries, BlockSize: ss.BlockSize, Stats: ss.Stats, Order: ss.Order}
		if ss.Order != "" || o.Order == nil || !o.Order(ss) {
			if err := copyDeviceSection(src, ss, sec, f.bw, &f.off); err != nil {
				return nil, err
			}
			f.done += ss.StoredEntries()
			return sec, nil
		}
		if ss.LongWins != nil {
			return nil, fmt.Errorf("%s: a slot order and long wins in one section", what(ss))
		}
		// The encoder's window follows the code blocks (newDevEncoder).
		eo := o
		eo.BlockSize = ss.BlockSize
		if ss.Kind == tablebase.KindValues {
			eo.BlockSize = tablebase.DeviceBlock
			for _, s := range src.Sections {
				if s.Kind == tablebase.KindDevice {
					eo.BlockSize = s.BlockSize
					break
				}
			}
		}
		encs := make([]*devEncoder, o.Threads)
		defer releaseAll(encs)
		for i := range encs {
			var err error
			if encs[i], err = newDevEncoder(eo); err != nil {
				return nil, err
			}
		}
		sec.Order = tablebase.OrderFar
		l, side := ss.Layout(), src.Device().StoredSide
		read := orderedRead(l, o.Threads, func(dst []uint16, at int64) error {
			if err := readCodes(src, ss, at, dst); err != nil {
				return err
			}
			// A device table's holes hold the code before them: mark them.
			if l.ClassHasHoles(int(at / l.Ranks())) {
				l.Walk(int64(side)*ss.StoredEntries()+at, int64(side)*ss.StoredEntries()+at+int64(len(dst)),
					func(i int64, pred, prey uint64, sd int) {
						if hole, _ := l.IsHole(i, pred, prey, sd); hole {
							dst[i-int64(side)*ss.StoredEntries()-at] = tablebase.CodeNoneV
						}
					})
			}
			return nil
		})
		if err := encodeDeviceSection(sec, read, o, encs, f); err != nil {
			return nil, err
		}
		return sec, nil
	})
	if err != nil {
		return nil, err
	}
	return &h, nil
}

// copyDeviceSection copies the blocks and long wins of src's section ss to
// out at *off, and names them in sec.
func copyDeviceSection(src *tablebase.Table, ss, sec *tablebase.Section, out io.Writer, off *int64) error {
	var buf []byte
	cp := func(ref tablebase.BlockRef) (tablebase.BlockRef, error) {
		var err error
		if buf, err = src.RawBytes(ref, buf); err != nil {
			return ref, fmt.Errorf("%s: %w", what(ss), err)
		}
		if _, err := out.Write(buf); err != nil {
			return ref, err
		}
		ref.Off = *off
		*off += int64(ref.Len)
		return ref, nil
	}
	sec.Blocks = make([]tablebase.BlockRef, len(ss.Blocks))
	for i, ref := range ss.Blocks {
		var err error
		if sec.Blocks[i], err = cp(ref); err != nil {
			return err
		}
	}
	if ss.LongWins != nil {
		lw := *ss.LongWins
		var err error
		if lw.Block, err = cp(lw.Block); err != nil {
			return err
		}
		sec.LongWins = &lw
	}
	return nil
}

func grow(b []byte, n int) []byte {
	if cap(b) < n {
		return make([]byte, n)
	}
	return b[:n]
}

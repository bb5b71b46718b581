package tablebase

import (
	"bufio"
	"bytes"
	"compress/flate"
	"fmt"
	"hash/crc32"
	"io"

	"github.com/klauspost/compress/zstd"
)

// DeviceOptions are the choices of ConvertDevice.
type DeviceOptions struct {
	Codec     string // CodecZstd (default) or CodecFlate
	BlockSize int    // entries a block (default DeviceBlock)
	Side      int    // the side to move stored: SideAuto (the default), SidePrey or SidePredator
	Threads   int    // blocks compressed in parallel (default 1)
	// ValuesOnly, if set, picks the sections stored with their values
	// alone, two bits an entry, without plies (kind "device-values"; the
	// file is then format 2), in blocks of ValueBlockSize entries (default
	// DeviceValueBlock).
	ValuesOnly     func(sec *Section) bool
	ValueBlockSize int
	// LongWins, if set, gives for a values-only section the plies from
	// which its wins are stored with their moves (longwins.go; 0: none).
	LongWins func(sec *Section) int
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
}

// ConvertDevice writes the device table of full (a table opened from a
// full table file) as path. It reads the full table block by block through
// its cache (whose bound the caller sets), so memory stays bounded for any
// table size. The bytes depend on the full table and the options alone
// (not on Threads).
func ConvertDevice(full *Table, path string, o DeviceOptions) (*DeviceHeader, error) {
	if full.dev != nil {
		return nil, fmt.Errorf("%s is a device table already", full.Game)
	}
	if o.Codec == "" {
		o.Codec = CodecZstd
	}
	if o.Codec != CodecZstd && o.Codec != CodecFlate {
		return nil, fmt.Errorf("unknown codec %q", o.Codec)
	}
	if o.BlockSize == 0 {
		o.BlockSize = DeviceBlock
	}
	if o.ValueBlockSize == 0 {
		o.ValueBlockSize = DeviceValueBlock
	}
	if o.BlockSize < 1 || o.BlockSize > 1<<24 || o.ValueBlockSize < 1 || o.ValueBlockSize > 1<<24 {
		return nil, fmt.Errorf("block size %d out of range", o.BlockSize)
	}
	o.Threads = max(1, o.Threads)
	encs := make([]*devEncoder, o.Threads)
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
		if side, err = smallerSide(full, encs[0]); err != nil {
			return nil, err
		}
	default:
		return nil, fmt.Errorf("unknown side %d", o.Side)
	}
	h := &DeviceHeader{Header: Header{Format: deviceFormat, Game: full.Game, Fingerprint: full.Fingerprint,
		Rules: full.Header.Rules, Raw: full.Raw}, StoredSide: side, Codec: o.Codec,
		FullBytes: full.base + full.size}
	var total int64
	for _, fs := range full.Sections {
		total += fs.storedEntries()
	}
	data, closeScratch, err := createScratch(path)
	if err != nil {
		return nil, err
	}
	defer closeScratch()
	bw := bufio.NewWriterSize(data, 1<<20)
	var off, done int64
	blobs := make([][]byte, encodeBatch)
	for _, fs := range full.Sections {
		sec := &Section{Captured: fs.Captured, Hand: fs.Hand, Bound: fs.Bound, Kind: kindDevice, K: fs.K,
			Classes: fs.Classes, Entries: fs.Entries, BlockSize: o.BlockSize, Stats: fs.Stats}
		if o.ValuesOnly != nil && o.ValuesOnly(fs) {
			sec.Kind, sec.BlockSize, h.Format = kindValues, o.ValueBlockSize, deviceFormatValues
		}
		if err := encodeDeviceSection(full, fs, sec, side, o, encs, blobs, bw, &off, &done, total); err != nil {
			return nil, err
		}
		if sec.Kind == kindValues && o.LongWins != nil {
			if from := o.LongWins(fs); from > 0 {
				if err := writeLongWins(full, fs, sec, from, bw, &off); err != nil {
					return nil, err
				}
			}
		}
		h.Sections = append(h.Sections, sec)
	}
	if err := bw.Flush(); err != nil {
		return nil, err
	}
	if err := writeTableFile(path, deviceMagic, h, data); err != nil {
		return nil, err
	}
	return h, nil
}

// writeLongWins writes the long wins of full's section fs (wins in from
// plies or more) to out at *off, and names them in sec.
func writeLongWins(full *Table, fs, sec *Section, from int, out io.Writer, off *int64) error {
	ze, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBestCompression),
		zstd.WithEncoderConcurrency(1), zstd.WithEncoderCRC(false))
	if err != nil {
		return err
	}
	defer ze.Close()
	blob, n, err := encodeLongWins(full, fs, from, ze)
	if err != nil || n == 0 {
		return err
	}
	if _, err := out.Write(blob); err != nil {
		return err
	}
	sec.LongWins = &LongWinsRef{MinPlies: from, Count: n,
		Block: BlockRef{Off: *off, Len: int32(len(blob)), CRC: crc32.ChecksumIEEE(blob)}}
	*off += int64(len(blob))
	return nil
}

// newDevEncoder returns an encoder for the options' codec and block size.
func newDevEncoder(o DeviceOptions) (*devEncoder, error) {
	e := &devEncoder{bs: o.BlockSize}
	if o.Codec == CodecFlate {
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
	e.ze, err = zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBestCompression),
		zstd.WithEncoderConcurrency(1), zstd.WithEncoderCRC(false), zstd.WithWindowSize(window))
	return e, err
}

// smallerSide compresses every block of full with either side to move and
// returns the side (0 predator, 1 prey) whose blocks came out smaller. (A
// sample of every 16th or 8th block chose the larger side for Beat the
// Wolf's exact tables.)
func smallerSide(full *Table, e *devEncoder) (int, error) {
	var size [2]int64
	bs := int64(e.bs)
	for _, fs := range full.Sections {
		n := fs.storedEntries()
		for side := 0; side < 2; side++ {
			for lo := int64(0); lo < n; lo += bs {
				if err := e.fill(full, fs, int64(side)*n+lo, int(min(bs, n-lo))); err != nil {
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

// encodeDeviceSection cuts the stored half of full's section fs into
// blocks of sec and writes them to out, whose first byte lies at *off after
// the header (encodeBlocks).
func encodeDeviceSection(full *Table, fs, sec *Section, side int, o DeviceOptions, encs []*devEncoder, blobs [][]byte,
	out io.Writer, off, done *int64, total int64) error {
	bs := int64(sec.BlockSize)
	n := sec.storedEntries()
	nb := (n + bs - 1) / bs
	first := int64(side) * n // the stored half's first entry in the full index
	var err error
	sec.Blocks, err = encodeBlocks(encs, nb, blobs, out, off, func(e *devEncoder, b int64) ([]byte, error) {
		lo, hi := b*bs, min((b+1)*bs, n)
		if err := e.fill(full, fs, first+lo, int(hi-lo)); err != nil {
			return nil, err
		}
		if sec.Kind == kindValues {
			return e.packValues(), nil
		}
		return e.pack(), nil
	}, func(b0, b1 int64) {
		*done += min(b1*bs, n) - b0*bs
		if o.OnProgress != nil {
			o.OnProgress(*done, total)
		}
	})
	return err
}

// fill reads k codes of full's section fs from entry at into e.codes, the
// holes given the code of the entry before (the block's first holes the
// code of its first position).
func (e *devEncoder) fill(full *Table, fs *Section, at int64, k int) error {
	if cap(e.codes) < k {
		e.codes = make([]uint16, k)
	}
	e.codes = e.codes[:k]
	bs := int64(fs.BlockSize)
	var blk *block
	cur := int64(-1)
	for j := range e.codes {
		i := at + int64(j)
		if i/bs != cur {
			cur = i / bs
			var err error
			if blk, err = full.load(fs, int(cur)); err != nil {
				return err
			}
		}
		e.codes[j] = blk.code(int(i % bs))
	}
	prev := CodeDrawV
	for _, c := range e.codes {
		if c != CodeNoneV {
			prev = c
			break
		}
	}
	for j, c := range e.codes {
		if c == CodeNoneV {
			e.codes[j] = prev
		} else {
			prev = c
		}
	}
	return nil
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

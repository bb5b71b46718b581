package tablebase

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"sync"

	"github.com/klauspost/compress/zstd"
)

// Device table format (GAME.hctb like a full table; Open tells them apart
// by the magic):
//
//	"HCDT\x00\x01" | header length (uint32 LE) | header CRC-32 (uint32 LE) | header (JSON) | blocks
//
// A device table holds the same values and plies as the full table it was
// converted from (devicebuild.ConvertDevice), in a third of the bytes or less:
//
//   - Only the positions with the stored side to move (the header's
//     "storedSide": whichever compresses better, devicebuild.ConvertDevice) are
//     stored. A position with the other side to move is read by a one-ply
//     probe: its value and plies are the fold of its children's
//     (Rules.children gives them, each a position with the stored side to
//     move, or decided by the move), exactly as the solver computed them.
//   - Holes (the index's unused slots, see Layout) are don't-care entries:
//     they hold the code of the entry before, which costs the compressor
//     next to nothing. The index never leads a probe to a hole.
//   - A block holds blockSize entries' codes (the full table's uint16: value
//     in the top two bits, plies in the rest), split into two byte planes
//     (every entry's high byte, then every low byte), compressed on its own
//     with zstd (klauspost/compress, best compression, no dictionary: one
//     pays little once its own size is counted) or DEFLATE (CodecFlate).
//     Unpacked, a block whose plies are all below 64 takes a byte an entry.
//
// Distances are exact: Probe, Best and Line give what the full table gives.
// Play from the stored data reaches the result because it is the solver's
// own distance-to-the-end, read back unchanged: a winner's best move leads
// to a position whose plies are one less, and every reply to one at most
// one less again, so the plies fall with every move to 0, the end
// (docs/device-tables.md).
//
// Format 2 adds values-only sections (kind "device-values", devicebuild.ConvertDevice's
// DeviceOptions.ValuesOnly): their blocks hold each entry's value in two
// bits, four entries a byte, and no plies, so a win or a loss read there
// has PliesUnknown plies (and so has a position folded from one). A file
// without such a section is written as format 1, byte for byte as before.
const (
	// DeviceMagic starts a device table file; DeviceFormat is the format
	// of one with neither values-only sections nor slot orders.
	DeviceMagic  = "HCDT\x00\x01"
	DeviceFormat = 1
	// DeviceFormatValues is the format of a device file with a values-only
	// section.
	DeviceFormatValues = 2
	// DeviceFormatOrder is the format of a device file with a section in a
	// slot order (order.go); it may hold values-only sections too.
	DeviceFormatOrder = 3
	// KindDevice and KindValues are the kinds of a device file's sections:
	// full codes, or values only.
	KindDevice = "device"
	KindValues = "device-values"
	// DeviceBlock is the entries a block of a device table holds: 128 Ki,
	// 256 KiB unpacked, some 30 KiB packed, unpacked in some 0.3 ms.
	DeviceBlock = 1 << 17
)

// Codecs of device blocks.
const (
	CodecZstd  = "zstd"
	CodecFlate = "flate"
)

// DeviceHeader is a device table file's header.
type DeviceHeader struct {
	Header
	// StoredSide is the side to move (0 predator, 1 prey) whose positions
	// the blocks hold.
	StoredSide int    `json:"storedSide"`
	Codec      string `json:"codec"`
	// FullBytes is the size of the full table file converted.
	FullBytes int64 `json:"fullFileBytes"`
}

// device is what a Table opened from a device file adds.
type device struct {
	DeviceHeader
	zd *zstd.Decoder
}

// IsDevice reports whether the table was opened from a device table file.
func (t *Table) IsDevice() bool { return t.dev != nil }

// HasValuesOnly reports whether the table has sections that hold values
// without plies (device format 2): a win or a loss read there, or folded
// from one, has PliesUnknown plies.
func (t *Table) HasValuesOnly() bool {
	if t.dev == nil || t.dev.Format < DeviceFormatValues {
		return false
	}
	for _, sec := range t.Sections {
		if sec.Kind == KindValues {
			return true
		}
	}
	return false
}

// CoversPlacement reports whether t (nil: no table) holds positions with
// prey still in hand: deer chess's placement phase (a whole table, not its
// moving phase alone, the one the app solves).
func (t *Table) CoversPlacement() bool {
	if t == nil {
		return false
	}
	for _, s := range t.Sections {
		if s.Hand > 0 {
			return true
		}
	}
	return false
}

// Device returns the device header of a table opened from a device table
// file (nil for a full table).
func (t *Table) Device() *DeviceHeader {
	if t.dev == nil {
		return nil
	}
	return &t.dev.DeviceHeader
}

// StoredEntries is the part of a section's index a device table stores:
// the entries with one side to move (half the index).
func (sec *Section) StoredEntries() int64 { return sec.Entries / 2 }

// openDevice reads the header of the device table file in src (size
// bytes), whose magic open has checked, for rules r (nil: the game the
// header names) and, with check, every block's checksum.
func openDevice(src io.ReaderAt, size int64, r *Rules, check bool) (*Table, error) {
	hdr, base, err := ReadHeader(src, size, DeviceMagic, "table", errors.New("truncated device table file"))
	if err != nil {
		return nil, err
	}
	d := &device{}
	if err := json.Unmarshal(hdr, &d.DeviceHeader); err != nil {
		return nil, fmt.Errorf("corrupt table header: %v", err)
	}
	if d.Format < DeviceFormat || d.Format > DeviceFormatOrder {
		return nil, fmt.Errorf("device table format %d, this build reads %d to %d", d.Format, DeviceFormat, DeviceFormatOrder)
	}
	if d.StoredSide != 0 && d.StoredSide != 1 {
		return nil, fmt.Errorf("corrupt table header: stored side %d", d.StoredSide)
	}
	switch d.Codec {
	case CodecZstd:
		// A block unpacks to at most 32 MiB (checkDeviceSection): a frame
		// that claims more is refused before it is allocated.
		zd, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(2), zstd.WithDecoderLowmem(true),
			zstd.WithDecoderMaxMemory(1<<25))
		if err != nil {
			return nil, err
		}
		d.zd = zd
	case CodecFlate:
	default:
		return nil, fmt.Errorf("corrupt table header: codec %q", d.Codec)
	}
	t := &Table{Header: d.Header, src: src, base: base, size: size - base, dev: d}
	t.cache.budget = DefaultCacheBytes
	refuse := func(err error) (*Table, error) {
		if d.zd != nil {
			d.zd.Close() // as zstd asks of every decoder: a refused table is never closed
		}
		return nil, err
	}
	r, err = t.checkRules(r)
	if err != nil {
		return refuse(err)
	}
	t.r = r
	if err := t.checkSections(check); err != nil {
		return refuse(err)
	}
	return t, nil
}

// deviceCode is Table.code for a device table: a stored position's code
// from its block, another's folded from its children's.
func (t *Table) deviceCode(p Pos, bound bool) (uint16, bool, error) {
	sec := t.section(p.Capt, p.Hand, bound)
	if sec == nil {
		return 0, false, nil
	}
	if p.Side == t.dev.StoredSide {
		c, err := t.storedCode(sec, p)
		return c, err == nil, err
	}
	// The children first, each with its stored entry; then the blocks they
	// need that are not unpacked yet, read at once where there are several
	// (fetchBlocks); then the fold.
	var kids [64]child
	ks := kids[:0]
	covered := true
	n := t.r.Children(p, bound, func(c Pos, term int) {
		if !covered {
			return
		}
		k := child{term: term}
		if term == ChildOpen {
			k.sec = sec
			if c.Capt != p.Capt || c.Hand != p.Hand {
				if k.sec = t.section(c.Capt, c.Hand, bound); k.sec == nil {
					covered = false
					return
				}
			}
			k.i = k.sec.storedIndex(c)
		}
		ks = append(ks, k)
	})
	if !covered {
		return 0, false, nil
	}
	if err := t.fetchBlocks(ks); err != nil {
		return 0, false, err
	}
	f := NewFold()
	for _, k := range ks {
		switch k.term {
		case ChildWon:
			f.Add(Win, 0)
		case ChildLost:
			f.Add(Loss, 0)
		default:
			cc, err := t.storedCodeAt(k.sec, k.i)
			if err != nil {
				return 0, false, err
			}
			f.Add(Decode(cc))
		}
	}
	c := f.Code(n == 0 && !t.r.PreyPasses)
	if sec.Stats.PreyWinsOnly {
		// Only the prey's wins were solved: anything else is stored as a
		// draw ("not a prey win").
		if v := c >> 14; (p.Side == 0 && v == CodeWin) || (p.Side == 1 && v == CodeLoss) {
			c = CodeDrawV
		}
	}
	return c, true, nil
}

// child is a child of a position folded from its children: its terminal
// kind, and where it is open, its section and stored entry.
type child struct {
	sec  *Section
	i    int64
	term int
}

// fetchBlocks unpacks the blocks of ks's open children that are not in the
// cache, all at once where there are two or more: read from the site
// (pack.RangeReader, safe for concurrent reads), each block is a round
// trip, so a one-ply probe's blocks then cost one round trip, not one
// after the other (and on a device their unpacking shares the cores). It
// returns the reads' errors.
func (t *Table) fetchBlocks(ks []child) error {
	type need struct {
		sec *Section
		b   int
	}
	var miss []need
	for _, k := range ks {
		if k.term != ChildOpen {
			continue
		}
		b := int(k.i / int64(k.sec.BlockSize))
		if k.sec.cache[b].Load() != nil || slices.Contains(miss, need{k.sec, b}) {
			continue
		}
		miss = append(miss, need{k.sec, b})
	}
	if len(miss) < 2 {
		return nil
	}
	errs := make([]error, len(miss))
	var wg sync.WaitGroup
	for j, m := range miss[1:] {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[j+1] = t.load(m.sec, m.b)
		}()
	}
	_, errs[0] = t.load(miss[0].sec, miss[0].b)
	wg.Wait()
	return errors.Join(errs...)
}

// storedCode reads the code of a position with the stored side to move.
func (t *Table) storedCode(sec *Section, p Pos) (uint16, error) {
	return t.storedCodeAt(sec, sec.storedIndex(p))
}

// storedCodeAt reads the code of sec's stored entry i (storedIndex).
func (t *Table) storedCodeAt(sec *Section, i int64) (uint16, error) {
	blk, err := t.load(sec, int(i/int64(sec.BlockSize)))
	if err != nil {
		return 0, err
	}
	return blk.code(int(i % int64(sec.BlockSize))), nil
}

// devScratch is what unpacking a device block needs, kept between blocks.
type devScratch struct {
	comp, raw []byte
	br        bytes.Reader
	fr        io.ReadCloser
}

var devScratchPool = sync.Pool{New: func() any { return new(devScratch) }}

// unpackDevice reads, checks and unpacks block b of a device section.
func (t *Table) unpackDevice(sec *Section, b int) (*block, error) {
	sc := devScratchPool.Get().(*devScratch)
	defer devScratchPool.Put(sc)
	sc.comp = grow(sc.comp, int(sec.Blocks[b].Len))
	if err := t.readBlock(sec, b, sc.comp); err != nil {
		return nil, err
	}
	n := int(min(int64(sec.BlockSize), sec.StoredEntries()-int64(b)*int64(sec.BlockSize)))
	want := 2 * n // bytes unpacked: two an entry, or a quarter of one in a values-only section
	if sec.Kind == KindValues {
		want = (n + 3) / 4
	}
	var err error
	switch t.dev.Codec {
	case CodecZstd:
		// A frame that claims another size than the block's is refused
		// before it is unpacked (the decoder would make room for its claim).
		var fh zstd.Header
		if fh.Decode(sc.comp) == nil && fh.HasFCS && fh.FrameContentSize != uint64(want) {
			err = fmt.Errorf("a frame of %d bytes claimed, the block has %d", fh.FrameContentSize, want)
			break
		}
		sc.raw, err = t.dev.zd.DecodeAll(sc.comp, sc.raw[:0])
		if err == nil && len(sc.raw) != want {
			err = errors.New("wrong length")
		}
	default:
		sc.raw = grow(sc.raw, want+1)
		sc.br.Reset(sc.comp)
		if sc.fr == nil {
			sc.fr = flate.NewReader(&sc.br)
		} else if err = sc.fr.(flate.Resetter).Reset(&sc.br, nil); err != nil {
			break
		}
		var got int
		got, err = io.ReadFull(sc.fr, sc.raw)
		switch {
		case err == nil || got != want:
			err = errors.New("wrong length")
		case err == io.ErrUnexpectedEOF || err == io.EOF:
			err = nil
		}
		sc.raw = sc.raw[:want]
	}
	if err == nil && sec.Kind == KindValues {
		// Two bits an entry: a value code 3 is a hole, which the writer never
		// leaves; nor are the last byte's unused bits set.
		for _, x := range sc.raw {
			if x&(x>>1)&0x55 != 0 {
				err = errors.New("a hole's code in a values-only block")
				break
			}
		}
		if err == nil && n%4 != 0 && sc.raw[len(sc.raw)-1]>>(2*(n%4)) != 0 {
			err = errors.New("bits set past the block's last entry")
		}
		if err == nil {
			return valuesBlock(sc.raw, n), nil
		}
	}
	if err != nil {
		return nil, fmt.Errorf("corrupt table %s block %d: %v", sec.what(), b, err)
	}
	hi, lo := sc.raw[:n], sc.raw[n:2*n]
	// A byte an entry (twice the blocks in the cache's budget) where no
	// entry has plies of 64 or more: no bits but the value's in the high
	// plane, none above the sixth in the low one.
	const himask, lomask = 0x3f3f3f3f3f3f3f3f, 0xc0c0c0c0c0c0c0c0
	var over uint64
	w := n &^ 7
	for i := 0; i < w; i += 8 {
		over |= binary.LittleEndian.Uint64(hi[i:])&himask | binary.LittleEndian.Uint64(lo[i:])&lomask
	}
	for i := w; i < n; i++ {
		over |= uint64(hi[i]&0x3f | lo[i]&0xc0)
	}
	if blk := sparseDevice(n, func(i int) uint16 { return uint16(hi[i])<<8 | uint16(lo[i]) }); blk != nil {
		return blk, nil
	}
	blk := &block{n: n}
	if over == 0 {
		blk.small = make([]uint8, n)
		for i := 0; i < w; i += 8 {
			binary.LittleEndian.PutUint64(blk.small[i:], binary.LittleEndian.Uint64(hi[i:])|binary.LittleEndian.Uint64(lo[i:]))
		}
		for i := w; i < n; i++ {
			blk.small[i] = hi[i] | lo[i]
		}
	} else {
		blk.codes = make([]uint16, n)
		for i := range blk.codes {
			blk.codes[i] = uint16(hi[i])<<8 | uint16(lo[i])
		}
	}
	blk.bytes = int64(2*cap(blk.codes)+cap(blk.small)) + blockOverhead
	return blk, nil
}

// sparseDevice is an unpacked device block of n entries (code(i) the code
// of entry i) kept sparse, as the offsets and codes of its entries other
// than draws, where those take under a quarter of the dense block's bytes
// (Wolf Carries the Pig's tiers of 0 to 3 pigs captured: some hundreds in a
// block of 128 Ki entries, so the cache holds them all); nil otherwise.
func sparseDevice(n int, code func(i int) uint16) *block {
	limit := n / 12 // 6 bytes an entry kept, against 2 an entry dense (1 small)
	others := 0
	for i := 0; i < n; i++ {
		if code(i) != CodeDrawV {
			if others++; others > limit {
				return nil
			}
		}
	}
	blk := &block{n: n, def: CodeDrawV, other: make([]uint16, 0, others)}
	wide := n > 1<<16
	if wide {
		blk.at32 = make([]uint32, 0, others)
	} else {
		blk.at = make([]uint16, 0, others)
	}
	for i := 0; i < n; i++ {
		if c := code(i); c != CodeDrawV {
			if wide {
				blk.at32 = append(blk.at32, uint32(i))
			} else {
				blk.at = append(blk.at, uint16(i))
			}
			blk.other = append(blk.other, c)
		}
	}
	blk.bytes = int64(4*cap(blk.at32)+2*cap(blk.at)+2*cap(blk.other)) + blockOverhead
	return blk
}

// valuesBlock is an unpacked block of a values-only section (raw: two bits
// an entry), kept as it is: a quarter of a byte an entry. (Kept sparse
// where mostly draws, the tier of 4 pigs captured took 0.6 of the bytes
// but some 10 ms more to unpack a block: the cache's budget holds 24 such
// blocks either way.)
//
// A block whose entries all hold one value (Beat the Wolf's 17-dog tier: the
// wolf to move lost nearly everywhere) is kept as that one code (a sparse
// block of no other entries), so that the cache holds thousands of them
// where it holds 24 unpacked: a search probing such a tier all over reads
// each block once.
func valuesBlock(raw []byte, n int) *block {
	if c, ok := uniformValues(raw, n); ok {
		return &block{n: n, def: c, bytes: blockOverhead}
	}
	blk := &block{n: n, vals: bytes.Clone(raw)}
	blk.bytes = int64(cap(blk.vals)) + blockOverhead
	return blk
}

// uniformValues reports whether the n two-bit values packed in raw (four a
// byte, the first in the low bits) are all one, and its code.
func uniformValues(raw []byte, n int) (uint16, bool) {
	if n == 0 || len(raw) < (n+3)/4 {
		return 0, false
	}
	v := raw[0] & 3
	full := v * 0x55
	for _, b := range raw[:n/4] {
		if b != full {
			return 0, false
		}
	}
	if r := n % 4; r > 0 {
		mask := byte(1)<<(2*r) - 1
		if raw[n/4]&mask != full&mask {
			return 0, false
		}
	}
	if v == CodeDraw {
		return CodeDrawV, true
	}
	return uint16(v)<<14 | PliesUnknown, true
}

package tablebase

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"slices"
	"sync"

	"github.com/klauspost/compress/zstd"

	"huntchess/core"
)

// Long wins: a values-only section's wins whose end lies beyond the reach
// of the search that plays from values (ai's converter, which looks for
// forced progress within a fixed number of plies). In the last tier of a
// game whose next capture ends it (Wolf Carries the Pig with six pigs
// captured), the search reaches the shorter wins; these need the
// table's own move. A device file of format 2 may hold them per section
// (Section.LongWins): for every position of the section with its side to
// move winning in MinPlies or more plies, the move to a child the full
// table gives one ply fewer (the least canonical key of those). Their
// plies are not kept (they would take a third more: 17 KB on Wolf Carries
// the Pig's 48, past its budget). Table.LongWin reads them.
//
// The blob (zstd, one frame) is, for the Count positions in increasing
// entry order: the entries (the section's index, both sides) as unsigned
// varint differences (the first from 0); a byte each of the move's rank,
// the index of the child's canonical key among the distinct canonical
// keys, in increasing order, of the position's children the table gives as
// lost for their side to move (so it picks the move in every symmetric
// image; ranked among the winning moves alone, 0 for three in four, the
// ranks take 5.9 KB of Wolf Carries the Pig's blob instead of 15).

// LongWinsRef is a section's long wins in a device file.
type LongWinsRef struct {
	MinPlies int      `json:"minPlies"`
	Count    int      `json:"count"`
	Block    BlockRef `json:"block"`
}

// longWins is a section's long wins, read on first use.
type longWins struct {
	once    sync.Once
	err     error
	entries []int64
	ranks   []byte
}

// maxLongWinBytes is the most a long-wins blob may unpack to (a count
// claimed beyond it is refused).
const maxLongWinBytes = 1 << 26

// checkLongWins checks a section's long-wins reference against the file.
func (t *Table) checkLongWins(sec *Section) error {
	lw := sec.LongWins
	if lw == nil {
		return nil
	}
	what := sec.what()
	if t.dev == nil || t.dev.Format < DeviceFormatValues || sec.Kind != KindValues {
		return fmt.Errorf("corrupt table: %s has long wins outside a values-only section", what)
	}
	if lw.MinPlies < 1 || lw.MinPlies > maxPlies || lw.Count < 1 || int64(lw.Count) > sec.Entries ||
		int64(lw.Count)*(binary.MaxVarintLen64+1) > maxLongWinBytes {
		return fmt.Errorf("corrupt table: %s has bad long wins (%d from %d plies)", what, lw.Count, lw.MinPlies)
	}
	b := lw.Block
	if b.Len < 0 || int64(b.Len) > maxLongWinBytes || b.Off < 0 || b.Off > t.size-int64(b.Len) {
		return fmt.Errorf("truncated table file: %s long wins lie past the end", what)
	}
	sec.lw = &longWins{}
	return nil
}

// loadLongWins reads and checks sec's long wins (once).
func (t *Table) loadLongWins(sec *Section) error {
	lw := sec.lw
	lw.once.Do(func() { lw.err = t.readLongWins(sec) })
	return lw.err
}

func (t *Table) readLongWins(sec *Section) error {
	ref, lw, what := sec.LongWins, sec.lw, sec.what()
	buf := make([]byte, ref.Block.Len)
	if err := ReadAt(t.src, buf, t.base+ref.Block.Off); err != nil {
		return err
	}
	if crc32.ChecksumIEEE(buf) != ref.Block.CRC {
		return fmt.Errorf("corrupt table: %s long wins checksum mismatch", what)
	}
	most := ref.Count * (binary.MaxVarintLen64 + 1)
	zd, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderMaxMemory(uint64(most)+1))
	if err != nil {
		return err
	}
	defer zd.Close()
	raw, err := zd.DecodeAll(buf, nil)
	if err != nil {
		return fmt.Errorf("corrupt table: %s long wins: %v", what, err)
	}
	n := ref.Count
	lw.entries = make([]int64, n)
	off, prev := 0, int64(0)
	for i := range lw.entries {
		d, w := binary.Uvarint(raw[off:])
		if w <= 0 || (i > 0 && d == 0) || d > uint64(sec.Entries) {
			return fmt.Errorf("corrupt table: %s long wins: bad entry", what)
		}
		e := prev + int64(d) // the first from 0
		if e >= sec.Entries {
			return fmt.Errorf("corrupt table: %s long wins: an entry past the index", what)
		}
		lw.entries[i], prev, off = e, e, off+w
	}
	if len(raw)-off != n {
		return fmt.Errorf("corrupt table: %s long wins: wrong length", what)
	}
	lw.ranks = raw[off:]
	return nil
}

// HasLongWins reports whether any section holds long wins.
func (t *Table) HasLongWins() bool {
	for _, sec := range t.Sections {
		if sec.LongWins != nil {
			return true
		}
	}
	return false
}

// LongWinsIn reports whether the section of p (its tier) holds long wins:
// where it does, a win of p not among them is shorter than their least.
func (t *Table) LongWinsIn(p core.Position) bool {
	sec := t.section(int(p.Captured), int(p.InHand), false)
	return sec != nil && sec.LongWins != nil
}

// LongWin returns, for a position among its section's long wins, the
// winning move the table holds (to a position one ply nearer the end); ok
// is false elsewhere (and where the long wins cannot be read: err says
// why).
func (t *Table) LongWin(p core.Position) (m core.Move, ok bool, err error) {
	if g, _ := t.r.Game(); g != p.Game || p.Outcome().Over() {
		return core.Move{}, false, nil
	}
	key, ok := t.r.CanonKey(p)
	if !ok {
		return core.Move{}, false, nil
	}
	sec := t.section(int(key>>48&0xff), int(key>>56), false)
	if sec == nil || sec.lw == nil {
		return core.Move{}, false, nil
	}
	if err := t.loadLongWins(sec); err != nil {
		return core.Move{}, false, err
	}
	i, found := slices.BinarySearch(sec.lw.entries, int64(key&(1<<48-1)))
	if !found {
		return core.Move{}, false, nil
	}
	var buf [core.MaxMoves]core.Move
	moves, keys, distinct := ChildKeys(t.r, p, buf[:])
	rank := int(sec.lw.ranks[i])
	for _, k := range distinct {
		j := slices.Index(keys, k)
		v, _, _, err := t.ProbeErr(p.After(moves[j]))
		if err != nil {
			return core.Move{}, false, err
		}
		if v != Loss {
			continue
		}
		if rank == 0 {
			return moves[j], true, nil
		}
		rank--
	}
	return core.Move{}, false, errors.New("corrupt table: a long win's move rank past its winning moves")
}

// ChildKeys returns p's legal moves and the canonical key of the position
// each leads to (NoKey for one without), and the distinct keys in
// increasing order.
func ChildKeys(r *Rules, p core.Position, buf []core.Move) (moves []core.Move, keys, distinct []uint64) {
	moves = p.GenMoves(buf[:0])
	keys = make([]uint64, len(moves))
	for i, m := range moves {
		keys[i], _ = r.CanonKey(p.After(m))
		if keys[i] != NoKey {
			distinct = append(distinct, keys[i])
		}
	}
	slices.Sort(distinct)
	return moves, keys, slices.Compact(distinct)
}

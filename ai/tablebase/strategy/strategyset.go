package strategy

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"sort"
	"sync"

	"github.com/klauspost/compress/zstd"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/internal/setrule"
	"huntchess/core"
	"huntchess/internal/pageturn"
)

// Set strategies (format 2): a winner's proven win stored as the set of
// the loser's nodes alone, each with its plies to the end, for a strategy
// too large to keep every node (Beat the Wolf's dogs' win without giving up
// a dog: some ten million loser's nodes, twice as many winner's). At a
// winner's node the runtime rule (setrule.Rule) finds the move: one that wins
// at once, else the move to the child in the set with the fewest plies
// (ties to the lower canonical key), and the node's plies are one more;
// at a loser's node every reply leads to such a winner's node (or ends the
// game), so the loser's longest resistance is known too. The generator
// (ai/tablebase/strategybuild) replays the rule from the start; its
// CheckSetStrategy replays it again from the file.
//
// File format (GAME.hcst, format 2 in the header):
//
//	"HCST\x00\x01" | header length (uint32 LE) | header CRC-32 (uint32 LE) | header (JSON) | body
//
// The body holds the block index (per block its first key as uint64 LE,
// its offset in the body and its CRC-32 as uint32 LE), then the blocks. A
// block holds up to BlockKeys of the loser's nodes' canonical keys in
// increasing order and their plies, as two zstd frames (apart, they pack
// 3% smaller than together): the keys after its first as unsigned varint
// deltas, then a byte each of plies; the first frame's length comes first,
// as an unsigned varint. The header has the counts, the
// index's CRC-32 and the body's length. A reader keeps the header and the
// index (some 30 KB) and unpacks blocks as lookups need them into a small
// cache (SetCacheBlocks); each block's checksum is checked when it is
// read. Writing is deterministic.
const (
	// SetBlockKeys is the keys a block of a set strategy.
	SetBlockKeys = 16384
	// SetIndexEntry is the bytes of a block's index entry.
	SetIndexEntry = 16
	// SetCacheBlocks is the unpacked blocks a set strategy keeps: some
	// 38 KiB each (setBlock: Beat the Wolf's keys as the file packs them,
	// some 2 bytes each, and a byte of plies), so about 5 MB, as the 32
	// blocks of 144 KiB the cache held when it kept every key unpacked.
	// The explorer's position after the wolf's first move, the bridge's
	// search proving its dogs' moves off the line, touches 84 blocks: a
	// second look reads none (explore's BenchmarkMovesWolfWarm).
	SetCacheBlocks = 128
)

// SetHeader is what a set strategy's header adds to StrategyHeader.
type SetHeader struct {
	// Members is the number of the loser's nodes stored, in MemberBlocks
	// blocks of BlockKeys.
	Members      int    `json:"members,omitempty"`
	MemberBlocks int    `json:"memberBlocks,omitempty"`
	BlockKeys    int    `json:"blockKeys,omitempty"`
	Codec        string `json:"codec,omitempty"`
	IndexCRC     uint32 `json:"indexCRC,omitempty"`
}

// setStrategy is what a Strategy opened from a set strategy file holds.
type setStrategy struct {
	src       io.ReaderAt
	base      int64 // the body's offset in src
	bodyBytes int64
	n         int      // keys stored
	first     []uint64 // by block
	offset    []uint32
	crc       []uint32
	zd        *zstd.Decoder

	mu    sync.Mutex
	limit int // the most blocks cached
	reads int64
	cache map[int]*setBlock
	tick  uint64
}

// setBlock is a block as the cache keeps it: its keys as the file packs
// them (varint deltas after the first, some 2 bytes a key where unpacked
// keys take 8), with every setSkip-th key and its offset to start a scan
// from, so a cached block takes about a third of the memory and is
// unpacked without a pass that writes every key.
type setBlock struct {
	raw   []byte   // the keys after skip[0] as unsigned varint deltas
	plies []uint8  // by key
	skip  []uint64 // the keys setSkip apart: key k*setSkip
	at    []uint32 // the offset in raw after key k*setSkip
	used  uint64
}

// setSkip is how many keys apart a cached block's scans start: a lookup
// decodes at most setSkip-1 deltas.
const setSkip = 64

// uvarint is binary.Uvarint with the one- and two-byte deltas most keys
// of a block take decoded inline: the pass over a block's 16384 keys was
// some 40% of its unpacking (BenchmarkSetBlocks: 10-20% less CPU).
func uvarint(buf []byte) (uint64, int) {
	if len(buf) >= 2 {
		if b0 := buf[0]; b0 < 0x80 {
			return uint64(b0), 1
		} else if b1 := buf[1]; b1 < 0x80 {
			return uint64(b0&0x7f) | uint64(b1)<<7, 2
		}
	}
	return binary.Uvarint(buf)
}

// find returns the plies of key, in false where the block does not hold
// it.
func (b *setBlock) find(key uint64) (plies int, in bool) {
	s := sort.Search(len(b.skip), func(i int) bool { return b.skip[i] > key }) - 1
	if s < 0 {
		return 0, false
	}
	k, cur, off := s*setSkip, b.skip[s], int(b.at[s])
	for cur < key {
		if k+1 >= len(b.plies) {
			return 0, false
		}
		d, w := uvarint(b.raw[off:])
		cur, off, k = cur+d, off+w, k+1
	}
	if cur != key {
		return 0, false
	}
	return int(b.plies[k]), true
}

// OpenStrategyFile opens the strategy file at path (OpenStrategy). The
// file stays open while the strategy reads its blocks: close it (the
// io.Closer) once the strategy is no longer used.
func OpenStrategyFile(path string) (*Strategy, io.Closer, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, nil, err
	}
	fi, err := f.Stat()
	if err == nil {
		var s *Strategy
		if s, err = OpenStrategy(f, fi.Size()); err == nil {
			return s, f, nil
		}
	}
	f.Close()
	return nil, nil, err
}

// OpenStrategy checks and opens a strategy file of size bytes in src, of
// either format: a format 1 file is read whole into memory (ReadStrategy);
// of a set strategy (format 2) only the header and the block indexes are
// read now, the blocks as lookups need them (each checked then).
func OpenStrategy(src io.ReaderAt, size int64) (*Strategy, error) {
	hdr, base, err := tablebase.ReadHeader(src, size, Magic, "strategy",
		errors.New("not a Hunt Chess strategy file (bad magic)"))
	if err != nil {
		return nil, err
	}
	var h struct {
		StrategyHeader
		SetHeader
	}
	if err := json.Unmarshal(hdr, &h); err != nil {
		return nil, fmt.Errorf("corrupt strategy header: %v", err)
	}
	if h.Format == FormatNodes {
		if size > MaxStrategyBytes {
			return nil, fmt.Errorf("a strategy file of %d bytes (format %d is read whole: at most %d MiB)", size, h.Format, MaxStrategyBytes>>20)
		}
		data := make([]byte, size)
		if err := tablebase.ReadAt(src, data, 0); err != nil {
			return nil, err
		}
		return ReadStrategy(data)
	}
	if h.Format != FormatSet {
		return nil, fmt.Errorf("strategy format %d, this build reads %d and %d", h.Format, FormatNodes, FormatSet)
	}
	s := &Strategy{StrategyHeader: h.StrategyHeader, SetHeader: h.SetHeader}
	if err := s.checkHeader(); err != nil {
		return nil, err
	}
	if h.Codec != tablebase.CodecZstd || h.BlockKeys != SetBlockKeys || h.Members < 1 || h.Members > 1<<30 ||
		h.MemberBlocks != (h.Members+h.BlockKeys-1)/h.BlockKeys || int64(h.BodyBytes) != size-base ||
		h.Winner != SideName(core.Prey) || h.Plies < 1 || h.Plies > 255 {
		return nil, errors.New("corrupt strategy header: bad counts")
	}
	nIndex := h.MemberBlocks * SetIndexEntry
	if nIndex > h.BodyBytes {
		return nil, errors.New("corrupt strategy header: bad counts")
	}
	index := make([]byte, nIndex)
	if err := tablebase.ReadAt(src, index, base); err != nil {
		return nil, err
	}
	if crc32.ChecksumIEEE(index) != h.IndexCRC {
		return nil, errors.New("corrupt strategy file (index checksum mismatch)")
	}
	set := &setStrategy{src: src, base: base, bodyBytes: int64(h.BodyBytes), n: h.Members, limit: SetCacheBlocks, cache: map[int]*setBlock{}}
	prevOff := uint32(nIndex)
	for i := 0; i < h.MemberBlocks; i++ {
		e := index[i*SetIndexEntry:]
		first, off, crc := binary.LittleEndian.Uint64(e), binary.LittleEndian.Uint32(e[8:]), binary.LittleEndian.Uint32(e[12:])
		if off < prevOff || int(off) > h.BodyBytes || i > 0 && first <= set.first[i-1] || !s.r.ValidKey(first) || s.r.KeySide(first) == s.winner {
			return nil, errors.New("corrupt strategy file: a bad block index")
		}
		prevOff = off
		set.first, set.offset, set.crc = append(set.first, first), append(set.offset, off), append(set.crc, crc)
	}
	zd, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderLowmem(true), zstd.WithDecoderMaxMemory(1<<20))
	if err != nil {
		return nil, err
	}
	set.zd = zd
	s.set = set
	if s.r.KeySide(s.Start) != s.winner {
		if _, in, err := set.lookup(s.Start); err != nil || !in {
			return nil, errors.New("corrupt strategy: the start is not a node")
		}
	}
	return s, nil
}

// checkHeader checks a strategy header's game, rules and winner and sets
// s.r and s.winner.
func (s *Strategy) checkHeader() error {
	g, err := core.Lookup(s.Game)
	if err != nil {
		return fmt.Errorf("strategy for %w", err)
	}
	s.r = tablebase.ForGame(g.ID)
	if s.Fingerprint != s.r.Fingerprint() {
		return fmt.Errorf("%w: %s strategy fingerprint %.12s…, the rules here have %.12s…", tablebase.ErrRules, s.Game, s.Fingerprint, s.r.Fingerprint())
	}
	switch s.Winner {
	case "predator":
		s.winner = core.Predator
	case "prey":
		s.winner = core.Prey
	default:
		return fmt.Errorf("corrupt strategy header: winner %q", s.Winner)
	}
	if !s.r.ValidKey(s.Start) {
		return errors.New("corrupt strategy header: the start is no position")
	}
	if pr := s.PassRoot; pr != nil && (!s.r.ValidKey(pr.Key) || pr.Plies < 1 || pr.Plies > 255) {
		return errors.New("corrupt strategy header: the pass root is no position")
	}
	return nil
}

// IsSet reports whether the strategy is a set strategy (format 2: read
// block by block, Beat the Wolf's).
func (s *Strategy) IsSet() bool { return s.set != nil }

// SetCacheBlocks sets how many unpacked blocks a set strategy keeps
// (SetCacheBlocks by default; at least 1): the checks keep every block.
// Lowering it drops the least recently used blocks beyond it at once.
func (s *Strategy) SetCacheBlocks(n int) {
	if s.set != nil {
		s.set.mu.Lock()
		s.set.limit = max(n, 1)
		s.set.trim(s.set.limit)
		s.set.mu.Unlock()
	}
}

// SetCacheStats is what a set strategy's cache holds.
type SetCacheStats struct {
	Blocks, Limit int
	Reads         int64 // blocks read and unpacked so far
	Bytes         int64 // the unpacked blocks' bytes held
}

// CacheStats tells what a set strategy's cache holds (zero for format 1).
func (s *Strategy) CacheStats() SetCacheStats {
	if s.set == nil {
		return SetCacheStats{}
	}
	s.set.mu.Lock()
	defer s.set.mu.Unlock()
	st := SetCacheStats{Blocks: len(s.set.cache), Limit: s.set.limit, Reads: s.set.reads}
	for _, b := range s.set.cache {
		st.Bytes += int64(cap(b.raw) + cap(b.plies) + 8*cap(b.skip) + 4*cap(b.at))
	}
	return st
}

// block returns block i, unpacked and checked, from the cache (set.mu
// held).
func (set *setStrategy) block(i int) (*setBlock, error) {
	set.tick++
	if b := set.cache[i]; b != nil {
		b.used = set.tick
		return b, nil
	}
	end := uint32(set.bodyBytes)
	if i+1 < len(set.offset) {
		end = set.offset[i+1]
	}
	if end < set.offset[i] || end-set.offset[i] > 1<<20 {
		return nil, errors.New("corrupt strategy file: a bad block length")
	}
	set.reads++
	comp := make([]byte, end-set.offset[i])
	if err := tablebase.ReadAt(set.src, comp, set.base+int64(set.offset[i])); err != nil {
		return nil, err
	}
	if crc32.ChecksumIEEE(comp) != set.crc[i] {
		return nil, errors.New("corrupt strategy file (a block's checksum mismatch)")
	}
	nk, w := binary.Uvarint(comp)
	if w <= 0 || nk > uint64(len(comp)-w) {
		return nil, errors.New("corrupt strategy block: bad length")
	}
	raw, err := set.zd.DecodeAll(comp[w:w+int(nk)], nil)
	if err != nil {
		return nil, fmt.Errorf("corrupt strategy block: %v", err)
	}
	plies, err := set.zd.DecodeAll(comp[w+int(nk):], nil)
	if err != nil {
		return nil, fmt.Errorf("corrupt strategy block: %v", err)
	}
	n := SetBlockKeys
	if i == len(set.first)-1 {
		n = set.n - i*SetBlockKeys
	}
	b := &setBlock{raw: raw, used: set.tick, skip: make([]uint64, 0, (n+setSkip-1)/setSkip), at: make([]uint32, 0, (n+setSkip-1)/setSkip)}
	last, off := set.first[i], 0
	b.skip, b.at = append(b.skip, last), append(b.at, 0)
	for k := 1; k < n; k++ {
		d, w := uvarint(raw[off:])
		if w <= 0 || d == 0 || last+d < last {
			return nil, errors.New("corrupt strategy block: bad key")
		}
		last, off = last+d, off+w
		if k%setSkip == 0 {
			b.skip, b.at = append(b.skip, last), append(b.at, uint32(off))
		}
	}
	if off != len(raw) || len(plies) != n {
		return nil, errors.New("corrupt strategy block: wrong length")
	}
	b.plies = plies
	if i+1 < len(set.first) && last >= set.first[i+1] {
		return nil, errors.New("corrupt strategy block: keys out of order")
	}
	for _, pl := range b.plies {
		if pl == 0 {
			return nil, errors.New("corrupt strategy block: a node of 0 plies")
		}
	}
	set.trim(set.limit - 1)
	set.cache[i] = b
	return b, nil
}

// trim drops the least recently used blocks until the cache holds at most
// n (set.mu held).
func (set *setStrategy) trim(n int) {
	for len(set.cache) > n {
		old, oldest := -1, ^uint64(0)
		for id, c := range set.cache {
			if c.used < oldest {
				old, oldest = id, c.used
			}
		}
		delete(set.cache, old)
	}
}

// lookup returns the plies of a loser's node of the set, in false where
// key is not one.
func (set *setStrategy) lookup(key uint64) (plies int, in bool, err error) {
	i := sort.Search(len(set.first), func(i int) bool { return set.first[i] > key }) - 1
	if i < 0 {
		return 0, false, nil
	}
	// In the browser a winner's move picked by the rule is many lookups,
	// each maybe a block unpacked: the page draws between them.
	pageturn.Maybe()
	set.mu.Lock()
	defer set.mu.Unlock()
	b, err := set.block(i)
	if err != nil {
		return 0, false, err
	}
	plies, in = b.find(key)
	return plies, in, nil
}

// rule is the runtime rule over the file.
func (s *Strategy) rule() setrule.Rule {
	return setrule.Rule{R: s.r, Winner: s.winner, Member: s.set.lookup}
}

// Member returns, in a set strategy, the stored plies of the loser's node
// key, in false where key is not one (or the strategy is of format 1); err
// where its block is damaged.
func (s *Strategy) Member(key uint64) (plies int, in bool, err error) {
	if s.set == nil {
		return 0, false, nil
	}
	return s.set.lookup(key)
}

// setMove is Move of a set strategy.
func (s *Strategy) setMove(p core.Position) (core.Move, int, bool) {
	var buf [core.MaxMoves]core.Move
	moves := p.GenMoves(buf[:0])
	i, plies, err := s.rule().Pick(p, moves)
	if err != nil || i < 0 {
		return core.Move{}, 0, false
	}
	return moves[i], plies, true
}

// setProbe is Probe of a set strategy.
func (s *Strategy) setProbe(p core.Position) (tablebase.Value, int, bool) {
	if p.ToMove == s.winner {
		if _, plies, ok := s.setMove(p); ok {
			return tablebase.Win, plies, true
		}
		return tablebase.Unknown, 0, false
	}
	key, ok := s.r.CanonKey(p)
	if !ok {
		return tablebase.Unknown, 0, false
	}
	if plies, in, err := s.set.lookup(key); err == nil && in {
		return tablebase.Loss, plies, true
	}
	return tablebase.Unknown, 0, false
}

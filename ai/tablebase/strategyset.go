package tablebase

import (
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math/rand"
	"slices"
	"sort"
	"sync"

	"github.com/klauspost/compress/zstd"

	"huntchess/core"
)

// Set strategies (format 2): a winner's proven win stored as the set of
// the loser's nodes alone, for a strategy too large to keep each node's
// move and plies (Beat the Wolf's dogs' win without giving up a dog: some
// ten million positions). At a winner's node the runtime rule (setRule)
// finds the move: one that wins at once, else a stored exception's, else
// the move to the first child, in a fixed order of the position
// (childOrder), that is in the set. The generator (strategyset_build.go,
// strategyset_close.go) makes the set and the exceptions such that the
// rule, played from the start against every defence, stays in the set and
// ends in the winner's win with no position repeated; CheckSetStrategy
// replays it again from the file. It stores no plies: a set strategy
// proves the win, and the longest line from the start (the header's
// Plies), but not how many plies a position in it has to go.
//
// File format (GAME.hcst, format 2 in the header):
//
//	"HCST\x00\x01" | header length (uint32 LE) | header CRC-32 (uint32 LE) | header (JSON) | body
//
// The body holds two key lists, the set's (the loser's nodes' canonical
// keys) and the exceptions' (winner's nodes' keys, each with the rank of
// its move's child among the distinct keys of the node's children, as in
// format 1): first both lists' block indexes (per block its first key as
// uint64 LE, its offset in the body and its CRC-32 as uint32 LE), then the
// blocks. A block holds up to BlockKeys keys in increasing order, zstd-
// compressed: the keys after its first as unsigned varint deltas, then, in
// an exception block, a byte each of ranks. The header has the counts, the
// indexes' CRC-32 and the body's length. A reader keeps the header and the
// indexes (a few tens of kilobytes) and unpacks blocks as lookups need
// them into a small cache; each block's checksum is checked when it is
// read. Writing is deterministic.
const (
	setStrategyVersion = 2
	// SetBlockKeys is the keys a block of a set strategy.
	SetBlockKeys = 4096
	// setIndexEntry is the bytes of a block's index entry.
	setIndexEntry = 16
	// SetCacheBlocks is the unpacked blocks a set strategy keeps (each at
	// most 32 KiB unpacked: SetBlockKeys keys of 8 bytes).
	SetCacheBlocks = 64
)

// SetHeader is what a set strategy's header adds to StrategyHeader.
type SetHeader struct {
	// Members is the number of the loser's nodes, Exceptions of the
	// winner's nodes whose move is stored; MemberBlocks and
	// ExceptionBlocks their blocks of BlockKeys keys.
	Members         int    `json:"members,omitempty"`
	Exceptions      int    `json:"exceptions,omitempty"`
	MemberBlocks    int    `json:"memberBlocks,omitempty"`
	ExceptionBlocks int    `json:"exceptionBlocks,omitempty"`
	BlockKeys       int    `json:"blockKeys,omitempty"`
	Codec           string `json:"codec,omitempty"`
	IndexCRC        uint32 `json:"indexCRC,omitempty"`
	// TablePlies is the table's plies from the start (the fastest win
	// against the longest resistance); Plies, the longest line of the
	// runtime rule, may be more.
	TablePlies int `json:"tablePlies,omitempty"`
}

// setStrategy is what a Strategy opened from a set strategy file holds.
type setStrategy struct {
	src     io.ReaderAt
	base    int64 // the body's offset in src
	members keyList
	excs    keyList
	zd      *zstd.Decoder

	bodyBytes int64

	mu    sync.Mutex
	limit int               // the most blocks cached
	cache map[int]*setBlock // by block id (members first, then exceptions)
	tick  uint64
}

type keyList struct {
	n, blocks int
	first     []uint64
	offset    []uint32
	crc       []uint32
	values    bool // a rank byte each (the exceptions)
	id0       int  // the cache id of block 0
}

type setBlock struct {
	keys  []uint64
	ranks []uint8
	used  uint64
}

// Bytes returns the set strategy's file (deterministic): r is its game's
// rules.
func (b *SetBuild) Bytes(r *Rules) ([]byte, error) {
	if len(b.Members) == 0 {
		return nil, errors.New("tablebase: an empty set strategy")
	}
	ze, err := zstd.NewWriter(nil, zstd.WithEncoderLevel(zstd.SpeedBestCompression), zstd.WithEncoderConcurrency(1),
		zstd.WithZeroFrames(true), zstd.WithEncoderCRC(false))
	if err != nil {
		return nil, err
	}
	defer ze.Close()
	type list struct {
		index, blocks []byte
		n             int
	}
	encode := func(keys []uint64, ranks []uint8) ([][]byte, []uint64) {
		var blocks [][]byte
		var firsts []uint64
		for i := 0; i < len(keys); i += SetBlockKeys {
			j := min(i+SetBlockKeys, len(keys))
			var raw []byte
			for k := i + 1; k < j; k++ {
				raw = binary.AppendUvarint(raw, keys[k]-keys[k-1])
			}
			if ranks != nil {
				raw = append(raw, ranks[i:j]...)
			}
			blocks = append(blocks, ze.EncodeAll(raw, nil))
			firsts = append(firsts, keys[i])
		}
		return blocks, firsts
	}
	mb, mf := encode(b.Members, nil)
	eb, ef := encode(b.ExcKeys, b.ExcRanks)
	indexBytes := (len(mb) + len(eb)) * setIndexEntry
	var index, blocks []byte
	for li, bl := range [][][]byte{mb, eb} {
		firsts := [][]uint64{mf, ef}[li]
		for i, blk := range bl {
			index = binary.LittleEndian.AppendUint64(index, firsts[i])
			index = binary.LittleEndian.AppendUint32(index, uint32(indexBytes+len(blocks)))
			index = binary.LittleEndian.AppendUint32(index, crc32.ChecksumIEEE(blk))
			blocks = append(blocks, blk...)
		}
	}
	h := struct {
		StrategyHeader
		SetHeader
	}{StrategyHeader{Format: setStrategyVersion, Game: r.Name, Fingerprint: r.Fingerprint(), Rules: RulesVersion,
		Winner: sideKey(core.Prey), Bound: true, Start: b.Start, Plies: b.Report.Longest,
		Nodes: b.Report.Nodes, WinnerNodes: b.Report.WinnerNodes, Edges: b.Report.Edges, Ends: b.Report.Ends,
		BodyBytes: len(index) + len(blocks), BodyCRC: 0},
		SetHeader{Members: len(b.Members), Exceptions: len(b.ExcKeys), MemberBlocks: len(mb), ExceptionBlocks: len(eb),
			BlockKeys: SetBlockKeys, Codec: CodecZstd, IndexCRC: crc32.ChecksumIEEE(index), TablePlies: b.Plies}}
	out, err := appendHeader(nil, strategyMagic, h)
	if err != nil {
		return nil, err
	}
	out = append(out, index...)
	return append(out, blocks...), nil
}

// OpenStrategy checks and opens a strategy file of size bytes in src, of
// either format: a format 1 file is read whole into memory (ReadStrategy);
// of a set strategy (format 2) only the header and the block indexes are
// read now, the blocks as lookups need them (each checked then).
func OpenStrategy(src io.ReaderAt, size int64) (*Strategy, error) {
	hdr, base, err := readHeader(src, size, strategyMagic, "strategy",
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
	if h.Format == strategyVersion {
		data := make([]byte, size)
		if err := readAt(src, data, 0); err != nil {
			return nil, err
		}
		return ReadStrategy(data)
	}
	if h.Format != setStrategyVersion {
		return nil, fmt.Errorf("strategy format %d, this build reads %d and %d", h.Format, strategyVersion, setStrategyVersion)
	}
	s := &Strategy{StrategyHeader: h.StrategyHeader, SetHeader: h.SetHeader}
	if err := s.checkHeader(); err != nil {
		return nil, err
	}
	if h.Codec != CodecZstd || h.BlockKeys < 1 || h.BlockKeys > 1<<16 || h.Members < 1 || h.Exceptions < 0 ||
		h.MemberBlocks != (h.Members+h.BlockKeys-1)/h.BlockKeys || h.ExceptionBlocks != (h.Exceptions+h.BlockKeys-1)/h.BlockKeys ||
		int64(h.BodyBytes) != size-base || h.Winner != sideKey(core.Prey) {
		return nil, errors.New("corrupt strategy header: bad counts")
	}
	nIndex := (h.MemberBlocks + h.ExceptionBlocks) * setIndexEntry
	if nIndex > h.BodyBytes {
		return nil, errors.New("corrupt strategy header: bad counts")
	}
	index := make([]byte, nIndex)
	if err := readAt(src, index, base); err != nil {
		return nil, err
	}
	if crc32.ChecksumIEEE(index) != h.IndexCRC {
		return nil, errors.New("corrupt strategy file (index checksum mismatch)")
	}
	set := &setStrategy{src: src, base: base, bodyBytes: int64(h.BodyBytes), limit: SetCacheBlocks, cache: map[int]*setBlock{}}
	set.members = keyList{n: h.Members, blocks: h.MemberBlocks}
	set.excs = keyList{n: h.Exceptions, blocks: h.ExceptionBlocks, values: true, id0: h.MemberBlocks}
	prevOff := uint32(nIndex)
	for li, l := range []*keyList{&set.members, &set.excs} {
		for i := 0; i < l.blocks; i++ {
			e := index[(l.id0+i)*setIndexEntry:]
			first, off, crc := binary.LittleEndian.Uint64(e), binary.LittleEndian.Uint32(e[8:]), binary.LittleEndian.Uint32(e[12:])
			if off < prevOff || int(off) > h.BodyBytes || i > 0 && first <= l.first[i-1] || !s.r.validKey(first) ||
				(s.r.keySide(first) == core.Prey) != (li == 1) {
				return nil, errors.New("corrupt strategy file: a bad block index")
			}
			prevOff = off
			l.first, l.offset, l.crc = append(l.first, first), append(l.offset, off), append(l.crc, crc)
		}
	}
	zd, err := zstd.NewReader(nil, zstd.WithDecoderConcurrency(1), zstd.WithDecoderLowmem(true), zstd.WithDecoderMaxMemory(1<<20))
	if err != nil {
		return nil, err
	}
	set.zd = zd
	s.set = set
	if s.keySide(s.Start) == core.Predator {
		if in, err := set.has(&set.members, s.Start); err != nil || !in {
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
	s.r = ForGame(g.ID)
	if s.Fingerprint != s.r.Fingerprint() {
		return fmt.Errorf("%w: %s strategy fingerprint %.12s…, the rules here have %.12s…", ErrRules, s.Game, s.Fingerprint, s.r.Fingerprint())
	}
	switch s.Winner {
	case "predator":
		s.winner = core.Predator
	case "prey":
		s.winner = core.Prey
	default:
		return fmt.Errorf("corrupt strategy header: winner %q", s.Winner)
	}
	if !s.r.validKey(s.Start) {
		return errors.New("corrupt strategy header: the start is no position")
	}
	return nil
}

// HasPlies reports whether the strategy stores each position's plies to
// the end (format 1); a set strategy (format 2) proves the win but not how
// far it is: its Probe, Move and Replies say 0 plies.
func (s *Strategy) HasPlies() bool { return s.set == nil }

// SetCacheBlocks sets how many unpacked blocks a set strategy keeps
// (SetCacheBlocks by default; at least 1): the checks keep every block.
func (s *Strategy) SetCacheBlocks(n int) {
	if s.set != nil {
		s.set.mu.Lock()
		s.set.limit = max(n, 1)
		s.set.mu.Unlock()
	}
}

// block returns block i of list l, unpacked and checked, from the cache.
func (set *setStrategy) block(l *keyList, i int) (*setBlock, error) {
	id := l.id0 + i
	set.tick++
	if b := set.cache[id]; b != nil {
		b.used = set.tick
		return b, nil
	}
	end := uint32(0)
	switch {
	case i+1 < l.blocks:
		end = l.offset[i+1]
	case l == &set.members && set.excs.blocks > 0:
		end = set.excs.offset[0]
	default:
		end = uint32(set.bodyBytes)
	}
	if end < l.offset[i] || end-l.offset[i] > 1<<20 {
		return nil, errors.New("corrupt strategy file: a bad block length")
	}
	comp := make([]byte, end-l.offset[i])
	if err := readAt(set.src, comp, set.base+int64(l.offset[i])); err != nil {
		return nil, err
	}
	if crc32.ChecksumIEEE(comp) != l.crc[i] {
		return nil, errors.New("corrupt strategy file (a block's checksum mismatch)")
	}
	raw, err := set.zd.DecodeAll(comp, nil)
	if err != nil {
		return nil, fmt.Errorf("corrupt strategy block: %v", err)
	}
	n := SetBlockKeys
	if i == l.blocks-1 {
		n = l.n - i*SetBlockKeys
	}
	b := &setBlock{keys: make([]uint64, n), used: set.tick}
	b.keys[0] = l.first[i]
	off := 0
	for k := 1; k < n; k++ {
		d, w := binary.Uvarint(raw[off:])
		if w <= 0 || d == 0 {
			return nil, errors.New("corrupt strategy block: bad key")
		}
		b.keys[k], off = b.keys[k-1]+d, off+w
	}
	if l.values {
		if len(raw)-off != n {
			return nil, errors.New("corrupt strategy block: wrong length")
		}
		b.ranks = raw[off:]
	} else if off != len(raw) {
		return nil, errors.New("corrupt strategy block: wrong length")
	}
	if i+1 < l.blocks && b.keys[n-1] >= l.first[i+1] {
		return nil, errors.New("corrupt strategy block: keys out of order")
	}
	if len(set.cache) >= set.limit { // the least recently used goes
		old, oldest := -1, ^uint64(0)
		for id, c := range set.cache {
			if c.used < oldest || c.used == oldest && id < old {
				old, oldest = id, c.used
			}
		}
		delete(set.cache, old)
	}
	set.cache[id] = b
	return b, nil
}

// find looks key up in list l: its index in its block and the block.
func (set *setStrategy) find(l *keyList, key uint64) (*setBlock, int, bool, error) {
	i := sort.Search(l.blocks, func(i int) bool { return l.first[i] > key }) - 1
	if i < 0 {
		return nil, 0, false, nil
	}
	set.mu.Lock()
	defer set.mu.Unlock()
	b, err := set.block(l, i)
	if err != nil {
		return nil, 0, false, err
	}
	j, ok := slices.BinarySearch(b.keys, key)
	return b, j, ok, nil
}

// has reports whether key is in list l.
func (set *setStrategy) has(l *keyList, key uint64) (bool, error) {
	_, _, ok, err := set.find(l, key)
	return ok, err
}

// rule is the runtime rule over the file.
func (s *Strategy) rule() setRule {
	set := s.set
	return setRule{r: s.r, winner: s.winner,
		member: func(k uint64) (bool, error) { return set.has(&set.members, k) },
		exception: func(k uint64) (int, bool) {
			b, j, ok, err := set.find(&set.excs, k)
			if err != nil || !ok {
				return 0, false
			}
			return int(b.ranks[j]), true
		}}
}

// setMove is Move of a set strategy.
func (s *Strategy) setMove(p core.Position) (core.Move, bool) {
	key, ok := s.r.canonKey(p)
	if !ok {
		return core.Move{}, false
	}
	var buf [core.MaxMoves]core.Move
	moves := p.GenMoves(buf[:0])
	i, err := s.rule().pick(p, key, moves)
	if err != nil || i < 0 {
		return core.Move{}, false
	}
	return moves[i], true
}

// setProbe is Probe of a set strategy.
func (s *Strategy) setProbe(p core.Position) (Value, int, bool) {
	if p.ToMove == s.winner {
		if _, ok := s.setMove(p); ok {
			return Win, 0, true
		}
		return Unknown, 0, false
	}
	key, ok := s.r.canonKey(p)
	if !ok {
		return Unknown, 0, false
	}
	if in, err := s.set.has(&s.set.members, key); err != nil || !in {
		return Unknown, 0, false
	}
	return Loss, 0, true
}

// CheckSetStrategy replays every defence against the set strategy s from
// start to the end by core's rules, through the file (the runtime rule at
// every winner's node, every legal reply at every loser's node): every
// line must end in the winner's win, every loser's node reached must be in
// the set, the graph must have no cycle and no line longer than s.Plies,
// and every stored node must be reached. Then it plays games full games
// with core.Game against defences picked by seed, each ending in the
// winner's win within s.Plies plies.
func CheckSetStrategy(s *Strategy, start core.Position, games int, seed int64, progress func(nodes int)) (StrategyReport, error) {
	if s.set == nil {
		return StrategyReport{}, errors.New("tablebase: not a set strategy")
	}
	rule := s.rule()
	var ruleErr error
	inSet := func(k uint64) bool {
		in, err := s.set.has(&s.set.members, k)
		if err != nil && ruleErr == nil {
			ruleErr = err
		}
		return in
	}
	reached, winners, rep, err := replaySet(s.r, start, s.winner, rule.pick, inSet, s.Plies, progress)
	if err == nil {
		err = ruleErr
	}
	if err != nil {
		return rep, err
	}
	if len(reached) != s.Members || rep.Nodes != s.Nodes || rep.WinnerNodes != s.WinnerNodes || rep.Longest != s.Plies {
		return rep, fmt.Errorf("the replay reached %d positions (%d of the loser's, %d with the winner to move, the longest line %d), the header says %d (%d, %d, %d)",
			rep.Nodes, len(reached), rep.WinnerNodes, rep.Longest, s.Nodes, s.Members, s.WinnerNodes, s.Plies)
	}
	used := 0 // every exception's node is reached and plays another move than the set's first
	for i := 0; i < s.ExceptionBlocks; i++ {
		b, err := func() (*setBlock, error) {
			s.set.mu.Lock()
			defer s.set.mu.Unlock()
			return s.set.block(&s.set.excs, i)
		}()
		if err != nil {
			return rep, err
		}
		for _, k := range b.keys {
			if _, ok := slices.BinarySearch(winners, k); !ok {
				return rep, fmt.Errorf("%s: an exception off the strategy", s.r.keyPosition(k))
			}
			used++
		}
	}
	if used != s.Exceptions {
		return rep, fmt.Errorf("%d exceptions read, the header says %d", used, s.Exceptions)
	}
	rng := rand.New(rand.NewSource(seed))
	for gi := 0; gi < games; gi++ {
		g := core.NewGameFrom(start)
		for !g.Outcome().Over() {
			p := g.Position()
			var m core.Move
			if p.ToMove == s.winner {
				var ok bool
				if m, ok = s.setMove(p); !ok {
					return rep, fmt.Errorf("game %d: %s: no move of the strategy", gi, p)
				}
			} else {
				var buf [core.MaxMoves]core.Move
				moves := p.GenMoves(buf[:0])
				m = moves[rng.Intn(len(moves))]
			}
			if err := g.PlayMove(m); err != nil {
				return rep, fmt.Errorf("game %d: %s: %s: %v", gi, p, m, err)
			}
			if g.Len() > s.Plies {
				return rep, fmt.Errorf("game %d: not over after %d plies", gi, g.Len())
			}
		}
		if w, ok := g.Outcome().Winner(); !ok || w != s.winner {
			return rep, fmt.Errorf("game %d: ends in %s after %d plies", gi, g.Outcome().Result, g.Len())
		}
		rep.LongestGame = max(rep.LongestGame, g.Len())
		rep.Games++
	}
	return rep, nil
}

// Package strategy reads the winner's proven strategies from the start
// (strategy files, .hcst, docs/formats/strategy.md: format 1 and the set
// strategy, format 2) and plays them (Strategy.Probe, Strategy.Move,
// Strategy.Replies): what the app links of them. It knows a game's
// positions through ai/tablebase (its rules and canonical keys). It builds,
// writes and checks nothing: ai/tablebase/strategybuild does, for the
// solver's commands and the tests (New and Graph are its way in).
package strategy

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"path/filepath"
	"slices"

	"huntchess/ai/tablebase"
	"huntchess/core"
)

// Strategy tables: the winner's proven win from one position (the start)
// against every defence, without the full table behind it.
//
// A strategy is the set of positions the winner's play reaches from the
// start when it always takes the table's fastest win and the loser may
// answer with any legal move. At a position with the winner to move (a
// winner node) it holds one move; at one with the loser to move (a loser
// node) every legal reply leads to a winner node or ends the game in the
// winner's win. Each node carries its plies to the end (the table's
// distance: the winner's fastest win against the longest resistance), so
// the loser can resist longest and a hint can say "wins in N". Positions
// are kept up to the board's symmetries, by their index in the table
// layout (their canonical key), so a strategy is small: Surround the Lion's
// win from the start is some 33 000 positions, a few tens of kilobytes.
//
// A winner node's move is stored as the rank of the position it leads to
// among the distinct canonical keys of all the node's children: those keys
// do not depend on which symmetric image of the node is on the board, so
// the same rank picks the right move in every image.
//
// File format (GAME.hcst):
//
//	"HCST\x00\x01" | header length (uint32 LE) | header CRC-32 (uint32 LE) | header (JSON) | body
//
// The body is DEFLATE-compressed (level 9) and holds, for the nodes in
// increasing key order: the keys as unsigned varint deltas (the first from
// 0), then a byte each of plies, then a byte each of the winner nodes'
// move ranks. The header gives the counts and the body's CRC-32. Writing is
// deterministic: the same strategy gives the same bytes.
const (
	// Magic begins every strategy file, of either format.
	Magic = "HCST\x00\x01"
	// FormatNodes is the header's format of a strategy of every node
	// (format 1); FormatSet that of a set strategy (format 2,
	// strategyset.go).
	FormatNodes = 1
	FormatSet   = 2
	// StrategyExt is the extension of strategy files.
	StrategyExt = ".hcst"
)

// RootRef is a root of a strategy other than the start: its canonical key
// and its plies to the end.
type RootRef struct {
	Key   uint64 `json:"key"`
	Plies int    `json:"plies"`
}

// StrategyHeader is a strategy file's header.
type StrategyHeader struct {
	Format      int    `json:"format"`
	Game        string `json:"game"`
	Fingerprint string `json:"fingerprint"`
	Rules       string `json:"rules"`
	// Winner is the side whose win it is ("predator" or "prey").
	Winner string `json:"winner"`
	// Bound: the win is one without a prey piece given up (from a bound
	// tier, where any capture counted as a predator win). Its plies bound
	// the real game's from above: the winner may have faster wins that
	// give up pieces.
	Bound bool `json:"bound,omitempty"`
	// Start is the root's canonical key and Plies its plies to the end.
	Start uint64 `json:"start"`
	Plies int    `json:"plies"`
	// Nodes is the number of positions, WinnerNodes those with the winner
	// to move; Edges counts every move of the graph (the winner's one a
	// winner node, every legal reply at a loser node, those that end the
	// game too), Ends the loser's replies that end the game.
	Nodes       int `json:"nodes"`
	WinnerNodes int `json:"winnerNodes"`
	Edges       int `json:"edges"`
	Ends        int `json:"ends"`
	// Passes: the loser's pass (the turn timer, core.Game.Timeout) is a
	// reply too while pieces are placed (every winner move places one, so
	// no line comes back; once all are in, a game's moving phase ships as
	// a table, which plays after any pass), wherever the winner still wins
	// after it: the position after it is a winner node. Plies stay the
	// table's, as everywhere: the distance from the position on if nobody
	// passes (after a pass the new node's plies count from there). PassEdges is the
	// number of those passes in the graph (each also in Edges), PassesOff
	// that of the loser's nodes where a pass leaves the winner no proven
	// win (the table's value after it is not a win): the strategy does not
	// follow those.
	Passes    bool `json:"passes,omitempty"`
	PassEdges int  `json:"passEdges,omitempty"`
	PassesOff int  `json:"passesOff,omitempty"`
	// PassRoot (a set strategy) is a second root: the start after the
	// loser's first move passed (the turn timer), with its plies; Nodes,
	// WinnerNodes, Edges and Ends count what either root reaches.
	PassRoot *RootRef `json:"passRoot,omitempty"`
	// BodyBytes and BodyCRC are the compressed body's length and CRC-32.
	BodyBytes int    `json:"bodyBytes"`
	BodyCRC   uint32 `json:"bodyCRC"`
}

// Strategy is a winner's proven strategy from one position, open for
// lookups. Safe for concurrent use.
type Strategy struct {
	StrategyHeader
	SetHeader // a set strategy's (format 2)
	set       *setStrategy
	r         *tablebase.Rules
	winner    core.Side
	keys      []uint64 // increasing
	plies     []uint8  // by node
	moves     []uint8  // by node: a winner node's move rank (NoMove: a loser node)
}

// NoMove marks a loser's node among a strategy's moves (Graph, New): a
// move's rank is below it.
const NoMove = 0xff

// SideName is a side as a strategy header names the winner.
func SideName(s core.Side) string {
	if s == core.Predator {
		return "predator"
	}
	return "prey"
}

// ReadStrategy checks and opens a strategy file held in memory: magic,
// header and body checksums, the game and its rules fingerprint, and the
// body's shape. A file that fails any check is refused with an error that
// says why.
func ReadStrategy(data []byte) (*Strategy, error) {
	hdr, base, err := tablebase.ReadHeader(bytes.NewReader(data), int64(len(data)), Magic, "strategy",
		errors.New("not a Hunt Chess strategy file (bad magic)"))
	if err != nil {
		return nil, err
	}
	s := &Strategy{}
	if err := json.Unmarshal(hdr, &s.StrategyHeader); err != nil {
		return nil, fmt.Errorf("corrupt strategy header: %v", err)
	}
	if s.Format == FormatSet {
		return OpenStrategy(bytes.NewReader(data), int64(len(data)))
	}
	if s.Format != FormatNodes {
		return nil, fmt.Errorf("strategy format %d, this build reads %d and %d", s.Format, FormatNodes, FormatSet)
	}
	if err := s.checkHeader(); err != nil {
		return nil, err
	}
	body := data[base:]
	if len(body) != s.BodyBytes || crc32.ChecksumIEEE(body) != s.BodyCRC {
		return nil, errors.New("corrupt strategy file (body length or checksum mismatch)")
	}
	if s.Nodes < 1 || s.WinnerNodes < 0 || s.WinnerNodes > s.Nodes {
		return nil, errors.New("corrupt strategy header: bad counts")
	}
	if s.Nodes > MaxStrategyNodes || int64(s.Nodes) > maxInflate(len(body))/2 {
		return nil, fmt.Errorf("corrupt strategy header: %d nodes claimed, a body of %d bytes holds at most %d",
			s.Nodes, len(body), min(MaxStrategyNodes, maxInflate(len(body))/2))
	}
	// The body unpacks to a key (1 to 10 bytes) and a byte of plies a
	// node and a byte a winner's node: no more is read, and the counts
	// must fit in what was, before anything of their size is allocated.
	most := int64(s.Nodes)*(binary.MaxVarintLen64+1) + int64(s.WinnerNodes)
	raw, err := io.ReadAll(io.LimitReader(flate.NewReader(bytes.NewReader(body)), most+1))
	if err != nil {
		return nil, fmt.Errorf("corrupt strategy body: %v", err)
	}
	if int64(len(raw)) > most {
		return nil, fmt.Errorf("corrupt strategy body: it unpacks to more than %d nodes can take", s.Nodes)
	}
	if len(raw) < 2*s.Nodes+s.WinnerNodes {
		return nil, fmt.Errorf("corrupt strategy: %d nodes claimed, the body holds %d bytes", s.Nodes, len(raw))
	}
	s.keys = make([]uint64, s.Nodes)
	prev, off := uint64(0), 0
	for i := range s.keys {
		d, w := binary.Uvarint(raw[off:])
		if w <= 0 || (i > 0 && d == 0) {
			return nil, errors.New("corrupt strategy body: bad key")
		}
		prev += d
		s.keys[i], off = prev, off+w
	}
	if len(raw)-off != s.Nodes+s.WinnerNodes {
		return nil, errors.New("corrupt strategy body: wrong length")
	}
	s.plies = raw[off : off+s.Nodes]
	ranks := raw[off+s.Nodes:]
	s.moves = make([]uint8, s.Nodes)
	w := 0
	for i, k := range s.keys {
		s.moves[i] = NoMove
		if !s.r.ValidKey(k) {
			return nil, errors.New("corrupt strategy body: a key of no position")
		}
		if s.keySide(k) == s.winner {
			if w >= len(ranks) || ranks[w] == NoMove {
				return nil, errors.New("corrupt strategy body: the winner's moves do not match")
			}
			s.moves[i] = ranks[w]
			w++
		}
		if s.plies[i] == 0 {
			return nil, errors.New("corrupt strategy body: a node of 0 plies")
		}
	}
	if w != s.WinnerNodes {
		return nil, errors.New("corrupt strategy body: the winner's nodes do not match")
	}
	if _, ok := s.find(s.Start); !ok {
		return nil, errors.New("corrupt strategy: the start is not a node")
	}
	return s, nil
}

// New makes a strategy of format 1 from its nodes, as a builder does: h
// its header (the game, rules and winner are checked as a file's are, the
// body's length and checksum are left as they are), keys the nodes'
// canonical keys in increasing order, plies each node's plies to the end,
// moves a winner's node's move rank (NoMove at a loser's node). The counts
// in h must be the nodes'. The slices are kept, not copied.
func New(h StrategyHeader, keys []uint64, plies, moves []uint8) (*Strategy, error) {
	s := &Strategy{StrategyHeader: h}
	if h.Format != FormatNodes {
		return nil, fmt.Errorf("strategy format %d: New makes format %d", h.Format, FormatNodes)
	}
	if err := s.checkHeader(); err != nil {
		return nil, err
	}
	if len(plies) != len(keys) || len(moves) != len(keys) {
		return nil, fmt.Errorf("strategy: %d keys, %d plies, %d moves", len(keys), len(plies), len(moves))
	}
	winners := 0
	for i, k := range keys {
		if i > 0 && k <= keys[i-1] {
			return nil, errors.New("strategy: keys out of order")
		}
		if moves[i] != NoMove {
			winners++
		}
	}
	if h.Nodes != len(keys) || h.WinnerNodes != winners {
		return nil, fmt.Errorf("strategy: the header counts %d nodes (%d the winner's), there are %d (%d)", h.Nodes, h.WinnerNodes, len(keys), winners)
	}
	s.keys, s.plies, s.moves = keys, plies, moves
	return s, nil
}

// Graph returns a strategy of format 1's nodes as New takes them (nil for a
// set strategy): the caller must not change them.
func (s *Strategy) Graph() (keys []uint64, plies, moves []uint8) { return s.keys, s.plies, s.moves }

// Rules returns the rules of the strategy's game.
func (s *Strategy) Rules() *tablebase.Rules { return s.r }

// keySide is the side to move of a canonical key's position.
func (s *Strategy) keySide(key uint64) core.Side { return s.r.KeySide(key) }

func (s *Strategy) find(key uint64) (int, bool) { return slices.BinarySearch(s.keys, key) }

// WinnerSide returns the side whose win the strategy plays.
func (s *Strategy) WinnerSide() core.Side { return s.winner }

// GameID returns the strategy's game.
func (s *Strategy) GameID() core.GameID { g, _ := s.r.Game(); return g }

// Probe returns the value of p for the side to move (a win at the winner's
// nodes, a loss at the loser's) and its plies to the end, where p is a
// position of the strategy (ok false elsewhere, and for a finished game).
// For a bound strategy the plies are an upper bound in the real game.
func (s *Strategy) Probe(p core.Position) (v tablebase.Value, plies int, ok bool) {
	if g, _ := s.r.Game(); g != p.Game || p.Outcome().Over() {
		return tablebase.Unknown, 0, false
	}
	if s.set != nil {
		return s.setProbe(p)
	}
	key, ok := s.r.CanonKey(p)
	if !ok {
		return tablebase.Unknown, 0, false
	}
	i, ok := s.find(key)
	if !ok {
		return tablebase.Unknown, 0, false
	}
	if p.ToMove == s.winner {
		return tablebase.Win, int(s.plies[i]), true
	}
	return tablebase.Loss, int(s.plies[i]), true
}

// Move returns the winner's move in p, a winner's node of the strategy, and
// p's plies to the end; ok is false where p is not one.
func (s *Strategy) Move(p core.Position) (core.Move, int, bool) {
	if g, _ := s.r.Game(); g != p.Game || p.ToMove != s.winner || p.Outcome().Over() {
		return core.Move{}, 0, false
	}
	if s.set != nil {
		return s.setMove(p)
	}
	key, ok := s.r.CanonKey(p)
	if !ok {
		return core.Move{}, 0, false
	}
	i, ok := s.find(key)
	if !ok || s.moves[i] == NoMove {
		return core.Move{}, 0, false
	}
	var buf [core.MaxMoves]core.Move
	moves, keys, distinct := tablebase.ChildKeys(s.r, p, buf[:])
	rank := int(s.moves[i])
	if rank >= len(distinct) {
		return core.Move{}, 0, false
	}
	for j, k := range keys {
		if k == distinct[rank] {
			return moves[j], int(s.plies[i]), true
		}
	}
	return core.Move{}, 0, false
}

// Replies returns, at a loser's node p, each legal reply with the plies to
// the end after it (0 where it ends the game); ok is false where p is not a
// loser's node or a reply leaves the strategy (a damaged file).
func (s *Strategy) Replies(p core.Position) (moves []core.Move, plies []int, ok bool) {
	if v, _, ok := s.Probe(p); !ok || v != tablebase.Loss {
		return nil, nil, false
	}
	var buf [core.MaxMoves]core.Move
	for _, m := range p.GenMoves(buf[:0]) {
		c := p.After(m)
		d := 0
		if !c.Outcome().Over() {
			cv, cd, cok := s.Probe(c)
			if !cok || cv != tablebase.Win {
				return nil, nil, false
			}
			d = cd
		}
		moves, plies = append(moves, m), append(plies, d)
	}
	return moves, plies, len(moves) > 0
}

// StrategyPath returns the file name of a game's strategy in dir.
func StrategyPath(dir, game string) string { return filepath.Join(dir, game+StrategyExt) }

// Package strategy holds the winner's proven strategies from the start:
// built from a table's values (BuildStrategy, StartStrategy, BuildSetStrategy), written and
// read as strategy files (.hcst, docs/formats/strategy.md: format 1 and the
// set strategy, format 2), and played (Strategy.Move, Strategy.Replies). It
// knows a game's positions through ai/tablebase (its rules and canonical
// keys) and reads its values from tablebase tables.
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
	"os"
	"path/filepath"
	"slices"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/internal/tbwrite"
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
	strategyMagic   = "HCST\x00\x01"
	strategyVersion = 1
	// StrategyExt is the extension of strategy files.
	StrategyExt = ".hcst"
)

// StrategyHeader is a strategy file's header.
// RootRef is a root of a strategy other than the start: its canonical key
// and its plies to the end.
type RootRef struct {
	Key   uint64 `json:"key"`
	Plies int    `json:"plies"`
}

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
	moves     []uint8  // by node: a winner node's move rank (noMove: a loser node)
}

// noMove marks a loser node in Strategy.moves (a move's rank is below it).
const noMove = 0xff

// Probe is a source of values for building a strategy: the value of p for
// its side to move and the plies to the end, ok false where it has none
// (Table.Probe, or Table.ProbeBound for a bound strategy).
type Probe func(p core.Position) (tablebase.Value, int, bool)

// BuildStrategy builds the winning strategy of the side to move in start
// (a win) or of its opponent (start a loss), from the values of probe: at a
// winner node the table's fastest win (ties to a move leading to a
// position already in the strategy, else to the first in core's order of
// the node's representative position), at a loser node every legal move.
// With bound set, probe is a bound tier's (Table.ProbeBound) and the
// winner (the prey) never captures; a loser's capture is an error (a bound
// loss has none). It fails where probe does not cover a position or
// disagrees with core's moves and outcomes.
func BuildStrategy(r *tablebase.Rules, start core.Position, probe Probe, bound bool) (*Strategy, error) {
	return buildStrategy(r, start, probe, bound, false, nil)
}

// buildStrategy is BuildStrategy, and with passes the loser's passes are
// replies too while pieces are placed (StrategyHeader.Passes: deer chess's
// dogs): after every such pass of the loser that leaves the winner a win, the strategy goes on with the
// winner's fastest win there. In a moving phase passes could make a line
// come back (a cycle), so they are followed only while the winner places.
// progress (if not nil) is told now and then the positions done and those
// found so far. StartStrategy builds the app's strategies with it.
func buildStrategy(r *tablebase.Rules, start core.Position, probe Probe, bound, passes bool, progress func(done, found int)) (*Strategy, error) {
	g, ok := r.Game()
	if !ok || g != start.Game {
		return nil, fmt.Errorf("tablebase: a strategy of %s from a position of another game", r.Name)
	}
	if start.Outcome().Over() {
		return nil, errors.New("tablebase: the start is over")
	}
	v, d, ok := probe(start)
	if !ok || (v != tablebase.Win && v != tablebase.Loss) {
		return nil, fmt.Errorf("tablebase: the start is not a proven win or loss (%v, covered %v)", v, ok)
	}
	winner := start.ToMove
	if v == tablebase.Loss {
		winner = winner.Other()
	}
	startKey, ok := r.CanonKey(start)
	if !ok {
		return nil, errors.New("tablebase: the start has no canonical key")
	}
	s := &Strategy{r: r, winner: winner}
	s.StrategyHeader = StrategyHeader{Format: strategyVersion, Game: r.Name, Fingerprint: r.Fingerprint(), Rules: tablebase.RulesVersion,
		Winner: sideKey(winner), Bound: bound, Start: startKey, Plies: d, Passes: passes}
	type node struct {
		plies uint8
		rank  int16 // winner nodes: the move's rank; -1 loser nodes
	}
	nodes := map[uint64]node{}
	queue := []uint64{startKey}
	add := func(key uint64) {
		if _, ok := nodes[key]; !ok {
			nodes[key] = node{rank: -2} // queued
			queue = append(queue, key)
		}
	}
	nodes[startKey] = node{rank: -2}
	var buf [core.MaxMoves]core.Move
	for qi := 0; qi < len(queue); qi++ {
		if progress != nil && qi%(1<<16) == 0 {
			progress(qi, len(queue))
		}
		key := queue[qi]
		p := r.KeyPosition(key)
		v, d, ok := probe(p)
		if !ok || d > 255 || d < 1 {
			return nil, fmt.Errorf("tablebase: %s is not covered (%v %d %v)", p, v, d, ok)
		}
		moves, keys, distinct := tablebase.ChildKeys(r, p, buf[:])
		if p.ToMove == winner {
			if v != tablebase.Win {
				return nil, fmt.Errorf("tablebase: %s, the winner to move, is %v", p, v)
			}
			// The first fastest move in core's order that leads to a
			// position already in the strategy, else the first fastest:
			// the positions already in are probed first (fewer probes).
			fast := func(i int) bool {
				c := p.After(moves[i])
				if keys[i] == tablebase.NoKey || bound && c.Captured > p.Captured {
					return false
				}
				if o := c.Outcome(); o.Over() {
					w, won := o.Winner()
					return won && w == winner && d == 1
				}
				cv, cd, cok := probe(c)
				return cok && cv == tablebase.Loss && cd == d-1
			}
			pick := -1
			for i := range moves {
				if _, seen := nodes[keys[i]]; seen && keys[i] != tablebase.NoKey && fast(i) {
					pick = i
					break
				}
			}
			for i := 0; pick < 0 && i < len(moves); i++ {
				if _, seen := nodes[keys[i]]; !seen && fast(i) {
					pick = i
				}
			}
			if pick < 0 {
				return nil, fmt.Errorf("tablebase: %s (a win in %d) has no move that wins in %d", p, d, d-1)
			}
			rank, _ := slices.BinarySearch(distinct, keys[pick])
			if rank >= noMove {
				return nil, fmt.Errorf("tablebase: %s has more than %d distinct children", p, noMove)
			}
			nodes[key] = node{plies: uint8(d), rank: int16(rank)}
			s.Edges++
			if c := p.After(moves[pick]); !c.Outcome().Over() {
				add(keys[pick])
			}
			continue
		}
		if v != tablebase.Loss {
			return nil, fmt.Errorf("tablebase: %s, the loser to move, is %v", p, v)
		}
		if len(moves) == 0 {
			return nil, fmt.Errorf("tablebase: %s, a loss in %d, has no move", p, d)
		}
		for i, m := range moves {
			c := p.After(m)
			s.Edges++
			if o := c.Outcome(); o.Over() {
				if w, won := o.Winner(); !won || w != winner {
					return nil, fmt.Errorf("tablebase: %s: %s ends the game in %s", p, m, o.Result)
				}
				s.Ends++
				continue
			}
			if bound && c.Captured > p.Captured {
				return nil, fmt.Errorf("tablebase: %s: the loser captures with %s in a bound loss", p, m)
			}
			// The reply's value is probed when it is taken from the queue
			// (a win for the winner there); CheckStrategy checks the plies.
			if keys[i] == tablebase.NoKey {
				return nil, fmt.Errorf("tablebase: %s (a loss in %d): %s leads to a position without a key", p, d, m)
			}
			add(keys[i])
		}
		if passes && p.InHand > 0 {
			// The pass: the same board, the winner to move.
			c := p.After(p.PassMove())
			if o := c.Outcome(); o.Over() {
				if w, won := o.Winner(); won && w == winner {
					s.Edges++
					s.Ends++
					s.PassEdges++
				} else {
					s.PassesOff++
				}
			} else if cv, _, cok := probe(c); cok && cv == tablebase.Win {
				ck, kok := r.CanonKey(c)
				if !kok {
					return nil, fmt.Errorf("tablebase: %s, after the loser's pass, has no canonical key", c)
				}
				s.Edges++
				s.PassEdges++
				add(ck)
			} else {
				s.PassesOff++
			}
		}
		nodes[key] = node{plies: uint8(d), rank: -1}
	}
	s.keys = make([]uint64, 0, len(nodes))
	for k := range nodes {
		s.keys = append(s.keys, k)
	}
	slices.Sort(s.keys)
	s.plies = make([]uint8, len(s.keys))
	s.moves = make([]uint8, len(s.keys))
	for i, k := range s.keys {
		n := nodes[k]
		s.plies[i], s.moves[i] = n.plies, noMove
		if n.rank >= 0 {
			s.moves[i] = uint8(n.rank)
			s.WinnerNodes++
		}
	}
	s.Nodes = len(s.keys)
	return s, nil
}

// passChild is the position after the loser's pass in p (the loser to
// move), where the strategy follows it: a strategy with passes, the game
// not over after it, and that position a node. ok is false elsewhere.
func (s *Strategy) passChild(p core.Position) (core.Position, bool) {
	if !s.Passes || p.ToMove == s.winner || p.InHand == 0 {
		return core.Position{}, false
	}
	c := p.After(p.PassMove())
	if o := c.Outcome(); o.Over() {
		w, won := o.Winner()
		return c, won && w == s.winner
	}
	key, ok := s.r.CanonKey(c)
	if !ok {
		return core.Position{}, false
	}
	if _, ok := s.find(key); !ok {
		return core.Position{}, false
	}
	return c, true
}

func sideKey(s core.Side) string {
	if s == core.Predator {
		return "predator"
	}
	return "prey"
}

// Bytes returns the strategy file's bytes (deterministic).
func (s *Strategy) Bytes() ([]byte, error) {
	if len(s.keys) > MaxStrategyNodes {
		return nil, fmt.Errorf("tablebase: a strategy of %d nodes (at most %d are read back: a set strategy holds more)", len(s.keys), MaxStrategyNodes)
	}
	var raw []byte
	prev := uint64(0)
	for _, k := range s.keys {
		raw = binary.AppendUvarint(raw, k-prev)
		prev = k
	}
	raw = append(raw, s.plies...)
	for _, m := range s.moves {
		if m != noMove {
			raw = append(raw, m)
		}
	}
	var body bytes.Buffer
	zw, err := flate.NewWriter(&body, flate.BestCompression)
	if err != nil {
		return nil, err
	}
	if _, err := zw.Write(raw); err != nil {
		return nil, err
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	h := s.StrategyHeader
	h.BodyBytes, h.BodyCRC = body.Len(), crc32.ChecksumIEEE(body.Bytes())
	out, err := tbwrite.AppendHeader(nil, strategyMagic, h)
	if err != nil {
		return nil, err
	}
	return append(out, body.Bytes()...), nil
}

// ReadStrategy checks and opens a strategy file held in memory: magic,
// header and body checksums, the game and its rules fingerprint, and the
// body's shape. A file that fails any check is refused with an error that
// says why.
func ReadStrategy(data []byte) (*Strategy, error) {
	hdr, base, err := tablebase.ReadHeader(bytes.NewReader(data), int64(len(data)), strategyMagic, "strategy",
		errors.New("not a Hunt Chess strategy file (bad magic)"))
	if err != nil {
		return nil, err
	}
	s := &Strategy{}
	if err := json.Unmarshal(hdr, &s.StrategyHeader); err != nil {
		return nil, fmt.Errorf("corrupt strategy header: %v", err)
	}
	if s.Format == setStrategyVersion {
		return OpenStrategy(bytes.NewReader(data), int64(len(data)))
	}
	if s.Format != strategyVersion {
		return nil, fmt.Errorf("strategy format %d, this build reads %d and %d", s.Format, strategyVersion, setStrategyVersion)
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
		s.moves[i] = noMove
		if !s.r.ValidKey(k) {
			return nil, errors.New("corrupt strategy body: a key of no position")
		}
		if s.keySide(k) == s.winner {
			if w >= len(ranks) || ranks[w] == noMove {
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
	if !ok || s.moves[i] == noMove {
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

// ErrNoStart is wrapped by StartStrategy's error where no table in the
// folder proves the start (none there, or one of part of the game).
var ErrNoStart = errors.New("no table proves the start")

// StartStrategy builds the winner's strategy from the start of game id
// from the tables in dir: GAME.hctb where it proves the start, else the
// bound tier GAME.bound.hctb (Beat the Wolf: the dogs' win without giving
// up a dog). cache is the table's cache of unpacked blocks in bytes. It
// returns the strategy and the table file it came from; with passes the
// loser's passes are replies too (buildStrategy); progress (if not
// nil) is told now and then the positions done and those found so far.
func StartStrategy(id core.GameID, dir string, cache int64, passes bool, progress func(done, found int)) (*Strategy, string, error) {
	start := id.Info().Start()
	var errs []error
	path := tablebase.Path(dir, id.String())
	if t, err := tablebase.Open(path); err == nil {
		defer t.Close()
		t.SetCacheBytes(cache)
		if v, _, ok := t.Probe(start); ok && v != tablebase.Draw {
			s, err := buildStrategy(tablebase.ForGame(id), start, t.Probe, false, passes, progress)
			return s, path, err
		}
		errs = append(errs, fmt.Errorf("%s: %w", path, ErrNoStart))
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, "", err
	}
	path = tablebase.Path(dir, id.String()+".bound")
	t, err := tablebase.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, "", errors.Join(append(errs, fmt.Errorf("%s: %w", dir, ErrNoStart))...)
	}
	if err != nil {
		return nil, "", err
	}
	defer t.Close()
	t.SetCacheBytes(cache)
	probe := BoundProbe(t)
	if _, _, ok := probe(start); !ok {
		return nil, "", errors.Join(append(errs, fmt.Errorf("%s: %w", path, ErrNoStart))...)
	}
	s, err := buildStrategy(tablebase.ForGame(id), start, probe, true, passes, progress)
	return s, path, err
}

// BoundProbe is t's bound sections' values as BuildStrategy takes them: a
// prey win or a predator loss, and nothing elsewhere ("neither" proves
// nothing).
func BoundProbe(t *tablebase.Table) Probe {
	return func(p core.Position) (tablebase.Value, int, bool) {
		v, d, ok := t.ProbeBound(p)
		if !ok || v == tablebase.Draw {
			return tablebase.Unknown, 0, false
		}
		return v, d, true
	}
}

// StrategyPath returns the file name of a game's strategy in dir.
func StrategyPath(dir, game string) string { return filepath.Join(dir, game+StrategyExt) }

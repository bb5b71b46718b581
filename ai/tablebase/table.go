package tablebase

import (
	"errors"
	"io"
	"path/filepath"
	"slices"
	"sync/atomic"

	"huntchess/core"
)

// File format (one file per game, GAME.hctb):
//
//	"HCTB\x00\x01" | header length (uint32 LE) | header CRC-32 (uint32 LE) | header (JSON) | blocks
//
// The header names the game and its rules fingerprint and lists the
// sections (tiers); each section's entries are cut into blocks, each
// compressed on its own with DEFLATE (compress/flate, level 6) so a lookup
// decompresses one block. A section stores one little-endian uint16 code
// per index entry (value in the top two bits, plies in the rest). Every
// block carries its CRC-32. Writing is deterministic: the same tables give
// the same bytes.
const (
	// FileMagic starts a full table file; FormatVersion is its format.
	FileMagic     = "HCTB\x00\x01"
	FormatVersion = 1
	// DenseBlock is the entries a block of a full table holds.
	DenseBlock = 1 << 15
	// FileExt is the extension of table files.
	FileExt = ".hctb"
)

// Header is a table file's header.
type Header struct {
	Format      int        `json:"format"`
	Game        string     `json:"game"`
	Fingerprint string     `json:"fingerprint"`
	Rules       string     `json:"rules"`
	Sections    []*Section `json:"sections"`
	// Raw is the size of the tables uncompressed: 2 bytes an entry.
	Raw int64 `json:"rawBytes"`
}

// Section is one tier in a file.
type Section struct {
	Captured  int        `json:"captured"`
	Hand      int        `json:"hand"`
	Bound     bool       `json:"bound,omitempty"`
	Kind      string     `json:"kind"` // "dense"
	K         int        `json:"preyOnBoard,omitempty"`
	Classes   int        `json:"predatorClasses,omitempty"`
	Entries   int64      `json:"entries"`
	BlockSize int        `json:"blockSize"`
	Blocks    []BlockRef `json:"blocks"`
	Stats     TierStats  `json:"stats"`
	// LongWins (a device file of format 2) are the section's long wins
	// (longwins.go).
	LongWins *LongWinsRef `json:"longWins,omitempty"`
	// Order (a device file of format 3) is the slot order of the
	// section's stored entries (order.go): "" the index's, or OrderFar.
	Order string `json:"order,omitempty"`

	l     *Layout
	lw    *longWins
	order *slotOrder
	cache []atomic.Pointer[block]
}

// BlockRef locates one compressed block after the header.
type BlockRef struct {
	Off int64  `json:"o"`
	Len int32  `json:"n"`
	CRC uint32 `json:"c"`
}

// block is one unpacked block. A block that is mostly draws or mostly
// holes (Beat the Wolf's bound tier: prey wins among billions of other
// positions, and the holes of the symmetric wolf placements) is kept
// sparse, as the sorted offsets and codes of its other entries, at a
// fraction of the dense block's 64 KiB.
type block struct {
	codes []uint16 // dense: every entry's code (nil when sparse)
	small []uint8  // dense, of a device table whose plies here are all below 64: value<<6 | plies
	vals  []uint8  // a values-only device section: every entry's value code in two bits, four a byte
	def   uint16   // sparse: the code of most entries (a draw or a hole)
	at    []uint16 // sparse: offsets of the entries whose code is not def
	at32  []uint32 // sparse, a device block of more than 64 Ki entries: the offsets (at is nil)
	other []uint16 // and their codes
	n     int
	bytes int64       // memory held, for the cache's budget
	ref   atomic.Bool // probed since the cache's hand last passed (see blockCache)
}

// sparseMax is the most other entries a block of a section of blockSize
// keeps sparse: below half a block, the offsets and codes (4 bytes each)
// take less than the dense block's 2 bytes an entry.
func sparseMax(blockSize int) int { return blockSize/2 - 1 }

func (b *block) code(i int) uint16 {
	if b.codes != nil {
		return b.codes[i]
	}
	if b.small != nil {
		c := b.small[i]
		return uint16(c>>6)<<14 | uint16(c&63)
	}
	if b.vals != nil {
		if v := uint16(b.vals[i>>2]>>(2*(i&3))) & 3; v != CodeDraw {
			return v<<14 | PliesUnknown
		}
		return CodeDrawV
	}
	if b.at32 != nil {
		if j, ok := slices.BinarySearch(b.at32, uint32(i)); ok {
			return b.other[j]
		}
		return b.def
	}
	if j, ok := slices.BinarySearch(b.at, uint16(i)); ok {
		return b.other[j]
	}
	return b.def
}

func (b *block) len() int { return b.n }

// Table is one game's tables, open for probing. Its blocks are read from
// the file (or the ReaderAt it was opened on) when a probe needs them and
// kept unpacked in a cache of bounded size (SetCacheBytes).
type Table struct {
	Header
	r      *Rules
	src    io.ReaderAt // the file
	base   int64       // where the blocks begin in src
	size   int64       // bytes of blocks after base
	closer io.Closer   // what Close closes (nil: nothing)
	cache  blockCache
	dev    *device // nil for a full table
}

// ErrRules is wrapped by the error for a table built for other rules.
var ErrRules = errors.New("table built for other rules")

// section returns the section holding positions with the given counts.
func (t *Table) section(capt, hand int, bound bool) *Section {
	for _, sec := range t.Sections {
		if sec.Bound == bound && sec.Captured == capt && sec.Hand == hand {
			return sec
		}
	}
	return nil
}

// Code looks a position up; ok is false where no section covers it.
func (t *Table) Code(p Pos, bound bool) (uint16, bool, error) {
	if t.dev != nil {
		return t.deviceCode(p, bound)
	}
	sec := t.section(p.Capt, p.Hand, bound)
	if sec == nil {
		return 0, false, nil
	}
	i, _ := sec.l.Index(p.Pred, p.Prey, p.Side)
	blk, err := t.load(sec, int(i/int64(sec.BlockSize)))
	if err != nil {
		return 0, false, err
	}
	c := blk.code(int(i % int64(sec.BlockSize)))
	return c, c != CodeNoneV, nil
}

// Block returns block b of sec, read and checked when not cached: code(i)
// is the code of its entry i, for i below n.
func (t *Table) Block(sec *Section, b int) (code func(i int) uint16, n int, err error) {
	blk, err := t.load(sec, b)
	if err != nil {
		return nil, 0, err
	}
	return blk.code, blk.len(), nil
}

// Layout is the index of the section's positions.
func (s *Section) Layout() *Layout { return s.l }

// FromCore converts a core position; ok is false for a position of another
// game or one decided by its pieces (handled by the caller).
func (t *Table) FromCore(p core.Position) (Pos, bool) {
	if g, _ := t.r.Game(); g != p.Game {
		return Pos{}, false
	}
	np := uint64(1)<<uint(t.r.NP) - 1
	if p.Pred&^np != 0 || int(p.Captured) >= t.r.CaptureWin {
		return Pos{}, false
	}
	return Pos{Pred: p.Pred, Prey: p.Prey, Side: int(p.ToMove), Capt: int(p.Captured), Hand: int(p.InHand)}, true
}

// Probe returns the value of p for the side to move and the plies to the end
// with best play (0 for a finished position; 0 for a draw). ok is false where
// the table does not cover p. Safe for concurrent use.
func (t *Table) Probe(p core.Position) (v Value, plies int, ok bool) {
	v, plies, ok, _ = t.ProbeErr(p)
	return
}

// ProbeErr is Probe that also reports a damaged block.
func (t *Table) ProbeErr(p core.Position) (Value, int, bool, error) {
	if o := p.Outcome(); o.Over() {
		if g, _ := t.r.Game(); g != p.Game {
			return Unknown, 0, false, nil
		}
		return OutcomeValue(o, p.ToMove), 0, true, nil
	}
	q, ok := t.FromCore(p)
	if !ok {
		return Unknown, 0, false, nil
	}
	c, ok, err := t.Code(q, false)
	if !ok {
		return Unknown, 0, false, err
	}
	v, d := Decode(c)
	return v, d, true, nil
}

// ProbeBound looks p up in the bound sections (where any capture counted as
// a predator win). A bound Win or Draw for the prey holds in the real game
// too (the prey can do at least that well); a bound Loss for the prey says
// nothing. ok is false where no bound section covers p.
func (t *Table) ProbeBound(p core.Position) (Value, int, bool) {
	q, ok := t.FromCore(p)
	if !ok || p.Outcome().Over() {
		return Unknown, 0, false
	}
	c, ok, _ := t.Code(q, true)
	if !ok {
		return Unknown, 0, false
	}
	v, d := Decode(c)
	return v, d, true
}

// OutcomeValue is a finished game's value for the side toMove.
func OutcomeValue(o core.Outcome, toMove core.Side) Value {
	switch {
	case o.Result == core.Draw:
		return Draw
	case (o.Result == core.PredatorWins) == (toMove == core.Predator):
		return Win
	}
	return Loss
}

// Rules returns the rules the table was built for.
func (t *Table) Rules() *Rules { return t.r }

// Path returns the file name of a game's tables in dir.
func Path(dir, game string) string { return filepath.Join(dir, game+FileExt) }

// Best returns the move that keeps the value of p with the best distance
// (the shortest win, the longest loss, a drawing move in a draw) and the
// value and plies of p. ok is false where the table does not cover p or its
// children. Ties go to the first move in core's order.
func (t *Table) Best(p core.Position) (m core.Move, v Value, plies int, ok bool) {
	return best(p, t.Probe, false)
}

func best(p core.Position, probe prober, bound bool) (m core.Move, v Value, plies int, ok bool) {
	v, plies, ok = probe(p)
	if !ok || plies == 0 && v != Draw {
		return core.Move{}, v, plies, false
	}
	var buf [core.MaxMoves]core.Move
	// Where the plies are unknown (PliesUnknown: a values-only table), a
	// move that keeps the value: from a win the shortest known win, else
	// the first; from a loss the longest resistance, an unknown one first.
	var keep core.Move
	keepD, found := 0, false
	for _, mv := range p.GenMoves(buf[:0]) {
		c := p.After(mv)
		if bound && c.Captured > p.Captured {
			continue // a capture ends a bound tier (never on a best line that wins or resists)
		}
		cv, cd, cok := probe(c)
		if !cok {
			return core.Move{}, v, plies, false
		}
		switch {
		case plies == PliesUnknown && (v == Win && cv == Loss || v == Loss && cv == Win):
			if !found || (v == Win && cd < keepD) || (v == Loss && cd > keepD) {
				keep, keepD, found = mv, cd, true
			}
		case v == Win && cv == Loss && cd == plies-1,
			v == Loss && cv == Win && cd == plies-1,
			v == Draw && cv == Draw:
			return mv, v, plies, true
		}
	}
	return keep, v, plies, found
}

// LineBound is Line in the bound sections: from a prey win, the prey's
// shortest win against the predator's longest resistance, neither side
// capturing, played as a game under core's rules (it stops when the game
// is over).
func (t *Table) LineBound(p core.Position, n int) []core.Move {
	g := core.NewGameFrom(p)
	for g.Len() < n && !g.Outcome().Over() {
		m, v, _, ok := best(g.Position(), t.boundProbe, true)
		if !ok || v == Draw || g.PlayMove(m) != nil {
			break
		}
	}
	return g.Moves()
}

// boundProbe is ProbeBound, and the outcome of a position decided by its
// pieces.
func (t *Table) boundProbe(c core.Position) (Value, int, bool) {
	if o := c.Outcome(); o.Over() {
		return OutcomeValue(o, c.ToMove), 0, true
	}
	return t.ProbeBound(c)
}

// BestBound is Best in the bound tier: the move LineBound plays from p
// (a draw's too); ok is false where the tier does not cover p or its
// children.
func (t *Table) BestBound(p core.Position) (m core.Move, ok bool) {
	m, _, _, ok = best(p, t.boundProbe, true)
	return m, ok
}

// LineBudget is how many positions Line's search for a drawn line expands
// per ply asked for (see PlayLine).
const LineBudget = 16

// Line returns the best line from p, at most n plies long: PlayLine on a
// game started at p, with a search budget of LineBudget·n positions.
func (t *Table) Line(p core.Position, n int) []core.Move {
	return t.PlayLine(core.NewGameFrom(p), n, LineBudget*n)
}

// PlayLine plays the best line on g from its position, at most n plies, and
// returns the moves it played. The line is a game under core's rules: it
// stops when the game is over (g.Outcome: the board's end, or the third
// occurrence of a position in g's record), after n plies, or where the
// table does not cover the position.
//
// From a win or a loss the line follows Best: the shortest win against the
// longest resistance. The distance falls by one every ply, so no position
// of the line repeats and the game ends as the table says, in the plies it
// says.
//
// From a draw neither side spoils it: every move keeps the draw (a move to
// a drawn position the table covers), and the line avoids repeating
// positions as long as it can find a way to. A depth-first search over the
// drawing moves, expanding at most budget positions, looks for a line of n
// plies that does not end the game and keeps the longest it finds; it tries
// the moves of a position in the order drawOrder gives (first a move that
// does not end the game, then the one to the position least often in the
// record, then the one leaving the most drawing replies to positions not
// yet in it, then core's order). Should the budget run out first, the line
// goes on from the end of the longest one found in that order, one move at
// a time. Everything is deterministic.
func (t *Table) PlayLine(g *core.Game, n, budget int) []core.Move {
	return playLine(g, n, budget, t.Probe)
}

// A prober gives the value of a position for the side to move and its
// plies, as Table.Probe does.
type prober func(core.Position) (Value, int, bool)

// playLine is PlayLine on the values probe gives.
func playLine(g *core.Game, n, budget int, probe prober) []core.Move {
	start := g.Len()
	if v, _, ok := probe(g.Position()); ok && v == Draw {
		for _, m := range drawSearch(g, n, budget, probe) {
			g.PlayMove(m)
		}
		for g.Len()-start < n && !g.Outcome().Over() {
			order := drawOrder(g, probe)
			if len(order) == 0 {
				break
			}
			g.PlayMove(order[0])
		}
		return g.Moves()[start:]
	}
	for g.Len()-start < n && !g.Outcome().Over() {
		m, _, _, ok := best(g.Position(), probe, false)
		if !ok || g.PlayMove(m) != nil {
			break
		}
	}
	return g.Moves()[start:]
}

// drawSearch is PlayLine's search in a drawn position: the longest line of
// drawing moves from g's position, at most n plies, it finds by expanding
// at most budget positions. g is left as it was.
func drawSearch(g *core.Game, n, budget int, probe prober) []core.Move {
	var longest, cur []core.Move
	var dfs func() bool // reports whether a line of n plies was found
	dfs = func() bool {
		if len(cur) > len(longest) {
			longest = append(longest[:0], cur...)
		}
		if len(cur) == n {
			return true
		}
		if budget <= 0 || g.Outcome().Over() {
			return false
		}
		budget--
		for _, m := range drawOrder(g, probe) {
			g.PlayMove(m)
			cur = append(cur, m)
			found := dfs()
			cur = cur[:len(cur)-1]
			g.Undo()
			if found || budget <= 0 {
				return found
			}
		}
		return false
	}
	dfs()
	return longest
}

// drawOrder returns the drawing moves of g's position (to a drawn position
// the table covers), best first: a move that does not end the game, then
// the one to the position least often in g's record (core's count), then
// the one after which the opponent has the most drawing replies to
// positions not yet in the record, then core's order.
func drawOrder(g *core.Game, probe prober) []core.Move {
	type cand struct {
		m   core.Move
		key [3]int // ends the game, occurrences, -fresh replies: the least first
	}
	var cs []cand
	p := g.Position()
	for _, m := range g.LegalMoves() {
		if cv, _, ok := probe(p.After(m)); !ok || cv != Draw {
			continue
		}
		g.PlayMove(m)
		c := cand{m, [3]int{0, g.Repetitions(), 0}}
		if g.Outcome().Over() {
			c.key[0] = 1
		} else {
			c.key[2] = -freshDraws(g, probe)
		}
		g.Undo()
		cs = append(cs, c)
	}
	slices.SortStableFunc(cs, func(a, b cand) int { return slices.Compare(a.key[:], b.key[:]) })
	moves := make([]core.Move, len(cs))
	for i, c := range cs {
		moves[i] = c.m
	}
	return moves
}

// freshDraws counts the moves from g's position to a drawn position that
// does not occur in g's record yet.
func freshDraws(g *core.Game, probe prober) int {
	p := g.Position()
	n := 0
	for _, m := range g.LegalMoves() {
		if cv, _, ok := probe(p.After(m)); !ok || cv != Draw {
			continue
		}
		g.PlayMove(m)
		if g.Repetitions() == 1 {
			n++
		}
		g.Undo()
	}
	return n
}

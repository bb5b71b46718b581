// Package core is the rules engine of Hunt Chess: the four boards as data,
// positions as small values, legal-move generation, apply/undo, outcomes,
// repetition and a text notation for positions and moves.
//
// It follows docs/RULES.md (the rules contract) and imports no UI code.
package core

import (
	"fmt"
	"math/bits"
)

// MaxPoints is the largest number of points on any board (Beat the Wolf).
const MaxPoints = 33

// Direction indexes the eight compass directions on the drawing grid.
// Opposite directions differ by 4.
type Direction uint8

// The eight directions, counter-clockwise from east.
const (
	East Direction = iota
	NorthEast
	North
	NorthWest
	West
	SouthWest
	South
	SouthEast
	NumDirections
)

var dirDelta = [NumDirections][2]int{
	{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1},
}

// Delta returns the (dx, dy) grid step of d, y pointing up.
func (d Direction) Delta() (dx, dy int) { return dirDelta[d][0], dirDelta[d][1] }

// Opposite returns the direction pointing the other way.
func (d Direction) Opposite() Direction { return (d + 4) % NumDirections }

// Region tells what kind of ground a point is.
type Region uint8

// Regions. RegionBoard is the ordinary playing area (the grassland in the deer game).
const (
	RegionBoard Region = iota
	RegionTrap
	RegionCliff
)

// LineKind tells how a line is drawn and who may use it.
type LineKind uint8

// Line kinds.
const (
	LineOrthogonal   LineKind = iota // drawn solid, used by every piece
	LineDiagonal                     // drawn solid, used by every piece
	LineWolfDiagonal                 // Beat the Wolf: drawn dashed, the wolf only
	LineTrap                         // Surround the Lion: joins a trap to the board
	LineCliff                        // Deer chess: a line touching the cliff
)

func (k LineKind) String() string {
	switch k {
	case LineOrthogonal:
		return "orthogonal"
	case LineDiagonal:
		return "diagonal"
	case LineWolfDiagonal:
		return "wolf-diagonal"
	case LineTrap:
		return "trap"
	case LineCliff:
		return "cliff"
	}
	return fmt.Sprintf("LineKind(%d)", uint8(k))
}

// Point is one intersection of a board.
type Point struct {
	Name   string // docs/RULES.md name: "d4", or "N" "E" "S" "W" for traps
	X, Y   int    // drawing position in board units, x to the right, y up
	Region Region
}

// Line is a drawn segment between two adjacent points.
type Line struct {
	A, B int // point indexes
	Kind LineKind
}

// Board is the geometry of one game's board, as data. The board widget draws
// from it alone; move generation uses the tables derived from it.
type Board struct {
	Points []Point
	Lines  []Line
	// Bounds of the drawing positions, in board units.
	MinX, MinY, MaxX, MaxY int
	// Gate is the deer game's gate point, -1 elsewhere.
	Gate int

	index map[string]int
	// nb[p][d] is the point joined to p by a line in direction d, or -1.
	nb   [MaxPoints][NumDirections]int8
	kind [MaxPoints][NumDirections]LineKind

	predStep [MaxPoints]uint64 // where a predator on p may step
	preyStep [MaxPoints]uint64 // where a prey piece on p may step (by line kind and region)
	// Jumps from p in direction d: over jumpOver, landing on jumpLand (bitmasks; 0 = none).
	jumpOver [MaxPoints][NumDirections]uint64
	jumpLand [MaxPoints][NumDirections]uint64
	// Lion capture: for each of the four axes through p, the two neighbours (as one mask
	// holding two bits, or 0 when the axis has not got a neighbour on both sides).
	axisPair [MaxPoints][4]uint64

	all        uint64 // every point
	traps      uint64
	cliff      uint64
	preyPoints uint64 // where prey pieces may ever stand
}

// NumPoints returns the number of points on the board.
func (b *Board) NumPoints() int { return len(b.Points) }

// Index returns the index of the point with the given name.
func (b *Board) Index(name string) (int, bool) {
	i, ok := b.index[name]
	return i, ok
}

// Neighbor returns the point joined to p by a line in direction d, with the
// line's kind; ok is false when there is no such line.
func (b *Board) Neighbor(p int, d Direction) (q int, kind LineKind, ok bool) {
	n := b.nb[p][d]
	if n < 0 {
		return -1, 0, false
	}
	return int(n), b.kind[p][d], true
}

// Mask returns the bitmask with the bits of every point of the board.
func (b *Board) Mask() uint64 { return b.all }

// TrapMask returns the bitmask of the trap points (Surround the Lion).
func (b *Board) TrapMask() uint64 { return b.traps }

// CliffMask returns the bitmask of the cliff points (deer chess).
func (b *Board) CliffMask() uint64 { return b.cliff }

// PreyMask returns the bitmask of the points prey pieces may stand on.
func (b *Board) PreyMask() uint64 { return b.preyPoints }

// boardBuilder assembles a Board from points on an integer grid and lines.
type boardBuilder struct {
	b    *Board
	at   map[[2]int]int
	prey func(from, to int, k LineKind) bool // may prey use this line
}

func newBuilder() *boardBuilder {
	return &boardBuilder{b: &Board{index: map[string]int{}, Gate: -1}, at: map[[2]int]int{}}
}

func (bb *boardBuilder) point(name string, x, y int, r Region) {
	b := bb.b
	i := len(b.Points)
	b.Points = append(b.Points, Point{Name: name, X: x, Y: y, Region: r})
	b.index[name] = i
	bb.at[[2]int{x, y}] = i
}

func (bb *boardBuilder) get(x, y int) (int, bool) {
	i, ok := bb.at[[2]int{x, y}]
	return i, ok
}

// line adds the segment between the points at (x1,y1) and (x2,y2), which must be grid neighbours.
func (bb *boardBuilder) line(x1, y1, x2, y2 int, k LineKind) {
	a, ok1 := bb.get(x1, y1)
	c, ok2 := bb.get(x2, y2)
	if !ok1 || !ok2 {
		panic(fmt.Sprintf("core: line (%d,%d)-(%d,%d) has a missing end", x1, y1, x2, y2))
	}
	bb.b.Lines = append(bb.b.Lines, Line{A: a, B: c, Kind: k})
}

func gridName(x, y int) string { return fmt.Sprintf("%c%d", 'a'+x, y+1) }

func bit(i int) uint64 { return 1 << uint(i) }

// finish derives the move tables.
func (bb *boardBuilder) finish() *Board {
	b := bb.b
	for p := range b.nb {
		for d := range b.nb[p] {
			b.nb[p][d] = -1
		}
	}
	b.MinX, b.MinY, b.MaxX, b.MaxY = 1<<30, 1<<30, -1<<30, -1<<30
	for i, pt := range b.Points {
		b.all |= bit(i)
		switch pt.Region {
		case RegionTrap:
			b.traps |= bit(i)
		case RegionCliff:
			b.cliff |= bit(i)
		}
		b.MinX, b.MaxX = min(b.MinX, pt.X), max(b.MaxX, pt.X)
		b.MinY, b.MaxY = min(b.MinY, pt.Y), max(b.MaxY, pt.Y)
	}
	b.preyPoints = b.all &^ b.traps &^ b.cliff
	for _, l := range b.Lines {
		pa, pb := b.Points[l.A], b.Points[l.B]
		dx, dy := pb.X-pa.X, pb.Y-pa.Y
		d := dirOf(dx, dy)
		if b.nb[l.A][d] >= 0 {
			panic("core: two lines from " + pa.Name + " in one direction")
		}
		b.nb[l.A][d], b.kind[l.A][d] = int8(l.B), l.Kind
		o := d.Opposite()
		b.nb[l.B][o], b.kind[l.B][o] = int8(l.A), l.Kind
	}
	for p := range b.Points {
		for d := Direction(0); d < NumDirections; d++ {
			q := b.nb[p][d]
			if q < 0 {
				continue
			}
			b.predStep[p] |= bit(int(q))
			if bb.prey(p, int(q), b.kind[p][d]) && b.preyPoints&bit(int(q)) != 0 {
				b.preyStep[p] |= bit(int(q))
			}
			if r := b.nb[q][d]; r >= 0 {
				b.jumpOver[p][d] = bit(int(q))
				b.jumpLand[p][d] = bit(int(r))
			}
		}
		for a := Direction(0); a < 4; a++ {
			q, r := b.nb[p][a], b.nb[p][a+4]
			if q >= 0 && r >= 0 {
				b.axisPair[p][a] = bit(int(q)) | bit(int(r))
			}
		}
	}
	return b
}

func dirOf(dx, dy int) Direction {
	for d := Direction(0); d < NumDirections; d++ {
		if dirDelta[d][0] == dx && dirDelta[d][1] == dy {
			return d
		}
	}
	panic(fmt.Sprintf("core: (%d,%d) is not a unit step", dx, dy))
}

// grid adds the points and lines of a w×h grid whose point (x, y) exists when
// has(x, y); orthogonal lines join every two orthogonally adjacent points and
// diag(x, y) says whether the diagonal segments starting at (x, y) towards
// (x+1, y±1) exist (with kind dk).
func (bb *boardBuilder) grid(w, h int, has func(x, y int) bool, diag func(x, y, dy int) bool, dk LineKind) {
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if has(x, y) {
				bb.point(gridName(x, y), x, y, RegionBoard)
			}
		}
	}
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			if !has(x, y) {
				continue
			}
			if has(x+1, y) {
				bb.line(x, y, x+1, y, LineOrthogonal)
			}
			if has(x, y+1) {
				bb.line(x, y, x, y+1, LineOrthogonal)
			}
			for _, dy := range []int{1, -1} {
				if has(x+1, y+dy) && diag(x, y, dy) {
					bb.line(x, y, x+1, y+dy, dk)
				}
			}
		}
	}
}

func inGrid(w, h int) func(x, y int) bool {
	return func(x, y int) bool { return x >= 0 && x < w && y >= 0 && y < h }
}

func buildBeatTheWolf() *Board {
	bb := newBuilder()
	has := func(x, y int) bool {
		return x >= 0 && x < 7 && y >= 0 && y < 7 && ((x >= 2 && x <= 4) || (y >= 2 && y <= 4))
	}
	// Both diagonals of every unit square whose four corners are points.
	square := func(x, y int) bool { return has(x, y) && has(x+1, y) && has(x, y+1) && has(x+1, y+1) }
	diag := func(x, y, dy int) bool {
		if dy > 0 {
			return square(x, y)
		}
		return square(x, y-1)
	}
	bb.grid(7, 7, has, diag, LineWolfDiagonal)
	bb.prey = func(_, _ int, k LineKind) bool { return k == LineOrthogonal }
	return bb.finish()
}

func buildWolfCarriesPig() *Board {
	bb := newBuilder()
	bb.grid(5, 5, inGrid(5, 5), func(int, int, int) bool { return true }, LineDiagonal)
	bb.prey = func(int, int, LineKind) bool { return true }
	return bb.finish()
}

func buildSurroundTheLion() *Board {
	bb := newBuilder()
	// A diagonal segment joins (f, r) and (f±1, r±1) when f+r is odd.
	bb.grid(5, 5, inGrid(5, 5), func(x, y, _ int) bool { return (x+y)%2 == 1 }, LineDiagonal)
	bb.point("N", 2, 5, RegionTrap)
	bb.point("S", 2, -1, RegionTrap)
	bb.point("W", -1, 2, RegionTrap)
	bb.point("E", 5, 2, RegionTrap)
	for _, t := range [][4]int{
		{1, 4, 2, 5}, {2, 4, 2, 5}, {3, 4, 2, 5}, // N–b5, N–c5, N–d5
		{1, 0, 2, -1}, {2, 0, 2, -1}, {3, 0, 2, -1}, // S–b1, S–c1, S–d1
		{0, 1, -1, 2}, {0, 2, -1, 2}, {0, 3, -1, 2}, // W–a2, W–a3, W–a4
		{4, 1, 5, 2}, {4, 2, 5, 2}, {4, 3, 5, 2}, // E–e2, E–e3, E–e4
	} {
		bb.line(t[0], t[1], t[2], t[3], LineTrap)
	}
	bb.prey = func(int, int, LineKind) bool { return true } // traps are excluded by region
	return bb.finish()
}

func buildDeerChess() *Board {
	bb := newBuilder()
	bb.grid(5, 5, inGrid(5, 5), func(x, y, _ int) bool { return (x+y)%2 == 0 }, LineDiagonal)
	bb.point("b6", 1, 5, RegionCliff)
	bb.point("c6", 2, 5, RegionCliff)
	bb.point("d6", 3, 5, RegionCliff)
	bb.point("c7", 2, 6, RegionCliff)
	for _, t := range [][4]int{
		{2, 4, 1, 5}, {2, 4, 2, 5}, {2, 4, 3, 5}, // c5–b6, c5–c6, c5–d6
		{1, 5, 2, 5}, {2, 5, 3, 5}, // b6–c6, c6–d6
		{1, 5, 2, 6}, {2, 5, 2, 6}, {3, 5, 2, 6}, // b6–c7, c6–c7, d6–c7
	} {
		bb.line(t[0], t[1], t[2], t[3], LineCliff)
	}
	bb.b.Gate = bb.b.index["c5"]
	bb.prey = func(_, _ int, k LineKind) bool { return k != LineCliff }
	return bb.finish()
}

// pointsOf returns the indexes of the set bits of m in increasing order.
func pointsOf(m uint64) []int {
	out := make([]int, 0, bits.OnesCount64(m))
	for m != 0 {
		out = append(out, bits.TrailingZeros64(m))
		m &= m - 1
	}
	return out
}

// Points returns the indexes of the points set in mask, in increasing order.
func Points(mask uint64) []int { return pointsOf(mask) }

// PredStepMask returns the points a predator on p may step to on an empty
// board (every line from p, traps and cliff included).
func (b *Board) PredStepMask(p int) uint64 { return b.predStep[p] }

// PreyStepMask returns the points a prey piece on p may step to on an empty
// board (the lines prey may use, ending where prey may stand).
func (b *Board) PreyStepMask(p int) uint64 { return b.preyStep[p] }

// Jump returns the predator's jump from p in direction d as the masks of the
// point jumped over and the landing point; both are 0 where there is none.
func (b *Board) Jump(p int, d Direction) (over, land uint64) {
	return b.jumpOver[p][d], b.jumpLand[p][d]
}

// AxisPair returns, for axis a (0–3: the directions a and a+4) through p, the
// mask of p's two neighbours on it, or 0 where p lacks one of them. A lion
// stepping to p captures the pair when both are dogs.
func (b *Board) AxisPair(p, a int) uint64 { return b.axisPair[p][a] }

package widgets

import (
	"math"

	"fyne.io/fyne/v2"

	"huntchess/core"
)

// Layout sizes, in board units (the distance between two neighbouring points).
const (
	// MarginUnits is the room kept around the outermost points, so that pieces
	// and highlight rings on the edge are never clipped, with the coordinate
	// labels (files below, ranks on the left) in it.
	MarginUnits = 0.8
	// PieceRadiusUnits is the radius of a piece token.
	PieceRadiusUnits = 0.36
	// MinTouchTarget is the smallest touch target of a point, in dp (device
	// independent pixels): the tap radius is at least half of it.
	MinTouchTarget = 44
)

// Layout maps a board's geometry (board units, y up) to widget coordinates
// (dp, y down) for a widget of a given size: the board is scaled uniformly
// (the aspect ratio is kept), centred, with a margin of MarginUnits. It is a
// pure value used by the renderer and by hit-testing alike.
type Layout struct {
	board *core.Board
	// Size is the widget size the layout was made for.
	Size fyne.Size
	// Unit is the length of one board unit in dp.
	Unit float32
	// Origin is the widget position of board unit (MinX, MaxY), the top-left
	// corner of the points' bounding box.
	Origin fyne.Position
	// Flipped turns the board by 180° (face to face): rank 1 at the top,
	// file a on the right.
	Flipped bool
}

// NewLayout returns the layout of board in a widget of the given size.
func NewLayout(board *core.Board, size fyne.Size) Layout {
	l := Layout{board: board, Size: size}
	if board == nil {
		return l
	}
	spanX := float32(board.MaxX-board.MinX) + 2*MarginUnits
	spanY := float32(board.MaxY-board.MinY) + 2*MarginUnits
	unit := min(size.Width/spanX, size.Height/spanY)
	if unit < 0 || math.IsNaN(float64(unit)) {
		unit = 0
	}
	l.Unit = unit
	l.Origin = fyne.NewPos(
		(size.Width-unit*spanX)/2+MarginUnits*unit,
		(size.Height-unit*spanY)/2+MarginUnits*unit,
	)
	return l
}

// Board returns the board the layout was made for.
func (l Layout) Board() *core.Board { return l.board }

// UnitPos returns the widget position of the board-unit coordinates (x, y).
func (l Layout) UnitPos(x, y float32) fyne.Position {
	if l.Flipped {
		x = float32(l.board.MinX+l.board.MaxX) - x
		y = float32(l.board.MinY+l.board.MaxY) - y
	}
	return fyne.NewPos(
		l.Origin.X+(x-float32(l.board.MinX))*l.Unit,
		l.Origin.Y+(float32(l.board.MaxY)-y)*l.Unit,
	)
}

// PointPos returns the widget position of the centre of point i.
func (l Layout) PointPos(i int) fyne.Position {
	p := l.board.Points[i]
	return l.UnitPos(float32(p.X), float32(p.Y))
}

// BoardRect returns the top-left corner and size of the board area: the
// points' bounding box with the margin around it.
func (l Layout) BoardRect() (fyne.Position, fyne.Size) {
	m := MarginUnits * l.Unit
	w := float32(l.board.MaxX-l.board.MinX)*l.Unit + 2*m
	h := float32(l.board.MaxY-l.board.MinY)*l.Unit + 2*m
	return fyne.NewPos(l.Origin.X-m, l.Origin.Y-m), fyne.NewSize(w, h)
}

// PieceRadius returns the radius of a piece token in dp.
func (l Layout) PieceRadius() float32 { return PieceRadiusUnits * l.Unit }

// HitRadius returns how far from a point a tap still selects it: half a
// board unit, but never less than half of MinTouchTarget. Where the radius
// is more than half a unit, a tap goes to the nearest point.
func (l Layout) HitRadius() float32 { return max(0.5*l.Unit, MinTouchTarget/2) }

// HitTest returns the point nearest to pos (a widget position) if it lies
// within HitRadius of it.
func (l Layout) HitTest(pos fyne.Position) (point int, ok bool) {
	if l.board == nil || l.Unit <= 0 {
		return -1, false
	}
	best, bestD := -1, float32(math.MaxFloat32)
	for i := range l.board.Points {
		c := l.PointPos(i)
		dx, dy := pos.X-c.X, pos.Y-c.Y
		if d := dx*dx + dy*dy; d < bestD {
			best, bestD = i, d
		}
	}
	r := l.HitRadius()
	if best < 0 || bestD > r*r {
		return -1, false
	}
	return best, true
}

package tablebase

// Value is the worth of a position for the side to move.
type Value int8

// Values.
const (
	Unknown Value = iota // no table covers the position
	Win
	Draw
	Loss
)

func (v Value) String() string {
	return [...]string{"unknown", "win", "draw", "loss"}[v]
}

// A code is one stored entry: the value in the top two bits, the plies to
// the end in the other fourteen.
const (
	codeDraw  = 0
	codeWin   = 1
	codeLoss  = 2
	codeNone  = 3 // a hole: no position
	maxPlies  = 1<<14 - 1
	codeNoneV = uint16(codeNone << 14)
	codeDrawV = uint16(0)
)

func mkCode(v, plies int) uint16 { return uint16(v<<14 | plies) }

func decode(c uint16) (Value, int) {
	switch c >> 14 {
	case codeWin:
		return Win, int(c & maxPlies)
	case codeLoss:
		return Loss, int(c & maxPlies)
	case codeDraw:
		return Draw, 0
	}
	return Unknown, 0
}

// fold gathers the values of a position's children (each for the child's
// side to move) into the position's own.
type fold struct {
	winMin  int // shortest win through a lost child (1<<30: none)
	lossMax int // longest loss through won children
	draw    bool
}

func newFold() fold { return fold{winMin: 1 << 30} }

func (f *fold) add(v Value, d int) {
	switch v {
	case Loss:
		f.winMin = min(f.winMin, d+1)
	case Win:
		f.lossMax = max(f.lossMax, d+1)
	default:
		f.draw = true
	}
}

// value is the position's value once every child is in; stuckDraw says a
// position without a move is drawn (else, without a move, it is lost).
func (f *fold) value(stuckDraw bool) (Value, int) {
	switch {
	case f.winMin < 1<<30:
		return Win, f.winMin
	case f.draw || stuckDraw:
		return Draw, 0
	}
	return Loss, f.lossMax
}

func (f *fold) code(stuckDraw bool) uint16 {
	switch v, d := f.value(stuckDraw); v {
	case Win:
		return mkCode(codeWin, d)
	case Loss:
		return mkCode(codeLoss, d)
	}
	return codeDrawV
}

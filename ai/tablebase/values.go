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

// Other is the value for the other side: a win is a loss, a loss a win.
func (v Value) Other() Value {
	switch v {
	case Win:
		return Loss
	case Loss:
		return Win
	}
	return v
}

// Rank orders the values for their side: a win (2) above a draw (1) above a
// loss (0; Unknown too).
func (v Value) Rank() int {
	switch v {
	case Win:
		return 2
	case Draw:
		return 1
	}
	return 0
}

// A code is one stored entry: the value in the top two bits, the plies to
// the end in the other fourteen.
const (
	CodeDraw  = 0
	CodeWin   = 1
	CodeLoss  = 2
	CodeNone  = 3 // a hole: no position
	maxPlies  = 1<<14 - 1
	CodeNoneV = uint16(CodeNone << 14)
	CodeDrawV = uint16(0)
	// PliesUnknown is the plies of a win or a loss whose distance the
	// table does not hold: an entry of a values-only section of a device
	// table (docs/formats/device-table.md), or one whose best line runs
	// through such an entry. The value itself is exact.
	PliesUnknown = maxPlies
)

// MakeCode is the code of value v (CodeWin, CodeLoss, CodeDraw) in plies.
func MakeCode(v, plies int) uint16 { return uint16(v<<14 | plies) }

// Decode is a code's value and plies (Unknown for a hole).
func Decode(c uint16) (Value, int) {
	switch c >> 14 {
	case CodeWin:
		return Win, int(c & maxPlies)
	case CodeLoss:
		return Loss, int(c & maxPlies)
	case CodeDraw:
		return Draw, 0
	}
	return Unknown, 0
}

// Fold gathers the values of a position's children (each for the child's
// side to move) into the position's own.
type Fold struct {
	WinMin  int // shortest win through a lost child (1<<30: none)
	LossMax int // longest loss through won children
	Drawn   bool
	// WinUnknown and LossUnknown say that a lost (won) child's plies were
	// PliesUnknown: the position's own plies are then unknown too.
	WinUnknown, LossUnknown bool
}

// NewFold returns a Fold without children yet.
func NewFold() Fold { return Fold{WinMin: 1 << 30} }

// Add counts a child of value v in d plies (for the child's side to move).
func (f *Fold) Add(v Value, d int) {
	switch v {
	case Loss:
		if d >= PliesUnknown {
			f.WinUnknown = true
			d = PliesUnknown - 2 // a win all the same, of unknown length
		}
		f.WinMin = min(f.WinMin, d+1)
	case Win:
		if d >= PliesUnknown {
			f.LossUnknown = true
		}
		f.LossMax = max(f.LossMax, d+1)
	default:
		f.Drawn = true
	}
}

// Value is the position's value once every child is in; stuckDraw says a
// position without a move is drawn (else, without a move, it is lost).
func (f *Fold) Value(stuckDraw bool) (Value, int) {
	switch {
	case f.WinMin < 1<<30 && f.WinUnknown:
		return Win, PliesUnknown
	case f.WinMin < 1<<30:
		return Win, f.WinMin
	case f.Drawn || stuckDraw:
		return Draw, 0
	case f.LossUnknown:
		return Loss, PliesUnknown
	}
	return Loss, f.LossMax
}

// Code is Value as a code.
func (f *Fold) Code(stuckDraw bool) uint16 {
	switch v, d := f.Value(stuckDraw); v {
	case Win:
		return MakeCode(CodeWin, d)
	case Loss:
		return MakeCode(CodeLoss, d)
	}
	return CodeDrawV
}

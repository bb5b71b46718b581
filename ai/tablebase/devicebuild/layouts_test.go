package devicebuild

import (
	"testing"

	"huntchess/ai/tablebase"
)

// Each plane MeasureLayouts measures keeps of a code what its name says
// (TestMeasureLayouts in ai/tablebase measures them on a table).
func TestPlaneCode(t *testing.T) {
	win, loss := tablebase.MakeCode(tablebase.CodeWin, 3), tablebase.MakeCode(tablebase.CodeLoss, 4)
	for _, c := range []struct {
		k       int
		in, out uint16
	}{
		{PlaneCodes, loss, loss}, {PlaneValues, loss, tablebase.CodeLoss << 14}, {PlaneValueLost, loss, loss},
		{PlaneValueLost, win, tablebase.CodeWin << 14}, {PlaneValueWon, win, win}, {PlaneValueWon, loss, tablebase.CodeLoss << 14},
		{PlaneLost, loss, 5}, {PlaneLost, win, 0}, {PlaneWon, win, 4}, {PlaneWon, tablebase.CodeDrawV, 0},
	} {
		if got := planeCode(c.k, c.in); got != c.out {
			t.Errorf("plane %s of %#x: %#x, want %#x", PlaneNames[c.k], c.in, got, c.out)
		}
	}
}

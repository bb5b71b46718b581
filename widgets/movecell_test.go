package widgets

import (
	"testing"

	"fyne.io/fyne/v2/test"
)

// A move cell shows its text, highlighted when current, and calls its tap
// function; a move number's cell is narrower.
func TestMoveCell(t *testing.T) {
	test.NewTempApp(t)
	c, num := NewMoveCell(), NewMoveNumberCell()
	w := test.NewWindow(c)
	defer w.Close()
	taps := 0
	c.Set("c5×c3", true, func() { taps++ })
	num.Set("12.", false, nil)
	if c.Text() != "c5×c3" || !c.Current() || num.Text() != "12." || num.Current() {
		t.Fatalf("cells %q %v, %q %v", c.Text(), c.Current(), num.Text(), num.Current())
	}
	test.Tap(c)
	test.Tap(num) // no tap function: nothing happens
	if taps != 1 {
		t.Fatalf("%d taps", taps)
	}
	if num.MinSize().Width >= c.MinSize().Width {
		t.Fatalf("number cell %v, move cell %v", num.MinSize(), c.MinSize())
	}
}

package widgets

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// A FitLabel shows the longest of its forms that fits whole.
func TestFitLabelShortensByDesign(t *testing.T) {
	test.NewTempApp(t)
	forms := []string{"After 5. d5×d4 · view only", "After 5. d5×d4", "5. d5×d4"}
	l := NewFitLabel(forms...)
	w := test.NewWindow(l)
	defer w.Close()
	width := func(s string) float32 { return widget.NewLabel(s).MinSize().Width }
	for i, f := range forms {
		l.Resize(fyne.NewSize(width(f)+1, 36))
		test.TempWidgetRenderer(t, l).Layout(l.Size())
		if l.Shown() != f {
			t.Errorf("at the width of form %d: %q shown", i, l.Shown())
		}
	}
	l.Resize(fyne.NewSize(20, 36))
	test.TempWidgetRenderer(t, l).Layout(l.Size())
	if l.Shown() != forms[2] {
		t.Errorf("too narrow for all: the shortest (cut), got %q", l.Shown())
	}
}

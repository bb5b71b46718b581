package widgets

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// A row of three buttons, one long, too narrow for equal columns with
// icons but wide enough for each button's own width with its icon, keeps
// the icons (and so does the group's other row): the buttons take their
// own widths and share the rest, filling the row. Narrower, every icon
// goes and the columns are equal again.
func TestButtonRowUnequalWithIcons(t *testing.T) {
	test.NewTempApp(t)
	g := NewIconGroup()
	play := widget.NewButtonWithIcon("Play", theme.MediaPlayIcon(), nil)
	rules := widget.NewButtonWithIcon("Rules", theme.HelpIcon(), nil)
	learn := widget.NewButtonWithIcon("Learn", theme.InfoIcon(), nil)
	puzzles := widget.NewButtonWithIcon("Puzzles 10/24 solved", theme.GridIcon(), nil)
	explore := widget.NewButtonWithIcon("Explore", theme.SearchIcon(), nil)
	top, bottom := g.Row(play, rules), g.Row(learn, puzzles, explore)
	row := bottom.Layout.(*buttonRow)
	three := []fyne.CanvasObject{learn, puzzles, explore}
	with, _ := row.widths(three)
	_, sum := row.natural(three, true)
	pad := theme.Padding()
	if sum >= 3*with+2*pad {
		t.Fatalf("the long button makes no difference: natural %v, equal %v", sum, 3*with+2*pad)
	}
	w := (sum + 3*with + 2*pad) / 2 // between the two
	top.Resize(fyne.NewSize(w, 40))
	bottom.Resize(fyne.NewSize(w, 40))
	for _, b := range []*widget.Button{play, rules, learn, puzzles, explore} {
		if b.Icon == nil {
			t.Errorf("%q: its icon dropped at %v (natural %v)", b.Text, w, sum)
		}
	}
	if !(puzzles.Size().Width > learn.Size().Width) {
		t.Errorf("the long button %v, not wider than %v", puzzles.Size().Width, learn.Size().Width)
	}
	if end := explore.Position().X + explore.Size().Width; end < w-0.5 || end > w+0.5 {
		t.Errorf("the row ends at %v, want %v", end, w)
	}
	if learn.Position().X+learn.Size().Width+pad > puzzles.Position().X+0.5 {
		t.Errorf("learn (%v, %v) runs into puzzles at %v", learn.Position().X, learn.Size().Width, puzzles.Position().X)
	}

	w = sum - 10
	top.Resize(fyne.NewSize(w, 40))
	bottom.Resize(fyne.NewSize(w, 40))
	for _, b := range []*widget.Button{play, rules, learn, puzzles, explore} {
		if b.Icon != nil {
			t.Errorf("%q keeps its icon at %v (natural %v)", b.Text, w, sum)
		}
	}
	if end := explore.Position().X + explore.Size().Width; end < w-0.5 || end > w+0.5 || explore.Position().Y != 0 {
		t.Errorf("without icons: the row ends at %v (y %v), want one line to %v", end, explore.Position().Y, w)
	}
}

package widgets

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"
)

// FitLabel is a one-line label that shortens by design: it is given its
// text in forms from the longest to the shortest ("After 5. d5×d4 · view
// only", "After 5. d5×d4", "5. d5×d4") and shows the longest that fits its
// width whole, never a text cut in the middle of a word. Only the shortest
// form is cut (with an ellipsis) when even it does not fit.
type FitLabel struct {
	widget.BaseWidget

	forms     []string
	TextStyle fyne.TextStyle

	label *widget.Label
}

// NewFitLabel makes a label of the forms of a text, longest first.
func NewFitLabel(forms ...string) *FitLabel {
	l := &FitLabel{forms: forms, label: widget.NewLabel("")}
	l.label.Truncation = fyne.TextTruncateEllipsis
	l.ExtendBaseWidget(l)
	return l
}

// SetForms changes the forms of the text, longest first.
func (l *FitLabel) SetForms(forms ...string) {
	l.forms = forms
	l.Refresh()
}

// Shown is the form shown at the label's width.
func (l *FitLabel) Shown() string { return l.label.Text }

// fit is the longest form that fits width w whole.
func (l *FitLabel) fit(w float32) string {
	if len(l.forms) == 0 {
		return ""
	}
	for _, f := range l.forms {
		m := widget.NewLabelWithStyle(f, fyne.TextAlignLeading, l.TextStyle)
		if m.MinSize().Width <= w {
			return f
		}
	}
	return l.forms[len(l.forms)-1]
}

// CreateRenderer is part of fyne.Widget.
func (l *FitLabel) CreateRenderer() fyne.WidgetRenderer {
	l.ExtendBaseWidget(l)
	return &fitLabelRenderer{l: l}
}

type fitLabelRenderer struct{ l *FitLabel }

func (r *fitLabelRenderer) Destroy() {}

func (r *fitLabelRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.l.label} }

func (r *fitLabelRenderer) Layout(size fyne.Size) {
	lb := r.l.label
	lb.TextStyle = r.l.TextStyle
	if t := r.l.fit(size.Width); t != lb.Text {
		lb.SetText(t)
	}
	lb.Move(fyne.NewPos(0, 0))
	lb.Resize(size)
}

// MinSize is as tall as a line, and narrow: the label gives way to what is
// beside it and picks its form at the width it gets.
func (r *fitLabelRenderer) MinSize() fyne.Size {
	h := widget.NewLabelWithStyle("", fyne.TextAlignLeading, r.l.TextStyle).MinSize()
	return fyne.NewSize(h.Height, h.Height)
}

func (r *fitLabelRenderer) Refresh() {
	r.Layout(r.l.Size())
	r.l.label.Refresh()
}

package widgets

import (
	"fmt"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/widget"
)

// Status shows the capture count against the captures needed ("Captured
// 3 / 7") and, in the deer game, the dogs in hand ("In hand 12"). The app
// passes the translated labels in.
type Status struct {
	widget.BaseWidget

	captured, needed, inHand int
	capturedLabel            string
	inHandLabel              string
	capt, hand               *widget.Label
}

// NewStatus returns an empty status line.
func NewStatus() *Status {
	s := &Status{capt: widget.NewLabel(""), hand: widget.NewLabel("")}
	s.capt.TextStyle.Bold = true
	s.hand.Hide()
	s.ExtendBaseWidget(s)
	return s
}

// Set shows captured/needed with capturedLabel before it, and inHand with
// inHandLabel before it; the in-hand part is hidden when inHandLabel is "".
func (s *Status) Set(captured, needed, inHand int, capturedLabel, inHandLabel string) {
	s.captured, s.needed, s.inHand = captured, needed, inHand
	s.capturedLabel, s.inHandLabel = capturedLabel, inHandLabel
	s.capt.SetText(s.CapturedText())
	if inHandLabel == "" {
		s.hand.Hide()
	} else {
		s.hand.SetText(s.InHandText())
		s.hand.Show()
	}
	s.Refresh()
}

// CapturedText returns the capture part as shown ("Captured 3 / 7").
func (s *Status) CapturedText() string {
	return joinLabel(s.capturedLabel, fmt.Sprintf("%d / %d", s.captured, s.needed))
}

// InHandText returns the in-hand part as shown ("In hand 12"), "" when hidden.
func (s *Status) InHandText() string {
	if s.inHandLabel == "" {
		return ""
	}
	return joinLabel(s.inHandLabel, fmt.Sprint(s.inHand))
}

func joinLabel(label, value string) string {
	if label == "" {
		return value
	}
	return label + " " + value
}

// CreateRenderer is part of fyne.Widget.
func (s *Status) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(container.NewHBox(s.capt, s.hand))
}

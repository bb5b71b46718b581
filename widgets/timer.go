package widgets

import (
	"fmt"
	"image/color"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Countdown is what a Timer shows: the turn timer's logic
// (session.Countdown).
type Countdown interface {
	Limit() time.Duration     // 0: off
	Remaining() time.Duration // the time left
	Warning() bool            // in the last seconds: shown in the warning colours
}

// Timer shows a countdown of the side to move ("0:42"), in the warning
// colours in its last seconds. It keeps no time itself: its owner ticks the
// countdown and refreshes the timer.
type Timer struct {
	widget.BaseWidget

	c         Countdown
	shownText string
	shownWarn bool
	rend      *timerRenderer
}

func (t *Timer) r() *timerRenderer { return t.rend }

// NewTimer returns a timer showing c.
func NewTimer(c Countdown) *Timer {
	t := &Timer{c: c}
	t.ExtendBaseWidget(t)
	return t
}

// Warning reports whether the countdown is in its warning state.
func (t *Timer) Warning() bool { return t.c.Warning() }

// Text returns the text shown: "m:ss", or "—" when the timer is off.
func (t *Timer) Text() string {
	if t.c.Limit() <= 0 {
		return "—"
	}
	d := t.c.Remaining()
	s := int((d + time.Second - 1) / time.Second) // round up: 0:00 only at the end
	return fmt.Sprintf("%d:%02d", s/60, s%60)
}

// CreateRenderer is part of fyne.Widget.
func (t *Timer) CreateRenderer() fyne.WidgetRenderer {
	t.ExtendBaseWidget(t)
	bg := canvas.NewRectangle(color.Transparent)
	txt := canvas.NewText("", theme.Color(theme.ColorNameForeground))
	txt.Alignment = fyne.TextAlignCenter
	txt.TextStyle = fyne.TextStyle{Bold: true}
	r := &timerRenderer{t: t, bg: bg, text: txt}
	t.rend = r
	r.Refresh()
	return r
}

type timerRenderer struct {
	t    *Timer
	bg   *canvas.Rectangle
	text *canvas.Text
}

func (r *timerRenderer) Objects() []fyne.CanvasObject { return []fyne.CanvasObject{r.bg, r.text} }
func (r *timerRenderer) Destroy()                     {}

func (r *timerRenderer) MinSize() fyne.Size {
	th := r.t.Theme()
	pad := th.Size(theme.SizeNamePadding)
	s := fyne.MeasureText("00:00", r.text.TextSize, r.text.TextStyle)
	return fyne.NewSize(s.Width+4*pad, s.Height+2*pad)
}

func (r *timerRenderer) Layout(size fyne.Size) {
	r.bg.Resize(size)
	r.bg.CornerRadius = size.Height / 4
	h := r.text.MinSize().Height
	r.text.Move(fyne.NewPos(0, (size.Height-h)/2))
	r.text.Resize(fyne.NewSize(size.Width, h))
}

func (r *timerRenderer) Refresh() {
	th := r.t.Theme()
	v := fyne.CurrentApp().Settings().ThemeVariant()
	txt, warn := r.t.Text(), r.t.Warning()
	r.text.TextSize = th.Size(theme.SizeNameSubHeadingText)
	if warn {
		r.text.Color = th.Color(theme.ColorNameForegroundOnError, v)
		r.bg.FillColor = th.Color(theme.ColorNameError, v)
	} else {
		r.text.Color = th.Color(theme.ColorNameForeground, v)
		r.bg.FillColor = th.Color(theme.ColorNameInputBackground, v)
	}
	if txt == r.t.shownText && warn == r.t.shownWarn && r.text.Text != "" {
		return
	}
	r.t.shownText, r.t.shownWarn = txt, warn
	r.text.Text = txt
	r.Layout(r.t.Size())
	canvas.Refresh(r.bg)
	canvas.Refresh(r.text)
}

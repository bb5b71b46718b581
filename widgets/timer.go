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

// WarningThreshold is when the timer turns to its warning state.
const WarningThreshold = 10 * time.Second

// Clock tells the time; tests pass a fake one.
type Clock interface{ Now() time.Time }

// SystemClock is the real clock.
type SystemClock struct{}

// Now returns time.Now().
func (SystemClock) Now() time.Time { return time.Now() }

// tickInterval is how often the real-time ticker re-reads the clock.
const tickInterval = 200 * time.Millisecond

// Timer shows the countdown of the side to move ("0:42"), turns red in the
// last WarningThreshold and calls OnExpire once when it reaches zero. With the
// system clock (NewTimer(nil) or SystemClock{}) a ticker goroutine calls Tick
// through Do (fyne.Do when nil) while the timer runs; with any other clock
// the owner calls Tick (tests do, with a fake clock).
type Timer struct {
	widget.BaseWidget
	// OnExpire is called once when the countdown reaches zero.
	OnExpire func()
	// Do, if set, runs a function on the UI goroutine: the ticker goroutine
	// hands its ticks to it. The app sets its guarded do, which drops them
	// once the app is stopping; nil means fyne.Do. Set it before Start.
	Do func(func())

	clock     Clock
	autoTick  bool
	limit     time.Duration
	deadline  time.Time     // while running
	left      time.Duration // while paused or stopped
	running   bool
	paused    bool
	expired   bool
	stopTick  chan struct{}
	shownText string
	shownWarn bool
	rend      *timerRenderer
}

func (t *Timer) r() *timerRenderer { return t.rend }

// NewTimer returns a stopped timer reading clock (nil: the system clock).
func NewTimer(clock Clock) *Timer {
	t := &Timer{clock: clock}
	if clock == nil {
		t.clock = SystemClock{}
	}
	_, t.autoTick = t.clock.(SystemClock)
	t.ExtendBaseWidget(t)
	return t
}

// Start (re)starts the countdown from limit for the side to move; a limit of
// 0 switches the timer off (it shows "—").
func (t *Timer) Start(limit time.Duration) {
	t.limit = limit
	t.expired = false
	t.paused = false
	if limit <= 0 {
		t.running = false
		t.left = 0
		t.stopTicker()
		t.Refresh()
		return
	}
	t.running = true
	t.deadline = t.clock.Now().Add(limit)
	t.left = limit
	t.startTicker()
	t.Refresh()
}

// Stop stops the countdown, keeping the time shown.
func (t *Timer) Stop() {
	if t.running && !t.paused {
		t.left = t.remainingNow()
	}
	t.running, t.paused = false, false
	t.stopTicker()
	t.Refresh()
}

// Pause holds the countdown (e.g. while a dialog is open).
func (t *Timer) Pause() {
	if !t.running || t.paused {
		return
	}
	t.left = t.remainingNow()
	t.paused = true
	t.stopTicker()
	t.Refresh()
}

// Resume continues a paused countdown.
func (t *Timer) Resume() {
	if !t.running || !t.paused {
		return
	}
	t.paused = false
	t.deadline = t.clock.Now().Add(t.left)
	t.startTicker()
	t.Refresh()
}

// Running reports whether the countdown runs (started, not paused, not expired).
func (t *Timer) Running() bool { return t.running && !t.paused && !t.expired }

// Limit returns the limit of the last Start (0: timer off).
func (t *Timer) Limit() time.Duration { return t.limit }

func (t *Timer) remainingNow() time.Duration {
	d := t.deadline.Sub(t.clock.Now())
	return max(d, 0)
}

// Remaining returns the time left.
func (t *Timer) Remaining() time.Duration {
	if t.running && !t.paused {
		return t.remainingNow()
	}
	return t.left
}

// Warning reports whether the countdown is in its last WarningThreshold.
func (t *Timer) Warning() bool {
	return t.limit > 0 && (t.running || t.expired) && t.Remaining() <= WarningThreshold
}

// Tick re-reads the clock, refreshes the display and calls OnExpire once when
// the countdown reaches zero. Call it on the UI goroutine.
func (t *Timer) Tick() {
	if t.running && !t.paused && !t.expired && t.remainingNow() <= 0 {
		t.expired = true
		t.running = false
		t.left = 0
		t.stopTicker()
		t.Refresh()
		if t.OnExpire != nil {
			t.OnExpire()
		}
		return
	}
	t.Refresh()
}

func (t *Timer) startTicker() {
	if !t.autoTick || t.stopTick != nil {
		return
	}
	stop := make(chan struct{})
	t.stopTick = stop
	do := t.Do
	if do == nil {
		do = fyne.Do
	}
	go func() {
		tk := time.NewTicker(tickInterval)
		defer tk.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tk.C:
				do(func() {
					if t.stopTick == stop {
						t.Tick()
					}
				})
			}
		}
	}()
}

func (t *Timer) stopTicker() {
	if t.stopTick != nil {
		close(t.stopTick)
		t.stopTick = nil
	}
}

// Text returns the text shown: "m:ss", or "—" when the timer is off.
func (t *Timer) Text() string {
	if t.limit <= 0 {
		return "—"
	}
	d := t.Remaining()
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

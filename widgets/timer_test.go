package widgets

import (
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"huntchess/session"
)

type fakeClock struct{ now time.Time }

func (c *fakeClock) Now() time.Time          { return c.now }
func (c *fakeClock) Advance(d time.Duration) { c.now = c.now.Add(d) }

func TestTimerWarningAndExpiry(t *testing.T) {
	test.NewTempApp(t)
	clk := &fakeClock{now: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)}
	c := session.NewCountdown(clk)
	tm := NewTimer(c)
	w := test.NewWindow(tm)
	defer w.Close()
	fired := 0
	c.OnExpire = func() { fired++ }
	// The owner ticks the countdown and refreshes the view.
	tick := func() { c.Tick(); tm.Refresh() }

	if tm.Text() != "—" || tm.Warning() || c.Remaining() != 0 {
		t.Fatalf("stopped timer: %q warning=%v", tm.Text(), tm.Warning())
	}
	c.Start(30 * time.Second)
	tm.Refresh()
	if tm.Text() != "0:30" || tm.Warning() || !c.Running() {
		t.Fatalf("started: %q warning=%v", tm.Text(), tm.Warning())
	}
	clk.Advance(19*time.Second + 500*time.Millisecond)
	tick()
	if c.Remaining() != 10500*time.Millisecond || tm.Warning() || tm.Text() != "0:11" {
		t.Fatalf("at 10.5 s left: %v %q warning=%v", c.Remaining(), tm.Text(), tm.Warning())
	}
	clk.Advance(500 * time.Millisecond)
	tick()
	if !tm.Warning() || tm.Text() != "0:10" {
		t.Fatalf("at 10 s left: %q warning=%v", tm.Text(), tm.Warning())
	}
	if r := tm.r(); r == nil || r.text.Text != "0:10" {
		t.Fatal("display not refreshed")
	}

	// Paused time does not count.
	c.Pause()
	tm.Refresh()
	clk.Advance(time.Minute)
	tick()
	if c.Remaining() != 10*time.Second || fired != 0 {
		t.Fatalf("paused: %v left, fired %d", c.Remaining(), fired)
	}
	c.Resume()
	tm.Refresh()
	clk.Advance(9 * time.Second)
	tick()
	if fired != 0 || tm.Text() != "0:01" {
		t.Fatalf("1 s left: fired %d, %q", fired, tm.Text())
	}
	clk.Advance(2 * time.Second)
	tick()
	tick()
	if fired != 1 {
		t.Fatalf("OnExpire fired %d times, want once", fired)
	}
	if c.Remaining() != 0 || tm.Text() != "0:00" || !tm.Warning() || c.Running() {
		t.Fatalf("expired: %v %q warning=%v running=%v", c.Remaining(), tm.Text(), tm.Warning(), c.Running())
	}

	// A restart for the next turn clears the expiry and the warning.
	c.Start(time.Minute)
	tm.Refresh()
	if tm.Warning() || tm.Text() != "1:00" {
		t.Fatalf("restarted: %q warning=%v", tm.Text(), tm.Warning())
	}
	clk.Advance(30 * time.Second)
	c.Stop()
	tm.Refresh()
	clk.Advance(time.Hour)
	tick()
	if fired != 1 || c.Remaining() != 30*time.Second {
		t.Fatalf("stopped: fired %d, %v left", fired, c.Remaining())
	}
	c.Start(0)
	tm.Refresh()
	if tm.Text() != "—" || tm.Warning() || c.Running() {
		t.Fatalf("off: %q", tm.Text())
	}
}

func TestStatus(t *testing.T) {
	test.NewTempApp(t)
	s := NewStatus()
	w := test.NewWindow(s)
	defer w.Close()
	s.Set(3, 7, 0, "Captured", "")
	if s.CapturedText() != "Captured 3 / 7" || s.InHandText() != "" || s.hand.Visible() {
		t.Fatalf("%q %q", s.CapturedText(), s.InHandText())
	}
	s.Set(2, 7, 12, "已吃", "手中")
	if s.CapturedText() != "已吃 2 / 7" || s.InHandText() != "手中 12" || !s.hand.Visible() {
		t.Fatalf("%q %q", s.CapturedText(), s.InHandText())
	}
	if s.capt.Text != "已吃 2 / 7" || s.hand.Text != "手中 12" {
		t.Fatal("labels not updated")
	}
}

package widgets

import (
	"testing"
	"time"

	"fyne.io/fyne/v2/test"
)

type fakeClock struct{ now time.Time }

func (c *fakeClock) Now() time.Time          { return c.now }
func (c *fakeClock) Advance(d time.Duration) { c.now = c.now.Add(d) }

func TestTimerWarningAndExpiry(t *testing.T) {
	test.NewTempApp(t)
	clk := &fakeClock{now: time.Date(2026, 1, 1, 12, 0, 0, 0, time.UTC)}
	tm := NewTimer(clk)
	w := test.NewWindow(tm)
	defer w.Close()
	fired := 0
	tm.OnExpire = func() { fired++ }

	if tm.Text() != "—" || tm.Warning() || tm.Remaining() != 0 {
		t.Fatalf("stopped timer: %q warning=%v", tm.Text(), tm.Warning())
	}
	tm.Start(30 * time.Second)
	if tm.Text() != "0:30" || tm.Warning() || !tm.Running() {
		t.Fatalf("started: %q warning=%v", tm.Text(), tm.Warning())
	}
	clk.Advance(19*time.Second + 500*time.Millisecond)
	tm.Tick()
	if tm.Remaining() != 10500*time.Millisecond || tm.Warning() || tm.Text() != "0:11" {
		t.Fatalf("at 10.5 s left: %v %q warning=%v", tm.Remaining(), tm.Text(), tm.Warning())
	}
	clk.Advance(500 * time.Millisecond)
	tm.Tick()
	if !tm.Warning() || tm.Text() != "0:10" {
		t.Fatalf("at 10 s left: %q warning=%v", tm.Text(), tm.Warning())
	}
	if r := tm.r(); r == nil || r.text.Text != "0:10" {
		t.Fatal("display not refreshed")
	}

	// Paused time does not count.
	tm.Pause()
	clk.Advance(time.Minute)
	tm.Tick()
	if tm.Remaining() != 10*time.Second || fired != 0 {
		t.Fatalf("paused: %v left, fired %d", tm.Remaining(), fired)
	}
	tm.Resume()
	clk.Advance(9 * time.Second)
	tm.Tick()
	if fired != 0 || tm.Text() != "0:01" {
		t.Fatalf("1 s left: fired %d, %q", fired, tm.Text())
	}
	clk.Advance(2 * time.Second)
	tm.Tick()
	tm.Tick()
	if fired != 1 {
		t.Fatalf("OnExpire fired %d times, want once", fired)
	}
	if tm.Remaining() != 0 || tm.Text() != "0:00" || !tm.Warning() || tm.Running() {
		t.Fatalf("expired: %v %q warning=%v running=%v", tm.Remaining(), tm.Text(), tm.Warning(), tm.Running())
	}

	// A restart for the next turn clears the expiry and the warning.
	tm.Start(time.Minute)
	if tm.Warning() || tm.Text() != "1:00" {
		t.Fatalf("restarted: %q warning=%v", tm.Text(), tm.Warning())
	}
	clk.Advance(30 * time.Second)
	tm.Stop()
	clk.Advance(time.Hour)
	tm.Tick()
	if fired != 1 || tm.Remaining() != 30*time.Second {
		t.Fatalf("stopped: fired %d, %v left", fired, tm.Remaining())
	}
	tm.Start(0)
	if tm.Text() != "—" || tm.Warning() || tm.Running() {
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

// TestTimerTicksThroughDo: with the system clock the ticker goroutine hands
// its ticks to Timer.Do (the app's guarded do).
func TestTimerTicksThroughDo(t *testing.T) {
	test.NewTempApp(t)
	tm := NewTimer(nil)
	w := test.NewWindow(tm)
	defer w.Close()
	calls := make(chan func(), 1)
	tm.Do = func(f func()) {
		select {
		case calls <- f:
		default: // a tick is already waiting
		}
	}
	tm.Start(time.Minute)
	defer tm.Stop()
	select {
	case f := <-calls:
		f() // on the test goroutine, as Do would on the UI goroutine
	case <-time.After(5 * time.Second):
		t.Fatal("the ticker did not call Do")
	}
	if !tm.Running() {
		t.Fatal("the timer stopped")
	}
}

package session

import "time"

// WarningThreshold is when a countdown turns to its warning state.
const WarningThreshold = 10 * time.Second

// Clock tells the time; tests pass a fake one.
type Clock interface{ Now() time.Time }

// SystemClock is the real clock.
type SystemClock struct{}

// Now returns time.Now().
func (SystemClock) Now() time.Time { return time.Now() }

// Countdown is the turn timer's logic: the time left of the side to move,
// its warning in the last WarningThreshold, and OnExpire called once when it
// reaches zero. It is a Timer for the session. Its owner calls Tick (on the
// UI goroutine) to re-read the clock; the view (widgets.Timer) shows it.
type Countdown struct {
	// OnExpire is called once, from Tick, when the countdown reaches zero.
	OnExpire func()

	clock    Clock
	limit    time.Duration
	deadline time.Time     // while running
	left     time.Duration // while paused or stopped
	running  bool
	paused   bool
	expired  bool
}

// NewCountdown returns a stopped countdown reading clock (nil: the system clock).
func NewCountdown(clock Clock) *Countdown {
	if clock == nil {
		clock = SystemClock{}
	}
	return &Countdown{clock: clock}
}

// Start (re)starts the countdown from limit for the side to move; a limit of
// 0 switches it off.
func (c *Countdown) Start(limit time.Duration) {
	c.limit = limit
	c.expired = false
	c.paused = false
	if limit <= 0 {
		c.running = false
		c.left = 0
		return
	}
	c.running = true
	c.deadline = c.clock.Now().Add(limit)
	c.left = limit
}

// Stop stops the countdown, keeping the time left.
func (c *Countdown) Stop() {
	if c.running && !c.paused {
		c.left = c.remainingNow()
	}
	c.running, c.paused = false, false
}

// Pause holds the countdown (e.g. while another screen covers the game).
func (c *Countdown) Pause() {
	if !c.running || c.paused {
		return
	}
	c.left = c.remainingNow()
	c.paused = true
}

// Resume continues a paused countdown.
func (c *Countdown) Resume() {
	if !c.running || !c.paused {
		return
	}
	c.paused = false
	c.deadline = c.clock.Now().Add(c.left)
}

// Running reports whether the countdown runs (started, not paused, not expired).
func (c *Countdown) Running() bool { return c.running && !c.paused && !c.expired }

// Limit returns the limit of the last Start (0: off).
func (c *Countdown) Limit() time.Duration { return c.limit }

func (c *Countdown) remainingNow() time.Duration {
	return max(c.deadline.Sub(c.clock.Now()), 0)
}

// Remaining returns the time left.
func (c *Countdown) Remaining() time.Duration {
	if c.running && !c.paused {
		return c.remainingNow()
	}
	return c.left
}

// Warning reports whether the countdown is in its last WarningThreshold.
func (c *Countdown) Warning() bool {
	return c.limit > 0 && (c.running || c.expired) && c.Remaining() <= WarningThreshold
}

// Tick re-reads the clock and calls OnExpire once when the countdown
// reaches zero.
func (c *Countdown) Tick() {
	if c.running && !c.paused && !c.expired && c.remainingNow() <= 0 {
		c.expired = true
		c.running = false
		c.left = 0
		if c.OnExpire != nil {
			c.OnExpire()
		}
	}
}

package session

import "time"

// Watch mode (the engine plays itself): the player can pause it, play one
// move at a time while paused, and choose the speed.

// WatchSpeeds are the speeds of watch mode: the least time per move, with
// the message ID of its label. The middle one is the default (Env.WatchDelay).
var WatchSpeeds = []struct {
	Delay time.Duration
	ID    string
}{
	{1500 * time.Millisecond, "watch.speed_slow"},
	{0, "watch.speed_normal"}, // Env.WatchDelay
	{200 * time.Millisecond, "watch.speed_fast"},
}

// Watching reports whether the engine plays both sides.
func (s *Session) Watching() bool { return s.engine(0) && s.engine(1) }

// Held reports whether watch mode is paused by the player.
func (s *Session) Held() bool { return s.held }

// WatchDelay is the least time per move in watch mode; none for a step.
func (s *Session) WatchDelay() time.Duration {
	switch {
	case s.held:
		return 0
	case s.watchSpeed != 0:
		return s.watchSpeed
	}
	return s.env.WatchDelay
}

// Hold pauses watch mode: the search in progress is dropped.
func (s *Session) Hold() {
	if !s.Watching() || s.held {
		return
	}
	s.held = true
	if s.thinking {
		s.stopSearches()
	}
	s.Hooks.refresh()
}

// Release goes on after Hold.
func (s *Session) Release() {
	if !s.held {
		return
	}
	s.held = false
	if !s.paused && !s.Over() && !s.thinking {
		s.startEngine()
	}
	s.Hooks.refresh()
}

// Step plays the next move while watch mode is paused.
func (s *Session) Step() {
	if !s.held || s.paused || s.Over() || s.thinking {
		return
	}
	s.startEngine()
	s.Hooks.refresh()
}

// SpeedIndex is the index in WatchSpeeds of the speed chosen.
func (s *Session) SpeedIndex() int {
	for i, sp := range WatchSpeeds {
		if sp.Delay == s.watchSpeed {
			return i
		}
	}
	return 1
}

// NextSpeed switches to the next speed (slow → normal → fast → slow). It
// applies from the next move.
func (s *Session) NextSpeed() {
	s.watchSpeed = WatchSpeeds[(s.SpeedIndex()+1)%len(WatchSpeeds)].Delay
	s.Hooks.refresh()
}

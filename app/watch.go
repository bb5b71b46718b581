package app

import (
	"time"

	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"huntchess/translations"
)

// Watch mode (the AI plays itself): the player can pause it, play one move
// at a time while paused, and choose the speed.

// watchSpeeds are the speeds of watch mode: the least time per move, with
// the ID of its label. The middle one is the default (Options.WatchDelay).
var watchSpeeds = []struct {
	delay time.Duration
	id    string
}{
	{1500 * time.Millisecond, "watch.speed_slow"},
	{0, "watch.speed_normal"}, // env.watchDelay
	{200 * time.Millisecond, "watch.speed_fast"},
}

// watchDelay is the least time per move in watch mode; none for a step.
func (t *turns) watchDelay() time.Duration {
	switch {
	case t.held:
		return 0
	case t.watchSpeed != 0:
		return t.watchSpeed
	}
	return t.env.watchDelay
}

// hold pauses watch mode: the search in progress is dropped.
func (t *turns) hold() {
	if t.mode != ModeWatch || t.held {
		return
	}
	t.held = true
	if t.thinking {
		t.stopSearches()
	}
	t.hooks.refresh()
}

// release goes on after hold.
func (t *turns) release() {
	if !t.held {
		return
	}
	t.held = false
	if !t.paused && !t.over() && !t.thinking {
		t.startAI()
	}
	t.hooks.refresh()
}

// step plays the next move while watch mode is paused.
func (t *turns) step() {
	if !t.held || t.paused || t.over() || t.thinking {
		return
	}
	t.startAI()
	t.hooks.refresh()
}

// speedIndex is the index in watchSpeeds of the speed chosen.
func (t *turns) speedIndex() int {
	for i, sp := range watchSpeeds {
		if sp.delay == t.watchSpeed {
			return i
		}
	}
	return 1
}

// nextSpeed switches to the next speed (slow → normal → fast → slow). It
// applies from the next move.
func (t *turns) nextSpeed() {
	t.watchSpeed = watchSpeeds[(t.speedIndex()+1)%len(watchSpeeds)].delay
	t.hooks.refresh()
}

// watchButtons are the pause/play, step and speed buttons of watch mode.
func (s *gameScreen) watchButtons() []*widget.Button {
	s.holdBtn = widget.NewButtonWithIcon(translations.T("watch.pause"), theme.MediaPauseIcon(), func() {
		if s.held {
			s.release()
		} else {
			s.hold()
		}
	})
	s.stepBtn = widget.NewButtonWithIcon(translations.T("watch.step"), theme.MediaSkipNextIcon(), s.step)
	s.speedBtn = widget.NewButtonWithIcon("", theme.MediaFastForwardIcon(), s.nextSpeed)
	return []*widget.Button{s.holdBtn, s.stepBtn, s.speedBtn}
}

// refreshWatch sets the watch buttons' texts and states.
func (s *gameScreen) refreshWatch() {
	if s.holdBtn == nil {
		return
	}
	text, icon := translations.T("watch.pause"), theme.MediaPauseIcon()
	if s.held {
		text, icon = translations.T("watch.play"), theme.MediaPlayIcon()
	}
	s.holdBtn.SetText(text)
	if s.holdBtn.Icon != nil { // none while a narrow row drops the icons (buttonRow)
		s.holdBtn.SetIcon(icon)
	}
	setEnabled(s.holdBtn, !s.over())
	setEnabled(s.stepBtn, s.held && !s.over() && !s.thinking)
	s.speedBtn.SetText(translations.T(watchSpeeds[s.speedIndex()].id))
}

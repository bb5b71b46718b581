package app

import (
	"time"

	"huntchess/app/sound"
	"huntchess/core"
)

// lowTimeAt is the time left on the player's turn timer when the low-time
// sound plays (once a turn); then a tick each second to the end.
const lowTimeAt = 10 * time.Second

// playSound plays a sound when the setting is on.
func (a *App) playSound(name string) {
	if name != "" && a.settings.Sound && a.opts.Sound != nil {
		a.opts.Sound.Play(name)
	}
}

// moveSoundFor is the sound of a move: placement, capture, move; none for a
// pass or no move (undo).
func moveSoundFor(m core.Move) string {
	switch {
	case m.Kind == core.MovePlace:
		return sound.Place
	case m.Capt != 0:
		return sound.Capture
	case m.Kind == core.MoveStep || m.Kind == core.MoveJump:
		return sound.Move
	}
	return ""
}

// moveSound sounds the move shown (the Position hook); a new turn may warn
// of low time again.
func (s *gameScreen) moveSound(last core.Move) {
	s.lowTick = 0
	s.a.playSound(moveSoundFor(last))
}

// lowTimeSound warns when the player's timer runs low: the low-time sound
// at lowTimeAt left, then a tick at each whole second left.
func (s *gameScreen) lowTimeSound() {
	if !s.sess.HumanTurn() || s.sess.Paused() || s.a.settings.Timer == 0 {
		return
	}
	left := s.timer.Remaining()
	if left <= 0 || left > lowTimeAt {
		return
	}
	sec := int((left + time.Second - 1) / time.Second) // as the clock shows it
	switch {
	case s.lowTick == 0:
		s.a.playSound(sound.LowTime)
	case sec < s.lowTick:
		s.a.playSound(sound.Tick)
	default:
		return
	}
	s.lowTick = sec
}

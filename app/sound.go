package app

import (
	"encoding/binary"
	"math"
	"sync"
	"time"

	"huntchess/core"
)

// Sounds: a move, a capture, a placement, low time on the player's timer,
// the end of a game. They are short tones the app synthesizes itself (no
// recordings, nothing to license), played through oto (sound_oto.go) where
// there is an audio device, and not at all where there is none. The setting
// Settings.Sound (on by default) switches them off.

// Sound names.
const (
	SoundMove     = "move"
	SoundCapture  = "capture"
	SoundPlace    = "place"
	SoundLowTime  = "low-time"
	SoundTick     = "tick" // each second of the last lowTimeAt
	SoundGameOver = "game-over"
)

// lowTimeAt is the time left on the player's turn timer when the low-time
// sound plays (once a turn); then a tick each second to the end.
const lowTimeAt = 10 * time.Second

// SoundPlayer plays a sound by name. Play must return at once and never
// fail: no device means silence.
type SoundPlayer interface{ Play(name string) }

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
		return SoundPlace
	case m.Capt != 0:
		return SoundCapture
	case m.Kind == core.MoveStep || m.Kind == core.MoveJump:
		return SoundMove
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
		s.a.playSound(SoundLowTime)
	case sec < s.lowTick:
		s.a.playSound(SoundTick)
	default:
		return
	}
	s.lowTick = sec
}

// ---- synthesis -------------------------------------------------------------------

// soundRate is the sample rate of the sounds (mono, signed 16-bit little endian).
const soundRate = 44100

// tone is one note of a sound: frequency, length, loudness (0–1).
type tone struct {
	hz   float64
	dur  time.Duration
	gain float64
}

// soundTones are the notes of each sound.
var soundTones = map[string][]tone{
	SoundMove:     {{520, 70 * time.Millisecond, 0.35}},
	SoundPlace:    {{880, 60 * time.Millisecond, 0.3}},
	SoundCapture:  {{660, 80 * time.Millisecond, 0.4}, {440, 120 * time.Millisecond, 0.4}},
	SoundLowTime:  {{1000, 80 * time.Millisecond, 0.3}, {0, 60 * time.Millisecond, 0}, {1000, 80 * time.Millisecond, 0.3}},
	SoundTick:     {{1600, 45 * time.Millisecond, 0.18}},
	SoundGameOver: {{523, 120 * time.Millisecond, 0.35}, {659, 120 * time.Millisecond, 0.35}, {784, 260 * time.Millisecond, 0.35}},
}

var (
	synthMu    sync.Mutex
	synthCache = map[string][]byte{}
)

// synth returns the PCM samples of a sound (nil for an unknown name): each
// note a sine with a short attack and an exponential decay, so nothing clicks.
func synth(name string) []byte {
	synthMu.Lock()
	defer synthMu.Unlock()
	if b, ok := synthCache[name]; ok {
		return b
	}
	tones, ok := soundTones[name]
	if !ok {
		return nil
	}
	var out []byte
	for _, t := range tones {
		n := int(t.dur.Seconds() * soundRate)
		attack := float64(soundRate) * 0.004
		for i := 0; i < n; i++ {
			env := math.Exp(-4 * float64(i) / float64(n))
			if f := float64(i) / attack; f < 1 {
				env *= f
			}
			if tail := float64(n-i) / attack; tail < 1 {
				env *= tail
			}
			v := t.gain * env * math.Sin(2*math.Pi*t.hz*float64(i)/soundRate)
			out = binary.LittleEndian.AppendUint16(out, uint16(int16(v*math.MaxInt16)))
		}
	}
	synthCache[name] = out
	return out
}

// soundLength is how long the samples b play.
func soundLength(b []byte) time.Duration {
	return time.Duration(len(b)/2) * time.Second / soundRate
}

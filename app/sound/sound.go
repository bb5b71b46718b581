// Package sound is the app's sounds: a move, a capture, a placement, low
// time on the player's timer, the end of a game. They are short tones the app synthesizes itself (no
// recordings, nothing to license), played through oto (oto.go) where
// there is an audio device, and not at all where there is none. The app's
// setting Settings.Sound (on by default) switches them off.
package sound

import (
	"encoding/binary"
	"math"
	"sync"
	"time"
)

// Sound names.
const (
	Move     = "move"
	Capture  = "capture"
	Place    = "place"
	LowTime  = "low-time"
	Tick     = "tick" // each second of the last seconds of a turn
	GameOver = "game-over"
)

// Player plays a sound by name. Play must return at once and never fail:
// no device means silence.
type Player interface{ Play(name string) }

// rate is the sample rate of the sounds (mono, signed 16-bit little endian).
const rate = 44100

// tone is one note of a sound: frequency, length, loudness (0–1).
type tone struct {
	hz   float64
	dur  time.Duration
	gain float64
}

// tones are the notes of each sound.
var tones = map[string][]tone{
	Move:     {{520, 70 * time.Millisecond, 0.35}},
	Place:    {{880, 60 * time.Millisecond, 0.3}},
	Capture:  {{660, 80 * time.Millisecond, 0.4}, {440, 120 * time.Millisecond, 0.4}},
	LowTime:  {{1000, 80 * time.Millisecond, 0.3}, {0, 60 * time.Millisecond, 0}, {1000, 80 * time.Millisecond, 0.3}},
	Tick:     {{1600, 45 * time.Millisecond, 0.18}},
	GameOver: {{523, 120 * time.Millisecond, 0.35}, {659, 120 * time.Millisecond, 0.35}, {784, 260 * time.Millisecond, 0.35}},
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
	tones, ok := tones[name]
	if !ok {
		return nil
	}
	var out []byte
	for _, t := range tones {
		n := int(t.dur.Seconds() * rate)
		attack := float64(rate) * 0.004
		for i := 0; i < n; i++ {
			env := math.Exp(-4 * float64(i) / float64(n))
			if f := float64(i) / attack; f < 1 {
				env *= f
			}
			if tail := float64(n-i) / attack; tail < 1 {
				env *= tail
			}
			v := t.gain * env * math.Sin(2*math.Pi*t.hz*float64(i)/rate)
			out = binary.LittleEndian.AppendUint16(out, uint16(int16(v*math.MaxInt16)))
		}
	}
	synthCache[name] = out
	return out
}

// length is how long the samples b play.
func length(b []byte) time.Duration {
	return time.Duration(len(b)/2) * time.Second / rate
}

package sound

import (
	"testing"
	"time"
)

// The sounds are short, non-empty, and never clip.
func TestSynthesizedSounds(t *testing.T) {
	for _, name := range []string{Move, Capture, Place, LowTime, Tick, GameOver} {
		b := synth(name)
		if len(b) == 0 || len(b)%2 != 0 {
			t.Fatalf("%s: %d bytes", name, len(b))
		}
		if d := length(b); d < 40*time.Millisecond || d > time.Second {
			t.Fatalf("%s lasts %v", name, d)
		}
		if b[0] != 0 || b[1] != 0 {
			t.Fatalf("%s starts at %d, not silence (a click)", name, int16(uint16(b[0])|uint16(b[1])<<8))
		}
	}
	if synth("nope") != nil {
		t.Fatal("an unknown sound is nothing")
	}
}

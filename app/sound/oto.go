//go:build !ci

package sound

import (
	"bytes"
	"runtime"
	"sync"
	"time"

	"github.com/ebitengine/oto/v3"
)

// otoSound plays the sounds through oto (Android, iOS, Linux/ALSA, macOS,
// Windows). The audio context opens at the first sound; if it cannot (no
// device), every sound is silence.
type otoSound struct {
	once sync.Once
	ctx  *oto.Context
}

// New is the device's sound player (tests: ci.go).
func New() Player { return &otoSound{} }

func (o *otoSound) open() {
	defer func() { _ = recover() }() // a broken audio stack means silence
	quietAudio()
	ctx, ready, err := oto.NewContext(&oto.NewContextOptions{
		SampleRate: rate, ChannelCount: 1, Format: oto.FormatSignedInt16LE,
	})
	if err != nil {
		return
	}
	select {
	case <-ready:
		o.ctx = ctx
	case <-time.After(3 * time.Second):
	}
}

// Play is part of Player: the sound plays in the background.
func (o *otoSound) Play(name string) {
	data := synth(name)
	if data == nil {
		return
	}
	go func() {
		defer func() { _ = recover() }()
		o.once.Do(o.open)
		if o.ctx == nil {
			return
		}
		p := o.ctx.NewPlayer(bytes.NewReader(data))
		p.Play()
		time.Sleep(length(data) + 200*time.Millisecond)
		// Reachable until the sound has played: oto closes a player
		// once it is garbage.
		runtime.KeepAlive(p)
	}()
}

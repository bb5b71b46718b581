//go:build linux && !android && !ci

package sound

import (
	"bytes"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/ebitengine/oto/v3"
)

// Run without -tags ci (the tests' build has no sound):
//
//	go test -count=1 -run TestQuietAudioSilencesJACK ./app/sound/
//
// Every start printed five lines of JACK's on stderr
// ("jack server is not running or cannot be started" …) where ALSA's jack
// device is configured and no JACK server runs (a machine without a sound
// card tries every device). The test opens the audio as the app does, in
// a child process: without quietAudio JACK speaks (else the machine has no
// JACK device to try, and the test is skipped); with it, no line of
// ALSA's or JACK's reaches stderr.
func TestQuietAudioSilencesJACK(t *testing.T) {
	if mode := os.Getenv("HUNTCHESS_AUDIO_CHILD"); mode != "" {
		if mode == "quiet" {
			quietAudio()
		}
		ctx, ready, err := oto.NewContext(&oto.NewContextOptions{SampleRate: rate, ChannelCount: 1, Format: oto.FormatSignedInt16LE})
		if err == nil {
			select {
			case <-ready:
			case <-time.After(10 * time.Second):
			}
			_ = ctx
		}
		return
	}
	child := func(mode string) string {
		cmd := exec.Command(os.Args[0], "-test.run=^TestQuietAudioSilencesJACK$", "-test.count=1")
		cmd.Env = append(os.Environ(), "HUNTCHESS_AUDIO_CHILD="+mode)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		if err := cmd.Run(); err != nil {
			t.Fatalf("%s: %v\n%s", mode, err, stderr.String())
		}
		return stderr.String()
	}
	loud := child("loud")
	if !strings.Contains(strings.ToLower(loud), "jack") {
		t.Skipf("no JACK device tried here (stderr without quietAudio: %q)", loud)
	}
	// Only the audio's lines: the test binary's own (Fyne's locale notice)
	// are not the audio's.
	audio := func(s string) (lines []string) {
		for _, l := range strings.Split(s, "\n") {
			if ll := strings.ToLower(l); strings.Contains(ll, "jack") || strings.Contains(ll, "alsa") {
				lines = append(lines, l)
			}
		}
		return lines
	}
	t.Logf("without quietAudio: %d lines of ALSA's and JACK's on stderr", len(audio(loud)))
	if quiet := audio(child("quiet")); len(quiet) > 0 {
		t.Errorf("with quietAudio, stderr still says:\n%s", strings.Join(quiet, "\n"))
	}
}

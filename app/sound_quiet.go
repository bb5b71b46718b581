//go:build !(linux && !android) && !ci

package app

// quietAudio: only ALSA (Linux) prints its errors.
func quietAudio() {}

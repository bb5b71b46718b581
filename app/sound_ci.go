//go:build ci

package app

// newSystemSound is silent in the tests (-tags ci: no audio device, and the
// tests stay deterministic); they pass their own SoundPlayer to check which
// sound each event asks for.
func newSystemSound() SoundPlayer { return nil }

package app

import (
	"fyne.io/fyne/v2"

	"huntchess/storage"
)

// DefaultWindowSize is the window's size at the first start.
var DefaultWindowSize = fyne.NewSize(1024, 720)

func validWindowSize(s fyne.Size) bool {
	return s.Width >= 320 && s.Height >= 320 && s.Width <= 10000 && s.Height <= 10000
}

// loadWindowSize is the window's size at the last exit, or the default.
func loadWindowSize(p storage.Prefs) fyne.Size {
	s := fyne.NewSize(float32(p.FloatWithFallback(storage.KeyWindowWidth, 0)), float32(p.FloatWithFallback(storage.KeyWindowHeight, 0)))
	if !validWindowSize(s) {
		return DefaultWindowSize
	}
	return s
}

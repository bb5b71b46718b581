// Package storage keeps what the app stores on the device: the game in
// progress (SavedGame, saved after every move), the settings, statistics and
// progress (the Vault, read through Settings, Stats and the progress
// functions), and the history of finished games (History). Each is a file
// of its own in the app's storage folder, written off the caller's
// goroutine, in order and atomically, with the previous good copy kept
// beside it and a checksum to tell a garbled file; where the app has no
// folder (the browser), the preferences (Prefs) keep it. A damaged file is
// read from its other copy, and said (Recovery), never silently reset.
//
// It knows the games (core), the levels and modes (match), the lessons and
// the puzzles only to check what it reads, and nothing of the screens or
// the turns.
package storage

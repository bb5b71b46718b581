package tables

import (
	"sync"

	"huntchess/core"
)

// Holds: the owner's tables are reference counted by game. Whoever probes
// a game's table or bound table for a while (the engine for each move it
// chooses, a screen of the game while it is open) holds the game's files
// (Hold) and releases them when done. A table the owner lets go of (the
// pack installed or deleted took its place: replace, forgetBound) is
// closed by the last release of its game, or at once where none holds
// it; no timer. A holder may probe any table of the game it was handed
// while it holds it: none of them is closed under it.

// Hold keeps every table and bound table of game id that the owner hands
// out from now on open until release is called (once; later calls do
// nothing). It is safe from any goroutine; a nil owner's release does
// nothing. It is the engine's ai.Holder.
func (m *Owner) Hold(id core.GameID) (release func()) {
	if m == nil || int(id) >= len(m.holds) {
		return func() {}
	}
	m.mu.Lock()
	m.holds[id]++
	m.mu.Unlock()
	var once sync.Once
	return func() { once.Do(func() { m.unhold(id) }) }
}

// unhold ends a hold of game id; the last one closes the files let go of
// meanwhile.
func (m *Owner) unhold(id core.GameID) {
	m.mu.Lock()
	m.holds[id]--
	var closers []func()
	if m.holds[id] == 0 {
		closers, m.retired[id] = m.retired[id], nil
	}
	m.mu.Unlock()
	for _, c := range closers {
		c()
	}
}

// retire closes a file of game id the owner let go of: now where no one
// holds the game's files, else at the last release.
func (m *Owner) retire(id core.GameID, close func()) {
	m.mu.Lock()
	if m.holds[id] > 0 {
		m.retired[id] = append(m.retired[id], close)
		m.mu.Unlock()
		return
	}
	m.mu.Unlock()
	close()
}

// Holding reports how many holds game id's files have, and how many let-go
// files wait for their release (for tests and the developer log).
func (m *Owner) Holding(id core.GameID) (holds, waiting int) {
	if m == nil || int(id) >= len(m.holds) {
		return 0, 0
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.holds[id], len(m.retired[id])
}

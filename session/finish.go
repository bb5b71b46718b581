package session

import (
	"time"

	"huntchess/storage"
)

// The end of a game in the stored history and statistics (storage).

// CountResult counts a finished game against the engine in the statistics
// in p; it reports false (and counts nothing) for another game. It counts
// the game's history entry (Finished.Count), as Finish does.
func (s *Session) CountResult(p storage.Prefs) bool {
	f, ok := storage.FinishedOf(s.game, s.mode, s.level, time.Now())
	if !ok || !s.mode.VsAI() {
		return false
	}
	st := storage.LoadStats(p)
	f.Count(st)
	st.Save(p)
	return true
}

// Finish records the end of the session's game: it keeps the game in the
// history h (nil: none) and counts it in the statistics in p (games against
// the engine only), both from the same entry. It reports false, and records
// nothing, while the game goes on.
func (s *Session) Finish(h *storage.History, p storage.Prefs, when time.Time) bool {
	f, ok := storage.FinishedOf(s.game, s.mode, s.level, when)
	if !ok {
		return false
	}
	if h != nil {
		h.Add(f)
	}
	st := storage.LoadStats(p)
	if f.Count(st) {
		st.Save(p)
	}
	return true
}

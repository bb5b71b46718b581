package session

import "huntchess/core"

// Over reports whether the game has ended: by the rules, a resignation or
// an agreed draw (all in the game's outcome).
func (s *Session) Over() bool { return s.game.Outcome().Over() }

// Resigned reports whether a side gave up.
func (s *Session) Resigned() bool { return s.game.Outcome().Reason == core.ReasonResigned }

// Resigner is the side that would give up now: the person's side against
// the engine, the side to move when two people play. ok is false when
// nobody can resign (the engine plays both sides, a finished game).
func (s *Session) Resigner() (side core.Side, ok bool) {
	if s.Over() {
		return 0, false
	}
	persons := 0
	for sd, p := range s.players {
		if p.atBoard() {
			persons++
			side = core.Side(sd)
		}
	}
	switch persons {
	case 0:
		return 0, false
	case 2:
		return s.game.ToMove(), true
	}
	return side, true
}

// Resign ends the game: the side that Resigner names gives up. Searches and
// the timer stop; the view's Over hook shows the result.
func (s *Session) Resign() {
	side, ok := s.Resigner()
	if !ok || s.game.Resign(side) != nil {
		return
	}
	s.ended()
}

// ended follows the players ending the game (a resignation, an agreed
// draw): searches and the timer stop, the view shows the result, the save
// is forgotten.
func (s *Session) ended() {
	s.playedOn()
	s.stopSearches()
	s.timer.Start(0)
	s.ClearNotice()
	s.Hooks.readOnly(true)
	s.Hooks.refresh()
	s.Hooks.over()
	s.persist()
}

// Result is the end of a finished game: the winning side (won false for a
// draw). ok is false while the game goes on.
func (s *Session) Result() (winner core.Side, won, ok bool) {
	o := s.game.Outcome()
	if !o.Over() {
		return 0, false, false
	}
	winner, won = o.Winner()
	return winner, won, true
}

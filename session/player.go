package session

import (
	"context"
	"time"

	"huntchess/ai"
	"huntchess/core"
)

// Player plays one side of a game: a Person at the board or the Engine.
// The session holds one per side (playersFor) and asks the player of the
// side to move; nothing else in the turn flow branches on who plays. A
// player's methods run on the UI goroutine:
//
//   - turn starts the side's turn. The engine starts its search, which
//     delivers the move through Env.Do (engineDone); a person gets the
//     board and the turn timer and waits for the board (HumanMove, Pass,
//     or Expired when the timer runs out).
//   - resume goes on with a turn that Pause stopped.
//   - drawOffered answers a draw the other side offers it: a person is
//     asked through the view (Hooks.DrawOffered, then AnswerDraw), the
//     engine thinks it over (Env.AcceptsDraw).
//   - atBoard reports whether the side's moves come from the board (a
//     person's): the turn timer, hints, draw offers and resigning are
//     theirs, and undo and redo go back to their turns.
type Player interface {
	turn(s *Session)
	resume(s *Session)
	drawOffered(s *Session, by core.Side)
	atBoard() bool
}

// Person is someone at the board: the side's moves come from the view
// (Session.HumanMove), under the turn timer.
type Person struct{}

// Engine is the computer: the session asks Env.Think for the side's move at
// the session's level.
type Engine struct{}

// turn opens the board and starts the turn timer with the setting's
// seconds (for the first turn of a resumed game, at most the time it had
// left), paused while the game is covered.
func (Person) turn(s *Session) {
	s.Hooks.readOnly(false)
	limit := time.Duration(s.env.TimerSeconds()) * time.Second
	if s.firstLimit > 0 && limit > 0 {
		limit = min(s.firstLimit, limit)
	}
	s.firstLimit = 0
	if limit > 0 {
		s.timer.Start(limit)
		if s.paused {
			s.timer.Pause()
		}
	}
	s.Hooks.refresh()
}

// resume runs the timer on with the time it had left, and starts again a
// hint search or the engine's thinking over the person's draw offer that
// Pause stopped.
func (Person) resume(s *Session) {
	s.timer.Resume()
	hint, decide := s.resumeHint, s.resumeDraw
	s.resumeHint, s.resumeDraw = false, false
	if hint {
		s.Hint()
	}
	if decide && !s.draw.deciding {
		s.decideDraw(s.draw.by) // after Hint, which clears the notice
	}
}

// drawOffered opens the offer for the person to answer (AnswerDraw).
func (Person) drawOffered(s *Session, by core.Side) {
	s.draw.by, s.draw.open = by, true
	s.Hooks.drawOffered(by)
	s.Hooks.refresh()
}

func (Person) atBoard() bool { return true }

// turn closes the board and starts the search, unless the game is covered
// or watch mode is held (Resume, Release or Step start it then).
func (Engine) turn(s *Session) {
	s.Hooks.readOnly(true)
	if !s.paused && !s.held {
		s.startEngine()
	}
	s.Hooks.refresh()
}

// resume starts the search again.
func (Engine) resume(s *Session) {
	if !s.thinking && !s.held {
		s.startEngine()
	}
}

// drawOffered has the engine think the offer over (decideDraw); without
// Env.AcceptsDraw it declines at once.
func (Engine) drawOffered(s *Session, by core.Side) {
	if s.env.AcceptsDraw == nil {
		s.SetNotice("draw.declined", nil)
		return
	}
	s.decideDraw(by)
}

func (Engine) atBoard() bool { return false }

// startEngine starts the engine's search for its move. A forced pass is
// played at once.
func (s *Session) startEngine() {
	if s.ForcedPass() {
		m := s.game.LegalMoves()[0]
		// Play it from the event queue, so that turn() is not re-entered.
		gen := s.gen
		s.thinking = true
		go s.env.Do(func() { s.engineDone(gen, ai.Result{Move: m}) })
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	s.cancels = append(s.cancels, cancel)
	s.thinking = true
	gen, clone, level := s.gen, s.game.Clone(), s.level
	think, do := s.env.Think, s.env.Do
	delay := time.Duration(0)
	if s.Watching() {
		delay = s.WatchDelay()
	}
	go func() {
		start := time.Now()
		res := think(ctx, clone, level)
		if wait := delay - time.Since(start); wait > 0 {
			select {
			case <-ctx.Done():
			case <-time.After(wait):
			}
		}
		if ctx.Err() != nil {
			return
		}
		do(func() { s.engineDone(gen, res) })
	}()
}

// engineDone plays the engine's move, unless the search has gone stale.
func (s *Session) engineDone(gen uint64, res ai.Result) {
	if s.closed || gen != s.gen || !s.thinking {
		return
	}
	s.thinking = false
	m := res.Move
	if s.game.PlayMove(m) != nil {
		// No usable move came back: play the first legal one rather than stall.
		moves := s.game.LegalMoves()
		if len(moves) == 0 {
			s.turn()
			return
		}
		m = moves[0]
		_ = s.game.PlayMove(m)
	}
	// The engine's move leaves the notice alone: a notice (the player's time
	// ran out) stays until the player's own next action.
	side := s.game.ToMove().Other() // who just played
	s.advance(m)
	if m == res.Move {
		s.engineOffersDraw(side, res)
	}
}

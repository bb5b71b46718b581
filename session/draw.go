package session

import (
	"context"

	"huntchess/ai"
	"huntchess/core"
)

// Draws by agreement (a rule of the app, not of the games). A person offers
// a draw on their turn: another person answers it (the view asks them
// through Hooks.DrawOffered, then AnswerDraw); the engine decides by
// Env.AcceptsDraw (ai.Engine.AcceptsDraw: the table says a draw or a loss
// for it, or its search sees no advantage for it). The engine offers a draw
// itself on the same grounds after DrawOfferPlies plies without a capture,
// at most once every DrawOfferPlies plies. Playing on declines an offer.

// DrawOfferPlies is how long a stretch without a capture lets the engine
// offer a draw (20 moves of each side), and how far apart its offers are.
const DrawOfferPlies = 40

// drawState is a draw offer under way.
type drawState struct {
	by       core.Side
	open     bool // offered to a person, not yet answered
	deciding bool // offered to the engine, which is thinking it over
	lastPly  int  // the game's length at the engine's last offer (-1: none)
}

// DrawOffer is the open offer to a person: the side that made it.
func (s *Session) DrawOffer() (by core.Side, open bool) { return s.draw.by, s.draw.open }

// DrawDeciding reports whether the engine is thinking over a draw offered to it.
func (s *Session) DrawDeciding() bool { return s.draw.deciding }

// CanOfferDraw reports whether the person to move may offer a draw now.
func (s *Session) CanOfferDraw() bool {
	return s.HumanTurn() && !s.draw.open && !s.draw.deciding && s.game.Len() > 0
}

// OfferDraw offers a draw from the person to move to the other side.
func (s *Session) OfferDraw() {
	if !s.CanOfferDraw() {
		return
	}
	by := s.game.ToMove()
	s.ClearNotice()
	s.players[by.Other()].drawOffered(s, by)
}

// decideDraw has the engine think over a draw offered by side by, off the
// UI goroutine; its answer ends the game or says it declined.
func (s *Session) decideDraw(by core.Side) {
	s.draw.by, s.draw.deciding = by, true
	ctx, cancel := context.WithCancel(context.Background())
	s.cancels = append(s.cancels, cancel)
	gen, clone, decide, do := s.gen, s.game.Clone(), s.env.AcceptsDraw, s.env.Do
	go func() {
		ok := decide(ctx, clone, by.Other())
		if ctx.Err() != nil {
			return
		}
		do(func() {
			if s.closed || gen != s.gen || !s.draw.deciding {
				return
			}
			s.draw.deciding = false
			if ok {
				s.agreeDraw()
				return
			}
			s.SetNotice("draw.declined", nil)
		})
	}()
	s.SetNotice("draw.considering", nil)
}

// AnswerDraw is a person's answer to the open offer.
func (s *Session) AnswerDraw(accept bool) {
	if !s.draw.open {
		return
	}
	s.draw.open = false
	if accept {
		s.agreeDraw()
		return
	}
	s.SetNotice("draw.declined_person", nil)
}

// agreeDraw ends the game in a draw by agreement.
func (s *Session) agreeDraw() {
	if s.game.AgreeDraw() == nil {
		s.ended()
	}
}

// playedOn closes an offer the game went on past (a move, an undo).
func (s *Session) playedOn() {
	s.draw.open, s.draw.deciding = false, false
}

// engineOffersDraw offers a draw from the engine, which just played for
// side with result res, where the rule lets it.
func (s *Session) engineOffersDraw(side core.Side, res ai.Result) {
	if s.env.AcceptsDraw == nil || s.engine(side.Other()) || s.Over() {
		return
	}
	n := s.game.Len()
	if ai.PliesSinceCapture(s.game) < DrawOfferPlies || (s.draw.lastPly >= 0 && n-s.draw.lastPly < DrawOfferPlies) {
		return
	}
	if !ai.DrawScore(res.Score) {
		return
	}
	s.draw.by, s.draw.open, s.draw.lastPly = side, true, n
	s.Hooks.drawOffered(side)
	s.Hooks.refresh()
}

package app

import (
	"huntchess/core"
	"huntchess/match"
)

// Face to face: in a two-player game with the setting on, the board turns by
// 180° on the predator's turns, so the players sitting across a tablet each
// see it from their side (the prey's player sits at the bottom edge, where
// the prey start, as drawn normally).

// flipFor reports whether the board is turned for the side to move.
func flipFor(mode match.Mode, on bool, toMove core.Side) bool {
	return on && mode == match.ModeTwoPlayers && toMove == core.Predator
}

// faceToFace turns the board for the side to move (game refresh).
func (s *gameScreen) faceToFace() {
	over := s.sess.Over()
	s.board.SetFlipped(!over && flipFor(s.sess.Mode(), s.a.settings.FaceToFace, s.sess.Game().ToMove()))
}

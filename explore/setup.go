package explore

import (
	"math/bits"

	"huntchess/core"
)

// Piece is what a tap on the editor's board puts on a point: nothing, a
// piece of the predator or one of the prey.
type Piece uint8

// The editor's pieces.
const (
	Empty Piece = iota
	PredatorPiece
	PreyPiece
)

// Setup is the position editor's model ("Set up a position"): the pieces
// on the board, the side to move, the prey captured and, in deer chess,
// the dogs in hand, changed freely, and checked by the rules only when the
// player is done (Check). It may hold any board: two pieces of a side too
// many, a dog on a trap, counts that do not add up.
type Setup struct {
	game       core.GameID
	pred, prey uint64
	toMove     core.Side
	captured   int
	inHand     int
}

// NewSetup starts the editor on p.
func NewSetup(p core.Position) *Setup {
	return &Setup{game: p.Game, pred: p.Pred, prey: p.Prey, toMove: p.ToMove,
		captured: int(p.Captured), inHand: int(p.InHand)}
}

// Game is the game set up.
func (s *Setup) Game() core.GameID { return s.game }

// At is the piece on point q.
func (s *Setup) At(q int) Piece {
	switch {
	case s.pred&(1<<q) != 0:
		return PredatorPiece
	case s.prey&(1<<q) != 0:
		return PreyPiece
	}
	return Empty
}

// Tap puts piece on point q; a tap with the piece already there takes it
// off (so one tool both places and removes). q off the board changes
// nothing.
func (s *Setup) Tap(q int, piece Piece) {
	if q < 0 || q >= s.game.Info().Board.NumPoints() {
		return
	}
	if s.At(q) == piece {
		piece = Empty
	}
	m := uint64(1) << q
	s.pred &^= m
	s.prey &^= m
	switch piece {
	case PredatorPiece:
		s.pred |= m
	case PreyPiece:
		s.prey |= m
	}
}

// Clear takes every piece off the board; the prey's counts stay as they
// are.
func (s *Setup) Clear() { s.pred, s.prey = 0, 0 }

// Start sets up the game's start position.
func (s *Setup) Start() { *s = *NewSetup(s.game.Info().Start()) }

// ToMove is the side to move.
func (s *Setup) ToMove() core.Side { return s.toMove }

// SetToMove chooses the side to move.
func (s *Setup) SetToMove(side core.Side) { s.toMove = side }

// Captured is the number of prey pieces captured so far.
func (s *Setup) Captured() int { return s.captured }

// SetCaptured sets the prey pieces captured, kept from 0 to the game's
// prey pieces.
func (s *Setup) SetCaptured(n int) { s.captured = clampCount(n, s.game.Info().PreyCount) }

// InHand is the number of prey pieces still in hand (deer chess).
func (s *Setup) InHand() int { return s.inHand }

// SetInHand sets the prey pieces in hand, kept from 0 to the game's
// (none in a game without placements).
func (s *Setup) SetInHand(n int) { s.inHand = clampCount(n, s.game.Info().PreyInHand) }

func clampCount(n, most int) int { return max(0, min(n, most)) }

// Count is the pieces of side on the board.
func (s *Setup) Count(side core.Side) int {
	if side == core.Predator {
		return bits.OnesCount64(s.pred)
	}
	return bits.OnesCount64(s.prey)
}

// Missing is the prey pieces the counts leave out: the game's number
// less those on the board, captured and in hand (below 0: too many).
func (s *Setup) Missing() int {
	return s.game.Info().PreyCount - s.Count(core.Prey) - s.captured - s.inHand
}

// Board is the setup as a position to draw (not checked: it may break the
// rules).
func (s *Setup) Board() core.Position {
	p := core.Position{Game: s.game, Pred: s.pred, Prey: s.prey, ToMove: s.toMove,
		Captured: uint8(s.captured), InHand: uint8(s.inHand)}
	p.Key = p.ComputeKey()
	return p
}

// Check is the position set up if the rules can reach it with the game
// going on (core.CheckSetup), or why not.
func (s *Setup) Check() (core.Position, *core.PositionError) {
	p := s.Board()
	if err := core.CheckSetup(p); err != nil {
		return core.Position{}, err
	}
	return p, nil
}

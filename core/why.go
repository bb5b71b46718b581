package core

// Why is the reason a well-formed move is not legal, as a code: the app
// turns it into a translated explanation (lessons); IllegalMoveError.Reason
// says the same in English.
type Why uint8

// Reasons a move is not legal.
const (
	WhyNone           Why = iota
	WhyGameOver           // the game is over
	WhyPass               // a pass while a move is possible
	WhyNoPlacements       // a placement in a game without pieces in hand
	WhyOnlyPreyPlaces     // the predator tried to place a piece
	WhyHandEmpty          // a placement with no piece left in hand
	WhyOccupied           // the target point is occupied
	WhyPlaceInCliff       // a dog placed in the cliff
	WhyNoPiece            // no piece of the side to move on the from point
	WhyHandFirst          // a dog on the board moved while dogs are in hand
	WhyIntoTrap           // a dog stepped into a trap
	WhyIntoCliff          // a dog stepped into the cliff
	WhyDiagonal           // a dog stepped along a diagonal (the wolf's lines)
	WhyStep               // any other step that is not allowed
	WhyPreyJumps          // a prey piece tried to jump
	WhyNoJumps            // the lion tried to jump (nobody jumps in Surround the Lion)
	WhyJumpOverEmpty      // a jump over an empty point or over a predator
	WhyJump               // any other jump that is not allowed
	WhyNotJoined          // the two points are not joined by a line
)

// IllegalMoveError is the error of ParseMove (and so Game.Play) for a
// well-formed move that is not legal in the position.
type IllegalMoveError struct {
	Move   string // the move as written
	Why    Why
	Reason string // Why in English
}

func (e *IllegalMoveError) Error() string { return e.Move + " is not legal: " + e.Reason }

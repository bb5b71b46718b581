package core

import (
	"math/bits"
)

// Position is one state of a game: a small value (32 bytes) that is cheap to
// copy. Pred and Prey are bitmasks over the board's point indexes.
type Position struct {
	Pred, Prey uint64
	Key        uint64 // Zobrist key, kept up to date by Apply
	Game       GameID
	ToMove     Side
	InHand     uint8 // prey pieces still to be placed (deer chess)
	Captured   uint8 // prey pieces captured so far
}

// MoveKind tells what a move does.
type MoveKind uint8

// Move kinds. The zero Move (MoveNone) is no move.
const (
	MoveNone  MoveKind = iota
	MoveStep           // one step along a line (with the lion's captures, if any)
	MoveJump           // a jump over an adjacent prey piece, capturing it
	MovePlace          // a prey piece from hand onto an empty point
	MovePass           // the side to move passes
)

// Move is one move. Capt holds the prey pieces it captures (for display and
// for Apply); From is -1 for placements and passes.
type Move struct {
	Capt     uint64
	Game     GameID
	Kind     MoveKind
	From, To int8
}

// MaxMoves bounds the number of legal moves of any position (15 pigs × 8 directions).
const MaxMoves = 128

// Info returns the facts of the position's game.
func (p *Position) Info() *GameInfo { return games[p.Game] }

// Board returns the position's board geometry.
func (p *Position) Board() *Board { return games[p.Game].Board }

// Occupied returns the mask of occupied points.
func (p *Position) Occupied() uint64 { return p.Pred | p.Prey }

// Placing reports whether the side to move places a piece from hand (deer
// chess's dogs while any are in hand): a prey piece on the board may not
// move until the hand is empty. The rules' one test for the placement phase.
func (p *Position) Placing() bool { return p.ToMove == Prey && p.InHand > 0 }

// PreyOnBoard returns the number of prey pieces on the board.
func (p *Position) PreyOnBoard() int { return bits.OnesCount64(p.Prey) }

// PassMove returns the pass move of the position's game.
func (p *Position) PassMove() Move { return Move{Game: p.Game, Kind: MovePass, From: -1, To: -1} }

// terminal reports a win decided by the pieces alone: captures reached, lion on a
// trap, deer in the cliff. The 7th capture wins for the deer even in the cliff.
func (p *Position) terminal() (Outcome, bool) {
	g := games[p.Game]
	if int(p.Captured) >= g.CapturesToWin {
		return Outcome{PredatorWins, ReasonCaptures}, true
	}
	if p.Pred&g.Board.traps != 0 {
		return Outcome{PreyWins, ReasonLionTrapped}, true
	}
	if p.Pred&g.Board.cliff != 0 {
		return Outcome{PreyWins, ReasonDeerInCliff}, true
	}
	return Outcome{}, false
}

// GenMoves appends the legal moves of the position to buf[:0] and returns it.
// It allocates nothing when cap(buf) ≥ MaxMoves. A finished position has no
// moves; a prey side without a move, in the games where it passes, has the
// single move pass.
func (p *Position) GenMoves(buf []Move) []Move {
	buf = buf[:0]
	if _, over := p.terminal(); over {
		return buf
	}
	buf = p.genRaw(buf)
	if len(buf) == 0 && p.ToMove == Prey && games[p.Game].preyPasses {
		buf = append(buf, p.PassMove())
	}
	return buf
}

// genRaw appends the moves of the side to move, ignoring terminal states and passes.
func (p *Position) genRaw(buf []Move) []Move {
	g := games[p.Game]
	b := g.Board
	empty := b.all &^ (p.Pred | p.Prey)
	if p.ToMove == Predator {
		for pcs := p.Pred; pcs != 0; pcs &= pcs - 1 {
			from := bits.TrailingZeros64(pcs)
			for t := b.predStep[from] & empty; t != 0; t &= t - 1 {
				to := bits.TrailingZeros64(t)
				var capt uint64
				if g.lionCapture {
					prey := p.Prey
					for a := 0; a < 4; a++ {
						if pair := b.axisPair[to][a]; pair != 0 && prey&pair == pair {
							capt |= pair
						}
					}
				}
				buf = append(buf, Move{Capt: capt, Game: p.Game, Kind: MoveStep, From: int8(from), To: int8(to)})
			}
			if g.canJump {
				for d := 0; d < int(NumDirections); d++ {
					over, land := b.jumpOver[from][d], b.jumpLand[from][d]
					if over&p.Prey != 0 && land&empty != 0 {
						buf = append(buf, Move{Capt: over, Game: p.Game, Kind: MoveJump, From: int8(from), To: int8(bits.TrailingZeros64(land))})
					}
				}
			}
		}
		return buf
	}
	if p.Placing() {
		for t := empty & b.preyPoints; t != 0; t &= t - 1 {
			buf = append(buf, Move{Game: p.Game, Kind: MovePlace, From: -1, To: int8(bits.TrailingZeros64(t))})
		}
		return buf
	}
	for pcs := p.Prey; pcs != 0; pcs &= pcs - 1 {
		from := bits.TrailingZeros64(pcs)
		for t := b.preyStep[from] & empty; t != 0; t &= t - 1 {
			buf = append(buf, Move{Game: p.Game, Kind: MoveStep, From: int8(from), To: int8(bits.TrailingZeros64(t))})
		}
	}
	return buf
}

// HasMove reports whether the side to move has a legal move other than a forced pass.
func (p *Position) HasMove() bool {
	var buf [MaxMoves]Move
	return len(p.genRaw(buf[:0])) > 0
}

// Outcome returns the result of the position on its own (repetition is the
// Game's business): captures reached, lion on a trap, deer in the cliff, a
// predator without a move, or no move in the lion game.
func (p *Position) Outcome() Outcome {
	if o, over := p.terminal(); over {
		return o
	}
	if p.HasMove() {
		return Outcome{}
	}
	switch {
	case p.Game == SurroundTheLion:
		return Outcome{Draw, ReasonNoMoveDraw}
	case p.ToMove == Predator:
		return Outcome{PreyWins, ReasonPredatorStuck}
	}
	return Outcome{} // the prey passes
}

// Undo holds what Apply needs to take a move back.
type Undo struct{ prev Position }

// Apply plays m, which must be legal in p, and returns what Undo needs.
func (p *Position) Apply(m Move) Undo {
	u := Undo{*p}
	*p = p.After(m)
	return u
}

// Undo takes back the move whose Apply returned u.
func (p *Position) Undo(u Undo) { *p = u.prev }

// After returns the position after m, which must be legal in p. The key is
// updated incrementally.
func (p Position) After(m Move) Position {
	switch m.Kind {
	case MoveStep, MoveJump:
		fb, tb := bit(int(m.From)), bit(int(m.To))
		if p.ToMove == Predator {
			p.Pred ^= fb | tb
			p.Key ^= zPred[m.From] ^ zPred[m.To]
		} else {
			p.Prey ^= fb | tb
			p.Key ^= zPrey[m.From] ^ zPrey[m.To]
		}
		if m.Capt != 0 {
			for c := m.Capt; c != 0; c &= c - 1 {
				p.Key ^= zPrey[bits.TrailingZeros64(c)]
			}
			p.Prey &^= m.Capt
			n := uint8(bits.OnesCount64(m.Capt))
			p.Key ^= zCapt[p.Captured] ^ zCapt[p.Captured+n]
			p.Captured += n
		}
	case MovePlace:
		p.Prey |= bit(int(m.To))
		p.Key ^= zPrey[m.To] ^ zHand[p.InHand] ^ zHand[p.InHand-1]
		p.InHand--
	}
	p.ToMove ^= 1
	p.Key ^= zSide
	return p
}

// Perft counts the leaf nodes of the move tree to the given depth (bulk
// counting at the last ply).
func (p *Position) Perft(depth int) uint64 { return perft(*p, depth) }

// perft takes the position by value: with a pointer, escape analysis moves
// every child position of the recursion to the heap.
func perft(p Position, depth int) uint64 {
	if depth <= 0 {
		return 1
	}
	var buf [MaxMoves]Move
	moves := p.GenMoves(buf[:0])
	if depth == 1 {
		return uint64(len(moves))
	}
	var n uint64
	for _, m := range moves {
		n += perft(p.After(m), depth-1)
	}
	return n
}

// Result is who won, if anyone.
type Result uint8

// Results.
const (
	Ongoing Result = iota
	PredatorWins
	PreyWins
	Draw
)

func (r Result) String() string {
	return [...]string{"ongoing", "predator wins", "prey wins", "draw"}[r]
}

// Reason tells why a game ended.
type Reason uint8

// Reasons.
const (
	ReasonNone          Reason = iota
	ReasonCaptures             // the predator captured enough prey
	ReasonPredatorStuck        // the predator (wolf, wolves, deer) to move has no legal move
	ReasonLionTrapped          // the lion stands on a trap
	ReasonDeerInCliff          // the deer stands in the cliff
	ReasonNoMoveDraw           // lion game: the side to move has no move
	ReasonRepetition           // the same position for the third time
	ReasonResigned             // the loser gave up (Game.Resign)
	ReasonAgreed               // both sides agreed to a draw (Game.AgreeDraw)
)

func (r Reason) String() string {
	return [...]string{"", "captures", "predator-stuck", "lion-trapped", "deer-in-cliff", "no-move-draw", "repetition", "resigned", "agreed"}[r]
}

// Outcome is a result with its reason.
type Outcome struct {
	Result Result
	Reason Reason
}

// Over reports whether the game has ended.
func (o Outcome) Over() bool { return o.Result != Ongoing }

// Winner is the side that won; ok is false for a draw or a game going on.
func (o Outcome) Winner() (side Side, ok bool) {
	switch o.Result {
	case PredatorWins:
		return Predator, true
	case PreyWins:
		return Prey, true
	}
	return 0, false
}

// ByAgreement reports whether the players ended the game (a resignation or
// an agreed draw), not the rules on the board.
func (o Outcome) ByAgreement() bool { return o.Reason == ReasonResigned || o.Reason == ReasonAgreed }

// Zobrist keys: a fixed table from a fixed seed, so keys are stable across runs.
var (
	zPred, zPrey [MaxPoints]uint64
	zHand, zCapt [32]uint64
	zSide        uint64
)

func init() {
	s := uint64(0x9e3779b97f4a7c15)
	next := func() uint64 { // splitmix64
		s += 0x9e3779b97f4a7c15
		z := s
		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9
		z = (z ^ (z >> 27)) * 0x94d049bb133111eb
		return z ^ (z >> 31)
	}
	for i := range zPred {
		zPred[i], zPrey[i] = next(), next()
	}
	for i := range zHand {
		zHand[i], zCapt[i] = next(), next()
	}
	zSide = next()
}

// ComputeKey computes the Zobrist key of the position from scratch.
func (p *Position) ComputeKey() uint64 {
	var k uint64
	for m := p.Pred; m != 0; m &= m - 1 {
		k ^= zPred[bits.TrailingZeros64(m)]
	}
	for m := p.Prey; m != 0; m &= m - 1 {
		k ^= zPrey[bits.TrailingZeros64(m)]
	}
	k ^= zHand[p.InHand] ^ zCapt[p.Captured]
	if p.ToMove == Prey {
		k ^= zSide
	}
	return k
}

package core

import (
	"errors"
	"fmt"
	"strings"
)

// Game is a game record: the positions from the start, the moves played, a
// redo list, and the outcome including threefold repetition.
type Game struct {
	info      *GameInfo
	positions []Position // positions[0] is the start; positions[i+1] follows moves[i]
	moves     []Move
	redo      []Move
	// ended is an end the players chose (a resignation, an agreed draw);
	// the zero Outcome while the board decides.
	ended Outcome
}

// NewGame starts a game from its start position. id is the game's ID text.
func NewGame(id string) (*Game, error) {
	g, err := Lookup(id)
	if err != nil {
		return nil, err
	}
	return NewGameFrom(g.Start()), nil
}

// NewGameFrom starts a game record from any position.
func NewGameFrom(p Position) *Game {
	return &Game{info: games[p.Game], positions: []Position{p}}
}

// Clone returns an independent copy of the record (positions, moves and the
// redo list), for a search running beside the game.
func (g *Game) Clone() *Game {
	return &Game{
		info:      g.info,
		positions: append([]Position(nil), g.positions...),
		moves:     append([]Move(nil), g.moves...),
		redo:      append([]Move(nil), g.redo...),
		ended:     g.ended,
	}
}

// Info returns the facts of the game.
func (g *Game) Info() *GameInfo { return g.info }

// Position returns the current position.
func (g *Game) Position() Position { return g.positions[len(g.positions)-1] }

// Start returns the position the record starts from.
func (g *Game) Start() Position { return g.positions[0] }

// ToMove returns the side to move.
func (g *Game) ToMove() Side { return g.Position().ToMove }

// Captured returns the number of prey pieces captured.
func (g *Game) Captured() int { return int(g.Position().Captured) }

// InHand returns the number of prey pieces still in hand (deer chess).
func (g *Game) InHand() int { return int(g.Position().InHand) }

// Moves returns a copy of the moves played.
func (g *Game) Moves() []Move { return append([]Move(nil), g.moves...) }

// Len returns the number of moves played.
func (g *Game) Len() int { return len(g.moves) }

// LastMove returns the last move played, or the zero Move.
func (g *Game) LastMove() Move {
	if len(g.moves) == 0 {
		return Move{}
	}
	return g.moves[len(g.moves)-1]
}

// History returns the keys of every position of the record, the current one last.
// The AI uses it to see repetitions.
func (g *Game) History() []uint64 {
	keys := make([]uint64, len(g.positions))
	for i, p := range g.positions {
		keys[i] = p.Key
	}
	return keys
}

// Repetitions returns how often the current position has occurred in the record.
func (g *Game) Repetitions() int {
	cur := g.Position()
	n := 0
	// Every move (a pass too) changes the side to move, so only every other
	// position can be equal; captures and placements are irreversible, so the
	// scan stops at the first position with other counts.
	for i := len(g.positions) - 1; i >= 0; i -= 2 {
		p := &g.positions[i]
		if p.InHand != cur.InHand || p.Captured != cur.Captured {
			break
		}
		if p.Key == cur.Key && p.Pred == cur.Pred && p.Prey == cur.Prey && p.ToMove == cur.ToMove {
			n++
		}
	}
	return n
}

// Outcome returns the state of the game: ongoing, or who won and why. The
// third occurrence of the same position is a draw.
func (g *Game) Outcome() Outcome {
	if g.ended.Over() {
		return g.ended
	}
	p := g.Position()
	if o := p.Outcome(); o.Over() {
		return o
	}
	if g.Repetitions() >= 3 {
		return Outcome{Draw, ReasonRepetition}
	}
	return Outcome{}
}

// LegalMoves returns the legal moves of the side to move; none once the game is over.
func (g *Game) LegalMoves() []Move {
	if g.Outcome().Over() {
		return nil
	}
	p := g.Position()
	return p.GenMoves(make([]Move, 0, MaxMoves))
}

// ErrGameOver is returned for moves played after the end.
var ErrGameOver = errors.New("the game is over")

// Resign ends the game: side gives up and the other side wins
// (ReasonResigned). It fails once the game is over.
func (g *Game) Resign(side Side) error {
	if g.Outcome().Over() {
		return ErrGameOver
	}
	res := PredatorWins
	if side == Predator {
		res = PreyWins
	}
	g.ended = Outcome{res, ReasonResigned}
	return nil
}

// AgreeDraw ends the game as a draw both sides agreed to (ReasonAgreed). It
// fails once the game is over. It is a rule of the app, not of the games:
// the position's value does not change.
func (g *Game) AgreeDraw() error {
	if g.Outcome().Over() {
		return ErrGameOver
	}
	g.ended = Outcome{Draw, ReasonAgreed}
	return nil
}

// Loser is the side that resigned, for a game ended by a resignation.
func (g *Game) Loser() (Side, bool) {
	if g.ended.Reason != ReasonResigned {
		return 0, false
	}
	w, _ := g.ended.Winner()
	return w.Other(), true
}

// Play plays a move given in notation ("d4-d5", "@c3", "pass"). An ill-formed
// or illegal move returns an error saying why and leaves the game unchanged.
func (g *Game) Play(notation string) error {
	if g.Outcome().Over() {
		return fmt.Errorf("%s: %w", strings.TrimSpace(notation), ErrGameOver)
	}
	p := g.Position()
	m, err := p.ParseMove(notation)
	if err != nil {
		return err
	}
	g.push(m)
	return nil
}

// PlayMove plays a move, which must be one of LegalMoves.
func (g *Game) PlayMove(m Move) error {
	for _, l := range g.LegalMoves() {
		if l == m {
			g.push(m)
			return nil
		}
	}
	if g.Outcome().Over() {
		return ErrGameOver
	}
	return fmt.Errorf("%s is not a legal move here", m)
}

// Timeout records a pass because the turn timer of the side to move ran out.
func (g *Game) Timeout() error {
	if g.Outcome().Over() {
		return ErrGameOver
	}
	p := g.Position()
	g.push(p.PassMove())
	return nil
}

func (g *Game) push(m Move) {
	g.positions = append(g.positions, g.Position().After(m))
	g.moves = append(g.moves, m)
	if len(g.redo) > 0 {
		if g.redo[len(g.redo)-1] == m {
			g.redo = g.redo[:len(g.redo)-1]
		} else {
			g.redo = g.redo[:0]
		}
	}
}

// CanUndo reports whether a move can be taken back.
func (g *Game) CanUndo() bool { return len(g.moves) > 0 }

// CanRedo reports whether an undone move can be played again.
func (g *Game) CanRedo() bool { return len(g.redo) > 0 }

// Undo takes back the last move; it reports false when there is none. A
// resignation or an agreed draw is taken back with it.
func (g *Game) Undo() bool {
	if len(g.moves) == 0 {
		return false
	}
	g.ended = Outcome{}
	m := g.moves[len(g.moves)-1]
	g.moves = g.moves[:len(g.moves)-1]
	g.positions = g.positions[:len(g.positions)-1]
	g.redo = append(g.redo, m)
	return true
}

// Redo plays again the last move taken back; it reports false when there is none.
func (g *Game) Redo() bool {
	if len(g.redo) == 0 || g.ended.Over() {
		return false
	}
	m := g.redo[len(g.redo)-1]
	g.positions = append(g.positions, g.Position().After(m))
	g.moves = append(g.moves, m)
	g.redo = g.redo[:len(g.redo)-1]
	return true
}

// Record returns the moves in notation, separated by spaces.
func (g *Game) Record() string {
	s := make([]string, len(g.moves))
	for i, m := range g.moves {
		s[i] = m.String()
	}
	return strings.Join(s, " ")
}

// LoadRecord replays a record written by Record from the game's start. A
// "pass" that is not a forced pass is a timer pass. A move that cannot be
// played is a *RecordError.
func LoadRecord(id, record string) (*Game, error) {
	g, err := NewGame(id)
	if err != nil {
		return nil, err
	}
	for i, mv := range strings.Fields(record) {
		err := g.Play(mv)
		if err != nil && mv == "pass" && !g.Outcome().Over() {
			err = g.Timeout()
		}
		if err != nil {
			return nil, &RecordError{Move: i + 1, Text: mv, Err: err}
		}
	}
	return g, nil
}

// RecordError is LoadRecord's error for a move of a record that cannot be
// played: its number (from 1) and its text.
type RecordError struct {
	Move int
	Text string
	Err  error
}

func (e *RecordError) Error() string { return fmt.Sprintf("move %d: %v", e.Move, e.Err) }

func (e *RecordError) Unwrap() error { return e.Err }

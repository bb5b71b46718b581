package core

import (
	"errors"
	"fmt"
	"math/bits"
	"strconv"
	"strings"
)

// String returns the move in docs/RULES.md notation: "d4-d5", "@c3" or "pass".
func (m Move) String() string {
	if m.Game >= NumGames {
		return "?"
	}
	b := games[m.Game].Board
	switch m.Kind {
	case MoveStep, MoveJump:
		return b.Points[m.From].Name + "-" + b.Points[m.To].Name
	case MovePlace:
		return "@" + b.Points[m.To].Name
	case MovePass:
		return "pass"
	}
	return "none"
}

// Captures returns the indexes of the points whose prey pieces the move captures.
func (m Move) Captures() []int { return pointsOf(m.Capt) }

// ErrIllFormed is wrapped by errors for move texts that are not notation at all.
var ErrIllFormed = errors.New("ill-formed move")

// moveText is a parsed, not yet validated move text.
type moveText struct {
	kind     MoveKind // MoveStep for any from-to, MovePlace or MovePass
	from, to int
}

func parseMoveText(b *Board, s string) (moveText, error) {
	t := strings.TrimSpace(s)
	switch {
	case t == "pass":
		return moveText{kind: MovePass, from: -1, to: -1}, nil
	case strings.HasPrefix(t, "@"):
		to, err := pointNamed(b, t[1:])
		if err != nil {
			return moveText{}, err
		}
		return moveText{kind: MovePlace, from: -1, to: to}, nil
	}
	a, c, ok := strings.Cut(t, "-")
	if !ok || a == "" || c == "" {
		return moveText{}, fmt.Errorf("%w %q: want from-to (d4-d5), a placement (@c3) or pass", ErrIllFormed, s)
	}
	from, err := pointNamed(b, a)
	if err != nil {
		return moveText{}, err
	}
	to, err := pointNamed(b, c)
	if err != nil {
		return moveText{}, err
	}
	return moveText{kind: MoveStep, from: from, to: to}, nil
}

func pointNamed(b *Board, name string) (int, error) {
	if i, ok := b.Index(name); ok {
		return i, nil
	}
	return -1, fmt.Errorf("unknown point %q on this board", name)
}

// ParseMove finds the legal move of p written as s. An ill-formed or illegal
// move returns an error that says why.
func (p *Position) ParseMove(s string) (Move, error) {
	g := games[p.Game]
	mt, err := parseMoveText(g.Board, s)
	if err != nil {
		return Move{}, err
	}
	var buf [MaxMoves]Move
	for _, m := range p.GenMoves(buf[:0]) {
		if m.From == int8(mt.from) && m.To == int8(mt.to) && (m.Kind == mt.kind || (mt.kind == MoveStep && m.Kind == MoveJump)) {
			return m, nil
		}
	}
	why, reason := p.whyIllegal(mt)
	return Move{}, &IllegalMoveError{Move: strings.TrimSpace(s), Why: why, Reason: reason}
}

// whyIllegal explains why a well-formed move text is not a legal move: its
// reason as a code (for translated texts) and in English.
func (p *Position) whyIllegal(mt moveText) (Why, string) {
	g := games[p.Game]
	b := g.Board
	if o := p.Outcome(); o.Over() {
		return WhyGameOver, "the game is over"
	}
	side := g.PiecesOf(p.ToMove)
	switch mt.kind {
	case MovePass:
		return WhyPass, "a pass is only allowed when the side to move has no legal move"
	case MovePlace:
		switch {
		case !g.HasPlacement():
			return WhyNoPlacements, "this game has no placements"
		case p.ToMove != Prey:
			return WhyOnlyPreyPlaces, "only the dogs place pieces"
		case p.InHand == 0:
			return WhyHandEmpty, "no dog is left in hand"
		case p.Occupied()&bit(mt.to) != 0:
			return WhyOccupied, b.Points[mt.to].Name + " is occupied"
		default:
			return WhyPlaceInCliff, "dogs are placed on the grassland only, never in the cliff"
		}
	}
	from, to := mt.from, mt.to
	mine := p.Pred
	if p.ToMove == Prey {
		mine = p.Prey
	}
	switch {
	case mine&bit(from) == 0:
		return WhyNoPiece, fmt.Sprintf("no %s on %s", side, b.Points[from].Name)
	case p.Placing():
		return WhyHandFirst, "every dog in hand must be placed before a dog on the board moves"
	case p.Occupied()&bit(to) != 0:
		return WhyOccupied, b.Points[to].Name + " is occupied"
	}
	for d := Direction(0); d < NumDirections; d++ {
		q, kind, ok := b.Neighbor(from, d)
		if !ok {
			continue
		}
		if q == to {
			switch {
			case p.ToMove == Prey && b.Points[to].Region == RegionTrap:
				return WhyIntoTrap, "dogs never enter the traps"
			case p.ToMove == Prey && b.Points[to].Region == RegionCliff:
				return WhyIntoCliff, "dogs never enter the cliff"
			case p.ToMove == Prey && kind == LineWolfDiagonal:
				return WhyDiagonal, "dogs move along straight lines only, never diagonally"
			}
			return WhyStep, "that step is not allowed"
		}
		if r, _, ok := b.Neighbor(q, d); ok && r == to {
			switch {
			case p.ToMove == Prey:
				return WhyPreyJumps, fmt.Sprintf("a %s never jumps", side)
			case !g.canJump:
				return WhyNoJumps, fmt.Sprintf("the %s never jumps", side)
			case p.Prey&bit(q) == 0:
				return WhyJumpOverEmpty, fmt.Sprintf("a jump must go over an adjacent %s", g.Prey)
			}
			return WhyJump, "that jump is not allowed"
		}
	}
	return WhyNotJoined, fmt.Sprintf("%s and %s are not joined by a line", b.Points[from].Name, b.Points[to].Name)
}

// String returns the position in the text notation read by ParsePosition:
//
//	predator:d4 prey:c1,d1,e1 turn:predator captured:0 hand:0
func (p Position) String() string {
	b := games[p.Game].Board
	names := func(m uint64) string {
		if m == 0 {
			return "-"
		}
		var sb strings.Builder
		for i, q := range pointsOf(m) {
			if i > 0 {
				sb.WriteByte(',')
			}
			sb.WriteString(b.Points[q].Name)
		}
		return sb.String()
	}
	return fmt.Sprintf("predator:%s prey:%s turn:%s captured:%d hand:%d",
		names(p.Pred), names(p.Prey), p.ToMove, p.Captured, p.InHand)
}

// ParsePosition reads a position of the game with the given ID from the
// text notation written by Position.String. Bad input returns an error that
// says what is wrong; it never panics.
func ParsePosition(gameID, text string) (Position, error) {
	g, err := Lookup(gameID)
	if err != nil {
		return Position{}, err
	}
	b := g.Board
	fields := strings.Fields(text)
	seen := map[string]bool{}
	vals := map[string]string{}
	for _, f := range fields {
		k, v, ok := strings.Cut(f, ":")
		if !ok {
			return Position{}, posErr(PosNotKeyValue, f, 0, 0, "position: %q is not key:value", f)
		}
		switch k {
		case "predator", "prey", "turn", "captured", "hand":
		default:
			return Position{}, posErr(PosUnknownField, k, 0, 0, "position: unknown field %q", k)
		}
		if seen[k] {
			return Position{}, posErr(PosFieldTwice, k, 0, 0, "position: field %q given twice", k)
		}
		seen[k] = true
		vals[k] = v
	}
	for _, k := range []string{"predator", "prey", "turn", "captured", "hand"} {
		if !seen[k] {
			return Position{}, posErr(PosFieldMissing, k, 0, 0, "position: field %q is missing", k)
		}
	}
	p := Position{Game: g.ID}
	var occupied uint64
	readPoints := func(field string) (uint64, error) {
		v := vals[field]
		if v == "-" {
			return 0, nil
		}
		var m uint64
		for _, n := range strings.Split(v, ",") {
			i, ok := b.Index(n)
			if !ok {
				return 0, posErr(PosUnknownPoint, n, 0, 0, "position: unknown point %q", n)
			}
			if occupied&bit(i) != 0 {
				return 0, posErr(PosTwoPieces, n, 0, 0, "position: two pieces on %s", n)
			}
			occupied |= bit(i)
			m |= bit(i)
		}
		return m, nil
	}
	if p.Pred, err = readPoints("predator"); err != nil {
		return Position{}, err
	}
	if p.Prey, err = readPoints("prey"); err != nil {
		return Position{}, err
	}
	switch vals["turn"] {
	case "predator":
		p.ToMove = Predator
	case "prey":
		p.ToMove = Prey
	default:
		return Position{}, posErr(PosTurn, vals["turn"], 0, 0, "position: turn %q: want predator or prey", vals["turn"])
	}
	readCount := func(field string, max int) (uint8, error) {
		n, err := strconv.Atoi(vals[field])
		if err != nil || n < 0 || n > max {
			return 0, posErr(PosCount, field, 0, max, "position: %s %q: want a number from 0 to %d", field, vals[field], max)
		}
		return uint8(n), nil
	}
	if p.Captured, err = readCount("captured", g.PreyCount); err != nil {
		return Position{}, err
	}
	if p.InHand, err = readCount("hand", g.PreyInHand); err != nil {
		return Position{}, err
	}
	if err := p.checkPieces(); err != nil {
		return Position{}, err
	}
	p.Key = p.ComputeKey()
	return p, nil
}

// checkPieces is what ParsePosition checks of a position's pieces and
// counts: the predator's pieces, no prey on a trap or in the cliff, and
// the prey on the board, captured and in hand making the game's number.
func (p *Position) checkPieces() *PositionError {
	g := games[p.Game]
	b := g.Board
	if n := bits.OnesCount64(p.Pred); n != g.PredatorCount {
		return posErr(PosPredatorCount, "", n, g.PredatorCount, "position: %d %s pieces, want %d", n, g.Predator, g.PredatorCount)
	}
	if bad := p.Prey &^ b.preyPoints; bad != 0 {
		q := b.Points[bits.TrailingZeros64(bad)]
		where := "the cliff"
		if q.Region == RegionTrap {
			where = "a trap"
		}
		code := PosPreyInCliff
		if q.Region == RegionTrap {
			code = PosPreyOnTrap
		}
		return posErr(code, q.Name, 0, 0, "position: a %s on %s, which is %s", g.Prey, q.Name, where)
	}
	if total := bits.OnesCount64(p.Prey) + int(p.Captured) + int(p.InHand); total != g.PreyCount {
		if total > g.PreyCount {
			return posErr(PosTooMany, "", total, g.PreyCount, "position: too many %s pieces: %d on the board, %d captured, %d in hand makes %d, more than %d",
				g.Prey, bits.OnesCount64(p.Prey), p.Captured, p.InHand, total, g.PreyCount)
		}
		return posErr(PosTooFew, "", total, g.PreyCount, "position: %s pieces missing: %d on the board, %d captured, %d in hand makes %d, not %d",
			g.Prey, bits.OnesCount64(p.Prey), p.Captured, p.InHand, total, g.PreyCount)
	}
	return nil
}

// PositionWhy is why a text is not a position (ParsePosition), as a code:
// the app turns it into a translated explanation; PositionError's Error
// says the same in English.
type PositionWhy uint8

// Reasons a text is not a position.
const (
	PosNone          PositionWhy = iota
	PosNotKeyValue               // a field is not key:value (Text: the field)
	PosUnknownField              // an unknown key (Text)
	PosFieldTwice                // a key given twice (Text)
	PosFieldMissing              // a key missing (Text)
	PosUnknownPoint              // a point not on the board (Text)
	PosTwoPieces                 // two pieces on one point (Text)
	PosTurn                      // turn is neither predator nor prey (Text: as given)
	PosCount                     // captured or hand out of range (Text: the field; Want: the most)
	PosPredatorCount             // the wrong number of predator pieces (N, Want)
	PosPreyOnTrap                // a prey piece on a trap (Text: the point)
	PosPreyInCliff               // a prey piece in the cliff (Text: the point)
	PosTooMany                   // prey on the board, captured and in hand make more than the game has (N, Want)
	PosTooFew                    // … make fewer (N, Want)
)

// PositionError is ParsePosition's error: why, as a code with what it
// names, and in English.
type PositionError struct {
	Why  PositionWhy
	Text string // the field, point or value named
	N    int    // the count found (PosPredatorCount, PosTooMany, PosTooFew)
	Want int    // the count wanted, or the most allowed (PosCount)
	// Reason is why the game is over (PosOver, CheckSetup).
	Reason Reason
	msg    string
}

func (e *PositionError) Error() string { return e.msg }

func posErr(why PositionWhy, text string, n, want int, format string, args ...any) *PositionError {
	return &PositionError{Why: why, Text: text, N: n, Want: want, msg: fmt.Sprintf(format, args...)}
}

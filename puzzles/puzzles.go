// Package puzzles holds the puzzles of the four games ("the dogs to move win
// in 3 moves", "the lion to move: the only move that does not lose"): short
// positions with a single best first move, chosen from the solved tables by
// cmd/puzzlegen and written to data/GAME.txt, graded easy to hard. It
// proves them by exhaustive search (Solver), and plays the other side's
// perfect replies for the app.
package puzzles

import (
	"bufio"
	"embed"
	"fmt"
	"hash/fnv"
	"strconv"
	"strings"

	"huntchess/ai/tablebase"
	"huntchess/core"
)

// Kind is what a puzzle asks.
type Kind string

// The kinds of puzzle.
const (
	// Win: the side to move wins in Plies plies (its own moves and the
	// other side's replies), and the answer is the only first move that
	// wins that fast (in the table: the only move that wins at all).
	Win Kind = "win"
	// Hold: exactly one move does not lose; every other move loses within
	// Plies plies (counting itself). In the tables the answer draws.
	Hold Kind = "hold"
)

// Puzzle is one puzzle.
type Puzzle struct {
	Game     core.GameID
	Number   int // 1, 2, … in its game's list (easy to hard)
	Kind     Kind
	Plies    int // see Kind
	Position core.Position
	Answer   core.Move
}

// Side is the side the player plays: the side to move.
func (p *Puzzle) Side() core.Side { return p.Position.ToMove }

// Moves is the number of the player's own moves in a Win puzzle (the answer
// and the moves after it), 1 in a Hold puzzle.
func (p *Puzzle) Moves() int {
	if p.Kind == Hold {
		return 1
	}
	return (p.Plies + 1) / 2
}

// ID names the puzzle for the preferences: it stays the same as long as the
// puzzle does, wherever it moves in the list.
func (p *Puzzle) ID() string {
	h := fnv.New32a()
	h.Write([]byte(p.Position.String() + " " + p.Answer.String()))
	return fmt.Sprintf("%08x", h.Sum32())
}

// Level grades the puzzle: 0 easy, 1 medium, 2 hard.
func (p *Puzzle) Level() int {
	switch d := Difficulty(p); {
	case d <= 3:
		return 0
	case d <= 6:
		return 1
	}
	return 2
}

// Difficulty orders the puzzles of a game: the plies to think ahead.
func Difficulty(p *Puzzle) int { return p.Plies }

// Line is the puzzle as a line of a data file:
//
//	win 5 c3-c4 predator:c3 prey:… turn:predator captured:0 hand:0
func (p *Puzzle) Line() string {
	return fmt.Sprintf("%s %d %s %s", p.Kind, p.Plies, p.Answer, p.Position)
}

// ParseLine reads a puzzle written by Line.
func ParseLine(game core.GameID, line string) (*Puzzle, error) {
	f := strings.Fields(line)
	if len(f) < 4 {
		return nil, fmt.Errorf("puzzle %q: want kind, plies, answer and position", line)
	}
	pz := &Puzzle{Game: game, Kind: Kind(f[0])}
	if pz.Kind != Win && pz.Kind != Hold {
		return nil, fmt.Errorf("puzzle %q: unknown kind %q", line, f[0])
	}
	n, err := strconv.Atoi(f[1])
	if err != nil || n < 1 || n > 40 {
		return nil, fmt.Errorf("puzzle %q: bad plies %q", line, f[1])
	}
	pz.Plies = n
	pz.Position, err = core.ParsePosition(game.String(), strings.Join(f[3:], " "))
	if err != nil {
		return nil, fmt.Errorf("puzzle %q: %w", line, err)
	}
	pz.Answer, err = pz.Position.ParseMove(f[2])
	if err != nil {
		return nil, fmt.Errorf("puzzle %q: %w", line, err)
	}
	return pz, nil
}

//go:embed data/*.txt
var dataFS embed.FS

// DataFile is the name of a game's puzzle file in this package's folder.
func DataFile(game core.GameID) string { return "data/" + game.String() + ".txt" }

// Parse reads a data file: one puzzle a line, # comments and blank lines
// ignored. The puzzles are numbered in their order.
func Parse(game core.GameID, text string) ([]*Puzzle, error) {
	var out []*Puzzle
	sc := bufio.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		pz, err := ParseLine(game, line)
		if err != nil {
			return nil, err
		}
		pz.Number = len(out) + 1
		out = append(out, pz)
	}
	return out, sc.Err()
}

var loaded [core.NumGames][]*Puzzle

func init() {
	for _, g := range core.Games() {
		data, err := dataFS.ReadFile(DataFile(g.ID))
		if err != nil {
			continue // no puzzles for this game
		}
		ps, err := Parse(g.ID, string(data))
		if err != nil {
			panic(err) // the embedded files are checked by the tests
		}
		loaded[g.ID] = ps
	}
}

// For returns the puzzles of a game, easy to hard (shared: do not change them).
func For(game core.GameID) []*Puzzle { return loaded[game] }

// Check proves the puzzle by exhaustive search alone: a Win puzzle's answer
// wins within Plies plies, no move wins faster, and no other first move wins
// within Plies; in a Hold puzzle every other move loses within Plies plies
// and the answer does not. The solver's budget, if any, bounds the work.
func Check(s *Solver, pz *Puzzle) error {
	p := pz.Position
	if o := p.Outcome(); o.Over() {
		return fmt.Errorf("the position is already over")
	}
	var buf [core.MaxMoves]core.Move
	moves := p.GenMoves(buf[:0])
	if len(moves) < 2 {
		return fmt.Errorf("only %d legal move", len(moves))
	}
	switch pz.Kind {
	case Win:
		if w, err := s.Wins(p, pz.Plies-1); err != nil || w {
			return errOr(err, fmt.Errorf("the side to move wins in fewer than %d plies", pz.Plies))
		}
		for _, m := range moves {
			l, err := s.Loses(p.After(m), pz.Plies-1)
			if err != nil {
				return err
			}
			if m == pz.Answer && !l {
				return fmt.Errorf("the answer %s does not win within %d plies", m, pz.Plies)
			}
			if m != pz.Answer && l {
				return fmt.Errorf("%s wins within %d plies too", m, pz.Plies)
			}
		}
	case Hold:
		for _, m := range moves {
			w, err := s.Wins(p.After(m), pz.Plies-1)
			if err != nil {
				return err
			}
			if m == pz.Answer && w {
				return fmt.Errorf("the answer %s loses within %d plies", m, pz.Plies)
			}
			if m != pz.Answer && !w {
				return fmt.Errorf("%s does not lose within %d plies", m, pz.Plies)
			}
		}
	}
	return nil
}

func errOr(err, other error) error {
	if err != nil {
		return err
	}
	return other
}

// CheckTable checks the puzzle against a game's solved table: a Win puzzle
// wins in exactly Plies plies and its answer is the only move that wins at
// all; in a Hold puzzle the position and the answer draw and every other
// move loses within Plies plies.
func CheckTable(t *tablebase.Table, pz *Puzzle) error {
	p := pz.Position
	v, d, ok := t.Probe(p)
	if !ok {
		return fmt.Errorf("the table does not cover the position")
	}
	var buf [core.MaxMoves]core.Move
	for _, m := range p.GenMoves(buf[:0]) {
		cv, cd, ok := t.Probe(p.After(m))
		if !ok {
			return fmt.Errorf("the table does not cover the position after %s", m)
		}
		switch {
		case pz.Kind == Win && m == pz.Answer && (cv != tablebase.Loss || cd != pz.Plies-1):
			return fmt.Errorf("after the answer %s the table has %v in %d, want a loss in %d", m, cv, cd, pz.Plies-1)
		case pz.Kind == Win && m != pz.Answer && cv == tablebase.Loss:
			return fmt.Errorf("%s wins too (in %d)", m, cd+1)
		case pz.Kind == Hold && m == pz.Answer && cv != tablebase.Draw:
			return fmt.Errorf("after the answer %s the table has %v, want a draw", m, cv)
		case pz.Kind == Hold && m != pz.Answer && (cv != tablebase.Win || cd > pz.Plies-1):
			return fmt.Errorf("after %s the table has %v in %d, want a win within %d for the other side", m, cv, cd, pz.Plies-1)
		}
	}
	switch {
	case pz.Kind == Win && (v != tablebase.Win || d != pz.Plies):
		return fmt.Errorf("the table has %v in %d, want a win in %d", v, d, pz.Plies)
	case pz.Kind == Hold && v != tablebase.Draw:
		return fmt.Errorf("the table has %v, want a draw", v)
	}
	return nil
}

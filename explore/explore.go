// Package explore is the analysis board's logic, with no widget: a walk
// through positions the player moves freely (Walk), every legal move of a
// position with what it is worth from a game's proof stack, best first
// (Moves), a bounded search's judgement where no proof covers a move
// (Judge), and a position as one line of text to share (Line, ParseLine).
package explore

import (
	"context"
	"sort"
	"strings"

	"huntchess/ai"
	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/internal/pageturn"
	"huntchess/proof"
)

// Value is what a position or a move is worth for one side: proven (a
// proof.Verdict), judged by the search (Score), or not known yet.
type Value struct {
	// Proven: Verdict holds; else Searched: Score holds.
	Proven   bool
	Verdict  proof.Verdict // Value, Plies, Kind for the side it is for
	Searched bool
	// Score is the search's score for the side it is for: ai.IsWin tells
	// a forced win (>0) or loss (<0) the search saw.
	Score int
}

// Known reports whether the value is proven or judged.
func (v Value) Known() bool { return v.Proven || v.Searched }

// rank orders values best first for their side: proven wins (the fastest
// first; a win whose plies are not known after those with plies), the
// search's forced wins, then the search's scores and proven draws (0),
// the search's forced losses, proven losses (the longest resistance
// first), and last what is not known yet.
func (v Value) rank() int {
	switch {
	case v.Proven:
		plies := v.Verdict.Plies
		if !v.Verdict.Kind.HasPlies() {
			plies = 1000
		}
		switch v.Verdict.Value {
		case tablebase.Win:
			return 3_000_000 - plies
		case tablebase.Loss:
			return -3_000_000 + plies
		}
		return 0
	case v.Searched:
		return v.Score
	}
	return -4_000_000
}

// MoveValue is one legal move and what it is worth for the side that
// plays it.
type MoveValue struct {
	Move  core.Move
	After core.Position
	Value Value
}

// forMover is the value for the mover of a move to after, from the
// verdict of after for its side to move: won for one is lost for the
// other, one ply further.
func forMover(v proof.Verdict) proof.Verdict {
	out := v
	switch v.Value {
	case tablebase.Win:
		out.Value = tablebase.Loss
	case tablebase.Loss:
		out.Value = tablebase.Win
	}
	if v.Value != tablebase.Draw && v.Kind.HasPlies() {
		out.Plies = v.Plies + 1
	}
	return out
}

// ended is the value of a finished position for its side to move: the
// board's outcome is exact.
func ended(p core.Position) (proof.Verdict, bool) {
	o := p.Outcome()
	if !o.Over() {
		return proof.Verdict{}, false
	}
	v := proof.Verdict{Value: tablebase.Draw, Kind: proof.Exact}
	if w, ok := o.Winner(); ok {
		v.Value = tablebase.Loss
		if w == p.ToMove {
			v.Value = tablebase.Win
		}
	}
	return v, true
}

// Probe is what the stack (any nil) proves of p for its side to move; a
// finished position's outcome is exact.
func Probe(st proof.Stack, p core.Position) (proof.Verdict, bool) {
	if v, ok := ended(p); ok {
		return v, true
	}
	return st.Probe(p)
}

// Moves is every legal move of p with its proven value for the side to
// move, best first (Sort); the moves no proof covers have no value yet
// (Judge gives the search's). It stops when ctx is done and returns nil
// (a strategy's probes may take a while: the position has changed).
func Moves(ctx context.Context, st proof.Stack, p core.Position) []MoveValue {
	if p.Outcome().Over() {
		return nil
	}
	var buf [core.MaxMoves]core.Move
	moves := p.GenMoves(buf[:0])
	out := make([]MoveValue, len(moves))
	var turn pageturn.Clock // in the browser, the page draws while cold blocks are read
	for i, m := range moves {
		turn.Yield()
		if ctx.Err() != nil {
			return nil
		}
		after := p.After(m)
		out[i] = MoveValue{Move: m, After: after}
		if v, ok := Probe(st, after); ok {
			out[i].Value = Value{Proven: true, Verdict: forMover(v)}
		}
	}
	Sort(out)
	return out
}

// Sort orders moves best first for their mover (ties keep core's order).
func Sort(moves []MoveValue) {
	sort.SliceStable(moves, func(i, j int) bool { return moves[i].Value.rank() > moves[j].Value.rank() })
}

// Unproven reports whether some move has no value yet (Judge has work).
func Unproven(moves []MoveValue) bool {
	for _, m := range moves {
		if !m.Value.Known() {
			return true
		}
	}
	return false
}

// SearchLimits is the budget of the search's look at one move: as the
// review's (session.ReviewLimits), a short look ahead.
var SearchLimits = ai.Limits{Depth: 6, Nodes: 12000}

// Judge gives the moves without a value the search's judgement (each the
// position after it searched within SearchLimits), calling done after
// each with the index judged. It stops when ctx is done and returns false.
// moves is changed in place; Sort them afterwards.
func Judge(ctx context.Context, moves []MoveValue, done func(i int)) bool {
	for i := range moves {
		if moves[i].Value.Known() {
			continue
		}
		if ctx.Err() != nil {
			return false
		}
		res := ai.Search(ctx, moves[i].After, SearchLimits)
		if ctx.Err() != nil {
			return false
		}
		moves[i].Value = Value{Searched: true, Score: -res.Score}
		if done != nil {
			done(i)
		}
	}
	return true
}

// Position is the value of p for its side to move: proven by the stack,
// else the best judged move's (nil moves, or none judged: not known).
func Position(st proof.Stack, p core.Position, moves []MoveValue) Value {
	if v, ok := Probe(st, p); ok {
		return Value{Proven: true, Verdict: v}
	}
	for _, m := range moves {
		if m.Value.Searched {
			return m.Value // sorted: the first judged is the best judged
		}
	}
	return Value{}
}

// Best is the move to draw on the board: the first of sorted moves, when
// it has a value.
func Best(moves []MoveValue) (core.Move, bool) {
	if len(moves) == 0 || !moves[0].Value.Known() {
		return core.Move{}, false
	}
	return moves[0].Move, true
}

// ---- sharing ------------------------------------------------------------------

// Line is a position as one line of text: the game's key, a colon, then
// core's position notation (docs/formats/position-line.md):
//
//	surround-the-lion: predator:c3 prey:a1,b1 turn:prey captured:0 hand:0
func Line(p core.Position) string {
	return p.Game.Info().Key + ": " + p.String()
}

// LineError is why a text is not a position line: no text, an unknown
// game, or core's reason (Pos).
type LineError struct {
	Empty bool
	Game  string // the unknown game's name as written
	Pos   *core.PositionError
	err   error
}

func (e *LineError) Error() string {
	switch {
	case e.Empty:
		return "position: no text"
	case e.Game != "":
		return "position: unknown game " + e.Game
	case e.Pos != nil:
		return e.Pos.Error()
	}
	return e.err.Error()
}

// ParseLine reads a position line (Line); without its "game:" first, the
// position is of game def. Surrounding white space and line breaks are
// read as spaces (a line pasted from a message).
func ParseLine(def core.GameID, text string) (core.Position, *LineError) {
	text = strings.Join(strings.Fields(text), " ")
	if text == "" {
		return core.Position{}, &LineError{Empty: true}
	}
	key := def.Info().Key
	if head, rest, ok := strings.Cut(text, ":"); ok && !strings.Contains(head, " ") {
		if _, err := core.Lookup(head); err == nil {
			key, text = head, rest
		} else if head != "" && !isField(head) {
			return core.Position{}, &LineError{Game: head}
		}
	}
	p, err := core.ParsePosition(key, text)
	if err != nil {
		le := &LineError{err: err}
		if pe, ok := err.(*core.PositionError); ok {
			le.Pos = pe
		}
		return core.Position{}, le
	}
	// What the editor refuses a pasted line cannot bring in either, but a
	// game's last position (the game over in it) may be looked at.
	if pe := core.CheckSetup(p); pe != nil && pe.Why != core.PosOver {
		return core.Position{}, &LineError{err: pe, Pos: pe}
	}
	return p, nil
}

// isField reports whether s is a key of core's position notation (a line
// without its game begins with one).
func isField(s string) bool {
	switch s {
	case "predator", "prey", "turn", "captured", "hand":
		return true
	}
	return false
}

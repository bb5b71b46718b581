// Package proof is the one home of what is proven about a position: a
// Verdict (the value for the side to move, the plies to the end, and the
// Kind of proof behind them), the Source interface every kind of proof
// file is read through (an exact table, Table; a proven strategy from the
// start, Strategy; a bound table, BoundTable), the combinators over
// sources (PreferPlies; Bridge, back onto a proof after a pass), and the
// Stack of a game, whose stated order is the order it asks its sources in.
//
// It knows the rules through core and the files through ai/tablebase and
// ai/tablebase/strategy, and nothing above them: the engine (ai) plays
// from a game's stack and searches where it proves nothing; the review
// (session) and the app's hints and table line ask the same stack. Within
// is the one bounded "win within n plies" search: the bridge's, the
// conversion of a table of values (ai) and the puzzles' proofs.
package proof

import (
	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
)

// Kind is what kind of proof stands behind a verdict.
type Kind uint8

const (
	// Search: nothing is proven; a score or a judgement is the search's
	// (the zero Kind).
	Search Kind = iota
	// Exact: an exact table's value and plies, or an exact strategy's
	// win: perfect play.
	Exact
	// ValuesOnly: an exact table's value whose plies the table does not
	// hold (a values-only section, tablebase.PliesUnknown): the win or the
	// loss is proven, its length is not.
	ValuesOnly
	// Bound: a proven win without a prey piece given up (a bound strategy
	// or a bound table: Beat the Wolf's dogs), its plies an upper bound:
	// the real game may hold a faster win.
	Bound
	// AtMost: a proven win through a bridge of a few plies back onto an
	// exact proof (Bridge), its plies an upper bound.
	AtMost
	// BoundAtMost: a bridge back onto a Bound proof.
	BoundAtMost
)

// String names the kind, for logs and tests.
func (k Kind) String() string {
	switch k {
	case Search:
		return "search"
	case Exact:
		return "exact"
	case ValuesOnly:
		return "values-only"
	case Bound:
		return "bound"
	case AtMost:
		return "at-most"
	case BoundAtMost:
		return "bound-at-most"
	}
	return "?"
}

// Proven reports whether the kind is a proof (not Search).
func (k Kind) Proven() bool { return k != Search }

// Bounded reports whether the proof is one without a prey piece given up
// (Bound, or a bridge onto it).
func (k Kind) Bounded() bool { return k == Bound || k == BoundAtMost }

// Bridged reports whether the proof runs through a bridge (AtMost,
// BoundAtMost).
func (k Kind) Bridged() bool { return k == AtMost || k == BoundAtMost }

// UpperBound reports whether the plies are an upper bound (Bounded or
// Bridged).
func (k Kind) UpperBound() bool { return k.Bounded() || k.Bridged() }

// HasPlies reports whether a proven win or loss comes with its plies (not
// ValuesOnly).
func (k Kind) HasPlies() bool { return k.Proven() && k != ValuesOnly }

// bridged is the kind of a bridge onto a proof of kind k.
func (k Kind) bridged() Kind {
	if k.Bounded() {
		return BoundAtMost
	}
	return AtMost
}

// Verdict is what a source proves of a position, for its side to move.
type Verdict struct {
	// Value is the value with best play: tablebase.Win, Draw or Loss.
	Value tablebase.Value
	// Plies is the plies to the end against the longest resistance (0 for
	// a draw, and for ValuesOnly).
	Plies int
	Kind  Kind
}

// Source is one kind of proof: a file, or a combinator over sources. Its
// methods must be safe to call from several goroutines.
type Source interface {
	// Probe is what the source proves of p; false where it proves
	// nothing (and for a finished game, unless said otherwise).
	Probe(p core.Position) (Verdict, bool)
	// Step is the proof's move in p with p's verdict: the winner's move
	// that keeps the win with the fewest plies, the loser's reply with the
	// most, a drawing move from a draw (ties to the first in core's order,
	// or, with a non-zero seed, to one the seed picks among the loser's
	// longest replies). False where the source proves nothing of p or
	// has no move of its proof there.
	Step(p core.Position, seed int64) (core.Move, Verdict, bool)
}

// winFor is the verdict's value for the side to move when winner wins.
func winFor(p core.Position, winner core.Side) tablebase.Value {
	if p.ToMove == winner {
		return tablebase.Win
	}
	return tablebase.Loss
}

// Stack is one game's sources in order. Probe and Step ask them in the
// order they are listed, and the first that proves the position answers;
// nothing else is asked afterwards. Where a plies-less answer should give
// way to a later source with plies, the stack says so with PreferPlies.
type Stack []Source

// Probe is the first source's verdict of p.
func (s Stack) Probe(p core.Position) (Verdict, bool) {
	for _, src := range s {
		if v, ok := src.Probe(p); ok {
			return v, true
		}
	}
	return Verdict{}, false
}

// Step is the first source's move in p.
func (s Stack) Step(p core.Position, seed int64) (core.Move, Verdict, bool) {
	for _, src := range s {
		if m, v, ok := src.Step(p, seed); ok {
			return m, v, true
		}
	}
	return core.Move{}, Verdict{}, false
}

// PreferPlies is First, except where First proves a win or a loss without
// its plies (ValuesOnly: deer chess's placement phase, the pig's tiers of
// many captures) and one of Plies proves p with its plies: then that
// one's answer (the strategy knows the loser's longest resistance and the
// winner's line in plies, where the values alone only keep the value).
// Where First proves nothing, PreferPlies proves nothing: the sources of
// Plies are asked only to add plies, and come again later in a stack
// where they should answer on their own.
type PreferPlies struct {
	First Source
	Plies []Source
}

// Probe is First's verdict, or a Plies source's with plies in place of a
// ValuesOnly one.
func (s PreferPlies) Probe(p core.Position) (Verdict, bool) {
	v, ok := s.First.Probe(p)
	if !ok || v.Kind != ValuesOnly {
		return v, ok
	}
	for _, src := range s.Plies {
		if pv, ok := src.Probe(p); ok && pv.Kind.HasPlies() {
			return pv, true
		}
	}
	return v, true
}

// Step is First's move, or a Plies source's move with plies in place of a
// ValuesOnly one.
func (s PreferPlies) Step(p core.Position, seed int64) (core.Move, Verdict, bool) {
	m, v, ok := s.First.Step(p, seed)
	if !ok || v.Kind != ValuesOnly {
		return m, v, ok
	}
	for _, src := range s.Plies {
		if pm, pv, ok := src.Step(p, seed); ok && pv.Kind.HasPlies() {
			return pm, pv, true
		}
	}
	return m, v, true
}

// GameStack is the proof stack of a game's files (any nil): the exact
// table t (giving way, where it holds a win without plies, to the
// strategy's, the bound table's or the bridge's verdict with plies:
// PreferPlies), the proven strategy s, the bound table b, and the bridge
// back onto their proof (ProofOf). A new kind of file is a new source in
// this list; Beat the Wolf's whole table is t, and so are the values of
// its 17-dog tier that the app ships (there the strategy and the bridge
// back onto it give the plies the values do not).
func GameStack(t *tablebase.Table, s *strategy.Strategy, b *tablebase.Table) Stack {
	// The sources after the table, which also give it their plies.
	var rest Stack
	if s != nil {
		rest = append(rest, Strategy{s})
	}
	if b != nil {
		rest = append(rest, BoundTable{b})
	}
	if br, ok := ProofOf(s, t, b); ok {
		rest = append(rest, br)
	}
	switch {
	case t == nil:
		return rest
	case rest == nil:
		return Stack{Table{t}}
	}
	return append(Stack{PreferPlies{First: Table{t}, Plies: rest}}, rest...)
}

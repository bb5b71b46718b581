package ai

import (
	"context"
	"time"

	"huntchess/core"
	"huntchess/match"
	"huntchess/proof"
)

// The engine and its move sources. A move may come from five places, each
// a Source the Engine holds: the endgame table (TableMoves), the proven
// strategy from the start (StrategyMoves), the bound table (BoundMoves),
// the bridge back onto their proof after a pass (BridgeMoves), and the
// search (SearchMoves). The engine asks them in the order listed, and the
// first that has a move for the position gives it; no source is asked
// after one has answered. A table or a strategy proposes only where it
// proves the position, the search always does. The proofs themselves are
// the proof package's sources (ai.Proofs is a game's proof stack in the
// same order); the engine's sources play them and apply a level's slips
// on top (TableMoves), and where a table's move has no plies the
// combinator PreferPlies says which source gives way to which.

// Source is one place the engine's move can come from.
type Source interface {
	// Propose returns the source's move for the side to move in pos under
	// lim (the level's seed and slips, and whether it plays proven moves:
	// Limits.Strategy), with its proof (Result.Proof) or its
	// score, and true; false where it has no move for pos, and the engine
	// asks the next source. pos has a legal move. It must return promptly
	// once ctx is done, and be safe to call from several goroutines.
	Propose(ctx context.Context, pos core.Position, lim Limits) (Result, bool)
}

// TableOwner is the owner of the tables on a device (the app's
// tables.Owner): the table, the strategy and the bound table of a game,
// each nil where it has none. It must be safe to call from several
// goroutines.
type TableOwner interface {
	Tables
	Strategies
	BoundTables
}

// Holder is a table owner that keeps a game's files open while they are
// held (tables.Owner.Hold): a table it lets go of meanwhile (the table
// pack installed or deleted) is closed only after the last release.
type Holder interface {
	Hold(id core.GameID) (release func())
}

// Engine is the computer opponent: the levels' moves, the hints and the
// draw decisions. The zero Engine only searches.
type Engine struct {
	// Sources are asked in order for the move (Choose); where none
	// proposes one, the engine searches without tables.
	Sources []Source
	// Draws, if set, holds the endgame tables that decide a draw offer
	// outright where they cover the position (AcceptsDraw).
	Draws Tables
	// Holder, if set, holds the game's files for each move chosen and
	// each draw decided (NewEngine: the owner, where it is a Holder).
	Holder Holder
}

// hold holds game id's files, where the engine has a Holder; call the
// release it returns when done.
func (e Engine) hold(id core.GameID) (release func()) {
	if e.Holder == nil {
		return func() {}
	}
	return e.Holder.Hold(id)
}

// NewEngine is the engine of a table owner (nil: none): it plays from the
// owner's endgame table where it covers the position (every level, with
// its slips; where the table holds no plies, Master and the hints play the
// strategy's or the bound table's move with plies: PreferPlies), then, for Master and the hints, from the proven strategy and
// the bound table, and where a pass took the game off them, by a bridge
// back onto their proof (BridgeMoves), and searches elsewhere, with the
// table's exact values inside the tree. Where the owner is a Holder, each
// move and draw decision holds the game's files.
func NewEngine(o TableOwner) Engine {
	h, _ := o.(Holder)
	return Engine{
		Sources: []Source{
			PreferPlies{First: TableMoves{o}, Plies: []Source{StrategyMoves{o}, BoundMoves{o}, BridgeMoves{o}}},
			StrategyMoves{o}, BoundMoves{o}, BridgeMoves{o}, SearchMoves{o},
		},
		Draws:  o,
		Holder: h,
	}
}

// Choose is the engine's move for the side to move in pos under lim: the
// first source's proposal. It returns a legal move whenever the side to
// move has one (the zero Move otherwise); the time cap counts from the
// call.
func (e Engine) Choose(ctx context.Context, pos core.Position, lim Limits) Result {
	start := time.Now()
	if ctx == nil {
		ctx = context.Background()
	}
	var buf [core.MaxMoves]core.Move
	if len(pos.GenMoves(buf[:0])) == 0 {
		return Result{Elapsed: time.Since(start)}
	}
	lim.start = start
	defer e.hold(pos.Game)()
	for _, s := range e.Sources {
		if r, ok := s.Propose(ctx, pos, lim); ok {
			r.Elapsed = time.Since(start)
			return r
		}
	}
	return Search(ctx, pos, lim)
}

// PreferPlies is the source First, except where First's move is a proven
// win or loss without its plies (proof.ValuesOnly: a values-only table
// section, deer chess's placement phase, the pig's tiers of many
// captures) and one of Plies proposes a move proven with its plies: then
// that one's (the strategy knows the loser's longest resistance and the
// winner's line in plies, where the values alone only keep the value).
// Where First proposes nothing, PreferPlies proposes nothing: the sources
// of Plies are asked only to add plies (they come again after it in the
// engine's list to answer on their own). It is proof.PreferPlies for the
// engine's moves.
type PreferPlies struct {
	First Source
	Plies []Source
}

// Propose is First's move, or a Plies source's with plies in place of a
// values-only one.
//
// Where First can tell beforehand that its move would be values-only
// (valuesOnlyAt: a table's win or loss without plies at pos), the Plies
// sources are asked first, and First only where none answers: its move
// there is a search for progress (ai/convert.go), far dearer than a
// strategy's or a bound table's lookup. They have half the move's time (a
// bridge's search not found by then proves nothing), First the rest.
func (s PreferPlies) Propose(ctx context.Context, pos core.Position, lim Limits) (Result, bool) {
	asked := false
	if vo, ok := s.First.(valuesOnlyAt); ok && vo.valuesOnlyAt(pos) {
		asked = true
		half := lim
		half.Time /= 2
		for _, src := range s.Plies {
			if pr, ok := src.Propose(ctx, pos, half); ok && pr.Proof.HasPlies() {
				return pr, true
			}
		}
	}
	r, ok := s.First.Propose(ctx, pos, lim)
	if !ok || r.Proof != proof.ValuesOnly || asked {
		return r, ok
	}
	for _, src := range s.Plies {
		if pr, ok := src.Propose(ctx, pos, lim); ok && pr.Proof.HasPlies() {
			return pr, true
		}
	}
	return r, true
}

// Think is the engine's move for the side to move of g at the given level
// (GameLimits). It is safe to call from a goroutine while g is not being
// changed; cancel ctx to stop it early (it returns within a few
// milliseconds with the best move so far).
func (e Engine) Think(ctx context.Context, g *core.Game, level match.Level) Result {
	return e.Choose(ctx, g.Position(), GameLimits(g, level))
}

// Hint is HintAt the Hard level.
func (e Engine) Hint(ctx context.Context, g *core.Game) Result { return e.HintAt(ctx, g, match.Hard) }

// HintAt suggests a move for the player to move in g: the engine's move at
// the level's budget without its noise, lapses or slips, and with proven
// play (the strategy, the bound table) whatever the level.
func (e Engine) HintAt(ctx context.Context, g *core.Game, level match.Level) Result {
	return e.Choose(ctx, g.Position(), hintLimits(g, level))
}

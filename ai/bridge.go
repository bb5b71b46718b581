package ai

import (
	"context"

	"huntchess/core"
	"huntchess/proof"
)

// Bridges back onto a proof (proof.Bridge). A strategy from the start
// answers every legal reply of the loser, but not a pass: the turn timer
// lets either side pass, and the position after it is one no line of the
// strategy reaches. BridgeMoves, the engine's source after the strategy
// and the bound table, plays the bridge back onto their proof for Master
// and the hints, with its proof (proof.AtMost, proof.BoundAtMost); where
// no bridge is found it proposes nothing, and the search plays, proving
// nothing. Measured: the bridge's move, its line included (Limits.Line), in a position
// it does not prove 35 ms on average from a strategy opened afresh with
// the app's cache (BenchmarkBridge; 0.6 ms with 3 plies).

// BridgePlies is how far a bridge reaches (proof.BridgePlies).
const BridgePlies = proof.BridgePlies

// BridgeMoves is the move source of the bridges (nil: none): where the
// limits ask for proven play (Limits.Strategy: Master and the hints), no
// table, strategy or bound table plays the position, and a bridge of at
// most BridgePlies plies leads from it into the proof of the game's
// strategy (or of its bound table), the bridge's move (proof.Bridge.Step).
type BridgeMoves struct{ Owner TableOwner }

// Propose is the bridge's move for pos, where one proves the win.
func (s BridgeMoves) Propose(_ context.Context, pos core.Position, lim Limits) (Result, bool) {
	if !lim.Strategy || s.Owner == nil {
		return Result{}, false
	}
	b, ok := bridgeOf(s.Owner, pos.Game)
	if !ok {
		return Result{}, false
	}
	b.Deadline = lim.deadline() // a bridge not found within the move's time proves nothing
	return provenMove(b, pos, lim)
}

// bridgeOf is the bridge onto the proof of game id from the owner's files
// (proof.ProofOf).
func bridgeOf(o TableOwner, id core.GameID) (proof.Bridge, bool) {
	return proof.ProofOf(o.Strategy(id), o.Table(id), o.Bound(id))
}

// Proofs is the proof stack of game id from the owner's files (nil: none;
// proof.GameStack), in the order the engine's proven sources play them
// (NewEngine): the table (giving way to the strategy or the bound table
// where it holds no plies), the strategy, the bound table, the bridge. The hints' words, the
// review and the app's table line ask it.
func Proofs(o TableOwner, id core.GameID) proof.Stack {
	if o == nil {
		return nil
	}
	return proof.GameStack(o.Table(id), o.Strategy(id), o.Bound(id))
}

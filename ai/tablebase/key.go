package tablebase

import (
	"math/bits"

	"huntchess/core"
)

// Canonical keys name a position of a game up to the board's symmetries:
// its tier and its entry in the tier's layout, the same for every symmetric
// image. The strategies (ai/tablebase/strategy) keep their positions by it.

// NoKey is returned by CanonKey for a position without one.
const NoKey = ^uint64(0)

// CanonKey returns the canonical key of a position of r's game: its tier
// (prey in hand, prey captured) and its index in the tier's layout, which
// is the same for every symmetric image. ok is false for a position no
// layout holds (a predator off the prey's points, the captures that win).
func (r *Rules) CanonKey(p core.Position) (uint64, bool) {
	np := uint64(1)<<uint(r.NP) - 1
	if p.Pred&^np != 0 || p.Prey&^np != 0 || int(p.Captured) >= r.CaptureWin || bits.OnesCount64(p.Pred) != r.PredCount {
		return NoKey, false
	}
	k := bits.OnesCount64(p.Prey)
	if k+int(p.Captured)+int(p.InHand) != r.PreyCount || k > r.NP-r.PredCount {
		return NoKey, false
	}
	idx, _ := LayoutFor(r, k).Index(p.Pred, p.Prey, int(p.ToMove))
	return uint64(p.InHand)<<56 | uint64(p.Captured)<<48 | uint64(idx), true
}

// KeyPosition returns the representative position of a canonical key.
func (r *Rules) KeyPosition(key uint64) core.Position {
	hand, capt, idx := int(key>>56), int(key>>48&0xff), int64(key&(1<<48-1))
	l := LayoutFor(r, r.PreyCount-capt-hand)
	pred, prey, side := l.Position(idx)
	return ToCore(r, Pos{Pred: pred, Prey: prey, Side: side, Capt: capt, Hand: hand})
}

// ValidKey reports whether a canonical key names an entry of r's layouts.
func (r *Rules) ValidKey(key uint64) bool {
	hand, capt, idx := int(key>>56), int(key>>48&0xff), int64(key&(1<<48-1))
	k := r.PreyCount - capt - hand
	if hand > r.InHand || capt >= r.CaptureWin || k < 0 || k > r.NP-r.PredCount {
		return false
	}
	return idx < LayoutFor(r, k).entries
}

// KeySide is the side to move of a canonical key's position.
func (r *Rules) KeySide(key uint64) core.Side {
	hand, capt, idx := int(key>>56), int(key>>48&0xff), int64(key&(1<<48-1))
	l := LayoutFor(r, r.PreyCount-capt-hand)
	return core.Side(idx / (int64(len(l.classes)) * l.ranks))
}

// ToCore returns the core position of a solver position of game r.
func ToCore(r *Rules, p Pos) core.Position {
	g, _ := r.Game()
	c := core.Position{Game: g, Pred: p.Pred, Prey: p.Prey, ToMove: core.Side(p.Side), Captured: uint8(p.Capt), InHand: uint8(p.Hand)}
	c.Key = c.ComputeKey()
	return c
}

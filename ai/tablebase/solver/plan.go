package solver

import (
	"huntchess/ai/tablebase"
	"huntchess/core"
)

// Plan is what a game's tables hold.
type Plan struct {
	Tiers     []int // moving-phase tiers by captured count, in solving order
	Bound     int   // a tier solved with any capture counting as a predator win, or -1
	Placement bool  // every placement tier too (deer chess)
}

// FullPlan is everything this package solves of a game on a desktop
// (docs/solved.md): all of Surround the Lion, deer chess and Wolf Carries
// the Pig, and Beat the Wolf's endgame tiers down to 10 dogs (the next one,
// 1.8e9 entries, would need about 14 GB; the top tiers have 7.9e9 entries
// each). Beat the Wolf's top tier is solved on its own for the dogs' wins
// only (SolveBoundTier; cmd/solve build beat-the-wolf -tiers none -bound 0).
func FullPlan(id core.GameID) Plan {
	switch id {
	case core.SurroundTheLion:
		return Plan{Tiers: []int{4, 2, 0}, Bound: -1} // captures come in pairs
	case core.DeerChess:
		return Plan{Tiers: []int{6, 5, 4, 3, 2, 1, 0}, Bound: -1, Placement: true}
	case core.WolfCarriesPig:
		return Plan{Tiers: []int{6, 5, 4, 3, 2, 1, 0}, Bound: -1}
	}
	return Plan{Tiers: []int{11, 10, 9, 8, 7}, Bound: -1}
}

// MovingPlan is FullPlan without the placement tiers: the moving phase
// only (what the app solves of deer chess on a desktop; the same as
// FullPlan for the games without a placement phase).
func MovingPlan(id core.GameID) Plan {
	p := FullPlan(id)
	p.Placement = false
	return p
}

// Entries returns how many index entries the plan solves, tier by tier in
// solving order (for progress over a whole plan).
func (p Plan) Entries(r *tablebase.Rules) []int64 {
	var out []int64
	for _, c := range p.Tiers {
		out = append(out, tablebase.LayoutFor(r, r.PreyCount-c).Entries())
	}
	if p.Bound >= 0 {
		out = append(out, tablebase.LayoutFor(r, r.PreyCount-p.Bound).Entries())
	}
	if p.Placement {
		p.eachPlacementTier(r, func(c, h int) { out = append(out, tablebase.LayoutFor(r, r.PreyCount-c-h).Entries()) })
	}
	return out
}

func (p Plan) eachPlacementTier(r *tablebase.Rules, fn func(captured, hand int)) {
	for h := 1; h <= r.InHand; h++ { // fewest in hand first, then most captured
		for c := r.CaptureWin - 1; c >= 0; c-- {
			if r.PreyCount-c-h >= 0 {
				fn(c, h)
			}
		}
	}
}

// Run solves the plan's tiers in order and hands each tier's counts to done
// (nil: none).
func (s *Solver) Run(p Plan, done func(tablebase.TierStats)) {
	add := func(st tablebase.TierStats) {
		if done != nil {
			done(st)
		}
	}
	for _, c := range p.Tiers {
		add(s.SolveTier(c, false))
	}
	if p.Bound >= 0 {
		if s.R.BoundSolvable() {
			st, err := s.SolveBoundTier(p.Bound)
			if err != nil {
				panic(err) // only past 253 plies: the byte per entry would need to grow
			}
			add(st)
		} else {
			add(s.SolveTier(p.Bound, true))
		}
	}
	if p.Placement {
		p.eachPlacementTier(s.R, func(c, h int) { add(s.SolvePlacementTier(c, h)) })
	}
}

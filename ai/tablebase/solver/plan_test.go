package solver

import (
	"slices"
	"testing"

	"huntchess/core"
)

// MovingPlan is FullPlan without the placement tiers.
func TestMovingPlan(t *testing.T) {
	for _, g := range core.Games() {
		full, mov := FullPlan(g.ID), MovingPlan(g.ID)
		if mov.Placement || !slices.Equal(mov.Tiers, full.Tiers) || mov.Bound != full.Bound {
			t.Errorf("%s: MovingPlan %+v, FullPlan %+v", g.Key, mov, full)
		}
	}
}

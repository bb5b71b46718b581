package tablebase

import "fmt"

// TierStats are the counts of one solved tier.
type TierStats struct {
	Captured, Hand int
	Bound          bool // captures count as a predator win: bounds, not values
	// PreyWinsOnly: only the prey's wins were solved (SolveBoundTier); a
	// draw here means "not a prey win" (a draw or a predator win).
	PreyWinsOnly   bool   `json:",omitempty"`
	Kind           string // "dense": every position of the tier
	PreyOnBoard    int
	Entries        int64 // index entries, holes included
	Positions      int64 // positions (up to symmetry)
	Wins, Draws    int64 // for the side to move
	Losses         int64
	PredatorToMove [3]int64 // wins, draws, losses with the predator to move
	LongestWin     int      // most plies to the end of a won position
	Levels         int      // retrograde levels (0 for placement tiers)
	Seconds        float64  `json:"-"` // solving time (not stored: tables are byte-for-byte reproducible)
}

// Count counts one entry's code (holes are not counted).
func (t *TierStats) Count(c uint16, predToMove bool) {
	v, d := Decode(c)
	if v == Unknown {
		return
	}
	t.Positions++
	i := 0
	switch v {
	case Win:
		t.Wins++
		t.LongestWin = max(t.LongestWin, d)
	case Draw:
		t.Draws++
		i = 1
	case Loss:
		t.Losses++
		i = 2
	}
	if predToMove {
		t.PredatorToMove[i]++
	}
}

// Line is a one-line summary.
func (t *TierStats) Line() string {
	b := ""
	if t.Bound {
		b = " (bound: a capture counts as a predator win)"
	}
	if t.PreyWinsOnly {
		return fmt.Sprintf("captured %d%s, the prey's wins: %d positions: %d prey wins (prey to move), %d predator losses, %d neither (not a prey win); longest win %d plies; %.1fs",
			t.Captured, b, t.Positions, t.Wins, t.Losses, t.Draws, t.LongestWin, t.Seconds)
	}
	return fmt.Sprintf("captured %d, in hand %d%s: %d positions: %d wins, %d draws, %d losses; longest win %d plies; %.1fs",
		t.Captured, t.Hand, b, t.Positions, t.Wins, t.Draws, t.Losses, t.LongestWin, t.Seconds)
}

// Add sums another part's counts into t.
func (t *TierStats) Add(o *TierStats) {
	t.Positions += o.Positions
	t.Wins += o.Wins
	t.Draws += o.Draws
	t.Losses += o.Losses
	for k := range t.PredatorToMove {
		t.PredatorToMove[k] += o.PredatorToMove[k]
	}
	t.LongestWin = max(t.LongestWin, o.LongestWin)
}

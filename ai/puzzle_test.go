package ai

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"huntchess/core"
	"huntchess/match"
)

// hardLimits is the Hard level's default budget (without the per-game slips
// of levelTweaks) without its time cap, so the puzzles are deterministic.
func hardLimits() Limits {
	lim := LevelLimits(match.Hard)
	lim.Time = 0
	lim.Seed = 1
	return lim
}

func mustPos(t *testing.T, game, text string) core.Position {
	t.Helper()
	p, err := core.ParsePosition(game, text)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return p
}

// onlyTrapMoves reports whether the lion, to move, can only step into a trap.
func onlyTrapMoves(q core.Position) bool {
	var buf [core.MaxMoves]core.Move
	ms := q.GenMoves(buf[:0])
	if len(ms) == 0 {
		return false
	}
	for _, m := range ms {
		if (uint64(1)<<uint(m.To))&q.Board().TrapMask() == 0 {
			return false
		}
	}
	return true
}

// predatorCaptures reports whether the predator, to move, has a capture.
func predatorCaptures(q core.Position) bool {
	var buf [core.MaxMoves]core.Move
	for _, m := range q.GenMoves(buf[:0]) {
		if m.Capt != 0 {
			return true
		}
	}
	return false
}

// puzzle is a position with a point that Hard must see.
type puzzle struct {
	name, game, pos string
	want            []string                                  // the move must be one of these (if set)
	avoid           []string                                  // the move must not be one of these
	check           func(p core.Position, m core.Move) string // extra check of the position after the move; "" = ok
}

func TestPuzzles(t *testing.T) {
	puzzles := []puzzle{
		{
			name: "the wolf takes a free dog",
			game: "beat-the-wolf",
			pos:  "predator:d4 prey:c1,d1,e1,c2,d2,e2,a3,b3,c3,e3,f3,g3,a4,g4,a5,d5,g5 turn:predator captured:0 hand:0",
			want: []string{"d4-d6"},
		},
		{
			name: "the dogs close the wolf's last escape",
			game: "beat-the-wolf",
			pos:  "predator:c7 prey:a3,b3,c3,f3,g3,c5,e5,c6,e6,d7,e7 turn:prey captured:6 hand:0",
			want: []string{"e6-d6"},
		},
		{
			name:  "the wolf does not step where the dogs shut it in",
			game:  "beat-the-wolf",
			pos:   "predator:d6 prey:a3,b3,c3,f3,g3,c5,e5,c6,e6,d7,e7 turn:predator captured:6 hand:0",
			avoid: []string{"d6-c7"},
		},
		{
			name: "the pigs block the wolves' double threat",
			game: "wolf-carries-pig",
			pos:  "predator:a5,c5,e5 prey:a1,b1,c1,d1,e1,a2,b2,c2,d2,e2,a3,b4,d4 turn:prey captured:2 hand:0",
			check: func(p core.Position, m core.Move) string {
				if q := p.After(m); predatorCaptures(q) {
					return "the wolves still have a capture"
				}
				return ""
			},
		},
		{
			name:  "the lion avoids the step that lets the dogs force it into a trap",
			game:  "surround-the-lion",
			pos:   "predator:e4 prey:a1,b1,c1,d1,e1,b2,e2,a3,d3,b4,a5,b5,c5,d5 turn:predator captured:2 hand:0",
			avoid: []string{"e4-e3"},
			check: func(p core.Position, m core.Move) string {
				q := p.After(m)
				var buf [core.MaxMoves]core.Move
				for _, d := range q.GenMoves(buf[:0]) {
					if onlyTrapMoves(q.After(d)) {
						return "the dogs answer " + d.String() + " and the lion must enter a trap"
					}
				}
				return ""
			},
		},
		{
			name:  "the deer refuses a capture that lands in the cliff",
			game:  "deer-chess",
			pos:   "predator:c4 prey:a1,b1,c1,d1,e1,a2,b2,d2,e2,c5,b3,d3 turn:predator captured:2 hand:6",
			avoid: []string{"c4-c6"},
		},
		{
			name: "the dogs' placement closes the jump the deer threatens",
			game: "deer-chess",
			pos:  "predator:c3 prey:b2,c2,d2,b3,d3,b4,c4,d4,a1,a5,e1,e5,c1,a3,e3 turn:prey captured:0 hand:5",
			want: []string{"@c5"},
		},
	}
	for _, pz := range puzzles {
		t.Run(pz.name, func(t *testing.T) {
			t.Parallel() // each puzzle's searches are its own (11 searches of up to 1 M nodes)
			p := mustPos(t, pz.game, pz.pos)
			r := Search(context.Background(), p, hardLimits())
			if why := pz.fails(p, r); why != "" {
				t.Error(why)
			}
			// Hard as it plays this side of this game, slips included (a
			// lapse or root noise may miss the point now and then): over ten
			// seeds, with the node budget capped so the test stays quick.
			lim := LevelLimitsFor(p.Game, p.ToMove, match.Hard)
			lim.Time, lim.Nodes = 0, min(lim.Nodes, 200_000)
			solved := 0
			for seed := int64(1); seed <= 10; seed++ {
				lim.Seed = seed
				if pz.fails(p, Search(context.Background(), p, lim)) == "" {
					solved++
				}
			}
			t.Logf("Hard with its slips solves it for %d of 10 seeds", solved)
			if solved < 7 {
				t.Errorf("Hard with its slips solves it for only %d of 10 seeds", solved)
			}
		})
	}
}

// fails says why the search result r misses the puzzle's point ("" if it does not).
func (pz puzzle) fails(p core.Position, r Result) string {
	got := r.Move.String()
	if !legal(p, r.Move) {
		return "illegal move " + got
	}
	if len(pz.want) > 0 && !slices.Contains(pz.want, got) {
		return fmt.Sprintf("played %s (score %d, depth %d, PV %v), want one of %v", got, r.Score, r.Depth, r.PV, pz.want)
	}
	if slices.Contains(pz.avoid, got) {
		return fmt.Sprintf("played %s (score %d, depth %d, PV %v), which loses", got, r.Score, r.Depth, r.PV)
	}
	if pz.check != nil {
		if why := pz.check(p, r.Move); why != "" {
			return fmt.Sprintf("played %s (score %d, PV %v): %s", got, r.Score, r.PV, why)
		}
	}
	return ""
}

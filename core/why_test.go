package core

import (
	"errors"
	"testing"
)

// TestIllegalMoveWhy: ParseMove's error carries the reason as a code, the
// same reason its English text gives.
func TestIllegalMoveWhy(t *testing.T) {
	cases := []struct {
		game, pos, move string
		want            Why
	}{
		{"beat-the-wolf", "", "c3-d4", WhyNoPiece}, // the wolf moves first
		{"beat-the-wolf", "predator:d5 prey:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,a5,g4,g5 turn:prey captured:0 hand:0", "c3-d4", WhyDiagonal},
		{"beat-the-wolf", "predator:d5 prey:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,a5,g4,g5 turn:prey captured:0 hand:0", "c3-c5", WhyPreyJumps},
		{"beat-the-wolf", "", "d4-d6", WhyJumpOverEmpty},
		{"beat-the-wolf", "", "d4-d3", WhyOccupied},
		{"beat-the-wolf", "", "d4-b5", WhyNotJoined},
		{"beat-the-wolf", "", "pass", WhyPass},
		{"surround-the-lion", "predator:c4 prey:a1,b1,c1,d1,e1,a2,e2,a3,e3,a4,d4,a5,b5,c5,d5,e5 turn:predator captured:0 hand:0", "c4-c2", WhyNoJumps},
		{"surround-the-lion", "", "c3-b4", WhyNotJoined},
		{"surround-the-lion", "predator:c4 prey:a1,b1,c1,d1,e1,a2,e2,a3,e3,a4,d4,a5,b5,c5,d5,e5 turn:prey captured:0 hand:0", "a4-W", WhyIntoTrap},
		{"deer-chess", "predator:d5 prey:b2,c2,d2,b3,d3,b4,c4,d4 turn:prey captured:0 hand:12", "d4-e5", WhyHandFirst},
		{"deer-chess", "predator:d5 prey:b2,c2,d2,b3,d3,b4,c4,d4 turn:prey captured:0 hand:12", "@c6", WhyPlaceInCliff},
		{"deer-chess", "", "@c3", WhyOnlyPreyPlaces},
	}
	for _, c := range cases {
		g, err := Lookup(c.game)
		if err != nil {
			t.Fatal(err)
		}
		p := g.Start()
		if c.pos != "" {
			if p, err = ParsePosition(c.game, c.pos); err != nil {
				t.Fatal(err)
			}
		}
		_, err = p.ParseMove(c.move)
		var ie *IllegalMoveError
		if !errors.As(err, &ie) {
			t.Errorf("%s %s: error %v, want an IllegalMoveError", c.game, c.move, err)
			continue
		}
		if ie.Why != c.want || ie.Move != c.move || ie.Error() != c.move+" is not legal: "+ie.Reason {
			t.Errorf("%s %s: got %+v, want why %d", c.game, c.move, *ie, c.want)
		}
	}
}

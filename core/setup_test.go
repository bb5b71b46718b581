package core

import (
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestCheckSetup: a position set up by hand is refused with the rule it
// breaks, and every game's start (and a position a few moves in) passes.
func TestCheckSetup(t *testing.T) {
	for _, g := range Games() {
		if err := CheckSetup(g.Start()); err != nil {
			t.Errorf("%s start: %v", g.Key, err)
		}
	}
	cases := []struct {
		game, pos string
		want      PositionWhy
		reason    Reason
	}{
		{"deer-chess", "predator:c5 prey:b2,c2,d2,b3,d3,b4,c4,d4,a1 turn:predator captured:0 hand:11", PosNone, 0},
		{"deer-chess", "predator:c3 prey:b2,c2,d2,b3,d3,b4,d4,a1,a2,a3,a4,a5,b1 turn:prey captured:1 hand:6", PosNone, 0},
		{"beat-the-wolf", "predator:d4,d5 prey:c1 turn:prey captured:16 hand:0", PosPredatorCount, 0},
		{"surround-the-lion", "predator:c3 prey:a1,b1,c1,d1,e1,a2,e2,a3,e3,a4,e4,a5,b5,c5,d5,N turn:predator captured:0 hand:0", PosPreyOnTrap, 0},
		{"deer-chess", "predator:c5 prey:b2,c2,d2,b3,d3,b4,c4,c6 turn:predator captured:0 hand:12", PosPreyInCliff, 0},
		{"wolf-carries-pig", "predator:b5,c5,d5 prey:a1,b1 turn:prey captured:0 hand:0", PosTooFew, 0},
		{"beat-the-wolf", "predator:d4 prey:c1,d1,e1,c2,d2 turn:prey captured:12 hand:0", PosOver, ReasonCaptures},
		{"surround-the-lion", "predator:S prey:a1,b1,d1,e1,a2,e2,a3,e3,a4,e4,a5,b5,c5,d5,c1,b2 turn:prey captured:0 hand:0", PosOver, ReasonLionTrapped},
		{"deer-chess", "predator:c7 prey:b2,c2,d2,b3,d3,b4,c4,d4 turn:prey captured:0 hand:12", PosOver, ReasonDeerInCliff},
		{"wolf-carries-pig", "predator:a1,b1,c1 prey:a2,b2,c2,d2,a3,b3,c3,d3,e3,a4,b4,c4,d4,e4,e2 turn:predator captured:0 hand:0", PosNone, 0},
		{"surround-the-lion", "predator:c3 prey:a1,b1,c1,d1,e1,a2,e2,a3,e3,a4,e4,a5,b5,c5,d5 turn:predator captured:1 hand:0", PosOddCaptures, 0},
		{"deer-chess", "predator:c5 prey:b2,c2,d2,b3,d3,b4,a1,a2,a3 turn:predator captured:0 hand:11", PosHandMoved, 0},
		{"deer-chess", "predator:c5 prey:b2,c2,d2,b3,d3,b4,d4 turn:predator captured:1 hand:12", PosHandCaptured, 0},
		{"deer-chess", "predator:c3 prey:b2,c2,d2,b3,d3,b4,c4,d4 turn:predator captured:0 hand:12", PosHandFar, 0},
		{"deer-chess", "predator:a1 prey:b2,c2,d2,b3,d3,b4,c4,d4 turn:prey captured:0 hand:12", PosHandFar, 0},
		{"deer-chess", "predator:a1 prey:b2,c2,d2,b3,d3,b4,c4,d4,e1 turn:prey captured:0 hand:11", PosNone, 0},
		{"deer-chess", "predator:a1 prey:b2,c2,d2,b3,d3,b4,c4,d4,e1,e2,e3 turn:prey captured:0 hand:9", PosNone, 0},
	}
	for _, c := range cases {
		p, perr := readSetup(c.game, c.pos)
		if perr != nil {
			t.Fatalf("%s %q: %v", c.game, c.pos, perr)
		}
		err := CheckSetup(p)
		switch {
		case c.want == PosNone && err != nil:
			t.Errorf("%s %q: refused: %v", c.game, c.pos, err)
		case c.want != PosNone && err == nil:
			t.Errorf("%s %q: accepted, want code %d", c.game, c.pos, c.want)
		case err != nil && (err.Why != c.want || err.Reason != c.reason):
			t.Errorf("%s %q: code %d reason %v (%v), want %d %v", c.game, c.pos, err.Why, err.Reason, err, c.want, c.reason)
		}
	}
}

// readSetup reads a position as the notation writes it, without
// ParsePosition's checks (the cases break them on purpose).
func readSetup(game, text string) (Position, error) {
	g, err := Lookup(game)
	if err != nil {
		return Position{}, err
	}
	var pred, prey, turn string
	var capt, hand int
	if _, err := fmtSscanf(text, &pred, &prey, &turn, &capt, &hand); err != nil {
		return Position{}, err
	}
	p := Position{Game: g.ID, Captured: uint8(capt), InHand: uint8(hand)}
	if turn == "prey" {
		p.ToMove = Prey
	}
	for _, side := range []struct {
		names string
		m     *uint64
	}{{pred, &p.Pred}, {prey, &p.Prey}} {
		for _, n := range splitComma(side.names) {
			i, ok := g.Board.Index(n)
			if !ok {
				return Position{}, &PositionError{Why: PosUnknownPoint, Text: n, msg: "unknown point " + n}
			}
			*side.m |= bit(i)
		}
	}
	p.Key = p.ComputeKey()
	return p, nil
}

func fmtSscanf(text string, pred, prey, turn *string, capt, hand *int) (int, error) {
	return fmt.Sscanf(strings.NewReplacer(":", " ", ",", ";").Replace(text), "predator %s prey %s turn %s captured %d hand %d", pred, prey, turn, capt, hand)
}

func splitComma(s string) []string {
	if s == "-" {
		return nil
	}
	return strings.Split(s, ";")
}

// TestCheckSetupAcceptsPlayedPositions: every position of random games
// (each game's, from its start) is accepted while the game goes on, and
// refused as over once it has ended: CheckSetup's conditions hold for
// every position the rules reach.
func TestCheckSetupAcceptsPlayedPositions(t *testing.T) {
	rng := rand.New(rand.NewPCG(45, 1))
	var buf [MaxMoves]Move
	for _, g := range Games() {
		checked := 0
		for game := 0; game < 150; game++ {
			p := g.Start()
			for ply := 0; ply < 120; ply++ {
				err := CheckSetup(p)
				if p.Outcome().Over() {
					if err == nil || err.Why != PosOver {
						t.Fatalf("%s, over (%v): %v, want PosOver", p, p.Outcome(), err)
					}
					break
				}
				if err != nil {
					t.Fatalf("%s, played from the start: refused: %v", p, err)
				}
				checked++
				moves := p.GenMoves(buf[:0])
				p = p.After(moves[rng.IntN(len(moves))])
			}
		}
		if checked < 1000 {
			t.Errorf("%s: %d positions checked", g.Key, checked)
		}
	}
}

package explore

import (
	"testing"

	"huntchess/core"
)

func point(t *testing.T, g core.GameID, name string) int {
	t.Helper()
	q, ok := g.Info().Board.Index(name)
	if !ok {
		t.Fatalf("%s has no point %s", g, name)
	}
	return q
}

// TestSetupEdits: taps place, replace and remove pieces; Clear, Start and
// the counts do what they say; the counts stay in range.
func TestSetupEdits(t *testing.T) {
	g := core.SurroundTheLion
	s := NewSetup(g.Info().Start())
	if p, err := s.Check(); err != nil || p != g.Info().Start() {
		t.Fatalf("the start: %v, %v", p, err)
	}
	c3, b2, a1 := point(t, g, "c3"), point(t, g, "b2"), point(t, g, "a1")
	s.Tap(b2, PreyPiece)
	if s.At(b2) != PreyPiece || s.Count(core.Prey) != 17 || s.Missing() != -1 {
		t.Fatalf("a dog on b2: at %v, %d dogs, missing %d", s.At(b2), s.Count(core.Prey), s.Missing())
	}
	s.Tap(b2, PreyPiece) // the same piece again takes it off
	if s.At(b2) != Empty || s.Count(core.Prey) != 16 {
		t.Fatalf("b2 tapped twice: %v, %d dogs", s.At(b2), s.Count(core.Prey))
	}
	s.Tap(a1, PredatorPiece) // a dog replaced by a lion
	if s.At(a1) != PredatorPiece || s.Count(core.Predator) != 2 || s.Count(core.Prey) != 15 {
		t.Fatalf("a lion on a1: %v, %d lions, %d dogs", s.At(a1), s.Count(core.Predator), s.Count(core.Prey))
	}
	s.Tap(c3, Empty)
	s.Tap(99, PreyPiece) // off the board: nothing
	s.Tap(-1, PreyPiece)
	if s.Count(core.Predator) != 1 || s.At(c3) != Empty {
		t.Fatalf("c3 emptied: %d lions, c3 %v", s.Count(core.Predator), s.At(c3))
	}
	s.SetCaptured(1)
	s.SetToMove(core.Prey)
	if _, err := s.Check(); err == nil || err.Why != core.PosOddCaptures {
		t.Fatalf("1 dog captured: %v, want PosOddCaptures", err)
	}
	s.SetCaptured(-3)
	if s.Captured() != 0 {
		t.Errorf("captured -3: %d", s.Captured())
	}
	s.SetCaptured(100)
	if s.Captured() != 16 {
		t.Errorf("captured 100: %d, want the game's 16", s.Captured())
	}
	s.SetInHand(5) // no dogs in hand in this game
	if s.InHand() != 0 {
		t.Errorf("in hand 5 in Surround the Lion: %d", s.InHand())
	}
	s.Clear()
	if s.Count(core.Predator)+s.Count(core.Prey) != 0 || s.Captured() != 16 {
		t.Fatalf("cleared: %d pieces, captured %d", s.Count(core.Predator)+s.Count(core.Prey), s.Captured())
	}
	if _, err := s.Check(); err == nil || err.Why != core.PosPredatorCount {
		t.Fatalf("an empty board: %v, want PosPredatorCount", err)
	}
	s.Start()
	if p, err := s.Check(); err != nil || p != g.Info().Start() || s.ToMove() != core.Predator {
		t.Fatalf("Start: %v, %v", p, err)
	}
}

// TestSetupDeerHand: deer chess's dogs in hand take part in the counts and
// in the checks of the placement phase.
func TestSetupDeerHand(t *testing.T) {
	g := core.DeerChess
	s := NewSetup(g.Info().Start())
	s.SetInHand(20)
	if s.InHand() != 12 {
		t.Fatalf("in hand 20: %d, want the game's 12", s.InHand())
	}
	s.SetInHand(11)
	if _, err := s.Check(); err == nil || err.Why != core.PosTooFew || err.N != 19 {
		t.Fatalf("11 in hand and 8 on the board: %v, want PosTooFew 19", err)
	}
	s.Tap(point(t, g, "e5"), PreyPiece)
	p, err := s.Check()
	if err != nil {
		t.Fatalf("a dog placed on e5: %v", err)
	}
	if p.InHand != 11 || p.PreyOnBoard() != 9 || p.ToMove != core.Predator {
		t.Fatalf("the position: %v", p)
	}
	if got := p.GenMoves(nil); len(got) == 0 {
		t.Fatal("no move for the deer")
	}
	s.Tap(point(t, g, "c4"), Empty)
	s.Tap(point(t, g, "e4"), PreyPiece) // a second dog off its start, one placed
	if _, err := s.Check(); err == nil || err.Why != core.PosHandMoved || err.N != 2 || err.Want != 1 {
		t.Fatalf("two dogs off their start, one placed: %v", err)
	}
}

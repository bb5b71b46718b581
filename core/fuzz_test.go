package core_test

import (
	"strings"
	"testing"

	"huntchess/core"
)

// Seed corpus: core/testdata/fuzz/FuzzParsePosition and FuzzPlayMoves (run
// with `go test -run '^$' -fuzz '^FuzzPlayMoves$' ./core/`, or `make fuzz`).

func fuzzGame(n uint8) *core.GameInfo { return core.Games()[int(n)%len(core.Games())] }

func FuzzParsePosition(f *testing.F) {
	for _, g := range core.Games() {
		s := g.Start()
		f.Add(uint8(g.ID), s.String())
	}
	f.Add(uint8(0), "")
	f.Add(uint8(2), "predator:N prey:a1,b1 turn:prey captured:14 hand:0")
	f.Fuzz(func(t *testing.T, game uint8, text string) {
		g := fuzzGame(game)
		p, err := core.ParsePosition(g.Key, text)
		if err != nil {
			if p != (core.Position{}) {
				t.Fatalf("an error (%v) with a non-zero position %v", err, p)
			}
			if err.Error() == "" {
				t.Fatal("an empty error text")
			}
			return
		}
		checkPosition(t, g, p, true)
		if p.Game != g.ID {
			t.Fatalf("game %v, want %v", p.Game, g.ID)
		}
		// Every legal move keeps the invariants, and the engine agrees with the reference.
		for _, m := range p.GenMoves(nil) {
			q := p.After(m)
			checkPosition(t, g, q, false)
			back, err := p.ParseMove(m.String())
			if err != nil || back != m {
				t.Fatalf("%s: move notation round trip of %v gives %v, %v", p, m, back, err)
			}
		}
		_ = p.Outcome()
		if !compareWithReference(t, p) {
			t.Fatalf("the engine and the reference disagree on %s", p)
		}
	})
}

func FuzzPlayMoves(f *testing.F) {
	f.Add(uint8(0), "d4-d5 c3-c4 d5-d6 c4-c5 d6-b4 a5-b5")
	f.Add(uint8(1), "c3-c4 b5-b4 pass d5-d4 undo redo timeout")
	f.Add(uint8(2), "c3-c2 a2-b2 c2-c3 pass c3-b3")
	f.Add(uint8(3), "c5-a3 @c3 a3-a4 @c5 pass @a3 c5-c6")
	f.Fuzz(func(t *testing.T, game uint8, moves string) {
		gi := fuzzGame(game)
		g, err := core.NewGame(gi.Key)
		if err != nil {
			t.Fatal(err)
		}
		for _, mv := range strings.Split(moves, " ") {
			before := snap(g)
			switch mv {
			case "undo":
				if g.Undo() != before.canUndo {
					t.Fatal("Undo disagrees with CanUndo")
				}
				continue
			case "redo":
				if g.Redo() != before.canRedo {
					t.Fatal("Redo disagrees with CanRedo")
				}
				continue
			case "timeout":
				if err := g.Timeout(); err != nil {
					if !before.outcome.Over() {
						t.Fatalf("Timeout in an ongoing game: %v", err)
					}
					assertUnchanged(t, g, before)
				}
				continue
			}
			if err := g.Play(mv); err != nil {
				if err.Error() == "" {
					t.Fatal("an empty error text")
				}
				assertUnchanged(t, g, before)
				continue
			}
			if g.Len() != len(strings.Fields(before.record))+1 {
				t.Fatalf("Play(%q) did not add one move", mv)
			}
			checkPosition(t, gi, g.Position(), true)
		}
		// The record reloads to the same game.
		h, err := core.LoadRecord(gi.Key, g.Record())
		if err != nil {
			t.Fatalf("LoadRecord(%q): %v", g.Record(), err)
		}
		if hs, gs := h.History(), g.History(); len(hs) != len(gs) || hs[len(hs)-1] != gs[len(gs)-1] {
			t.Fatalf("LoadRecord(%q) gives another game", g.Record())
		}
	})
}

func assertUnchanged(t *testing.T, g *core.Game, before snapshot) {
	t.Helper()
	after := snap(g)
	if after.pos != before.pos || after.record != before.record || after.canUndo != before.canUndo ||
		after.canRedo != before.canRedo || after.outcome != before.outcome || len(after.history) != len(before.history) {
		t.Fatalf("a refused move changed the game: %+v → %+v", before, after)
	}
}

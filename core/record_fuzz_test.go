package core_test

import (
	"errors"
	"strings"
	"testing"

	"huntchess/core"
)

// FuzzLoadRecord fuzzes the reader of a game record (a saved game's, the
// history's, one pasted from the clipboard): a game, or an error naming the
// move that cannot be played (a *core.RecordError) or the unknown game;
// never a panic. A game read writes its record, which loads as the same
// game. Seed corpus: testdata/fuzz/FuzzLoadRecord.
func FuzzLoadRecord(f *testing.F) {
	f.Add(uint8(0), "d4-d5 c3-c4 d5-d6 c4-c5 d6-b4 a5-b5")
	f.Add(uint8(1), "c3-c4 b5-b4 pass d5-d4 pass pass")
	f.Add(uint8(2), "c3-c2 a2-b2 c2-c3 pass c3-b3")
	f.Add(uint8(3), "c5-a3 @c3 a3-a4 @c5 pass @a3 c5-c6")
	f.Add(uint8(0), "d4-d5 c3-c4 d5-d9")
	f.Fuzz(func(t *testing.T, game uint8, record string) {
		if len(record) > 64<<10 {
			return
		}
		gi := fuzzGame(game)
		g, err := core.LoadRecord(gi.Key, record)
		if err != nil {
			var bad *core.RecordError
			if g != nil || !errors.As(err, &bad) || err.Error() == "" {
				t.Fatalf("LoadRecord(%q): %v with %v", record, err, g)
			}
			fields := strings.Fields(record)
			if bad.Move < 1 || bad.Move > len(fields) || fields[bad.Move-1] != bad.Text {
				t.Fatalf("LoadRecord(%q): move %d %q", record, bad.Move, bad.Text)
			}
			// The moves before it load.
			if _, err := core.LoadRecord(gi.Key, strings.Join(fields[:bad.Move-1], " ")); err != nil {
				t.Fatalf("LoadRecord(%q): the moves before move %d do not load: %v", record, bad.Move, err)
			}
			return
		}
		checkPosition(t, gi, g.Position(), true)
		h, err := core.LoadRecord(gi.Key, g.Record())
		if err != nil || h.Record() != g.Record() || h.Position() != g.Position() || h.Outcome() != g.Outcome() {
			t.Fatalf("LoadRecord(%q) writes %q, which loads as another game (%v)", record, g.Record(), err)
		}
	})
}

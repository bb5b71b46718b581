package explore

import (
	"testing"

	"huntchess/core"
)

// FuzzParseLine: any text is either refused with a reason, or read to a
// position of a game whose line reads back to the same position (run with
// `go test -run '^$' -fuzz '^FuzzParseLine$' ./explore/`).
func FuzzParseLine(f *testing.F) {
	for _, g := range core.Games() {
		p := g.Start()
		f.Add(uint8(g.ID), Line(p))
		f.Add(uint8(g.ID), p.String())
	}
	f.Add(uint8(2), "surround-the-lion: predator:c3,c4 prey:- turn:prey captured:0 hand:0")
	f.Add(uint8(1), "chess: predator:c3")
	f.Add(uint8(0), "  \n")
	f.Fuzz(func(t *testing.T, game uint8, text string) {
		def := core.Games()[int(game)%len(core.Games())].ID
		p, err := ParseLine(def, text)
		if err != nil {
			if p != (core.Position{}) {
				t.Fatalf("an error (%v) with a position", err)
			}
			if err.Error() == "" || !err.Empty && err.Game == "" && err.Pos == nil && err.err == nil {
				t.Fatalf("a refusal without a reason: %#v", err)
			}
			return
		}
		back, err2 := ParseLine(core.BeatTheWolf, Line(p))
		if err2 != nil || back != p {
			t.Fatalf("%q: the line %q reads back to %v, %v", text, Line(p), back, err2)
		}
	})
}

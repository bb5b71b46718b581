//go:build ci

package app

import (
	"strings"
	"testing"

	"huntchess/core"
	"huntchess/translations"
)

// FuzzParseRecord fuzzes the reader of a game record pasted from the
// clipboard (anything a person may copy): it gives a game or an error
// the player is shown (one of the paste messages, its text filled in),
// never panics, and takes time in proportion to the text; a game read
// copies (recordText) as a record that pastes as the same game. Run it
// with `go test -tags ci -run '^$' -fuzz '^FuzzParseRecord$' ./app/`, or
// `make fuzz`; a crasher found lands in testdata/fuzz/ (commit it).
func FuzzParseRecord(f *testing.F) {
	f.Add(uint8(0), "surround-the-lion: d4-d5 c3-c4 d5-d6 c4-c5 d6-b4 a5-b5")
	f.Add(uint8(1), "c3-c4 b5-b4 pass d5-d4")
	f.Add(uint8(2), "wolf-carries-pig:c3-c2 a2-b2 c2-c3 pass c3-b3")
	f.Add(uint8(3), "beat-the-wolf: c5-a3 @c3 a3-a4 @c5 pass @a3 c5-c6")
	f.Add(uint8(0), "d4-d5 c3-c4 d5-d9")
	f.Add(uint8(0), "chess: e2-e4")
	f.Add(uint8(0), "  \n\t")
	f.Fuzz(func(t *testing.T, game uint8, text string) {
		if len(text) > 64<<10 {
			return
		}
		id := core.Games()[int(game)%len(core.Games())].Key
		g, rerr := parseRecord(id, text)
		if (g == nil) == (rerr == nil) {
			t.Fatalf("parseRecord(%q): a game %v and an error %v", text, g, rerr)
		}
		if rerr != nil {
			switch rerr.id {
			case "paste.empty", "paste.unknown_game", "paste.bad_move":
			default:
				t.Fatalf("parseRecord(%q): error %q", text, rerr.id)
			}
			if msg := translations.TData(rerr.id, rerr.data); msg == "" || strings.Contains(msg, "<no value>") {
				t.Fatalf("parseRecord(%q): the message %q", text, msg)
			}
			return
		}
		copied := recordText(g)
		back, rerr := parseRecord(core.Games()[(int(game)+1)%len(core.Games())].Key, copied)
		if rerr != nil || back.Info().Key != g.Info().Key || back.Record() != g.Record() {
			t.Fatalf("%q copied as %q pastes as another game (%v)", text, copied, rerr)
		}
	})
}

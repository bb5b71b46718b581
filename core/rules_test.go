package core_test

import (
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"huntchess/core"
)

// mustPos parses a position or fails the test.
func mustPos(t testing.TB, game, text string) core.Position {
	t.Helper()
	p, err := core.ParsePosition(game, text)
	require.NoError(t, err, "%s: %s", game, text)
	return p
}

func names(b *core.Board, idx []int) []string {
	out := []string{}
	for _, i := range idx {
		out = append(out, b.Points[i].Name)
	}
	sort.Strings(out)
	return out
}

// ruleCase is one rule sentence checked on one position.
type ruleCase struct {
	rule  string // the rule, as docs/RULES.md or the seed text says it
	game  string
	pos   string
	has   string // moves that must be legal (space-separated)
	not   string // moves that must not be legal
	exact string // when set, the complete sorted list of legal moves ("" = no check, "-" = none)
	// Outcome of pos ("" = ongoing, else "result/reason").
	outcome string
	// play, when set, is played; then capt is what it captured (sorted names, space-separated),
	// after the outcome and turn the side to move afterwards.
	play  string
	capt  string
	after string
	turn  string
}

var ruleCases = []ruleCase{
	// ---- Beat the Wolf ----
	{rule: "dogs step one point orthogonally, never diagonally", game: "beat-the-wolf",
		pos: "predator:a3 prey:d4,g3,g4,g5,c1,e1 turn:prey captured:11 hand:0",
		has: "d4-d3 d4-d5 d4-c4 d4-e4 c1-c2 c1-d1", not: "d4-c5 d4-e5 d4-c3 d4-e3 c1-d2 e1-d2"},
	{rule: "dogs never jump", game: "beat-the-wolf",
		pos: "predator:d4 prey:d3,c1,e1,a3,g3,a5 turn:prey captured:11 hand:0",
		not: "d3-d5"},
	{rule: "the wolf steps one point along any line, diagonals included", game: "beat-the-wolf",
		pos:   "predator:d4 prey:a3,a5,g3,g5,c1,e7 turn:predator captured:11 hand:0",
		exact: "d4-c3 d4-c4 d4-c5 d4-d3 d4-d5 d4-e3 d4-e4 d4-e5"},
	{rule: "the wolf jumps diagonally, and the 12th capture (5 dogs left) wins at once", game: "beat-the-wolf",
		pos: "predator:c3 prey:d4,a3,a5,g3,g5,c1 turn:predator captured:11 hand:0",
		has: "c3-e5 c3-b4", not: "c3-d4",
		play: "c3-e5", capt: "d4", after: "predator wins/captures"},
	{rule: "no jump off the cross: f6 is no point", game: "beat-the-wolf",
		pos: "predator:d4 prey:e5,a3,a5,g3,g5,c1 turn:predator captured:11 hand:0",
		has: "d4-e4 d4-c5", not: "d4-f6 d4-e5"},
	{rule: "a capture before the 12th does not end the game", game: "beat-the-wolf",
		pos:  "predator:d4 prey:d5,a3,a5,g3,g5,c1,e1 turn:predator captured:10 hand:0",
		play: "d4-d6", capt: "d5", turn: "prey"},
	{rule: "capturing is optional: the wolf may step instead", game: "beat-the-wolf",
		pos:   "predator:d4 prey:d5,a3,a5,g3,g5,c1 turn:predator captured:11 hand:0",
		exact: "d4-c3 d4-c4 d4-c5 d4-d3 d4-d6 d4-e3 d4-e4 d4-e5"},
	{rule: "every jump of the wolf from the centre, straight and diagonal", game: "beat-the-wolf",
		pos:   "predator:d4 prey:d5,c4,e4,d3,c5,e5,c3,e3 turn:predator captured:9 hand:0",
		exact: "d4-b4 d4-d2 d4-d6 d4-f4"},
	// b2, f2, b6, f6 are no points: the exact list above must not hold them.
	{rule: "a jump lands only on a point of the board (b2, f2, b6, f6 do not exist)", game: "beat-the-wolf",
		pos:   "predator:d4 prey:d5,c4,e4,d3,c5,e5,c3,e3,d2,d6,b4,f4 turn:predator captured:5 hand:0",
		exact: "-", outcome: "prey wins/predator-stuck"},
	{rule: "c2–b3 is not a line: no step along it", game: "beat-the-wolf",
		pos: "predator:c2 prey:a3,a5,g3,g5,e1,e7 turn:predator captured:11 hand:0",
		has: "c2-c1 c2-d1 c2-d2 c2-d3 c2-c3", not: "c2-b3 c2-b1"},
	{rule: "c2–b3 is not a line: no jump along it", game: "beat-the-wolf",
		pos: "predator:b3 prey:c2,a5,g3,g5,e1,e7 turn:predator captured:11 hand:0",
		not: "b3-d1 b3-c2"},
	{rule: "one jump per move, never two", game: "beat-the-wolf",
		pos: "predator:d2 prey:d3,d5,a3,a5,g3,g5,c1 turn:predator captured:10 hand:0",
		has: "d2-d4", not: "d2-d6",
		play: "d2-d4", capt: "d3", turn: "prey"},
	{rule: "a jump needs an empty landing point", game: "beat-the-wolf",
		pos: "predator:d2 prey:d3,d4,a3,a5,g3,g5 turn:predator captured:11 hand:0",
		not: "d2-d4 d2-d5"},
	{rule: "a jump goes over a dog, not over an empty point", game: "beat-the-wolf",
		pos: "predator:d2 prey:a3,a4,a5,g3,g4,g5 turn:predator captured:11 hand:0",
		not: "d2-d4 d2-b4 d2-f4"},
	{rule: "the wolf to move without a legal move: the dogs win", game: "beat-the-wolf",
		pos:   "predator:c1 prey:c2,d1,d2,c3,e1,e3 turn:predator captured:11 hand:0",
		exact: "-", outcome: "prey wins/predator-stuck"},
	{rule: "a wolf with no move is not lost while the dogs are to move", game: "beat-the-wolf",
		pos:  "predator:c1 prey:c2,d1,d2,c3,e1,e3 turn:prey captured:11 hand:0",
		play: "e3-f3", turn: "predator"},
	{rule: "12 captures: the wolf has won", game: "beat-the-wolf",
		pos:   "predator:d4 prey:a3,a5,g3,g5,c1 turn:prey captured:12 hand:0",
		exact: "-", outcome: "predator wins/captures"},

	// ---- Wolf Carries the Pig ----
	{rule: "pigs step one point along any line, diagonals included, to an empty point", game: "wolf-carries-pig",
		pos:   "predator:a5,c5,e5 prey:c3,a1,b1,c1,d1,e1,a2,b2,c2,d2,e2,a3,b3,d3,e3 turn:prey captured:0 hand:0",
		exact: "a3-a4 a3-b4 b3-a4 b3-b4 b3-c4 c3-b4 c3-c4 c3-d4 d3-c4 d3-d4 d3-e4 e3-d4 e3-e4"},
	{rule: "pigs never capture", game: "wolf-carries-pig",
		pos: "predator:c4,a5,e5 prey:c3,a1,b1,c1,d1,e1,a2,b2,c2,d2,e2,a3,b3,d3,e3 turn:prey captured:0 hand:0",
		not: "c3-c5"},
	{rule: "wolves step along any line and jump pigs, diagonally too", game: "wolf-carries-pig",
		pos: "predator:c4,a5,e5 prey:b3,d3,c3,a1,b1,c1,d1,e1,a2,b2,c2,d2,e2,e4 turn:predator captured:1 hand:0",
		has: "c4-b5 c4-c5 c4-d5 c4-b4 c4-d4 e5-e3 e5-d4", not: "c4-a2 c4-e2 c4-c2 e5-e4",
		play: "e5-e3", capt: "e4", turn: "prey"},
	{rule: "a wolf jump captures one pig, never two", game: "wolf-carries-pig",
		pos: "predator:a5,b5,c5 prey:a4,a2,a1,b1,c1,d1,e1,b2,c2,d2,e2,e3,e4,e5 turn:predator captured:1 hand:0",
		has: "a5-a3", not: "a5-a1"},
	{rule: "the 7th pig captured: the wolves win", game: "wolf-carries-pig",
		pos:  "predator:a5,b5,c5 prey:a4,a1,b1,c1,d1,e1,b2,c2,e2 turn:predator captured:6 hand:0",
		play: "a5-a3", capt: "a4", after: "predator wins/captures"},
	{rule: "pigs win only when every wolf is stuck: two stuck wolves are not enough", game: "wolf-carries-pig",
		pos:   "predator:a5,e5,a1 prey:a4,b5,b4,a3,c5,c3,d5,e4,d4,e3,a2,b1,b2 turn:predator captured:2 hand:0",
		exact: "a1-c1"},
	{rule: "pigs win when every wolf is stuck", game: "wolf-carries-pig",
		pos:   "predator:a5,e5,a1 prey:a4,b5,b4,a3,c5,c3,d5,e4,d4,e3,a2,b1,b2,c1 turn:predator captured:1 hand:0",
		exact: "-", outcome: "prey wins/predator-stuck"},
	{rule: "stuck wolves are not lost while the pigs are to move", game: "wolf-carries-pig",
		pos:  "predator:a5,e5,a1 prey:a4,b5,b4,a3,c5,c3,d5,e4,d4,e3,a2,b1,b2,c1 turn:prey captured:1 hand:0",
		has:  "c1-d1 c3-c2",
		play: "c1-d1", turn: "predator"},

	// ---- Surround the Lion ----
	{rule: "every move is one step; the lion never jumps", game: "surround-the-lion",
		pos: "predator:c3 prey:c4,a1,b1,c1,d1,e1,a2,e2,a3,e3,a4,e4,a5,b5,d5,e5 turn:predator captured:0 hand:0",
		has: "c3-b3 c3-d3 c3-c2", not: "c3-c5 c3-c4"},
	{rule: "c3 has no diagonals", game: "surround-the-lion",
		pos: "predator:c3 prey:a1,b1,c1,d1,e1,a2,e2,a3,e3,a4,e4,a5,b5,c5,d5,e5 turn:predator captured:0 hand:0",
		not: "c3-b2 c3-b4 c3-d2 c3-d4"},
	{rule: "stepping between two dogs on a line captures both", game: "surround-the-lion",
		pos:  "predator:c2 prey:b3,d3,a1,b1,c1,d1,e1,a2,e2,a4,e4,a5,b5,c5,d5,e5 turn:predator captured:0 hand:0",
		play: "c2-c3", capt: "b3 d3", turn: "prey"},
	{rule: "dogs further out on the line do not matter", game: "surround-the-lion",
		pos:  "predator:c2 prey:a3,b3,d3,e3,a1,b1,c1,d1,e1,a2,e2,a4,e4,a5,b5,d5 turn:predator captured:0 hand:0",
		play: "c2-c3", capt: "b3 d3"},
	{rule: "one dog alone is not captured", game: "surround-the-lion",
		pos:  "predator:c2 prey:a3,b3,e3,a1,b1,c1,d1,e1,a2,e2,a4,e4,a5,b5,d5,e5 turn:predator captured:0 hand:0",
		play: "c2-c3", capt: ""},
	{rule: "no diagonal capture where the point has no diagonals (c3)", game: "surround-the-lion",
		pos:  "predator:c2 prey:b2,d4,b4,d2,a1,b1,c1,d1,e1,a2,e2,a4,e4,a5,b5,d5 turn:predator captured:0 hand:0",
		play: "c2-c3", capt: ""},
	{rule: "diagonal capture where the point has diagonals (b3)", game: "surround-the-lion",
		pos:  "predator:c2 prey:a2,c4,a1,b1,c1,d1,e1,e2,e3,a4,e4,a5,b5,d5,e5,d4 turn:predator captured:0 hand:0",
		play: "c2-b3", capt: "a2 c4"},
	{rule: "several pairs at once are all captured", game: "surround-the-lion",
		pos:  "predator:c2 prey:a3,c3,b2,b4,a1,b1,c1,d1,e1,e2,e3,e4,e5,d5,a5,c5 turn:predator captured:0 hand:0",
		play: "c2-b3", capt: "a3 b2 b4 c3", turn: "prey"},
	{rule: "three pairs at once: 6 captures, the lion wins", game: "surround-the-lion",
		pos:  "predator:c2 prey:a3,c3,b2,b4,a2,c4,a1,b1,c1,d1,e1,e2,e3,e4,e5,d5 turn:predator captured:0 hand:0",
		play: "c2-b3", capt: "a2 a3 b2 b4 c3 c4", after: "predator wins/captures"},
	{rule: "the 6th capture wins for the lion", game: "surround-the-lion",
		pos:   "predator:c2 prey:b3,d3,a1,b1,c1,d1,e1,a2,e2,a4 turn:predator captured:6 hand:0",
		exact: "-", outcome: "predator wins/captures"},
	{rule: "the 6th capture wins for the lion (by a move)", game: "surround-the-lion",
		pos:  "predator:c2 prey:b3,d3,a1,b1,c1,d1,e1,a2,e2,a4,e4,a5 turn:predator captured:4 hand:0",
		play: "c2-c3", capt: "b3 d3", after: "predator wins/captures"},
	{rule: "dogs moving next to the lion capture nothing, and the lion is never captured", game: "surround-the-lion",
		pos:  "predator:c3 prey:b3,e3,a1,b1,c1,d1,e1,a2,e2,a4,e4,a5,b5,c5,d5,e5 turn:prey captured:0 hand:0",
		play: "e3-d3", capt: "", turn: "predator"},
	{rule: "dogs never enter traps", game: "surround-the-lion",
		pos: "predator:c3 prey:b5,d5,c1,a3,e3,a2,e4,a1,b1,d1,e1,e2,a4,a5,e5,c4 turn:prey captured:0 hand:0",
		has: "c4-c5 b5-c5", not: "b5-N d5-N c1-S a3-W a2-W e3-E e4-E"},
	{rule: "the lion may step into a trap, and the dogs win at once", game: "surround-the-lion",
		pos: "predator:c5 prey:a1,b1,c1,d1,e1,a2,e2,a3,e3,a4,e4,a5,b5,d5,e5,c3 turn:predator captured:0 hand:0",
		has: "c5-N c5-c4", not: "c5-b4 c5-d4",
		play: "c5-N", capt: "", after: "prey wins/lion-trapped"},
	{rule: "trap lines: b5–N is a line, a5–N is not", game: "surround-the-lion",
		pos: "predator:b5 prey:a1,b1,c1,d1,e1,a2,e2,a3,e3,a4,e4,a5,c5,d5,e5,c3 turn:predator captured:0 hand:0",
		has: "b5-N b5-b4 b5-c4", not: "b5-a5"},
	{rule: "the lion on a trap: the dogs have won", game: "surround-the-lion",
		pos:   "predator:W prey:a1,b1,c1,d1,e1,a2,e2,a3,e3,a4,e4,a5,b5,c5,d5,e5 turn:prey captured:0 hand:0",
		exact: "-", outcome: "prey wins/lion-trapped"},
	{rule: "the lion with no move, not on a trap: a draw", game: "surround-the-lion",
		pos:   "predator:a1 prey:a2,b1,a3,c1,b2,c2,d1,e1,e2,a4,e4,a5,b5,c5,d5,e5 turn:predator captured:0 hand:0",
		exact: "-", outcome: "draw/no-move-draw"},

	// ---- Twenty-Dog Deer Chess ----
	{rule: "the deer steps along any line, into the cliff too, and jumps dogs", game: "deer-chess",
		pos:   "predator:c5 prey:b2,c2,d2,b3,d3,b4,c4,d4 turn:predator captured:0 hand:12",
		exact: "c5-a3 c5-b5 c5-b6 c5-c3 c5-c6 c5-d5 c5-d6 c5-e3"},
	{rule: "the deer stepping into the cliff loses", game: "deer-chess",
		pos:  "predator:c5 prey:b2,c2,d2,b3,d3,b4,c4,d4 turn:predator captured:0 hand:12",
		play: "c5-c6", after: "prey wins/deer-in-cliff"},
	{rule: "a dog on the gate can be jumped (landing in the cliff loses)", game: "deer-chess",
		pos:  "predator:c4 prey:c5,a1,b1,c1,d1,e1,a2,b2,c2,d2,e2,a3,b3 turn:predator captured:0 hand:7",
		has:  "c4-c6",
		play: "c4-c6", capt: "c5", after: "prey wins/deer-in-cliff"},
	{rule: "the 7th capture wins for the deer even when the jump lands in the cliff", game: "deer-chess",
		pos:   "predator:b4 prey:c5,a1,b1,c1,d1,e1,a2,b2,c2,d2,e2,a3,b3 turn:predator captured:7 hand:0",
		exact: "-", outcome: "predator wins/captures"},
	{rule: "the 7th capture, a jump from b4 over the gate into the cliff (d6), wins for the deer", game: "deer-chess",
		pos:  "predator:b4 prey:c5,a1,b1,c1,d1,e1,a2,b2,c2,d2,e2,a3,b3,e3 turn:predator captured:6 hand:0",
		has:  "b4-d6",
		play: "b4-d6", capt: "c5", after: "predator wins/captures"},
	{rule: "d4–c5–b6 is a straight line: the deer jumps the gate dog from d4 to b6", game: "deer-chess",
		pos: "predator:d4 prey:c5,a1,b1,c1,d1,e1,a2,b2,c2,d2,e2,a3,b3,e3 turn:predator captured:6 hand:0",
		has: "d4-b6", not: "d4-c6"},
	{rule: "while dogs are in hand the dogs' move is a placement on any empty grassland point, the gate included", game: "deer-chess",
		pos:   "predator:a1 prey:b1,c1,d1,e1,a2,b2,c2,d2,e2,a3,b3,c3,d3,e3,a4,b4,c4,d4,e4 turn:prey captured:0 hand:1",
		exact: "@a5 @b5 @c5 @d5 @e5"},
	{rule: "dogs on the board cannot move until all 12 are placed", game: "deer-chess",
		pos: "predator:c5 prey:b2,c2,d2,b3,d3,b4,c4,d4 turn:prey captured:0 hand:12",
		has: "@a1 @c3 @e5 @a5", not: "b2-a1 c4-c3 @c6 @b6 @c7 @d6 @c5 pass"},
	{rule: "after the last placement, a dog steps along a grassland line", game: "deer-chess",
		pos: "predator:e5 prey:b2,c2,d2,b3,d3,b4,c4,d4,a1,a2,a3,a4,a5,b1,c1,d1,e1,e2,e3,e4 turn:prey captured:0 hand:0",
		has: "b2-c3 b4-c3 b4-b5 c4-c5 d4-d5 d4-c5 d4-c3 d3-c3 a5-b5", not: "a4-b5 a2-b3 c4-d5 b2-a1 @c3"},
	{rule: "dogs never enter the cliff (a dog on the gate)", game: "deer-chess",
		pos: "predator:e1 prey:c5,a1,b1,c1,d1,a2,b2,c2,d2,e2,a3,b3,c3,d3 turn:prey captured:6 hand:0",
		has: "c5-b5 c5-d5 c5-c4 c5-b4 c5-d4", not: "c5-b6 c5-c6 c5-d6"},
	{rule: "the deer to move without a legal move: the dogs win", game: "deer-chess",
		pos:   "predator:a1 prey:a2,b1,b2,a3,c1,c3 turn:predator captured:6 hand:8",
		exact: "-", outcome: "prey wins/predator-stuck"},
	{rule: "the deer in the cliff: the dogs have won", game: "deer-chess",
		pos:   "predator:c7 prey:a1,b1,c1,d1,e1,a2,b2,c2,d2,e2,a3,b3,e3 turn:prey captured:0 hand:7",
		exact: "-", outcome: "prey wins/deer-in-cliff"},
	{rule: "7 captures: the deer has won, wherever it stands", game: "deer-chess",
		pos:   "predator:c6 prey:a1,b1,c1,d1,e1,a2,b2,c2,d2,e2,a3,b3,e3 turn:prey captured:7 hand:0",
		exact: "-", outcome: "predator wins/captures"},
	{rule: "the deer jumps once, never twice (on the board)", game: "deer-chess",
		pos: "predator:c1 prey:c2,c4,a1,b1,d1,e1,a2,b2,d2,e2,a3,b3,e3 turn:predator captured:0 hand:7",
		has: "c1-c3", not: "c1-c5",
		play: "c1-c3", capt: "c2", turn: "prey"},
}

func TestRules(t *testing.T) {
	for _, c := range ruleCases {
		t.Run(c.game+"/"+c.rule, func(t *testing.T) {
			p := mustPos(t, c.game, c.pos)
			b := p.Board()
			legal := moveTexts(p)
			set := map[string]bool{}
			for _, m := range legal {
				set[m] = true
			}
			for _, m := range strings.Fields(c.has) {
				assert.True(t, set[m], "%s must be legal; legal: %v", m, legal)
			}
			for _, m := range strings.Fields(c.not) {
				assert.False(t, set[m], "%s must not be legal", m)
			}
			switch c.exact {
			case "":
			case "-":
				assert.Empty(t, legal)
			default:
				assert.Equal(t, c.exact, strings.Join(legal, " "))
			}
			assert.Equal(t, c.outcome, outcomeText(p.Outcome()), "outcome")
			compareWithReference(t, p)
			if c.play == "" {
				return
			}
			m, err := p.ParseMove(c.play)
			require.NoError(t, err)
			assert.Equal(t, c.play, m.String())
			q := p.After(m)
			assert.Equal(t, strings.Fields(c.capt), names(b, m.Captures()), "captured by %s", c.play)
			assert.Equal(t, int(p.Captured)+len(m.Captures()), int(q.Captured))
			assert.Equal(t, c.after, outcomeText(q.Outcome()), "outcome after %s", c.play)
			if c.turn != "" {
				assert.Equal(t, c.turn, q.ToMove.String())
			}
			assert.Equal(t, q.ComputeKey(), q.Key)
			compareWithReference(t, q)
		})
	}
}

// fullPosition builds a position that ParsePosition would refuse (more pieces
// than the game has), to reach rule branches no legal position reaches: a
// prey side with no move at all.
func fullPosition(t *testing.T, game, pred string, toMove core.Side) core.Position {
	g := info(t, game)
	b := g.Board
	p := core.Position{Game: g.ID, ToMove: toMove}
	for _, n := range strings.Fields(pred) {
		i, ok := b.Index(n)
		require.True(t, ok)
		p.Pred |= 1 << uint(i)
	}
	p.Prey = b.PreyMask() &^ p.Pred
	p.Key = p.ComputeKey()
	return p
}

// With the counts of pieces docs/RULES.md gives, no prey side can ever be left
// without a move (there are always empty points next to some dog or pig), so
// these positions overfill the board to test the pass and draw rules.
func TestStuckPreyPassesOrDraws(t *testing.T) {
	for _, c := range []struct {
		game, pred string
		moves      string
		outcome    string
	}{
		{"beat-the-wolf", "d4", "pass", ""},
		{"wolf-carries-pig", "a1 c3 e5", "pass", ""},
		{"deer-chess", "c3", "pass", ""},
		{"surround-the-lion", "c3", "", "draw/no-move-draw"},
	} {
		p := fullPosition(t, c.game, c.pred, core.Prey)
		assert.Equal(t, c.moves, strings.Join(moveTexts(p), " "), c.game)
		assert.Equal(t, c.outcome, outcomeText(p.Outcome()), c.game)
		assert.False(t, p.HasMove(), c.game)
		if c.moves == "pass" {
			m, err := p.ParseMove("pass")
			require.NoError(t, err)
			assert.Equal(t, core.MovePass, m.Kind)
			q := p.After(m)
			assert.Equal(t, core.Predator, q.ToMove)
			assert.Equal(t, p.Pred, q.Pred)
			assert.Equal(t, p.Prey, q.Prey)
			assert.Equal(t, q.ComputeKey(), q.Key)
			compareWithReference(t, p)
		}
	}
}

// A forced pass is the only legal "pass": while the side to move has a move, "pass" is refused.
func TestPassOnlyWhenStuck(t *testing.T) {
	for _, g := range core.Games() {
		s := g.Start()
		_, err := s.ParseMove("pass")
		assert.ErrorContains(t, err, "pass is only allowed", g.Key)
	}
}

package core_test

import (
	"flag"
	"math/rand/v2"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"huntchess/core"
)

// -refdepth raises the depth to which the reference generator recomputes the
// perft counts (the default run keeps it to depths that take well under a
// second each; -refdepth=6 takes a few minutes).
var refDepth = flag.Int("refdepth", 0, "check perft against the reference generator to this depth (0: default per game)")

// perftTable holds the perft counts from each start, depth 1 first. They were
// checked against the reference generator in ref_test.go to depth 6 (-refdepth=6).
// Depth 7, checked once: beat-the-wolf 1275472, surround-the-lion 1989016 and
// deer-chess 1552556 (engine and reference agree); wolf-carries-pig 47848676
// (engine only).
var perftTable = map[string][]uint64{
	"beat-the-wolf":     {5, 43, 270, 3235, 17634, 233989},
	"wolf-carries-pig":  {13, 125, 1818, 18218, 285712, 2829622},
	"surround-the-lion": {4, 68, 308, 6640, 21424, 476336},
	"deer-chess":        {8, 83, 357, 5835, 25152, 372554},
}

// defaultRefDepth keeps the reference's share of the normal run small.
var defaultRefDepth = map[string]int{
	"beat-the-wolf":     5,
	"wolf-carries-pig":  4,
	"surround-the-lion": 5,
	"deer-chess":        5,
}

func TestPerftFromStart(t *testing.T) {
	for _, g := range core.Games() {
		t.Run(g.Key, func(t *testing.T) {
			want := perftTable[g.Key]
			require.Len(t, want, 6)
			start := g.Start()
			for d := 1; d <= len(want); d++ {
				if d == 6 && testing.Short() {
					break
				}
				assert.Equal(t, want[d-1], start.Perft(d), "engine perft(%d)", d)
			}
			rd := defaultRefDepth[g.Key]
			if *refDepth > 0 {
				rd = *refDepth
			}
			rb, rp := refBoards[g.Key], refParse(refStart[g.Key])
			for d := 1; d <= rd && d <= len(want); d++ {
				assert.Equal(t, want[d-1], rb.perft(rp, d), "reference perft(%d)", d)
			}
		})
	}
}

// The engine's start positions are the ones docs/RULES.md describes.
func TestStartPositions(t *testing.T) {
	for _, g := range core.Games() {
		t.Run(g.Key, func(t *testing.T) {
			s := g.Start()
			assert.Equal(t, refParse(refStart[g.Key]).String(), refParse(s.String()).String())
			assert.Equal(t, s.ComputeKey(), s.Key)
			assert.Equal(t, g.First, s.ToMove)
			assert.Equal(t, uint8(g.PreyInHand), s.InHand)
			assert.Zero(t, s.Captured)
			assert.Equal(t, g.PreyCount-g.PreyInHand, s.PreyOnBoard())
			assert.False(t, s.Outcome().Over())
		})
	}
}

func TestStartMoves(t *testing.T) {
	want := map[string]string{
		// d3, c3, e3 hold dogs; the jump d4-d2 is blocked by the dog on d2, and b2/f2 are no points.
		"beat-the-wolf": "d4-c4 d4-c5 d4-d5 d4-e4 d4-e5",
		// Pigs move first; only the rank-3 pigs can move, straight or diagonally up.
		"wolf-carries-pig": "a3-a4 a3-b4 b3-a4 b3-b4 b3-c4 c3-b4 c3-c4 c3-d4 d3-c4 d3-d4 d3-e4 e3-d4 e3-e4",
		// c3 has no diagonals on the lion board.
		"surround-the-lion": "c3-b3 c3-c2 c3-c4 c3-d3",
		// Steps to b5 d5 and into the cliff, jumps over b4, c4, d4.
		"deer-chess": "c5-a3 c5-b5 c5-b6 c5-c3 c5-c6 c5-d5 c5-d6 c5-e3",
	}
	for _, g := range core.Games() {
		t.Run(g.Key, func(t *testing.T) {
			s := g.Start()
			assert.Equal(t, want[g.Key], strings.Join(moveTexts(s), " "))
			ref := refBoards[g.Key].moves(refParse(refStart[g.Key]))
			var rt []string
			for _, m := range ref {
				rt = append(rt, m.text)
			}
			assert.Equal(t, want[g.Key], strings.Join(rt, " "), "reference")
		})
	}
}

// moveTexts returns the legal moves of p in notation, sorted.
func moveTexts(p core.Position) []string {
	var out []string
	for _, m := range p.GenMoves(make([]core.Move, 0, core.MaxMoves)) {
		out = append(out, m.String())
	}
	sort.Strings(out)
	return out
}

// compareWithReference checks that the engine and the reference agree on the
// position's legal moves, the position after each, and the outcome.
func compareWithReference(t testing.TB, p core.Position) bool {
	t.Helper()
	key := p.Info().Key
	rb := refBoards[key]
	rp := refParse(p.String())
	ok := true
	if eo, ro := outcomeText(p.Outcome()), rb.outcome(rp); eo != ro {
		t.Errorf("%s %s: outcome engine %q, reference %q", key, p, eo, ro)
		ok = false
	}
	engine := map[string]string{}
	for _, m := range p.GenMoves(nil) {
		engine[m.String()] = refParse(p.After(m).String()).String()
	}
	ref := map[string]string{}
	for _, m := range rb.moves(rp) {
		ref[m.text] = m.next.String()
	}
	for mv, next := range ref {
		en, has := engine[mv]
		switch {
		case !has:
			t.Errorf("%s %s: engine lacks the move %s", key, p, mv)
			ok = false
		case en != next:
			t.Errorf("%s %s: after %s engine has %s, reference %s", key, p, mv, en, next)
			ok = false
		}
	}
	for mv := range engine {
		if _, has := ref[mv]; !has {
			t.Errorf("%s %s: engine has the move %s, the reference does not", key, p, mv)
			ok = false
		}
	}
	return ok
}

func outcomeText(o core.Outcome) string {
	if !o.Over() {
		return ""
	}
	return o.Result.String() + "/" + o.Reason.String()
}

// Perft from positions deep in seeded random games (for deer chess, after
// every dog is placed) agrees with the reference.
func TestPerftMidgameAgreesWithReference(t *testing.T) {
	for _, g := range core.Games() {
		t.Run(g.Key, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(31, uint64(g.ID)))
			rb := refBoards[g.Key]
			found := 0
			for tries := 0; found < 8 && tries < 5000; tries++ {
				p := g.Start()
				target := 10 + rng.IntN(60)
				for ply := 0; ply < target; ply++ {
					moves := p.GenMoves(nil)
					if len(moves) == 0 {
						break
					}
					// Keep the deer out of the cliff, so the game lasts.
					m := moves[rng.IntN(len(moves))]
					for k := 0; k < 8; k++ {
						if q := p.After(m); !q.Outcome().Over() {
							break
						}
						m = moves[rng.IntN(len(moves))]
					}
					p = p.After(m)
				}
				if p.Outcome().Over() || (g.HasPlacement() && p.InHand > 0) {
					continue
				}
				found++
				rp := refParse(p.String())
				maxDepth := 4
				if g.Key == "wolf-carries-pig" {
					maxDepth = 3 // the reference is slow on its wide trees
				}
				for d := 1; d <= maxDepth; d++ {
					require.Equal(t, rb.perft(rp, d), p.Perft(d), "%s perft(%d)", p, d)
				}
			}
			assert.Equal(t, 8, found)
		})
	}
}

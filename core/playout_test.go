package core_test

import (
	"math/bits"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"

	"huntchess/core"
	"huntchess/internal/testkit"
)

// playoutsPerGame is the number of random games per game kind (halved
// under -race; a tenth of that under -short, the developer's quick lane).
func playoutsPerGame() int {
	n := map[bool]int{false: 2000, true: 1000}[testkit.Race]
	if testing.Short() {
		n /= 10
	}
	return n
}

const (
	playoutPlyCap    = 2000 // a game still going after this many plies fails the test
	playoutRefGames  = 25   // the first games of each kind are also checked move by move against the reference
	playoutNotationN = 8    // every n-th position has all its moves' notation round-tripped
)

// checkPosition asserts the cheap invariants of a position reached in play;
// full adds the notation round trip.
func checkPosition(t *testing.T, g *core.GameInfo, p core.Position, full bool) {
	b := g.Board
	switch {
	case bits.OnesCount64(p.Pred) != g.PredatorCount:
		t.Fatalf("%s %s: predators", g.Key, p)
	case p.Pred&p.Prey != 0:
		t.Fatalf("%s %s: two pieces on one point", g.Key, p)
	case p.Prey&^b.PreyMask() != 0:
		t.Fatalf("%s %s: prey on a trap or in the cliff", g.Key, p)
	case (p.Pred|p.Prey)&^b.Mask() != 0:
		t.Fatalf("%s %s: a piece off the board", g.Key, p)
	case p.PreyOnBoard()+int(p.Captured)+int(p.InHand) != g.PreyCount:
		t.Fatalf("%s %s: prey not conserved", g.Key, p)
	case p.ComputeKey() != p.Key:
		t.Fatalf("%s %s: incremental key %x, ComputeKey %x", g.Key, p, p.Key, p.ComputeKey())
	}
	if full {
		q, err := core.ParsePosition(g.Key, p.String())
		if err != nil || q != p {
			t.Fatalf("%s %s: position notation round trip gives %v, %v", g.Key, p, q, err)
		}
	}
}

func TestRandomPlayouts(t *testing.T) {
	for _, gi := range core.Games() {
		t.Run(gi.Key, func(t *testing.T) {
			t.Parallel()
			rng := rand.New(rand.NewPCG(20240601, uint64(gi.ID)))
			buf := make([]core.Move, 0, core.MaxMoves)
			reasons := map[string]int{}
			plies, games := 0, playoutsPerGame()
			for n := 0; n < games; n++ {
				g, err := core.NewGame(gi.Key)
				require.NoError(t, err)
				careful := n%2 == 1 // every other game avoids losing moves, to reach later stages
				for ply := 0; ; ply++ {
					p := g.Position()
					full := ply%playoutNotationN == 0
					checkPosition(t, gi, p, full)
					if n < playoutRefGames && !compareWithReference(t, p) {
						t.Fatalf("game %d ply %d: the engine and the reference disagree; record %q", n, ply, g.Record())
					}
					o := g.Outcome()
					if o.Over() {
						reasons[outcomeText(o)]++
						require.Empty(t, g.LegalMoves())
						require.ErrorIs(t, g.Timeout(), core.ErrGameOver)
						break
					}
					if ply >= playoutPlyCap {
						t.Fatalf("game %d did not end in %d plies: %s", n, ply, g.Record())
					}
					moves := p.GenMoves(buf)
					if len(moves) == 0 {
						t.Fatalf("%s %s: no move in an ongoing game", gi.Key, p)
					}
					if full {
						if !slices.Equal(moves, g.LegalMoves()) {
							t.Fatalf("%s %s: GenMoves and Game.LegalMoves differ", gi.Key, p)
						}
						for _, m := range moves {
							back, err := p.ParseMove(m.String())
							if err != nil || back != m {
								t.Fatalf("%s %s: move notation round trip of %v gives %v, %v", gi.Key, p, m, back, err)
							}
						}
					}
					m := moves[rng.IntN(len(moves))]
					if careful {
						// Avoid a move that loses at once (the deer into the cliff, the lion into a trap).
						for k := 0; k < 8; k++ {
							if q := p.After(m); q.Outcome().Result != loses(p.ToMove) {
								break
							}
							m = moves[rng.IntN(len(moves))]
						}
					}

					// Apply / Undo restore the position and its key exactly.
					q := p
					u := q.Apply(m)
					if q != p.After(m) || q.Key != q.ComputeKey() || q.ToMove == p.ToMove {
						t.Fatalf("%s %s: Apply(%v) gives %v, After gives %v", gi.Key, p, m, q, p.After(m))
					}
					q.Undo(u)
					if q != p {
						t.Fatalf("%s %s: Undo(%v) gives %v", gi.Key, p, m, q)
					}

					// Now and then a timer pass instead of the move.
					if rng.IntN(50) == 0 {
						require.NoError(t, g.Timeout())
						require.Equal(t, "pass", g.LastMove().String())
						require.Equal(t, p.ToMove.Other(), g.ToMove())
					} else if err := g.PlayMove(m); err != nil {
						t.Fatalf("%s %s: PlayMove(%v): %v", gi.Key, p, m, err)
					}
					// Now and then an undo and a redo.
					if rng.IntN(20) == 0 {
						last := g.Position()
						require.True(t, g.Undo())
						require.Equal(t, p, g.Position())
						require.True(t, g.CanRedo())
						require.True(t, g.Redo())
						require.Equal(t, last, g.Position())
					}
				}
				plies += g.Len()
				// The record reloads to the same game.
				h, err := core.LoadRecord(gi.Key, g.Record())
				require.NoError(t, err, "record %q", g.Record())
				require.Equal(t, g.History(), h.History())
				require.Equal(t, g.Outcome(), h.Outcome())
			}
			t.Logf("%d games, %.1f plies on average, endings %v", games, float64(plies)/float64(games), reasons)
		})
	}
}

// loses returns the result that means side s has lost.
func loses(s core.Side) core.Result {
	if s == core.Predator {
		return core.PreyWins
	}
	return core.PredatorWins
}

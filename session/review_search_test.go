package session

import (
	"context"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"huntchess/ai"
	"huntchess/core"
)

// playedGame plays n plies of game id by a quick fixed search (as the
// developer's HUNTCHESS_PLIES does).
func playedGame(t testing.TB, id core.GameID, n int) *core.Game {
	g := core.NewGameFrom(id.Info().Start())
	for i := 0; i < n && !g.Outcome().Over(); i++ {
		res := ai.Search(context.Background(), g.Position(), ai.Limits{Depth: 3, Nodes: 5000, History: g.History()})
		require.NoError(t, g.PlayMove(res.Move))
	}
	return g
}

// Without a table the search judges every move. (How long a review takes
// is BenchmarkSearchReview's figure: a typical game takes well under two
// seconds.)
func TestSearchReviewJudgesEveryMove(t *testing.T) {
	for _, id := range []core.GameID{core.BeatTheWolf, core.WolfCarriesPig} {
		g := playedGame(t, id, 100)
		moves := ReviewGame(g, nil)
		calls := 0
		out, ok := SearchReview(context.Background(), g, moves, func(done, total int) { calls++ })
		require.True(t, ok)
		require.Len(t, out, len(moves))
		require.Greater(t, calls, 0)
		counts := map[Verdict]int{}
		for i, m := range out {
			require.Equal(t, VerdictUnknown, moves[i].Verdict, "the input is not changed")
			if m.Move.Kind == core.MovePass {
				continue
			}
			require.True(t, m.BySearch(), "move %d", i+1)
			require.Contains(t, []Verdict{VerdictGood, VerdictMistake, VerdictBlunder}, m.Verdict)
			if m.Verdict != VerdictGood {
				require.NotEqual(t, core.MoveNone, m.Best.Kind)
				require.NotEqual(t, WhyNone, m.Why)
			}
			counts[m.Verdict]++
		}
		t.Logf("%v: %d moves reviewed: %v", id, len(moves), counts)
	}
}

// A move that lets a capture go, or gives the predator one, is judged so,
// names the search's move, and the search's own move is good.
func TestSearchReviewSeesCaptures(t *testing.T) {
	r := rand.New(rand.NewSource(1))
	g := core.NewGameFrom(core.BeatTheWolf.Info().Start())
	var missed, allowed bool
	for g.Len() < 120 && !g.Outcome().Over() && !(missed && allowed) {
		p := g.Position()
		res := ai.Search(context.Background(), p, ReviewLimits)
		for _, m := range g.LegalMoves() {
			if m == res.Move {
				continue
			}
			after := p.After(m)
			capNow := res.Move.Capt != 0 && m.Capt == 0 && p.ToMove == core.Predator
			gives := p.ToMove == core.Prey && ai.Search(context.Background(), after, ReviewLimits).Move.Capt != 0 &&
				ai.Search(context.Background(), p.After(res.Move), ReviewLimits).Move.Capt == 0
			if (!capNow || missed) && (!gives || allowed) {
				continue
			}
			h := core.NewGameFrom(g.Start())
			for _, x := range g.Moves() {
				require.NoError(t, h.PlayMove(x))
			}
			require.NoError(t, h.PlayMove(m))
			out, ok := SearchReview(context.Background(), h, ReviewGame(h, nil), nil)
			require.True(t, ok)
			last := out[len(out)-1]
			require.True(t, last.BySearch())
			require.Contains(t, []Verdict{VerdictMistake, VerdictBlunder}, last.Verdict, "%v instead of %v", m, res.Move)
			require.Equal(t, res.Move, last.Best)
			if capNow {
				require.Equal(t, WhyMissedCapture, last.Why, "%v instead of %v", m, res.Move)
				missed = true
			} else {
				require.Equal(t, WhyAllowsCapture, last.Why, "%v instead of %v", m, res.Move)
				allowed = true
			}
			break
		}
		ms := g.LegalMoves()
		require.NoError(t, g.PlayMove(ms[r.Intn(len(ms))]))
	}
	require.True(t, missed, "no missed capture found")
	require.True(t, allowed, "no capture allowed found")
}

// A forced loss walked into is a blunder; a game over scores its result.
func TestSearchReviewForcedResults(t *testing.T) {
	p := core.BeatTheWolf.Info().Start()
	v := searchView(context.Background(), p, nil)
	require.True(t, v.done)
	_, won := ai.IsWin(winScore)
	require.True(t, won)
	r := ReviewMove{Move: core.Move{Kind: core.MoveStep, From: 1, To: 2}, Mover: core.Prey}
	judge(&r, p, scored{score: -50, best: core.Move{Kind: core.MoveStep, From: 3, To: 4}, done: true}, scored{score: winScore - 5, done: true})
	require.Equal(t, VerdictBlunder, r.Verdict)
	require.Equal(t, WhyWalksIntoLoss, r.Why)
	r = ReviewMove{Move: core.Move{Kind: core.MoveStep, From: 1, To: 2}, Mover: core.Prey}
	judge(&r, p, scored{score: winScore - 7, best: core.Move{Kind: core.MoveStep, From: 3, To: 4}, done: true}, scored{score: 20, done: true})
	require.Equal(t, VerdictBlunder, r.Verdict)
	require.Equal(t, WhyMissedWin, r.Why)
	// The search's own move is good whatever the scores say.
	r = ReviewMove{Move: core.Move{Kind: core.MoveStep, From: 3, To: 4}, Mover: core.Prey}
	judge(&r, p, scored{score: 0, best: core.Move{Kind: core.MoveStep, From: 3, To: 4}, done: true}, scored{score: 500, done: true})
	require.Equal(t, VerdictGood, r.Verdict)
	// Cancelled: no verdicts.
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	g := playedGame(t, core.WolfCarriesPig, 20)
	_, ok := SearchReview(ctx, g, ReviewGame(g, nil), nil)
	require.False(t, ok)
}

// carelessGame plays n plies of game id: a quick search's moves, a random
// one every fifth ply (a player's slips, for the review to find).
func carelessGame(tb testing.TB, id core.GameID, n int) *core.Game {
	r := rand.New(rand.NewSource(7))
	g := core.NewGameFrom(id.Info().Start())
	for g.Len() < n && !g.Outcome().Over() {
		m := ai.Search(context.Background(), g.Position(), ai.Limits{Depth: 3, Nodes: 5000, History: g.History()}).Move
		if g.Len()%5 == 3 {
			ms := g.LegalMoves()
			m = ms[r.Intn(len(ms))]
		}
		require.NoError(tb, g.PlayMove(m))
	}
	return g
}

// BenchmarkSearchReview: the search's review of a game of about 100 plies
// (go test -run '^$' -bench SearchReview ./session/).
func BenchmarkSearchReview(b *testing.B) {
	for _, id := range []core.GameID{core.BeatTheWolf, core.WolfCarriesPig, core.DeerChess} {
		g := carelessGame(b, id, 100)
		moves := ReviewGame(g, nil)
		b.Run(id.String(), func(b *testing.B) {
			b.ReportMetric(float64(g.Len()), "plies")
			for i := 0; i < b.N; i++ {
				SearchReview(context.Background(), g, moves, nil)
			}
		})
	}
}

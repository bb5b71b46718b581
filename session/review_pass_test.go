package session

import (
	"context"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"huntchess/ai"
	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
	"huntchess/match"
	"huntchess/proof"
	"huntchess/tables"
)

// strategyOwner is a table owner with one strategy and nothing else.
type strategyOwner struct{ s *strategy.Strategy }

func (o strategyOwner) Table(core.GameID) *tablebase.Table { return nil }
func (o strategyOwner) Bound(core.GameID) *tablebase.Table { return nil }
func (o strategyOwner) Strategy(id core.GameID) *strategy.Strategy {
	if o.s.GameID() == id {
		return o.s
	}
	return nil
}

// A pass by time takes the game off the lion's strategy (issue #32): the
// review still says what is proven there. Along the strategy's line (the
// lion's moves seeded), the lion passes where the strategy has no move for
// the dogs after it but a bridge back onto it proves their win; Master's
// dogs play the bridge and the strategy to the end, the lion at random. Every
// move of the game keeps the dogs' proven win: the moves on the bridge
// with their plies at most (Bound), and the game ends in the dogs' win
// within the plies the review gives the dogs after the pass.
func TestReviewAfterPass(t *testing.T) {
	s, err := tables.OpenShippedStrategy(core.SurroundTheLion)
	if err != nil || s == nil {
		t.Fatalf("the lion's strategy: %v", err)
	}
	e := ai.NewEngine(strategyOwner{s})
	lim := ai.LevelLimits(match.Master)
	lim.Strategy = true
	for seed := int64(1); seed <= 200; seed++ {
		rng := rand.New(rand.NewSource(seed))
		g := core.NewGameFrom(core.SurroundTheLion.Info().Start())
		passAt := -1
		for !g.Outcome().Over() && passAt < 0 {
			p := g.Position()
			if p.ToMove == core.Predator {
				q := p.After(p.PassMove())
				if _, _, ok := s.Probe(q); !ok && g.Len() > 4 {
					if v, ok := proof.GameStack(nil, s, nil).Probe(q); ok && v.Kind.UpperBound() {
						passAt = g.Len()
						require.NoError(t, g.Timeout())
						break
					}
				}
				moves := g.LegalMoves()
				require.NoError(t, g.PlayMove(moves[rng.Intn(len(moves))]))
				continue
			}
			require.NoError(t, g.PlayMove(e.Choose(context.Background(), p, lim).Move))
		}
		if passAt < 0 {
			continue
		}
		for !g.Outcome().Over() {
			p := g.Position()
			if p.ToMove == core.Predator {
				moves := g.LegalMoves()
				require.NoError(t, g.PlayMove(moves[rng.Intn(len(moves))]))
				continue
			}
			r := e.Choose(context.Background(), p, lim)
			if !r.Proof.Proven() {
				t.Fatalf("seed %d, ply %d: Master's dogs play %+v, not proven", seed, g.Len(), r)
			}
			require.NoError(t, g.PlayMove(r.Move))
		}
		if w, ok := g.Outcome().Winner(); !ok || w != core.Prey {
			t.Fatalf("seed %d: the game ended %+v", seed, g.Outcome())
		}
		moves := ReviewGame(g, proof.GameStack(nil, s, nil))
		for i, rm := range moves {
			w, ok := rm.Winner()
			if rm.Verdict != VerdictKept || !rm.Proof.Proven() || !ok || w != core.Prey {
				t.Fatalf("seed %d, move %d (%s, the pass at %d): %+v", seed, i+1, rm.Move, passAt+1, rm)
			}
		}
		pass, next := moves[passAt], moves[passAt+1]
		if pass.Move.Kind != core.MovePass || pass.Proof.UpperBound() || pass.Before != tablebase.Loss {
			t.Fatalf("seed %d: the pass (from a position of the strategy) is judged %+v", seed, pass)
		}
		if !next.Proof.UpperBound() || next.Before != tablebase.Win || next.Plies < len(moves)-passAt-1 {
			t.Fatalf("seed %d: the dogs' move after the pass is judged %+v, the game went on %d plies", seed, next, len(moves)-passAt-1)
		}
		t.Logf("seed %d: the lion passed at ply %d; the dogs, proven to win in at most %d, won %d plies later", seed, passAt+1, next.Plies, len(moves)-passAt-1)
		return
	}
	t.Fatal("no seed gave a pass the bridge proves")
}

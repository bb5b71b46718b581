package session

import (
	"testing"

	"github.com/stretchr/testify/require"

	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/proof"
)

// The review's verdicts follow the table: from a won position a move to a
// drawn one is a slip, to a lost one a blunder, and the best move named keeps
// the win.
func TestReviewVerdicts(t *testing.T) {
	tb, err := tablebase.Open(builtLionTable(t))
	require.NoError(t, err)
	g, _ := core.NewGame(core.SurroundTheLion.String())
	// Find, along Master's line, a position where some move loses value.
	var bad core.Move
	var before core.Position
	for g.Len() < 30 && bad.Kind == core.MoveNone {
		p := g.Position()
		v, _, _ := tb.Probe(p)
		for _, m := range g.LegalMoves() {
			cv, _, _ := tb.Probe(p.After(m))
			if (v == tablebase.Win && cv != tablebase.Loss) || (v == tablebase.Draw && cv == tablebase.Win) {
				bad, before = m, p
				break
			}
		}
		if bad.Kind == core.MoveNone {
			best, _, _, ok := tb.Best(p)
			require.True(t, ok)
			require.NoError(t, g.PlayMove(best))
		}
	}
	require.NotEqual(t, core.MoveNone, bad.Kind, "no losing move found along the best line")
	kept := g.Len()
	require.NoError(t, g.PlayMove(bad))
	moves := ReviewGame(g, proof.GameStack(tb, nil, nil))
	require.Len(t, moves, g.Len())
	for i := 0; i < kept; i++ {
		require.Equal(t, VerdictKept, moves[i].Verdict, "move %d", i+1)
		require.Equal(t, core.MoveNone, moves[i].Best.Kind)
	}
	last := moves[kept]
	bv, _, _ := tb.Probe(before)
	cv, _, _ := tb.Probe(before.After(bad))
	want := VerdictBlunder
	if cv == tablebase.Draw {
		want = VerdictSlip
	}
	require.Equal(t, want, last.Verdict, "%v then %v", bv, cv)
	require.NotEqual(t, core.MoveNone, last.Best.Kind)
	bestV, _, _ := tb.Probe(before.After(last.Best))
	require.NotEqual(t, cv, bestV, "the best move keeps the value")

	// Without a table every verdict is unknown.
	for _, m := range ReviewGame(g, nil) {
		require.Equal(t, VerdictUnknown, m.Verdict)
	}
}

package session

import (
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/proof"
)

// The review from Wolf Carries the Pig's shipped table (values without
// plies where 4 to 6 pigs are captured) says who wins and that the plies
// are not known (proof.ValuesOnly), never a count of 16383 plies.
func TestReviewWithoutPlies(t *testing.T) {
	tb, err := tablebase.Open(filepath.Join("..", "tables", "shipped", "wolf-carries-pig.hctb"))
	require.NoError(t, err)
	defer tb.Close()
	p, err := core.ParsePosition(core.WolfCarriesPig.String(), "predator:d2,a5,c5 prey:a1,b1,c1,b2,e2,a3,c3,b4,c4,e4 turn:predator captured:5 hand:0")
	require.NoError(t, err)
	v, d, ok := tb.Probe(p)
	require.True(t, ok)
	require.Equal(t, tablebase.Win, v, "the wolves win here")
	require.Equal(t, tablebase.PliesUnknown, d)
	g := core.NewGameFrom(p)
	var buf [core.MaxMoves]core.Move
	for _, m := range p.GenMoves(buf[:0]) {
		if cv, _, _ := tb.Probe(p.After(m)); cv == tablebase.Loss {
			require.NoError(t, g.PlayMove(m))
			break
		}
	}
	rs := ReviewGame(g, proof.GameStack(tb, nil, nil))
	require.Len(t, rs, 1)
	r := rs[0]
	require.Equal(t, VerdictKept, r.Verdict)
	require.True(t, r.Proof == proof.ValuesOnly)
	require.Zero(t, r.Plies)
	w, ok := r.Winner()
	require.True(t, ok)
	require.Equal(t, core.Predator, w)
}

package app

import (
	"testing"

	"github.com/stretchr/testify/require"

	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/proof"
	"huntchess/session"
	"huntchess/translations"
)

// With a bound table and no table covering the game, the review marks the
// moves on the dogs' proven win (proven line), says in how many moves at
// most the dogs win, and its summary says that only that win is proven.
func TestReviewByBoundTable(t *testing.T) {
	b, err := tablebase.Open("../ai/testdata/beat-the-wolf-8dogs.bound.hctb")
	require.NoError(t, err)
	defer b.Close()
	p, err := core.ParsePosition(core.BeatTheWolf.String(), "predator:d1 prey:c1,c2,d2,e2,a3,b3,d3,a5 turn:prey captured:9 hand:0")
	require.NoError(t, err)
	g := core.NewGameFrom(p)
	for _, m := range b.LineBound(p, 4) {
		require.NoError(t, g.PlayMove(m))
	}
	defer translations.SetLanguage(translations.Current())
	translations.SetLanguage(translations.English)
	r := &reviewScreen{info: g, moves: session.ReviewGame(g, proof.GameStack(nil, nil, b)), bound: true}
	require.Contains(t, r.moveLine(0), "(proven) · a win for the dogs, at most 33 moves to go")
	require.Contains(t, r.moveLine(1), "a win for the dogs, at most 32 moves to go")
	require.Contains(t, r.summaryText(), translations.TData("review.no_table_strategy_bound", map[string]any{"Side": "dogs"}))
	translations.SetLanguage(translations.Chinese)
	require.Contains(t, r.moveLine(0), "（已证明） · 犬方取胜，最多还剩 33 步")
}

//go:build ci

package app

import (
	"context"
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/require"

	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/match"
	"huntchess/proof"
	"huntchess/tables"
	"huntchess/translations"
)

// Beat the Wolf has no table a device solves: its endgames come shipped
// with the app. In an endgame the game panel says the table is ready (and,
// with the shipped set strategy, that the start is proven),
// the hint and Master play from it, and the review judges by it.
func TestBeatTheWolfPlaysFromTheShippedEndgames(t *testing.T) {
	if _, err := tables.OpenShipped(core.BeatTheWolf, false); err != nil {
		t.Fatalf("%v: run make device-tables (it writes tables/shipped/)", err)
	}
	fa := test.NewTempApp(t)
	var owner *tables.Owner
	h := newHarness(t, fa, func(o *Options) {
		owner = tables.New(t.TempDir(), nil, false, o.Do)
		owner.UseShipped(true)
		o.Tables, o.Think, o.Hint = owner, nil, nil // the engine, with the tables
	})
	// A puzzle's position, eleven dogs taken (the wolf to hold a draw with
	// one move only: puzzles/data).
	pos, err := core.ParsePosition("beat-the-wolf", "predator:c1 prey:d1,g3,b4,g4,c5,f5 turn:prey captured:11 hand:0")
	require.NoError(t, err)
	h.a.startGame(core.NewGameFrom(pos), match.ModeTwoPlayers)
	s := h.gameScreen()
	h.waitFor("the shipped table", func() bool { return owner.Table(core.BeatTheWolf) != nil })
	h.waitFor("the table line", func() bool {
		s.refresh() // as the app's own manager's Subscribe does (New)
		// With the shipped set strategy, the line says the start is proven too.
		return s.tables.label != nil && s.tables.label.Visible() && s.tables.label.Text == translations.TData("tables.ready_bound", map[string]any{"Side": sideName(core.BeatTheWolf.Info(), core.Prey)})
	})
	require.True(t, owner.Table(core.BeatTheWolf).IsDevice(), "the shipped device table")

	test.Tap(s.hintBtn)
	h.waitFor("the hint", func() bool { return s.board.Hint().Kind != core.MoveNone })
	// Only a proof says "(proven)": the search's hints never do.
	require.Contains(t, texts(h.a.Window()), translations.T("hint.draw"))
	require.Contains(t, texts(h.a.Window()), translations.T("hint.detail_draw"), "the proof under Details")

	tb := owner.Table(core.BeatTheWolf)
	res := h.a.opts.Think(context.Background(), s.sess.Game(), match.Master)
	require.Equal(t, proof.Exact, res.Proof, "Master plays from the table")
	v, _, ok := tb.Probe(s.sess.Game().Position().After(res.Move))
	require.True(t, ok)
	require.Equal(t, tablebase.Draw, v, "Master's move %v keeps the draw", res.Move)
	require.NoError(t, s.sess.Game().PlayMove(res.Move))
	for i := 0; i < 3; i++ {
		best, _, _, ok := tb.Best(s.sess.Game().Position())
		require.True(t, ok)
		require.NoError(t, s.sess.Game().PlayMove(best))
	}
	test.Tap(s.reviewBtn)
	r, ok := h.a.top().(*reviewScreen)
	require.True(t, ok)
	h.waitSearched(r)
	out := texts(h.a.Window())
	require.Contains(t, out, "result unchanged (proven)", out)
	require.NotContains(t, out, "(by search)", "the review judges by the table")
	require.False(t, strings.Contains(out, "No endgame table covers this game"), out)
}

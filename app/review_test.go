//go:build ci

package app

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/require"

	"huntchess/ai"
	"huntchess/translations"

	"huntchess/ai/tablebase"
	"huntchess/core"
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
	moves := reviewGame(g, tb)
	require.Len(t, moves, g.Len())
	for i := 0; i < kept; i++ {
		require.Equal(t, verdictKept, moves[i].v, "move %d", i+1)
		require.Equal(t, core.MoveNone, moves[i].best.Kind)
	}
	last := moves[kept]
	bv, _, _ := tb.Probe(before)
	cv, _, _ := tb.Probe(before.After(bad))
	want := verdictBlunder
	if cv == tablebase.Draw {
		want = verdictSlip
	}
	require.Equal(t, want, last.v, "%v then %v", bv, cv)
	require.NotEqual(t, core.MoveNone, last.best.Kind)
	bestV, _, _ := tb.Probe(before.After(last.best))
	require.NotEqual(t, cv, bestV, "the best move keeps the value")

	// Without a table every verdict is unknown.
	for _, m := range reviewGame(g, nil) {
		require.Equal(t, verdictUnknown, m.v)
	}
}

// The hint says in words what the table knows, and the review of a game
// shows its verdicts and steps through it, in both languages.
func TestHintWordsAndReviewOnScreen(t *testing.T) {
	tb, err := tablebase.Open(builtLionTable(t))
	require.NoError(t, err)
	ai.SetTable(core.SurroundTheLion, tb)
	defer ai.SetTable(core.SurroundTheLion, nil)
	h := newHarness(t, test.NewTempApp(t), func(o *Options) { o.Hint = ai.Hint })
	s := h.startGame(2, ModeTwoPlayers) // Surround the Lion
	test.Tap(s.hintBtn)
	h.waitFor("the hint", func() bool { return s.board.Hint().Kind != core.MoveNone })
	_, plies, _ := tb.Probe(s.game.Position())
	require.Contains(t, texts(h.a.Window()), "Lost: a win for the dogs in 37 moves with best play; this move resists longest.")
	require.Equal(t, 37, plies)
	// Best play, until the side to move can throw its value away: then it does.
	for done := false; !done; {
		p := s.game.Position()
		v, _, _ := tb.Probe(p)
		for _, m := range s.game.LegalMoves() {
			cv, _, _ := tb.Probe(p.After(m))
			if v == tablebase.Win && cv != tablebase.Loss {
				require.NoError(t, s.game.PlayMove(m))
				done = true
				break
			}
		}
		if !done {
			best, _, _, ok := tb.Best(p)
			require.True(t, ok)
			require.NoError(t, s.game.PlayMove(best))
		}
	}
	n := s.game.Len()
	require.Greater(t, n, 1)
	test.Tap(s.reviewBtn) // from the move list, in the middle of the game
	r, ok := h.a.top().(*reviewScreen)
	require.True(t, ok)
	out := texts(h.a.Window())
	require.Contains(t, out, "Review · Surround the Lion")
	require.Regexp(t, `1\. \S+ — kept the value`, out)
	require.Contains(t, out, fmt.Sprintf("Position after %d of %d moves", n, n))
	require.Regexp(t, fmt.Sprintf(`%d\. \S+ — (let a win slip to a draw|a blunder: now lost) · best: \S+`, n), out)
	require.Regexp(t, `dogs: 0 slips, 1 blunders|dogs: 1 slips, 0 blunders`, out)
	require.Contains(t, out, "lion: 0 slips, 0 blunders")
	require.True(t, r.next.Disabled())
	test.Tap(r.prev)
	require.Equal(t, n-1, r.cur)
	require.Contains(t, texts(h.a.Window()), fmt.Sprintf("Position after %d of %d moves", n-1, n))
	require.False(t, r.next.Disabled())
	translations.SetLanguage(translations.Chinese)
	h.drain()
	require.Contains(t, texts(h.a.Window()), "复盘 · 围狮棋")
	h.a.back()
	require.IsType(t, &gameScreen{}, h.a.top())
}

//go:build ci

package app

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/require"

	"huntchess/ai"
	"huntchess/translations"

	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/session"
)

// The hint says in words what the table knows, and the review of a game
// shows its verdicts and steps through it, in both languages.
func TestHintWordsAndReviewOnScreen(t *testing.T) {
	tb, err := tablebase.Open(lionTablePath(t))
	require.NoError(t, err)
	tables := session.NewTables("", nil, false, func(f func()) { f() })
	tables.Use(core.SurroundTheLion, tb)
	h := newHarness(t, test.NewTempApp(t), func(o *Options) { o.Tables, o.Hint = tables, ai.Engine{Tables: tables}.Hint })
	s := h.startGame(2, session.ModeTwoPlayers) // Surround the Lion
	test.Tap(s.hintBtn)
	h.waitFor("the hint", func() bool { return s.board.Hint().Kind != core.MoveNone })
	_, plies, _ := tb.Probe(s.Game().Position())
	require.Contains(t, texts(h.a.Window()), "Lost: a win for the dogs in 37 moves with best play; this move resists longest.")
	require.Equal(t, 37, plies)
	// Best play, until the side to move can throw its value away: then it does.
	for done := false; !done; {
		p := s.Game().Position()
		v, _, _ := tb.Probe(p)
		for _, m := range s.Game().LegalMoves() {
			cv, _, _ := tb.Probe(p.After(m))
			if v == tablebase.Win && cv != tablebase.Loss {
				require.NoError(t, s.Game().PlayMove(m))
				done = true
				break
			}
		}
		if !done {
			best, _, _, ok := tb.Best(p)
			require.True(t, ok)
			require.NoError(t, s.Game().PlayMove(best))
		}
	}
	n := s.Game().Len()
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

// lionTablePath is the Surround the Lion table `make test` builds first.
func lionTablePath(t *testing.T) string {
	dir := os.Getenv("TABLES_DIR")
	if dir == "" {
		dir = filepath.Join("..", "build", "tables")
	}
	p := tablebase.Path(dir, core.SurroundTheLion.String())
	if _, err := os.Stat(p); err != nil {
		t.Skipf("no Surround the Lion table (make tables): %v", err)
	}
	return p
}

//go:build ci

package app

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/require"

	"huntchess/ai"
	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/match"
	"huntchess/proof"
	"huntchess/session"
	"huntchess/storage"
	"huntchess/tables"
	"huntchess/translations"
	"huntchess/widgets"
)

// The hint says in words what the table knows, and the review of a game
// shows its verdicts and steps through it, in both languages.
func TestHintWordsAndReviewOnScreen(t *testing.T) {
	tb, err := tablebase.Open(lionTablePath(t))
	require.NoError(t, err)
	owner := tables.New("", nil, false, func(f func()) { f() })
	owner.Use(core.SurroundTheLion, tb)
	h := newHarness(t, test.NewTempApp(t), func(o *Options) { o.Tables, o.Hint = owner, ai.NewEngine(owner).Hint })
	s := h.startGame(2, match.ModeTwoPlayers) // Surround the Lion
	test.Tap(s.hintBtn)
	h.waitFor("the hint", func() bool { return s.board.Hint().Kind != core.MoveNone })
	_, plies, _ := tb.Probe(s.sess.Game().Position())
	require.Contains(t, texts(h.a.Window()), "Best defence: ")
	require.Contains(t, texts(h.a.Window()), "With perfect play, a win for the dogs (proven, 37 moves to go).")
	require.Contains(t, texts(h.a.Window()), translations.TPlural("hint.detail_table", 37, map[string]any{"Side": "dogs"}))
	require.Equal(t, 37, plies)
	// Best play, until the side to move can throw its value away: then it does.
	for done := false; !done; {
		p := s.sess.Game().Position()
		v, _, _ := tb.Probe(p)
		for _, m := range s.sess.Game().LegalMoves() {
			cv, _, _ := tb.Probe(p.After(m))
			if v == tablebase.Win && cv != tablebase.Loss {
				require.NoError(t, s.sess.Game().PlayMove(m))
				done = true
				break
			}
		}
		if !done {
			best, _, _, ok := tb.Best(p)
			require.True(t, ok)
			require.NoError(t, s.sess.Game().PlayMove(best))
		}
	}
	n := s.sess.Game().Len()
	require.Greater(t, n, 1)
	test.Tap(s.reviewBtn) // from the move list, in the middle of the game
	r, ok := h.a.top().(*reviewScreen)
	require.True(t, ok)
	out := texts(h.a.Window())
	require.Contains(t, out, "Review · Surround the Lion")
	require.Regexp(t, `1\. \S+ — result unchanged \(proven\)`, out)
	require.Contains(t, out, fmt.Sprintf(" · %d/%d", n, n))
	require.Regexp(t, fmt.Sprintf(`%d\. \S+ — (let a win slip to a draw|a blunder: now lost) \(proven\)( · a win for the (lion|dogs), \d+ moves? to go)? · best: \S+`, (n+1)/2), out)
	require.Regexp(t, `dogs: 0 slips, 1 blunder\b|dogs: 1 slip, 0 blunders`, out)
	require.Contains(t, out, "lion: 0 slips, 0 blunders")
	require.NotContains(t, out, translations.T("review.by_search"))
	require.True(t, r.next.Disabled())
	test.Tap(r.prev)
	require.Equal(t, n-1, r.cur)
	require.Contains(t, texts(h.a.Window()), fmt.Sprintf(" · %d/%d", n-1, n))
	require.False(t, r.next.Disabled())
	translations.SetLanguage(translations.Chinese)
	h.drain()
	require.Contains(t, texts(h.a.Window()), "复盘 · 围狮棋")
	h.a.back()
	require.IsType(t, &gameScreen{}, h.a.top())
}

// Where no table covers the game, the review judges every move by the
// search, in the background, marked as the search's; the lines are
// numbered and written as in the move list.
func TestReviewBySearch(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	s := h.startGame(0, match.ModeTwoPlayers) // Beat the Wolf
	// The wolf leaves a dog it could take, then a dog walks into a jump.
	g := s.sess.Game()
	for g.Len() < 12 {
		res := ai.Search(context.Background(), g.Position(), ai.Limits{Depth: 2, Nodes: 2000, History: g.History()})
		require.NoError(t, g.PlayMove(res.Move))
	}
	test.Tap(s.reviewBtn)
	r, ok := h.a.top().(*reviewScreen)
	require.True(t, ok)
	require.Contains(t, texts(h.a.Window()), "Looking ahead to judge the moves…")
	h.waitSearched(r)
	out := texts(h.a.Window())
	require.NotContains(t, out, "not judged")
	require.NotContains(t, out, "judging")
	require.Contains(t, out, translations.T("review.no_table"))
	require.Regexp(t, `1\. \S+ — (good|a mistake|a blunder) \(looking ahead\)`, out)
	require.Regexp(t, `wolf: \d+ mistakes?, \d+ blunders?`, out)
	require.NotContains(t, out, "slip")
	for i, m := range r.moves {
		require.True(t, m.BySearch(), "move %d", i+1)
		line := r.moveLine(i)
		require.True(t, strings.HasPrefix(line, fmt.Sprintf("%d. %s — ", i/2+1, displayMove(m.Move))), line)
	}
	require.Contains(t, out, fmt.Sprintf("After 6. %s · 12/12", displayMove(r.moves[11].Move)))
	translations.SetLanguage(translations.Chinese)
	h.drain()
	require.Contains(t, texts(h.a.Window()), "（往后看几步）")
	// Leaving the review stops a search still at work.
	h.a.back()
	r2 := newReviewScreen(h.a, g)
	r2.close()
	require.Eventually(t, func() bool { h.drain(); return true }, time.Second, 10*time.Millisecond)
}

// The verdicts say what the search saw, and the counts take plural forms.
func TestReviewWords(t *testing.T) {
	info := core.BeatTheWolf.Info()
	m := session.ReviewMove{Verdict: session.VerdictBlunder, Why: session.WhyAllowsCapture, Mover: core.Prey}
	require.Equal(t, "a blunder (looking ahead): it gives the wolf a capture", verdictText(info, m))
	m.Why, m.Mover = session.WhyWalksIntoLoss, core.Predator
	require.Equal(t, "a blunder (looking ahead): it walks into a trap", verdictText(info, m))
	m = session.ReviewMove{Verdict: session.VerdictSlip, Proof: proof.Exact}
	require.Equal(t, "let a win slip to a draw (proven)", verdictText(info, m))
	m = session.ReviewMove{Verdict: session.VerdictKept, Proof: proof.Bound}
	require.Equal(t, "result unchanged (proven)", verdictText(info, m))
	require.Equal(t, "1 blunder", translations.TPlural("review.blunders", 1, nil))
	require.Equal(t, "2 blunders", translations.TPlural("review.blunders", 2, nil))
	// A capture keeps its mark ×, as in the move list.
	g := firstCaptureGame(t, info.Key)
	r := &reviewScreen{info: g, moves: session.ReviewGame(g, nil)}
	last := g.Len() - 1
	require.Contains(t, r.moveLine(last), fmt.Sprintf("%d. %s — ", last/2+1, displayMove(g.LastMove())))
	require.Contains(t, r.moveLine(last), "×")
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

// The review's list shows each move's verdict whole, wrapped onto as many
// lines as it takes, on a phone at every text size (its rows were cut with
// "…" and only the line under the buttons showed the chosen one whole).
func TestReviewRowsWrap(t *testing.T) {
	layoutOnly(t)
	for _, scale := range []float64{1, storage.TextScales[len(storage.TextScales)-1]} {
		for _, lang := range translations.Languages {
			t.Run(fmt.Sprintf("%v/%s", scale, lang), func(t *testing.T) {
				fa := test.NewTempApp(t)
				fa.Preferences().SetFloat(storage.KeyTextScale, scale)
				h := newHarness(t, fa)
				translations.SetLanguage(lang)
				w := h.a.Window()
				w.Resize(phone)
				g := firstCaptureGame(t, core.BeatTheWolf.String())
				h.a.startGame(g, match.ModeTwoPlayers)
				h.a.showReview(g)
				r := h.a.top().(*reviewScreen)
				h.waitSearched(r)
				h.drain()
				settle(w)
				lines := map[string]bool{}
				for i := range r.moves {
					lines[r.moveLine(i)] = true
				}
				seen, wrapped := map[string]bool{}, map[string]bool{}
				for i := range r.moves {
					r.list.ScrollTo(i)
					settle(w)
					walkShown(r.list, fyne.Position{}, false, func(o fyne.CanvasObject, _ fyne.Position, _ bool) {
						switch x := o.(type) {
						case *widget.Label:
							if lines[x.Text] && x.Truncation != fyne.TextTruncateOff {
								t.Errorf("a row is cut short: %q", x.Text)
							}
						case *widgets.Paragraph:
							if !lines[x.Text] || x.Size().Height == 0 {
								return
							}
							seen[x.Text] = true
							if need := x.MinSize().Height; x.Size().Height+0.5 < need {
								t.Errorf("the row %q is %v tall, its lines need %v", x.Text, x.Size().Height, need)
							}
							if x.MinSize().Height > r.posLabel.MinSize().Height+1 {
								wrapped[x.Text] = true
							}
						}
					})
				}
				rows := len(seen)
				t.Logf("%d rows of %d shown, %d of them on more than one line", rows, len(r.moves), len(wrapped))
				if rows != len(r.moves) || len(wrapped) == 0 {
					t.Errorf("%d rows of %d shown whole, %d wrapped: want every row, some wrapped", rows, len(r.moves), len(wrapped))
				}
			})
		}
	}
}

package app

import (
	"context"
	"math/rand"
	"testing"

	"github.com/stretchr/testify/require"

	"huntchess/ai"
	"huntchess/core"
	"huntchess/translations"
)

func TestHintWords(t *testing.T) {
	lion := core.SurroundTheLion.Info()
	defer translations.SetLanguage(translations.English)
	defer translations.SetLanguage(translations.Current())
	cases := []struct {
		side   core.Side
		res    ai.Result
		en, zh string
	}{
		{core.Prey, ai.Result{Exact: true, Score: 30000 - 23}, "Won: a win for the dogs in 23 moves with best play.", "必胜：双方正确应对下，犬方 23 步取胜。"},
		{core.Prey, ai.Result{Exact: true, Score: 30000 - 1}, "Won: a win for the dogs in 1 move with best play.", "必胜：双方正确应对下，犬方 1 步取胜。"},
		{core.Predator, ai.Result{Exact: true, Score: -(30000 - 9)}, "Lost: a win for the dogs in 9 moves with best play; this move resists longest.", "必败：双方正确应对下，犬方 9 步取胜；这一步坚持最久。"},
		{core.Predator, ai.Result{Exact: true}, "Draw with best play.", "双方正确应对下是和棋。"},
		{core.Predator, ai.Result{Score: 30000 - 5}, "The search sees a win in 5 moves (no endgame table proves it).", "搜索看到 5 步内可胜（没有残局库证实）。"},
		{core.Predator, ai.Result{Score: -(30000 - 4)}, "The search sees a loss in 4 moves; this move resists longest.", "搜索看到 4 步内会输；这一步坚持最久。"},
		// Issue 23: a proven win without losing a piece (Beat the Wolf's dogs), and off the proven line.
		{core.Prey, ai.Result{Exact: true, Bound: true, Score: 30000 - 140}, "Won: the dogs win in at most 140 moves without losing a piece (proven).", "必胜：犬方不失一子，最多 140 步取胜（已证明）。"},
		{core.Predator, ai.Result{Exact: true, Bound: true, Score: -(30000 - 1)}, "Lost: the dogs win in at most 1 move without losing a piece (proven); this move resists that win longest.", "必败：犬方不失一子，最多 1 步取胜（已证明）；这一步坚持最久。"},
		// Issue 32: a bridge back onto the proven line after a pass: a proven win, its plies at most.
		{core.Prey, ai.Result{Exact: true, AtMost: true, Score: 30000 - 25}, "Won: the dogs win in at most 25 moves (proven).", "必胜：犬方最多 25 步取胜（已证明）。"},
		{core.Predator, ai.Result{Exact: true, AtMost: true, Score: -(30000 - 24)}, "Lost: the dogs win in at most 24 moves (proven); this move resists that win longest.", "必败：犬方最多 24 步取胜（已证明）；这一步坚持最久。"},
		{core.Prey, ai.Result{Exact: true, Bound: true, AtMost: true, Score: 30000 - 99}, "Won: the dogs win in at most 99 moves without losing a piece (proven).", "必胜：犬方不失一子，最多 99 步取胜（已证明）。"},
		{core.Predator, ai.Result{Score: 12}, "Not proven: no table or proven line covers this position.", "未经证明：没有残局库或已证明的路线覆盖这个局面。"},
		// Issue 32: a table of values (Wolf Carries the Pig's shipped one): a proven win, its plies not known.
		{core.Prey, ai.Result{Exact: true, NoPlies: true, Score: 30000 - 500}, "Won: a win for the dogs with best play (proven).", "必胜：双方正确应对下，犬方取胜（已证明）。"},
		{core.Predator, ai.Result{Exact: true, NoPlies: true, Score: -(30000 - 500)}, "Lost: a win for the dogs with best play (proven); this move resists longest.", "必败：双方正确应对下，犬方取胜（已证明）；这一步坚持最久。"},
	}
	for _, c := range cases {
		p := lion.Start()
		p.ToMove = c.side
		w := hintWords(p, c.res)
		translations.SetLanguage(translations.English)
		require.Equal(t, c.en, w())
		translations.SetLanguage(translations.Chinese) // the words follow a language switch
		require.Equal(t, c.zh, w())
	}
}

// A hint says the move and what it does, in a player's words, before what
// the search or the table knows of the result.
func TestHintWordsSayWhy(t *testing.T) {
	defer translations.SetLanguage(translations.English)
	translations.SetLanguage(translations.English)
	// The wolf captures.
	g := firstCaptureGame(t, core.BeatTheWolf.String())
	last := g.LastMove()
	require.NoError(t, func() error { g.Undo(); return nil }())
	p := g.Position()
	w := hintWords(p, ai.Result{Move: last, Score: 40})
	// Beat the Wolf's start is proven (its shipped strategy): off its line
	// the hint says nothing proves the position.
	require.Equal(t, displayMove(last)+": it captures. Not proven: no table or proven line covers this position.", w())
	require.Contains(t, displayMove(last), "×")
	w = hintWords(p, ai.Result{Move: last, Score: 30000 - 5})
	require.Equal(t, displayMove(last)+": it captures. The search sees a win in 5 moves (no endgame table proves it).", w())
	translations.SetLanguage(translations.Chinese)
	require.Equal(t, displayMove(last)+"：吃子。搜索看到 5 步内可胜（没有残局库证实）。", w())
	translations.SetLanguage(translations.English)

	// Along a game, every kind of prey move is named: out of danger, a point
	// taken away, the pack kept closed; and the predator's threats.
	seen := map[string]bool{}
	r := rand.New(rand.NewSource(3))
	for _, id := range []core.GameID{core.BeatTheWolf, core.WolfCarriesPig} {
		g := core.NewGameFrom(id.Info().Start())
		for g.Len() < 80 && !g.Outcome().Over() {
			p := g.Position()
			ms := g.LegalMoves()
			for _, m := range ms {
				key, _ := hintWhy(p, m)
				seen[key] = true
				_, capt, _ := predatorView(p.After(m))
				_, before, _ := predatorView(p)
				switch key {
				case "hint.why_saves":
					require.Equal(t, core.Prey, p.ToMove)
					require.Zero(t, capt)
					require.NotZero(t, before)
				case "hint.why_threatens", "hint.why_double":
					require.Equal(t, core.Predator, p.ToMove)
					require.NotZero(t, capt)
				case "hint.why_closed", "hint.why_takes_point":
					require.Zero(t, capt)
				case "hint.why_gains_room":
					after, _, _ := predatorView(p.After(m))
					now, _, _ := predatorView(p)
					require.Greater(t, after, now)
				}
			}
			m := ai.Search(context.Background(), p, ai.Limits{Depth: 2, Nodes: 3000, History: g.History()}).Move
			if g.Len()%3 == 1 { // now and then a careless move
				m = ms[r.Intn(len(ms))]
			}
			require.NoError(t, g.PlayMove(m))
		}
	}
	for _, k := range []string{"hint.why_captures", "hint.why_threatens", "hint.why_room", "hint.why_gains_room", "hint.why_saves", "hint.why_takes_point", "hint.why_closed", "hint.why_sacrifice"} {
		require.True(t, seen[k], "%s: %v", k, seen)
	}
	require.NotContains(t, hintWords(core.BeatTheWolf.Info().Start(), ai.Result{Move: ms0(t), Score: 10})(), "search")
}

func ms0(t *testing.T) core.Move {
	g, err := core.NewGame(core.BeatTheWolf.String())
	require.NoError(t, err)
	return g.LegalMoves()[0]
}

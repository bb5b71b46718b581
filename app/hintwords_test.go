package app

import (
	"testing"

	"github.com/stretchr/testify/require"

	"huntchess/ai"
	"huntchess/core"
	"huntchess/translations"
)

func TestHintWords(t *testing.T) {
	lion := core.SurroundTheLion.Info()
	defer translations.SetLanguage(translations.Current())
	cases := []struct {
		side   core.Side
		res    ai.Result
		en, zh string
	}{
		{core.Prey, ai.Result{Exact: true, Score: 30000 - 23}, "Won: a win for the dogs in 23 moves with best play.", "必胜：双方正确应对下，犬方23步取胜。"},
		{core.Prey, ai.Result{Exact: true, Score: 30000 - 1}, "Won: a win for the dogs in 1 move with best play.", "必胜：双方正确应对下，犬方1步取胜。"},
		{core.Predator, ai.Result{Exact: true, Score: -(30000 - 9)}, "Lost: a win for the dogs in 9 moves with best play; this move resists longest.", "必败：双方正确应对下，犬方9步取胜；这一步坚持最久。"},
		{core.Predator, ai.Result{Exact: true}, "Draw with best play.", "双方正确应对下是和棋。"},
		{core.Predator, ai.Result{Score: 30000 - 5}, "The search sees a win in 5 moves (no endgame table proves it).", "搜索看到5步内可胜（没有残局库证实）。"},
		{core.Predator, ai.Result{Score: -(30000 - 4)}, "The search sees a loss in 4 moves; this move resists longest.", "搜索看到4步内会输；这一步坚持最久。"},
		{core.Predator, ai.Result{Score: 120}, "The search's choice: it sees no forced result (no endgame table covers this position).", "搜索选出的一步：未见必胜或必败（本局面不在残局库中）。"},
	}
	for _, c := range cases {
		w := hintWords(lion, c.side, c.res)
		translations.SetLanguage(translations.English)
		require.Equal(t, c.en, w())
		translations.SetLanguage(translations.Chinese) // the words follow a language switch
		require.Equal(t, c.zh, w())
	}
}

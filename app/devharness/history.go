package devharness

import (
	"context"
	"time"

	"huntchess/ai"
	"huntchess/app"
	"huntchess/core"
	"huntchess/match"
	"huntchess/storage"
)

// addHistory adds n finished games to the history (HUNTCHESS_HISTORY):
// each game in turn from first, each played by a quick search to its end
// (or resigned after 200 plies), in turn against the computer at each
// level, between two players, and watched; each ended an hour before the
// next.
func addHistory(c app.Control, first *core.GameInfo, n int) {
	if n <= 0 {
		return
	}
	games := core.Games()
	start := 0
	for i, g := range games {
		if g.Key == first.Key {
			start = i
		}
	}
	modes := []match.Mode{match.ModeVsAIAsPredator, match.ModeVsAIAsPrey, match.ModeTwoPlayers, match.ModeWatch}
	when := time.Now().Add(-time.Duration(n) * time.Hour)
	for i := n - 1; i >= 0; i-- { // the first game is the newest
		info := games[(start+i)%len(games)]
		g := core.NewGameFrom(info.Start())
		for ply := 0; ply < 200 && !g.Outcome().Over(); ply++ {
			res := ai.Search(context.Background(), g.Position(), ai.Limits{Depth: 2 + ply%2, Nodes: 3000, History: g.History()})
			if g.PlayMove(res.Move) != nil {
				break
			}
		}
		if !g.Outcome().Over() {
			_ = g.Resign(g.ToMove())
		}
		levels := match.Levels()
		f, ok := storage.FinishedOf(g, modes[i%len(modes)], levels[i%len(levels)], when.Add(time.Duration(n-i)*time.Hour))
		if ok {
			c.History().Add(f)
		}
	}
}

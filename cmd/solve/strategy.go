package main

import (
	"fmt"
	"os"
	"time"

	tbstrategy "huntchess/ai/tablebase/strategy"
	"huntchess/ai/tablebase/strategybuild"
	"huntchess/core"
)

// strategyDir is where `solve strategy` writes by default: the folder the
// app embeds (tables/strategies).
const strategyDir = "tables/strategies"

// strategy builds the winner's strategy from the start of g out of the
// tables in dir and writes it to out/GAME.hcst; with passes the loser's
// passes are replies too.
func strategy(g *core.GameInfo, dir, out string, cache int64, passes bool) error {
	t0 := time.Now()
	last := time.Now()
	s, src, err := strategybuild.StartStrategy(g.ID, dir, cache, passes, func(done, found int) {
		if time.Since(last) > 10*time.Second {
			last = time.Now()
			fmt.Fprintf(os.Stderr, "strategy: %s: %d positions done of %d found, %.0f s\n", g.Key, done, found, time.Since(t0).Seconds())
		}
	})
	if err != nil {
		return err
	}
	bound := s.Bound
	data, err := strategybuild.Encode(s)
	if err != nil {
		return err
	}
	path, err := writeStrategy(out, g.Key, data)
	if err != nil {
		return err
	}
	kind := "fastest win"
	if bound {
		kind = "fastest win without giving up a piece"
	}
	if s.Passes {
		kind += fmt.Sprintf(", the loser's passes as replies (%d passes followed, %d leave no proven win)", s.PassEdges, s.PassesOff)
	}
	fmt.Fprintf(os.Stderr, "strategy: %s from %s (the %s's %s from the start, %d plies): %d positions (%d with the %s to move), %d moves (%d ending the game), %d bytes in %s, %.1f s\n",
		g.Key, src, s.Winner, kind, s.Plies, s.Nodes, s.WinnerNodes, s.Winner, s.Edges, s.Ends, len(data), path, time.Since(t0).Seconds())
	return nil
}

// writeStrategy writes a strategy file's bytes to out/GAME.hcst and
// returns its path.
func writeStrategy(out, key string, data []byte) (string, error) {
	if err := os.MkdirAll(out, 0o755); err != nil {
		return "", err
	}
	path := tbstrategy.StrategyPath(out, key)
	return path, os.WriteFile(path, data, 0o644)
}

// strategyCheck reads out/GAME.hcst and replays every defence from the
// start by core's rules (strategybuild.CheckStrategy), then games full games.
func strategyCheck(g *core.GameInfo, out string, games int) error {
	t0 := time.Now()
	path := tbstrategy.StrategyPath(out, g.Key)
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	s, err := tbstrategy.ReadStrategy(data)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	if s.IsSet() {
		return setStrategyCheck(g, path, s, len(data), games, t0)
	}
	rep, err := strategybuild.CheckStrategy(s, g.Start(), games, 1)
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	fmt.Fprintf(os.Stderr, "strategy-check: %s (%d bytes): every defence from the start replayed by core's rules: %d positions (%d with the %s to move), %d moves (%d ending the game), no cycle, %.6g distinct games, every one won by the %s in %d to %d plies (proven: %d); %d games played to the end with core.Game (the longest resistance: %d plies), all won by the %s; %.1f s\n",
		g.Key, len(data), rep.Nodes, rep.WinnerNodes, s.Winner, rep.Edges, rep.Ends, rep.Lines, s.Winner, rep.Shortest, rep.Longest, s.Plies,
		rep.Games, rep.LongestGame, s.Winner, time.Since(t0).Seconds())
	if s.Passes {
		fmt.Fprintf(os.Stderr, "strategy-check: %s: the loser's passes as replies: %d followed, %d leave no proven win; the games passed %d times\n",
			g.Key, rep.PassEdges, rep.PassesOff, rep.Passed)
	}
	return nil
}

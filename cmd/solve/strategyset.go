package main

import (
	"fmt"
	"math/rand"
	"os"
	"runtime"
	"time"

	"huntchess/ai/tablebase"
	tbstrategy "huntchess/ai/tablebase/strategy"
	"huntchess/ai/tablebase/strategybuild"
	"huntchess/core"
)

// setStrategyDir is where `solve strategy` writes a set strategy by
// default: the shipped tables' folder (tables/shipped), which the native
// builds embed and scripts/web.sh serves.
const setStrategyDir = "tables/shipped"

// setStrategy builds g's set strategy from the start (format 2: the dogs'
// win without giving up a dog from the bound tier dir/GAME.bound.hctb) and
// writes it to out/GAME.hcst.
func setStrategy(g *core.GameInfo, dir, out string, cache int64, pass bool) error {
	t0 := time.Now()
	last := time.Now()
	b, src, err := strategybuild.StartSetStrategy(g.ID, dir, cache, pass, func(stage string, done, found int) {
		if time.Since(last) > 10*time.Second || found == 0 {
			last = time.Now()
			if found == 0 {
				fmt.Fprintf(os.Stderr, "strategy: %s: %s, %.0f s\n", g.Key, stage, time.Since(t0).Seconds())
			} else {
				fmt.Fprintf(os.Stderr, "strategy: %s: %s: %d of %d, %.0f s\n", g.Key, stage, done, found, time.Since(t0).Seconds())
			}
		}
	})
	if err != nil {
		return err
	}
	data, err := b.Bytes(tablebase.ForGame(g.ID))
	if err != nil {
		return err
	}
	path, err := writeStrategy(out, g.Key, data)
	if err != nil {
		return err
	}
	rep := b.Report
	if b.PassRoot != nil {
		fmt.Fprintf(os.Stderr, "strategy: %s: the second root, the start after the %s's first move passed: a win in %d plies\n", g.Key, g.Start().ToMove, b.PassRoot.Plies)
	}
	fmt.Fprintf(os.Stderr, "strategy: %s from %s (the prey's fastest win without giving up a piece, %d plies): the generator reached %d positions (%d with the prey to move); "+
		"the runtime rule from the start: %d positions (%d with the prey to move; the %d with the predator to move stored, with their plies), %d moves (%d ending the game), no cycle, lines of %d to %d plies; %d bytes in %s, %.1f s\n",
		g.Key, src, b.Plies, b.Generated+b.GenWinner, b.GenWinner, rep.Nodes, rep.WinnerNodes, len(b.Members), rep.Edges, rep.Ends,
		rep.Shortest, rep.Longest, len(data), path, time.Since(t0).Seconds())
	return nil
}

// setStrategyCheck is strategyCheck of a set strategy (strategybuild.CheckSetStrategy).
func setStrategyCheck(g *core.GameInfo, path string, s *tbstrategy.Strategy, size int, games int, t0 time.Time) error {
	s.SetCacheBlocks(s.MemberBlocks) // every block, once
	rep, err := strategybuild.CheckSetStrategy(s, g.Start(), games, 1, func(nodes int) {
		fmt.Fprintf(os.Stderr, "strategy-check: %s: %d positions replayed, %.0f s\n", g.Key, nodes, time.Since(t0).Seconds())
	})
	if err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	fmt.Fprintf(os.Stderr, "strategy-check: %s (%d bytes, set strategy: the %d positions with the %s to move stored in %d blocks): the runtime rule replayed from the file against every defence by core's rules: "+
		"%d positions (%d with the %s to move), %d moves (%d ending the game), no cycle, every stored plies its longest line's, %.6g distinct games, every one won by the %s in %d to %d plies (proven: %d); "+
		"%d games played to the end with core.Game (the longest resistance: %d plies), all won by the %s; %.1f s\n",
		g.Key, size, s.Members, s.WinnerSide().Other(), s.MemberBlocks, rep.Nodes, rep.WinnerNodes, s.Winner, rep.Edges, rep.Ends, rep.Lines, s.Winner,
		rep.Shortest, rep.Longest, s.Plies, rep.Games, rep.LongestGame, s.Winner, time.Since(t0).Seconds())
	return nil
}

// strategyMem measures a set strategy's memory and lookups as the app uses
// it: opened from out/GAME.hcst through a ReaderAt (as the embedded file
// is: only the header and the block indexes read), then games played from
// the start, the winner by the strategy's moves, the loser at random.
func strategyMem(g *core.GameInfo, out string, games int) error {
	start := time.Now()
	line := func(what string) {
		runtime.GC()
		rss, hwm := procMem()
		fmt.Printf("strategy-mem: %-34s %6.1fs  RSS %6.1f MB  peak RSS %6.1f MB  heap %6.1f MB\n",
			what, time.Since(start).Seconds(), mb(rss), mb(hwm), mb(heapBytes()))
	}
	line("start")
	s, f, err := tbstrategy.OpenStrategyFile(tbstrategy.StrategyPath(out, g.Key))
	if err != nil {
		return err
	}
	defer f.Close()
	line("opened")
	rng := rand.New(rand.NewSource(1))
	moves, plies := 0, 0
	var el time.Duration
	for i := 0; i < games; i++ {
		gm := core.NewGameFrom(g.Start())
		for !gm.Outcome().Over() {
			p := gm.Position()
			var m core.Move
			if p.ToMove == s.WinnerSide() {
				t0 := time.Now()
				var ok bool
				m, _, ok = s.Move(p)
				el += time.Since(t0)
				if !ok {
					return fmt.Errorf("game %d: %s: no move of the strategy", i, p)
				}
				moves++
			} else {
				var buf [core.MaxMoves]core.Move
				legal := p.GenMoves(buf[:0])
				m = legal[rng.Intn(len(legal))]
			}
			if err := gm.PlayMove(m); err != nil {
				return err
			}
		}
		plies += gm.Len()
	}
	line(fmt.Sprintf("after %d games", games))
	st := s.CacheStats()
	fmt.Printf("strategy-mem: %s: %d games (%d plies), %d strategy moves in %.2f s (%.1f µs each), %d of the %d blocks cached (at most %d), %d block reads\n",
		g.Key, games, plies, moves, el.Seconds(), float64(el.Microseconds())/float64(max(moves, 1)), st.Blocks, s.MemberBlocks, st.Limit, st.Reads)
	return nil
}

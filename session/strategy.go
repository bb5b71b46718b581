package session

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"sync"

	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
)

// The proven strategies from the start, shipped inside the app: for each
// game whose start is a proven win, the winner's move in every position its
// win reaches against any defence (strategy.Strategy), written by
// `go run ./cmd/solve strategy GAME` from the full tables (make strategies).
// The lion's and the deer's are a few tens of kilobytes each, embedded in
// every build from session/strategies; Beat the Wolf's, a set strategy of
// 15.4 MB (ai/tablebase/strategy/strategyset.go), sits beside the shipped tables in
// session/shipped (the native builds; the browser downloads it from its
// site). So every device has them, with no table: Master plays the proven
// win from the start, and the loser's longest resistance to it, and the
// hints and the review say how many plies it takes.
//
//go:embed strategies
var strategyFiles embed.FS

// strategyDir is the folder of strategyFiles that holds them.
const strategyDir = "strategies"

var strategies [core.NumGames]struct {
	once sync.Once
	s    *strategy.Strategy
	err  error
}

// Strategy is the shipped strategy of game id (nil where there is none, or
// where it cannot be read: err says why): one of session/strategies, else
// one of the shipped tables' folder (session/shipped/GAME.hcst: Beat the
// Wolf's set strategy, read block by block from the binary's data; the
// browser build has none there, its site serves it: SetStrategyFetch).
func Strategy(id core.GameID) (*strategy.Strategy, error) {
	if int(id) >= len(strategies) {
		return nil, nil
	}
	e := &strategies[id]
	e.once.Do(func() {
		data, err := strategyFiles.ReadFile(strategyDir + "/" + id.String() + strategy.StrategyExt)
		if errors.Is(err, fs.ErrNotExist) {
			e.s, e.err = openShippedStrategy(id)
			return
		}
		if err == nil {
			e.s, err = strategy.ReadStrategy(data)
		}
		if err == nil && e.s.GameID() != id {
			e.s, err = nil, errors.New("session: the strategy file of "+id.String()+" holds another game's")
		}
		e.err = err
	})
	return e.s, e.err
}

// openShippedStrategy opens game id's strategy in the shipped tables'
// folder (nil, nil where there is none), reading only its header and block
// indexes: its blocks are read from the binary's data as lookups need
// them.
func openShippedStrategy(id core.GameID) (*strategy.Strategy, error) {
	if shippedFS == nil {
		return nil, nil
	}
	name := id.String() + strategy.StrategyExt
	ra, size, err := shippedFile(name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	s, err := strategy.OpenStrategy(ra, size)
	if err != nil {
		return nil, fmt.Errorf("shipped %s: %w", name, err)
	}
	if s.GameID() != id {
		return nil, fmt.Errorf("shipped %s: holds another game's strategy", name)
	}
	return s, nil
}

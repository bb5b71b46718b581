package tables

import (
	"bytes"
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sync"

	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
	"huntchess/internal/fileio"
	"huntchess/pack"
)

// The proven strategies from the start, shipped inside the app: for each
// game whose start is a proven win, the winner's move in every position its
// win reaches against any defence (strategy.Strategy), written by
// `go run ./cmd/solve strategy GAME` from the full tables (make strategies).
// The lion's and the deer's are a few tens of kilobytes each, embedded in
// every build from tables/strategies; Beat the Wolf's, a set strategy of
// 17.6 MB (ai/tablebase/strategy/strategyset.go), sits beside the shipped tables in
// tables/shipped (the native builds; the browser downloads it from its
// site). So every device has them, with no table: Master plays the proven
// win from the start, and the loser's longest resistance to it, and the
// hints and the review say how many plies it takes.
//
//go:embed strategies
var strategyFiles embed.FS

// strategyDir is the folder of strategyFiles that holds them.
const strategyDir = "strategies"

var shippedStrategyCache [core.NumGames]struct {
	once sync.Once
	s    *strategy.Strategy
	err  error
}

// ShippedStrategy is the shipped strategy of game id (nil where there is none, or
// where it cannot be read: err says why): one of tables/strategies, else
// one of the shipped tables' folder (tables/shipped/GAME.hcst: Beat the
// Wolf's set strategy, read block by block from the binary's data; the
// browser build has none there, its site serves it: SetStrategyFetch).
func ShippedStrategy(id core.GameID) (*strategy.Strategy, error) {
	if int(id) >= len(shippedStrategyCache) {
		return nil, nil
	}
	e := &shippedStrategyCache[id]
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
			e.s, err = nil, errors.New("tables: the strategy file of "+id.String()+" holds another game's")
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

// maxStrategyFileBytes is the most a strategy file read whole from a
// folder may be (Beat the Wolf's set strategy, the largest, is 15 MB): a
// larger one is refused before it is read.
const maxStrategyFileBytes = 256 << 20

// StrategyFetch downloads the strategy file of game id from the site serving
// the app (pack.ErrNoRemote where the site has none).
type StrategyFetch func(ctx context.Context, id core.GameID) ([]byte, error)

// SetStrategyFetch makes an owner with no cache folder (the browser, whose
// build embeds no shipped files) download the strategies the native builds
// ship in tables/shipped (ShippedStrategies: Beat the Wolf's, 15 MB) from
// its site: Strategy starts the download in the background the first time
// it is asked for a game's (its first game), and the table line changes
// once it is open. Call it before the first Ensure.
func (m *Owner) SetStrategyFetch(f StrategyFetch) { m.fetchStrategy = f }

// fetchStrategyFile downloads and opens game id's strategy (Strategy, in
// the browser) and tells the subscribers once it is open; a site without
// one, or one that fails, leaves the game without.
func (m *Owner) fetchStrategyFile(id core.GameID) {
	defer m.wg.Done()
	data, err := m.fetchStrategy(context.Background(), id)
	if err != nil {
		if !errors.Is(err, pack.ErrNoRemote) {
			fmt.Fprintf(os.Stderr, "huntchess: strategy of %s: %v (not used)\n", id, err)
		}
		return
	}
	s, err := strategy.OpenStrategy(bytes.NewReader(data), int64(len(data)))
	if err == nil && s.GameID() != id {
		err = errors.New("holds another game's strategy")
	}
	if err != nil {
		fmt.Fprintf(os.Stderr, "huntchess: strategy of %s from the site: %v (not used)\n", id, err)
		return
	}
	e := &m.strategies[id]
	e.mu.Lock()
	e.s = s
	e.mu.Unlock()
	m.notify(id)
}

// Strategy is the proven strategy from the start of game id: the one the
// app ships (ShippedStrategy; in the browser, Beat the Wolf's is downloaded from
// the site the first time it is asked for: SetStrategyFetch), else one
// beside the tables — in the table folders or beside the game's table in
// the installed pack (GAME.hcst), read once found; or nil. It is the
// engine's ai.Strategies (a nil owner has none).
func (m *Owner) Strategy(id core.GameID) *strategy.Strategy {
	if m == nil || int(id) >= len(m.strategies) {
		return nil
	}
	if s, _ := m.shippedStrategy(id); s != nil {
		return s
	}
	e := &m.strategies[id]
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.s != nil {
		return e.s
	}
	if m.dir == "" && m.fetchStrategy != nil && slices.Contains(ShippedStrategies, id) {
		if !e.fetching {
			e.fetching = true
			m.wg.Add(1)
			go m.fetchStrategyFile(id)
		}
		return nil
	}
	dirs := append(append([]string(nil), m.extra...), m.dir)
	if p := m.packFile(id); p != "" {
		dirs = append(dirs, filepath.Dir(p))
	}
	for _, dir := range dirs {
		path := strategy.StrategyPath(dir, id.String())
		if dir == "" || e.refused[path] {
			continue
		}
		data, err := fileio.ReadLimited(path, maxStrategyFileBytes)
		if errors.Is(err, fs.ErrNotExist) {
			continue // none there (yet: a pack may come)
		}
		if err != nil { // unreadable, or too large to be a strategy
			data = nil
		}
		if s, err := strategy.ReadStrategy(data); err == nil && s.GameID() == id {
			e.s = s
			return s
		}
		if e.refused == nil {
			e.refused = map[string]bool{}
		}
		e.refused[path] = true // damaged or for other rules: not read again
	}
	return nil
}

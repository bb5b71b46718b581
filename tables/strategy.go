package tables

import (
	"bytes"
	"context"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"slices"

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

// OpenShippedStrategy opens the shipped strategy of game id (nil where there
// is none, or where it cannot be read: err says why): one of
// tables/strategies, else one of the shipped tables' folder
// (tables/shipped/GAME.hcst: Beat the Wolf's set strategy, read block by
// block from the binary's data; the browser build has none there, its site
// serves it: SetStrategyFetch). Each call opens it anew and nothing is kept
// here: an Owner keeps the one it opened for as long as it lives
// (Owner.Strategy), so no two owners, and no two tests, share one.
func OpenShippedStrategy(id core.GameID) (*strategy.Strategy, error) {
	if id >= core.NumGames {
		return nil, nil
	}
	data, err := strategyFiles.ReadFile(strategyDir + "/" + id.String() + strategy.StrategyExt)
	if errors.Is(err, fs.ErrNotExist) {
		return openShippedStrategy(id)
	}
	var s *strategy.Strategy
	if err == nil {
		s, err = strategy.ReadStrategy(data)
	}
	if err == nil && s.GameID() != id {
		s, err = nil, errors.New("tables: the strategy file of "+id.String()+" holds another game's")
	}
	return s, err
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
// one leaves the game without, one that fails or serves a bad file too,
// reported (Problems).
func (m *Owner) fetchStrategyFile(id core.GameID) {
	defer m.wg.Done()
	defer m.flush(id)
	name := strategy.StrategyPath("", id.String())
	data, err := m.fetchStrategy(context.Background(), id)
	if err != nil {
		if !errors.Is(err, pack.ErrNoRemote) {
			m.report(Problem{Game: id, File: FileStrategy, Place: PlaceSite, Path: name, Err: err})
		}
		return
	}
	s, err := strategy.OpenStrategy(bytes.NewReader(data), int64(len(data)))
	if err == nil && s.GameID() != id {
		err = errors.New("holds another game's strategy")
	}
	if err != nil {
		m.report(Problem{Game: id, File: FileStrategy, Place: PlaceSite, Path: name, Err: err})
		return
	}
	e := &m.strategies[id]
	e.mu.Lock()
	e.fetched = s
	e.looked = false // looked for again: the site's is there now
	e.mu.Unlock()
	m.notify(id)
}

// Strategy is the proven strategy from the start of game id, from the
// first place that has one (places): a developer's folder (GAME.hcst), the
// installed pack's (its GAME.hcst), the one the app ships
// (OpenShippedStrategy, opened once by each owner), one in the cache folder, or in the browser the
// site's (Beat the Wolf's, downloaded in the background the first time it
// is asked for: SetStrategyFetch); or nil. It is looked for on the first
// call, and again after the pack changes; a damaged file, or one of
// another game, is passed over and reported (Problems). It is the
// engine's ai.Strategies (a nil owner has none).
func (m *Owner) Strategy(id core.GameID) *strategy.Strategy {
	if m == nil || int(id) >= len(m.strategies) {
		return nil
	}
	defer m.flush(id)
	e := &m.strategies[id]
	e.mu.Lock()
	defer e.mu.Unlock()
	if !e.looked {
		e.looked = true
		e.s = m.findStrategy(id)
	}
	return e.s
}

// findStrategy looks for game id's strategy through the places (Strategy;
// e.mu held).
func (m *Owner) findStrategy(id core.GameID) *strategy.Strategy {
	e := &m.strategies[id]
	name := strategy.StrategyPath("", id.String())
	for _, p := range m.placesOf(FileStrategy) {
		path := ""
		switch p.kind {
		case PlaceDev, PlaceCache:
			path = strategy.StrategyPath(p.dir, id.String())
		case PlacePack:
			m.mu.Lock()
			path = m.pack.File(name)
			m.mu.Unlock()
		case PlaceShipped:
			if !e.shippedOpen { // opened once per owner, kept after the pack changes
				e.shippedOpen = true
				e.shipped, e.shippedErr = m.shippedStrategy(id)
			}
			s, err := e.shipped, e.shippedErr
			if err != nil {
				m.report(Problem{Game: id, File: FileStrategy, Place: PlaceShipped, Path: name, Err: err})
			}
			if s != nil {
				return s
			}
		case PlaceSite:
			if e.fetched != nil {
				return e.fetched
			}
			if m.fetchStrategy != nil && slices.Contains(ShippedStrategies, id) && !e.fetching {
				e.fetching = true
				m.wg.Add(1)
				go m.fetchStrategyFile(id)
			}
		}
		if path == "" {
			continue
		}
		data, err := fileio.ReadLimited(path, maxStrategyFileBytes)
		if missing(err) {
			continue
		}
		var s *strategy.Strategy
		if err == nil { // else unreadable, or too large to be a strategy
			s, err = strategy.ReadStrategy(data)
		}
		if err == nil && s.GameID() != id {
			err = errors.New("holds another game's strategy")
		}
		if err == nil {
			return s
		}
		m.report(Problem{Game: id, File: FileStrategy, Place: p.kind, Path: path, Err: err})
	}
	return nil
}

// forgetStrategy has game id's strategy looked for again on the next
// Strategy (the pack changed). A strategy needs no closing: the one in use
// stays whole for whoever holds it.
func (m *Owner) forgetStrategy(id core.GameID) {
	e := &m.strategies[id]
	e.mu.Lock()
	e.looked = false
	e.mu.Unlock()
}

package strategybuild

import (
	"errors"
	"fmt"
	"os"
	"slices"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
)

// Probe is a source of values for building a strategy: the value of p for
// its side to move and the plies to the end, ok false where it has none
// (Table.Probe, or Table.ProbeBound for a bound strategy).
type Probe func(p core.Position) (tablebase.Value, int, bool)

// BuildStrategy builds the winning strategy of the side to move in start
// (a win) or of its opponent (start a loss), from the values of probe: at a
// winner node the table's fastest win (ties to a move leading to a
// position already in the strategy, else to the first in core's order of
// the node's representative position), at a loser node every legal move.
// With bound set, probe is a bound tier's (Table.ProbeBound) and the
// winner (the prey) never captures; a loser's capture is an error (a bound
// loss has none). It fails where probe does not cover a position or
// disagrees with core's moves and outcomes.
func BuildStrategy(r *tablebase.Rules, start core.Position, probe Probe, bound bool) (*strategy.Strategy, error) {
	return buildStrategy(r, start, probe, bound, false, nil)
}

// buildStrategy is BuildStrategy, and with passes the loser's passes are
// replies too while pieces are placed (StrategyHeader.Passes: deer chess's
// dogs): after every such pass of the loser that leaves the winner a win, the strategy goes on with the
// winner's fastest win there. In a moving phase passes could make a line
// come back (a cycle), so they are followed only while the winner places.
// progress (if not nil) is told now and then the positions done and those
// found so far. StartStrategy builds the app's strategies with it.
func buildStrategy(r *tablebase.Rules, start core.Position, probe Probe, bound, passes bool, progress func(done, found int)) (*strategy.Strategy, error) {
	g, ok := r.Game()
	if !ok || g != start.Game {
		return nil, fmt.Errorf("tablebase: a strategy of %s from a position of another game", r.Name)
	}
	if start.Outcome().Over() {
		return nil, errors.New("tablebase: the start is over")
	}
	v, d, ok := probe(start)
	if !ok || (v != tablebase.Win && v != tablebase.Loss) {
		return nil, fmt.Errorf("tablebase: the start is not a proven win or loss (%v, covered %v)", v, ok)
	}
	winner := start.ToMove
	if v == tablebase.Loss {
		winner = winner.Other()
	}
	startKey, ok := r.CanonKey(start)
	if !ok {
		return nil, errors.New("tablebase: the start has no canonical key")
	}
	h := strategy.StrategyHeader{Format: strategy.FormatNodes, Game: r.Name, Fingerprint: r.Fingerprint(), Rules: tablebase.RulesVersion,
		Winner: strategy.SideName(winner), Bound: bound, Start: startKey, Plies: d, Passes: passes}
	type node struct {
		plies uint8
		rank  int16 // winner nodes: the move's rank; -1 loser nodes
	}
	nodes := map[uint64]node{}
	queue := []uint64{startKey}
	add := func(key uint64) {
		if _, ok := nodes[key]; !ok {
			nodes[key] = node{rank: -2} // queued
			queue = append(queue, key)
		}
	}
	nodes[startKey] = node{rank: -2}
	var buf [core.MaxMoves]core.Move
	for qi := 0; qi < len(queue); qi++ {
		if progress != nil && qi%(1<<16) == 0 {
			progress(qi, len(queue))
		}
		key := queue[qi]
		p := r.KeyPosition(key)
		v, d, ok := probe(p)
		if !ok || d > 255 || d < 1 {
			return nil, fmt.Errorf("tablebase: %s is not covered (%v %d %v)", p, v, d, ok)
		}
		moves, keys, distinct := tablebase.ChildKeys(r, p, buf[:])
		if p.ToMove == winner {
			if v != tablebase.Win {
				return nil, fmt.Errorf("tablebase: %s, the winner to move, is %v", p, v)
			}
			// The first fastest move in core's order that leads to a
			// position already in the strategy, else the first fastest:
			// the positions already in are probed first (fewer probes).
			fast := func(i int) bool {
				c := p.After(moves[i])
				if keys[i] == tablebase.NoKey || bound && c.Captured > p.Captured {
					return false
				}
				if o := c.Outcome(); o.Over() {
					w, won := o.Winner()
					return won && w == winner && d == 1
				}
				cv, cd, cok := probe(c)
				return cok && cv == tablebase.Loss && cd == d-1
			}
			pick := -1
			for i := range moves {
				if _, seen := nodes[keys[i]]; seen && keys[i] != tablebase.NoKey && fast(i) {
					pick = i
					break
				}
			}
			for i := 0; pick < 0 && i < len(moves); i++ {
				if _, seen := nodes[keys[i]]; !seen && fast(i) {
					pick = i
				}
			}
			if pick < 0 {
				return nil, fmt.Errorf("tablebase: %s (a win in %d) has no move that wins in %d", p, d, d-1)
			}
			rank, _ := slices.BinarySearch(distinct, keys[pick])
			if rank >= strategy.NoMove {
				return nil, fmt.Errorf("tablebase: %s has more than %d distinct children", p, strategy.NoMove)
			}
			nodes[key] = node{plies: uint8(d), rank: int16(rank)}
			h.Edges++
			if c := p.After(moves[pick]); !c.Outcome().Over() {
				add(keys[pick])
			}
			continue
		}
		if v != tablebase.Loss {
			return nil, fmt.Errorf("tablebase: %s, the loser to move, is %v", p, v)
		}
		if len(moves) == 0 {
			return nil, fmt.Errorf("tablebase: %s, a loss in %d, has no move", p, d)
		}
		for i, m := range moves {
			c := p.After(m)
			h.Edges++
			if o := c.Outcome(); o.Over() {
				if w, won := o.Winner(); !won || w != winner {
					return nil, fmt.Errorf("tablebase: %s: %s ends the game in %s", p, m, o.Result)
				}
				h.Ends++
				continue
			}
			if bound && c.Captured > p.Captured {
				return nil, fmt.Errorf("tablebase: %s: the loser captures with %s in a bound loss", p, m)
			}
			// The reply's value is probed when it is taken from the queue
			// (a win for the winner there); CheckStrategy checks the plies.
			if keys[i] == tablebase.NoKey {
				return nil, fmt.Errorf("tablebase: %s (a loss in %d): %s leads to a position without a key", p, d, m)
			}
			add(keys[i])
		}
		if passes && p.InHand > 0 {
			// The pass: the same board, the winner to move.
			c := p.After(p.PassMove())
			if o := c.Outcome(); o.Over() {
				if w, won := o.Winner(); won && w == winner {
					h.Edges++
					h.Ends++
					h.PassEdges++
				} else {
					h.PassesOff++
				}
			} else if cv, _, cok := probe(c); cok && cv == tablebase.Win {
				ck, kok := r.CanonKey(c)
				if !kok {
					return nil, fmt.Errorf("tablebase: %s, after the loser's pass, has no canonical key", c)
				}
				h.Edges++
				h.PassEdges++
				add(ck)
			} else {
				h.PassesOff++
			}
		}
		nodes[key] = node{plies: uint8(d), rank: -1}
	}
	keys := make([]uint64, 0, len(nodes))
	for k := range nodes {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	plies := make([]uint8, len(keys))
	moves := make([]uint8, len(keys))
	for i, k := range keys {
		n := nodes[k]
		plies[i], moves[i] = n.plies, strategy.NoMove
		if n.rank >= 0 {
			moves[i] = uint8(n.rank)
			h.WinnerNodes++
		}
	}
	h.Nodes = len(keys)
	return strategy.New(h, keys, plies, moves)
}

// ErrNoStart is wrapped by StartStrategy's error where no table in the
// folder proves the start (none there, or one of part of the game).
var ErrNoStart = errors.New("no table proves the start")

// StartStrategy builds the winner's strategy from the start of game id
// from the tables in dir: GAME.hctb where it proves the start, else the
// bound tier GAME.bound.hctb (Beat the Wolf: the dogs' win without giving
// up a dog). cache is the table's cache of unpacked blocks in bytes. It
// returns the strategy and the table file it came from; with passes the
// loser's passes are replies too (buildStrategy); progress (if not
// nil) is told now and then the positions done and those found so far.
func StartStrategy(id core.GameID, dir string, cache int64, passes bool, progress func(done, found int)) (*strategy.Strategy, string, error) {
	start := id.Info().Start()
	var errs []error
	path := tablebase.Path(dir, id.String())
	if t, err := tablebase.Open(path); err == nil {
		defer t.Close()
		t.SetCacheBytes(cache)
		if v, _, ok := t.Probe(start); ok && v != tablebase.Draw {
			s, err := buildStrategy(tablebase.ForGame(id), start, t.Probe, false, passes, progress)
			return s, path, err
		}
		errs = append(errs, fmt.Errorf("%s: %w", path, ErrNoStart))
	} else if !errors.Is(err, os.ErrNotExist) {
		return nil, "", err
	}
	path = tablebase.Path(dir, id.String()+".bound")
	t, err := tablebase.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, "", errors.Join(append(errs, fmt.Errorf("%s: %w", dir, ErrNoStart))...)
	}
	if err != nil {
		return nil, "", err
	}
	defer t.Close()
	t.SetCacheBytes(cache)
	probe := BoundProbe(t)
	if _, _, ok := probe(start); !ok {
		return nil, "", errors.Join(append(errs, fmt.Errorf("%s: %w", path, ErrNoStart))...)
	}
	s, err := buildStrategy(tablebase.ForGame(id), start, probe, true, passes, progress)
	return s, path, err
}

// BoundProbe is t's bound sections' values as BuildStrategy takes them: a
// prey win or a predator loss, and nothing elsewhere ("neither" proves
// nothing).
func BoundProbe(t *tablebase.Table) Probe {
	return func(p core.Position) (tablebase.Value, int, bool) {
		v, d, ok := t.ProbeBound(p)
		if !ok || v == tablebase.Draw {
			return tablebase.Unknown, 0, false
		}
		return v, d, true
	}
}

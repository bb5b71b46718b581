package strategybuild

import (
	"errors"
	"fmt"
	"slices"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/internal/setrule"
	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
)

// Building a set strategy (format 2, ai/tablebase/strategy's
// strategyset.go) from a probe.
//
// The generator walks the winner's win from the start as BuildStrategy
// does, picking at a winner's node a move that wins at once if there is
// one (the runtime rule takes it first), else the first child in canonical
// key order that the strategy already holds and that the table proves lost
// in d-1 plies (a transposition: its subtree is there already), else the
// first such child. It keeps the loser's nodes with their plies (the
// table's: the winner's fastest win against the longest resistance).
//
// The runtime rule (setrule.Rule) does not know the generator's choices: it
// takes the child in the set with the fewest stored plies (ties to the
// lower key). The generator's child has d-1 plies and no child has fewer
// (d is the fastest win), so the runtime's child has d-1 too: the plies
// fall by one every winner's move and by at least one every loser's
// reply, so no position repeats and every line ends within the start's
// plies. Close replays the rule from the start by core's rules and keeps
// the loser's nodes it reaches, which changes no runtime choice (the
// child taken is reached, so it stays; none with fewer plies, or as few
// and a lower key, was in the set).

// SetBuild is a set strategy as Close made it, before it is written: the
// loser's nodes the runtime rule reaches from the start, with their plies.
type SetBuild struct {
	Start uint64
	Plies int
	// PassRoot (BuildSetStrategyWithPass) is the second root: the start
	// after the loser's first move passed.
	PassRoot    *strategy.RootRef
	Members     []uint64 // the loser's nodes, increasing
	MemberPlies []uint8  // by Members
	Generated   int      // loser's nodes the generator found (before the cut)
	GenWinner   int      // winner's nodes it found
	Report      StrategyReport
}

// genNode is a node of the generator's graph.
type genNode struct {
	plies uint8
	child uint64 // a winner node's child (NoKey: a win at once); loser nodes: 0
}

// BuildSetStrategy builds the prey's win without giving up a piece from
// start out of a bound probe (Table.BoundProbe), as a set strategy, then
// replays the runtime rule from the start (Close). progress, if not
// nil, is told now and then what stage it is at and the positions done and
// found so far.
func BuildSetStrategy(r *tablebase.Rules, start core.Position, probe Probe, progress func(stage string, done, found int)) (*SetBuild, error) {
	return buildSet(r, []core.Position{start}, probe, progress)
}

// BuildSetStrategyWithPass is BuildSetStrategy with a second root: the
// start after the loser's first move passed (the turn timer), which must
// be a proven win of the winner too. The rule then plays on from there as
// from any node, and the hints and the review say what is proven there.
func BuildSetStrategyWithPass(r *tablebase.Rules, start core.Position, probe Probe, progress func(stage string, done, found int)) (*SetBuild, error) {
	if start.ToMove == core.Prey {
		return nil, errors.New("tablebase: the winner (the prey) moves first: no loser's pass at the start")
	}
	return buildSet(r, []core.Position{start, start.After(start.PassMove())}, probe, progress)
}

func buildSet(r *tablebase.Rules, roots []core.Position, probe Probe, progress func(stage string, done, found int)) (*SetBuild, error) {
	gen, err := GenerateSet(r, roots, probe, progress)
	if err != nil {
		return nil, err
	}
	return gen.Close(r, roots, progress)
}

// SetGen is the generator's graph: every node it reached (increasing
// keys), its plies by the table, and a winner node's child (NoKey: a win
// at once; 0 at the loser's nodes).
type SetGen struct {
	Start uint64
	Plies int
	// Roots and RootPlies are every root's key and plies (Start first).
	Roots     []uint64
	RootPlies []int
	Keys      []uint64
	NodePlies []uint8
	Child     []uint64
}

// GenerateSet walks the winner's win from the roots (the start first) as
// the top of this file says and returns the generator's graph.
func GenerateSet(r *tablebase.Rules, roots []core.Position, probe Probe, progress func(stage string, done, found int)) (*SetGen, error) {
	g, ok := r.Game()
	if len(roots) == 0 || !ok {
		return nil, errors.New("tablebase: no root")
	}
	winner := core.Prey
	nodes := map[uint64]genNode{}
	var queue []uint64
	gen := &SetGen{}
	for _, start := range roots {
		if g != start.Game {
			return nil, fmt.Errorf("tablebase: a strategy of %s from a position of another game", r.Name)
		}
		if start.Outcome().Over() {
			return nil, fmt.Errorf("tablebase: the root %s is over", start)
		}
		v, d, ok := probe(start)
		if !ok || (start.ToMove == core.Prey) != (v == tablebase.Win) || v != tablebase.Win && v != tablebase.Loss {
			return nil, fmt.Errorf("tablebase: the root %s is not a proven prey win (%v, covered %v)", start, v, ok)
		}
		key, ok := r.CanonKey(start)
		if !ok {
			return nil, fmt.Errorf("tablebase: the root %s has no canonical key", start)
		}
		gen.Roots, gen.RootPlies = append(gen.Roots, key), append(gen.RootPlies, d)
		if _, seen := nodes[key]; !seen {
			nodes[key] = genNode{}
			queue = append(queue, key)
		}
	}
	gen.Start, gen.Plies = gen.Roots[0], gen.RootPlies[0]
	var buf [core.MaxMoves]core.Move
	genWinner := 0
	for qi := 0; qi < len(queue); qi++ {
		if progress != nil && qi%(1<<16) == 0 {
			progress("generate", qi, len(queue))
		}
		key := queue[qi]
		p := r.KeyPosition(key)
		v, d, ok := probe(p)
		if !ok || d > 255 || d < 1 {
			return nil, fmt.Errorf("tablebase: %s is not covered (%v %d %v)", p, v, d, ok)
		}
		moves := p.GenMoves(buf[:0])
		if p.ToMove == winner {
			if v != tablebase.Win {
				return nil, fmt.Errorf("tablebase: %s, the winner to move, is %v", p, v)
			}
			genWinner++
			if setrule.WinsAtOnce(p, moves, winner) >= 0 {
				nodes[key] = genNode{plies: uint8(d), child: tablebase.NoKey}
				continue
			}
			_, distinct := setrule.ChildKeys(r, p, moves)
			child := tablebase.NoKey
			for _, seen := range []bool{true, false} { // the first the strategy holds, else the first
				for _, k := range distinct {
					if _, in := nodes[k]; in != seen {
						continue
					}
					if cv, cd, cok := probe(r.KeyPosition(k)); cok && cv == tablebase.Loss && cd == d-1 {
						child = k
						break
					}
				}
				if child != tablebase.NoKey {
					break
				}
			}
			if child == tablebase.NoKey {
				return nil, fmt.Errorf("tablebase: %s (a win in %d) has no move to a loss in %d", p, d, d-1)
			}
			nodes[key] = genNode{plies: uint8(d), child: child}
			if _, seen := nodes[child]; !seen {
				nodes[child] = genNode{}
				queue = append(queue, child)
			}
			continue
		}
		if v != tablebase.Loss {
			return nil, fmt.Errorf("tablebase: %s, the loser to move, is %v", p, v)
		}
		if len(moves) == 0 {
			return nil, fmt.Errorf("tablebase: %s, a loss in %d, has no move", p, d)
		}
		for _, m := range moves {
			c := p.After(m)
			if o := c.Outcome(); o.Over() {
				if w, won := o.Winner(); !won || w != winner {
					return nil, fmt.Errorf("tablebase: %s: %s ends the game in %s", p, m, o.Result)
				}
				continue
			}
			if c.Captured > p.Captured {
				return nil, fmt.Errorf("tablebase: %s: the loser captures with %s in a bound loss", p, m)
			}
			ck, ok := r.CanonKey(c)
			if !ok {
				return nil, fmt.Errorf("tablebase: %s (a loss in %d): %s leads to a position without a key", p, d, m)
			}
			if _, seen := nodes[ck]; !seen {
				nodes[ck] = genNode{}
				queue = append(queue, ck)
			}
		}
		nodes[key] = genNode{plies: uint8(d)}
	}
	queue = nil
	gen.Keys = make([]uint64, 0, len(nodes))
	for k, n := range nodes {
		if n.plies == 0 {
			return nil, fmt.Errorf("tablebase: node %#x never expanded", k)
		}
		gen.Keys = append(gen.Keys, k)
	}
	slices.Sort(gen.Keys)
	gen.NodePlies = make([]uint8, len(gen.Keys))
	gen.Child = make([]uint64, len(gen.Keys))
	for i, k := range gen.Keys {
		gen.NodePlies[i], gen.Child[i] = nodes[k].plies, nodes[k].child
	}
	return gen, nil
}

// replaySet follows pick at every winner's node and every legal reply at
// every loser's node from the roots by core's rules, to the end of every line:
// every line must end in the winner's win, every loser's node must be in
// the set (stored) with its longest line's plies, and the graph must have
// no cycle and no line longer than maxPlies. It returns the loser's nodes
// and the winner's nodes reached from any root, each increasing, each
// root's longest line, and the report (its lines, longest and shortest
// from the first root; its counts over all; no games played); progress,
// if not nil, is told now and then the positions done.
func replaySet(r *tablebase.Rules, roots []core.Position, winner core.Side, pick func(p core.Position, key uint64, moves []core.Move) (int, error),
	stored func(key uint64) (plies int, in bool), maxPlies int, progress func(nodes int)) (losers, winners []uint64, depths []int, rep StrategyReport, err error) {
	type state struct {
		open            bool
		depth, shortest uint16
		lines           float64
	}
	// No pointers in the memo: the collector need not scan its millions of
	// entries.
	index := map[uint64]uint32{}
	var states []state
	var visit func(p core.Position) (int, int, float64, error)
	visit = func(p core.Position) (int, int, float64, error) {
		if o := p.Outcome(); o.Over() {
			if w, ok := o.Winner(); !ok || w != winner {
				return 0, 0, 0, fmt.Errorf("%s: the game ends in %s, not the winner's win", p, o.Result)
			}
			return 0, 0, 1, nil
		}
		key, ok := r.CanonKey(p)
		if !ok {
			return 0, 0, 0, fmt.Errorf("%s: a position without a canonical key", p)
		}
		if si, seen := index[key]; seen {
			st := states[si]
			if st.open {
				return 0, 0, 0, fmt.Errorf("%s: a cycle", p)
			}
			return int(st.depth), int(st.shortest), st.lines, nil
		}
		si := uint32(len(states))
		index[key] = si
		states = append(states, state{open: true})
		var buf [core.MaxMoves]core.Move
		legal := p.GenMoves(buf[:0])
		depth, shortest, lines := 0, 1<<30, 0.0
		if p.ToMove == winner {
			i, err := pick(p, key, legal)
			if err != nil {
				return 0, 0, 0, err
			}
			if i < 0 {
				return 0, 0, 0, fmt.Errorf("%s: no move of the strategy", p)
			}
			rep.WinnerNodes++
			rep.Edges++
			d, sh, l, err := visit(p.After(legal[i]))
			if err != nil {
				return 0, 0, 0, fmt.Errorf("%s %s: %w", p, legal[i], err)
			}
			depth, shortest, lines = d+1, sh+1, l
		} else {
			if _, in := stored(key); !in {
				return 0, 0, 0, fmt.Errorf("%s (the loser to move): not in the strategy", p)
			}
			if len(legal) == 0 {
				return 0, 0, 0, fmt.Errorf("%s: the loser has no move and the game is not over", p)
			}
			for _, m := range legal {
				c := p.After(m)
				rep.Edges++
				if c.Outcome().Over() {
					rep.Ends++
				}
				d, sh, l, err := visit(c)
				if err != nil {
					return 0, 0, 0, fmt.Errorf("%s %s: %w", p, m, err)
				}
				depth, shortest, lines = max(depth, d+1), min(shortest, sh+1), lines+l
			}
		}
		if depth > maxPlies {
			return 0, 0, 0, fmt.Errorf("%s: a line of %d plies to the end, more than the proven %d", p, depth, maxPlies)
		}
		if p.ToMove != winner {
			if pl, _ := stored(key); pl != depth {
				return 0, 0, 0, fmt.Errorf("%s: stored %d plies to the end, its longest line has %d", p, pl, depth)
			}
		}
		states[si] = state{depth: uint16(depth), shortest: uint16(shortest), lines: lines}
		rep.Nodes++
		if progress != nil && rep.Nodes%(1<<20) == 0 {
			progress(rep.Nodes)
		}
		return depth, shortest, lines, nil
	}
	for i, start := range roots {
		d, sh, l, err := visit(start)
		if err != nil {
			return nil, nil, nil, rep, err
		}
		if i == 0 {
			rep.Longest, rep.Shortest, rep.Lines = d, sh, l
		}
		depths = append(depths, d)
	}
	for k := range index {
		if r.KeySide(k) != winner {
			losers = append(losers, k)
		} else {
			winners = append(winners, k)
		}
	}
	slices.Sort(losers)
	slices.Sort(winners)
	return losers, winners, depths, rep, nil
}

// StartSetStrategy builds game id's set strategy from the start (and,
// with pass, from the start after the loser's first move passed) out of
// its bound tier in dir (GAME.bound.hctb; Beat the Wolf: the dogs' win
// without giving up a dog). cache is the table's cache of unpacked blocks
// in bytes. It returns the build and the table file it came from.
func StartSetStrategy(id core.GameID, dir string, cache int64, pass bool, progress func(stage string, done, found int)) (*SetBuild, string, error) {
	path := tablebase.Path(dir, id.String()+".bound")
	t, err := tablebase.Open(path)
	if err != nil {
		return nil, "", err
	}
	defer t.Close()
	t.SetCacheBytes(cache)
	build := BuildSetStrategy
	if pass {
		build = BuildSetStrategyWithPass
	}
	b, err := build(tablebase.ForGame(id), id.Info().Start(), BoundProbe(t), progress)
	return b, path, err
}

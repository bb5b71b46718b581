package strategybuild

import (
	"errors"
	"fmt"
	"math/rand"
	"slices"

	"huntchess/ai/tablebase/internal/setrule"
	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
)

// StrategyReport is what CheckStrategy found.
type StrategyReport struct {
	Nodes       int // positions of the strategy reached from the start
	WinnerNodes int
	Edges       int // moves followed: the winner's one at its nodes, every legal reply at the loser's
	Ends        int // of which the loser's replies that end the game
	// Lines is the number of distinct games from the start to the end
	// (every defence), as a float: it outgrows any integer.
	Lines float64
	// Longest is the most plies of any line (the start's depth); Shortest
	// the fewest.
	Longest, Shortest int
	// Games were played to the end with core.Game, the loser's replies
	// random but for the first (the longest resistance) and the second (the
	// quickest end); LongestGame is the plies of the first.
	Games       int
	LongestGame int
	// PassEdges and PassesOff are, in a strategy with passes, the loser's
	// passes followed (each also in Edges) and those the strategy does not
	// follow (StrategyHeader's of the same names); Passed the passes the
	// games played.
	PassEdges, PassesOff, Passed int
}

// CheckStrategy replays every defence against the strategy from start to
// the end by core's rules (core's moves and outcomes, not the solver's):
// at each winner node the stored move must resolve to a legal move, at each
// loser node every legal reply must lead to a stored winner node or end the
// game (and, in a strategy with passes, the loser's pass where the
// strategy follows it: the counts of those followed and not must be the
// header's), and every line must end in the winner's win per core. The graph
// must have no cycle, every node's stored plies must be its longest line to
// the end, the start's at most s.Plies, and every stored node must be
// reached. Then it plays games full games with core.Game (repetitions,
// outcomes and all) against defences picked by seed, each ending in the
// winner's win within s.Plies plies.
func CheckStrategy(s *strategy.Strategy, start core.Position, games int, seed int64) (StrategyReport, error) {
	var rep StrategyReport
	_, plies, _ := s.Graph()
	type state struct {
		open            bool
		depth, shortest int
		lines           float64
	}
	memo := map[uint64]*state{}
	var visit func(p core.Position) (int, int, float64, error)
	visit = func(p core.Position) (int, int, float64, error) {
		if o := p.Outcome(); o.Over() {
			if w, ok := o.Winner(); !ok || w != s.WinnerSide() {
				return 0, 0, 0, fmt.Errorf("%s: the game ends in %s, not the winner's win", p, o.Result)
			}
			return 0, 0, 1, nil
		}
		key, ok := s.Rules().CanonKey(p)
		if !ok {
			return 0, 0, 0, fmt.Errorf("%s: a position without a canonical key", p)
		}
		if st := memo[key]; st != nil {
			if st.open {
				return 0, 0, 0, fmt.Errorf("%s: a cycle", p)
			}
			return st.depth, st.shortest, st.lines, nil
		}
		i, ok := find(s, key)
		if !ok {
			return 0, 0, 0, fmt.Errorf("%s (the %s to move): not in the strategy", p, strategy.SideName(p.ToMove))
		}
		st := &state{open: true}
		memo[key] = st
		var buf [core.MaxMoves]core.Move
		legal := p.GenMoves(buf[:0])
		if p.ToMove == s.WinnerSide() {
			m, _, ok := s.Move(p)
			if !ok || !contains(legal, m) {
				return 0, 0, 0, fmt.Errorf("%s: the stored move does not resolve to a legal move", p)
			}
			rep.WinnerNodes++
			rep.Edges++
			d, sh, l, err := visit(p.After(m))
			if err != nil {
				return 0, 0, 0, err
			}
			st.depth, st.shortest, st.lines = d+1, sh+1, l
		} else {
			if len(legal) == 0 {
				return 0, 0, 0, fmt.Errorf("%s: the loser has no move and the game is not over", p)
			}
			st.shortest = 1 << 30
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
				st.depth, st.shortest, st.lines = max(st.depth, d+1), min(st.shortest, sh+1), st.lines+l
			}
			if s.Passes && p.InHand > 0 {
				// The pass's node is checked as the others (its plies its
				// own longest line); the lines and plies here are those
				// without passes, the table's.
				c, ok := passChild(s, p)
				if !ok {
					rep.PassesOff++
				} else {
					rep.Edges++
					rep.PassEdges++
					if c.Outcome().Over() {
						rep.Ends++
					} else if _, _, _, err := visit(c); err != nil {
						return 0, 0, 0, fmt.Errorf("%s pass: %w", p, err)
					}
				}
			}
		}
		if int(plies[i]) != st.depth {
			return 0, 0, 0, fmt.Errorf("%s: stored %d plies to the end, its longest line has %d", p, plies[i], st.depth)
		}
		st.open = false
		rep.Nodes++
		return st.depth, st.shortest, st.lines, nil
	}
	d, sh, l, err := visit(start)
	if err != nil {
		return rep, err
	}
	rep.Longest, rep.Shortest, rep.Lines = d, sh, l
	if d > s.Plies {
		return rep, fmt.Errorf("the longest line has %d plies, more than the proven %d", d, s.Plies)
	}
	if rep.Nodes != s.Nodes {
		return rep, fmt.Errorf("%d of the %d stored positions reached from the start", rep.Nodes, s.Nodes)
	}
	if rep.PassEdges != s.PassEdges || rep.PassesOff != s.PassesOff {
		return rep, fmt.Errorf("%d passes followed and %d not, the header says %d and %d", rep.PassEdges, rep.PassesOff, s.PassEdges, s.PassesOff)
	}
	err = playStrategyGames(s, start, games, seed, &rep)
	return rep, err
}

func contains(moves []core.Move, m core.Move) bool {
	for _, x := range moves {
		if x == m {
			return true
		}
	}
	return false
}

// playStrategyGames plays games games from start to the end with core.Game
// (CheckStrategy, CheckSetStrategy): the winner by the strategy's moves,
// the loser at random among its replies (seeded), in the first game the
// longest resistance, in the second the shortest. Every game must end in
// the winner's win within the proven plies; rep gets the games and the
// first game's length.
func playStrategyGames(s *strategy.Strategy, start core.Position, games int, seed int64, rep *StrategyReport) error {
	rng := rand.New(rand.NewSource(seed))
	for gi := 0; gi < games; gi++ {
		g := core.NewGameFrom(start)
		deadline := s.Plies // the ply by which the game must be over
		for !g.Outcome().Over() {
			p := g.Position()
			var m core.Move
			if p.ToMove == s.WinnerSide() {
				var ok bool
				if m, _, ok = s.Move(p); !ok {
					return fmt.Errorf("game %d: %s: no move of the strategy", gi, p)
				}
			} else {
				moves, plies, ok := s.Replies(p)
				if !ok {
					return fmt.Errorf("game %d: %s: a reply leaves the strategy", gi, p)
				}
				if c, ok := passChild(s, p); ok {
					// The pass, as the timer plays it: a reply like the others.
					d := 0
					if !c.Outcome().Over() {
						_, d, _ = s.Probe(c)
					}
					moves, plies = append(moves, p.PassMove()), append(plies, d)
				}
				j := rng.Intn(len(moves))
				for k := range moves {
					switch {
					case gi == 0 && plies[k] > plies[j], gi == 1 && plies[k] < plies[j]:
						j = k
					}
				}
				m = moves[j]
			}
			if m.Kind == core.MovePass {
				if err := g.Timeout(); err != nil {
					return fmt.Errorf("game %d: %s: the pass: %v", gi, p, err)
				}
				rep.Passed++
				if _, d, ok := s.Probe(g.Position()); ok {
					deadline = g.Len() + d // the plies count from the pass's node
				}
				continue
			}
			if err := g.PlayMove(m); err != nil {
				return fmt.Errorf("game %d: %s: %s: %v", gi, p, m, err)
			}
			if g.Len() > deadline {
				return fmt.Errorf("game %d: not over after %d plies", gi, g.Len())
			}
		}
		if w, ok := g.Outcome().Winner(); !ok || w != s.WinnerSide() {
			return fmt.Errorf("game %d: ends in %s after %d plies", gi, g.Outcome().Result, g.Len())
		}
		if gi == 0 {
			rep.LongestGame = g.Len()
		}
		rep.Games++
	}
	return nil
}

// passChild is the position after the loser's pass in p (the loser to
// move), where the strategy follows it: a strategy with passes, the game
// not over after it, and that position a node. ok is false elsewhere.
func passChild(s *strategy.Strategy, p core.Position) (core.Position, bool) {
	if !s.Passes || p.ToMove == s.WinnerSide() || p.InHand == 0 {
		return core.Position{}, false
	}
	c := p.After(p.PassMove())
	if o := c.Outcome(); o.Over() {
		w, won := o.Winner()
		return c, won && w == s.WinnerSide()
	}
	key, ok := s.Rules().CanonKey(c)
	if !ok {
		return core.Position{}, false
	}
	if _, ok := find(s, key); !ok {
		return core.Position{}, false
	}
	return c, true
}

// find is the index of key among a strategy of format 1's nodes.
func find(s *strategy.Strategy, key uint64) (int, bool) {
	keys, _, _ := s.Graph()
	return slices.BinarySearch(keys, key)
}

// CheckSetStrategy replays every defence against the set strategy s from
// start to the end by core's rules, through the file (the runtime rule at
// every winner's node, every legal reply at every loser's node): every
// line must end in the winner's win, every loser's node reached must be in
// the set with its longest line's plies, the graph must have no cycle and
// its longest line s.Plies plies, and every stored node must be reached.
// Then it plays games full games with core.Game against defences picked by
// seed (the first the longest resistance, the second the quickest end),
// each ending in the winner's win within s.Plies plies. progress, if not
// nil, is told now and then the positions replayed.
func CheckSetStrategy(s *strategy.Strategy, start core.Position, games int, seed int64, progress func(nodes int)) (StrategyReport, error) {
	if !s.IsSet() {
		return StrategyReport{}, errors.New("tablebase: not a set strategy")
	}
	r := s.Rules()
	rule := setrule.Rule{R: r, Winner: s.WinnerSide(), Member: s.Member}
	var lookErr error
	stored := func(k uint64) (int, bool) {
		pl, in, err := s.Member(k)
		if err != nil && lookErr == nil {
			lookErr = err
		}
		return pl, in
	}
	roots, maxPlies := []core.Position{start}, s.Plies
	if s.PassRoot != nil {
		p := start.After(start.PassMove())
		if k, ok := r.CanonKey(p); !ok || k != s.PassRoot.Key || start.ToMove == s.WinnerSide() {
			return StrategyReport{}, fmt.Errorf("the pass root %#x is not the start after the loser's pass", s.PassRoot.Key)
		}
		roots, maxPlies = append(roots, p), max(maxPlies, s.PassRoot.Plies)
	}
	reached, _, depths, rep, err := replaySet(r, roots, s.WinnerSide(), func(p core.Position, _ uint64, moves []core.Move) (int, error) {
		i, _, err := rule.Pick(p, moves)
		return i, err
	}, stored, maxPlies, progress)
	if err == nil {
		err = lookErr
	}
	if err != nil {
		return rep, err
	}
	if s.PassRoot != nil && depths[1] != s.PassRoot.Plies {
		return rep, fmt.Errorf("the longest line from the pass root has %d plies, the header says %d", depths[1], s.PassRoot.Plies)
	}
	if len(reached) != s.Members || rep.Nodes != s.Nodes || rep.WinnerNodes != s.WinnerNodes || rep.Longest != s.Plies || rep.Edges != s.Edges {
		return rep, fmt.Errorf("the replay reached %d positions (%d of the loser's, %d with the winner to move, %d moves, the longest line %d), the header says %d (%d, %d, %d, %d)",
			rep.Nodes, len(reached), rep.WinnerNodes, rep.Edges, rep.Longest, s.Nodes, s.Members, s.WinnerNodes, s.Edges, s.Plies)
	}
	err = playStrategyGames(s, start, games, seed, &rep)
	return rep, err
}

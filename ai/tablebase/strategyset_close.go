package tablebase

import (
	"fmt"
	"math/bits"
	"slices"

	"huntchess/core"
)

// Close turns the generator's graph into the set strategy the runtime rule
// plays (setRule): the loser's nodes it reaches from the start and the
// winner's nodes whose move must be stored (the exceptions).
//
// The runtime rule takes, at a winner's node, the first child in canonical
// order that is in the set, which need not be the generator's child. Over
// the generator's graph (closed: every loser's node's replies are winner's
// nodes the generator expanded, and each has its child in the set) the
// runtime's graph is walked from the start; where it has a cycle, every
// winner's node on it whose runtime child the table does not prove lost in
// fewer plies than the node is won in gets an exception (the generator's
// child, which is: at least one such node is on every cycle, as the plies
// cannot fall all the way round), and the walk is made again, until it
// finds no cycle. In the worst case every node is an exception and the
// graph is the generator's, which has none. The set is then cut to the
// loser's nodes reached, and an exception whose node the cut set plays the
// same way without it is dropped; neither changes a move of the graph.
func (gen *SetGen) Close(r *Rules, start core.Position, progress func(string, int, int)) (*SetBuild, error) {
	n := len(gen.Keys)
	if n == 0 || n >= 1<<31 {
		return nil, fmt.Errorf("tablebase: a generator's graph of %d nodes", n)
	}
	index := func(k uint64) int32 {
		if i, ok := slices.BinarySearch(gen.Keys, k); ok {
			return int32(i)
		}
		return -1
	}
	winner := core.Prey
	isWinner := make([]bool, n)
	for i, k := range gen.Keys {
		isWinner[i] = r.keySide(k) == winner
	}
	// The graph: off/adj the edges of every node (a winner's node: the
	// runtime's child then the generator's, or none for a win at once).
	off := make([]int64, n+1)
	var adj []int32
	var buf [core.MaxMoves]core.Move
	for i, k := range gen.Keys {
		if progress != nil && i%(1<<18) == 0 {
			progress("graph", i, n)
		}
		p := r.keyPosition(k)
		moves := p.GenMoves(buf[:0])
		if isWinner[i] {
			if gen.Child[i] == noKey {
				if winsAtOnce(p, moves, winner) < 0 {
					return nil, fmt.Errorf("tablebase: %s: the generator's win at once is not one", p)
				}
			} else {
				_, ordered := orderedChildren(r, p, moves)
				pick := int32(-1)
				for _, ck := range ordered {
					if j := index(ck); j >= 0 && !isWinner[j] {
						pick = j
						break
					}
				}
				g := index(gen.Child[i])
				if pick < 0 || g < 0 || isWinner[g] {
					return nil, fmt.Errorf("tablebase: %s: the generator's child is not in its graph", p)
				}
				adj = append(adj, pick, g)
			}
		} else {
			for _, m := range moves {
				c := p.After(m)
				if c.Outcome().Over() {
					continue
				}
				ck, _ := r.canonKey(c)
				j := index(ck)
				if j < 0 || !isWinner[j] {
					return nil, fmt.Errorf("tablebase: %s %s: a reply the generator did not reach", p, m)
				}
				adj = append(adj, j)
			}
		}
		off[i+1] = int64(len(adj))
	}
	startIdx := index(gen.Start)
	if startIdx < 0 {
		return nil, fmt.Errorf("tablebase: the start is not in the generator's graph")
	}
	exc := make([]bool, n)
	// edges of node i as the runtime plays them.
	edges := func(i int32) []int32 {
		e := adj[off[i]:off[i+1]]
		if isWinner[i] && len(e) == 2 {
			if exc[i] {
				return e[1:]
			}
			return e[:1]
		}
		return e
	}
	color := make([]uint8, n) // 0 new, 1 on the path, 2 done
	type frame struct {
		node int32
		next int
	}
	for pass := 1; ; pass++ {
		clear(color)
		added, cycles := 0, 0
		path := []frame{{node: startIdx}}
		color[startIdx] = 1
		for len(path) > 0 {
			top := &path[len(path)-1]
			e := edges(top.node)
			if top.next == len(e) {
				color[top.node] = 2
				path = path[:len(path)-1]
				continue
			}
			c := e[top.next]
			top.next++
			switch color[c] {
			case 0:
				color[c] = 1
				path = append(path, frame{node: c})
			case 1: // a cycle: path from c to the top, then back to c
				cycles++
				from := len(path) - 1
				for path[from].node != c {
					from--
				}
				for _, f := range path[from:] {
					i := f.node
					if !isWinner[i] || exc[i] || len(adj[off[i]:off[i+1]]) != 2 {
						continue
					}
					if pick := adj[off[i]]; gen.NodePlies[pick] >= gen.NodePlies[i] {
						exc[i] = true
						added++
					}
				}
			}
		}
		if progress != nil {
			progress(fmt.Sprintf("pass %d: %d cycles, %d exceptions added", pass, cycles, added), pass, 0)
		}
		if cycles > 0 && added == 0 {
			return nil, fmt.Errorf("tablebase: a cycle the exceptions do not break")
		}
		if cycles == 0 {
			break
		}
	}
	// color 2: reached from the start, with no cycle.
	b := &SetBuild{Start: gen.Start, Plies: gen.Plies}
	for i := range gen.Keys {
		if isWinner[i] {
			b.GenWinner++
		} else {
			b.Generated++
			if color[i] == 2 {
				b.Members = append(b.Members, gen.Keys[i])
			}
		}
	}
	inSet := func(k uint64) bool { _, ok := slices.BinarySearch(b.Members, k); return ok }
	for i, k := range gen.Keys {
		if color[i] != 2 || !exc[i] {
			continue
		}
		p := r.keyPosition(k)
		moves := p.GenMoves(buf[:0])
		_, distinct := nonOverChildKeys(r, p, moves)
		_, ordered := orderedChildren(r, p, moves)
		first := noKey
		for _, ck := range ordered {
			if inSet(ck) {
				first = ck
				break
			}
		}
		if first == gen.Child[i] {
			continue // the cut set plays it without the exception
		}
		rank, _ := slices.BinarySearch(distinct, gen.Child[i])
		if rank >= noMove {
			return nil, fmt.Errorf("tablebase: %s has more than %d distinct children", p, noMove)
		}
		b.ExcKeys = append(b.ExcKeys, k)
		b.ExcRanks = append(b.ExcRanks, uint8(rank))
	}
	// The replay by core's rules over the final set (setRule).
	rule := setRule{r: r, winner: winner, member: func(k uint64) (bool, error) { return inSet(k), nil },
		exception: func(k uint64) (int, bool) {
			if i, ok := slices.BinarySearch(b.ExcKeys, k); ok {
				return int(b.ExcRanks[i]), true
			}
			return 0, false
		}}
	reached, _, rep, err := replaySet(r, start, winner, func(p core.Position, key uint64, moves []core.Move) (int, error) {
		return rule.pick(p, key, moves)
	}, inSet, 1<<15, func(nodes int) {
		if progress != nil {
			progress("replay", nodes, len(gen.Keys))
		}
	})
	if err != nil {
		return nil, err
	}
	if !slices.Equal(reached, b.Members) {
		return nil, fmt.Errorf("tablebase: the replay reaches %d of the set's %d loser's nodes", len(reached), len(b.Members))
	}
	b.Report = rep
	return b, nil
}

// setRule is the runtime rule of a set strategy at a winner's node p (key
// its canonical key, moves its legal moves in core's order): the first
// move that wins at once; else, where p is an exception, the move to the
// child of the stored rank among the distinct canonical keys of p's
// children that do not end the game; else the first move to the first of
// those keys, in increasing order, that is in the set. It returns the
// move's index in moves, -1 where no child is in the set.
type setRule struct {
	r         *Rules
	winner    core.Side
	member    func(key uint64) (bool, error)
	exception func(key uint64) (rank int, ok bool)
}

func (s setRule) pick(p core.Position, key uint64, moves []core.Move) (int, error) {
	if i := winsAtOnce(p, moves, s.winner); i >= 0 {
		return i, nil
	}
	keys, distinct := nonOverChildKeys(s.r, p, moves)
	if rank, ok := s.exception(key); ok {
		if rank >= len(distinct) {
			return -1, fmt.Errorf("%s: a stored move of rank %d of %d", p, rank, len(distinct))
		}
		return slices.Index(keys, distinct[rank]), nil
	}
	_, ordered := orderedChildren(s.r, p, moves)
	for _, k := range ordered {
		in, err := s.member(k)
		if err != nil {
			return -1, err
		}
		if in {
			return slices.Index(keys, k), nil
		}
	}
	return -1, nil
}

// The order in which the runtime rule tries a winner's node's children:
// the one that leaves the loser the fewest empty points it can walk to
// (the predator's region: the points its steps reach over empty points),
// then the fewest legal moves, then the lower canonical key. It depends on
// the position only, not on which symmetric image is on the board, and it
// tends to follow the win (the dogs close the wolf in), so the runtime's
// child is mostly one the table proves nearer the end.
type childOrder struct {
	region, dist, mobility int
	key                    uint64
}

// orderVariant picks the order's parts (development).
var orderVariant = 0

func orderOf(c core.Position, key uint64) childOrder {
	b := c.Board()
	empty := b.Mask() &^ (c.Pred | c.Prey)
	seen, front := c.Pred, c.Pred
	for front != 0 {
		next := uint64(0)
		for f := front; f != 0; f &= f - 1 {
			next |= b.PredStepMask(bits.TrailingZeros64(f))
		}
		front = next & empty &^ seen
		seen |= front
	}
	dist := 0
	for pr := c.Pred; pr != 0; pr &= pr - 1 {
		w := b.Points[bits.TrailingZeros64(pr)]
		for d := c.Prey; d != 0; d &= d - 1 {
			q := b.Points[bits.TrailingZeros64(d)]
			dist += abs(q.X-w.X) + abs(q.Y-w.Y)
		}
	}
	var buf [core.MaxMoves]core.Move
	o := childOrder{region: bits.OnesCount64(seen &^ c.Pred), dist: dist, mobility: len(c.GenMoves(buf[:0])), key: key}
	switch orderVariant {
	case 1:
		o.region, o.dist = o.dist, o.region
	case 2:
		o.region = 0
	case 3:
		o.region, o.dist, o.mobility = 0, 0, 0
	}
	return o
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func (a childOrder) less(b childOrder) bool {
	if a.region != b.region {
		return a.region < b.region
	}
	if a.dist != b.dist {
		return a.dist < b.dist
	}
	if a.mobility != b.mobility {
		return a.mobility < b.mobility
	}
	return a.key < b.key
}

// orderedChildren returns, for p's moves, the canonical key of the
// position each leads to (noKey for a finished game or one without a
// key), and the distinct keys in the runtime rule's order (childOrder).
func orderedChildren(r *Rules, p core.Position, moves []core.Move) (keys, ordered []uint64) {
	keys = make([]uint64, len(moves))
	type kc struct {
		k uint64
		o childOrder
	}
	var cs []kc
	for i, m := range moves {
		c := p.After(m)
		keys[i] = noKey
		if c.Outcome().Over() {
			continue
		}
		if k, ok := r.canonKey(c); ok {
			keys[i] = k
			if !slices.ContainsFunc(cs, func(x kc) bool { return x.k == k }) {
				cs = append(cs, kc{k, orderOf(c, k)})
			}
		}
	}
	slices.SortFunc(cs, func(a, b kc) int {
		switch {
		case a.o.less(b.o):
			return -1
		case b.o.less(a.o):
			return 1
		}
		return 0
	})
	ordered = make([]uint64, len(cs))
	for i, x := range cs {
		ordered[i] = x.k
	}
	return keys, ordered
}

package strategy

import (
	"fmt"
	"slices"

	"huntchess/ai/tablebase"
	"huntchess/core"
)

// Close turns the generator's graph into the set strategy the runtime rule
// plays (setRule; see the top of strategyset_build.go): it replays the
// rule from the start over the generator's loser's nodes by core's rules
// (every line to the end, no cycle, no line longer than the table's plies
// from the start, every loser's node's stored plies its longest line's)
// and keeps the loser's nodes reached (from every root: roots as given to
// GenerateSet).
func (gen *SetGen) Close(r *tablebase.Rules, roots []core.Position, progress func(string, int, int)) (*SetBuild, error) {
	var keys []uint64
	var plies []uint8
	b := &SetBuild{Start: gen.Start, Plies: gen.Plies}
	for i, k := range gen.Keys {
		if r.KeySide(k) == core.Prey {
			b.GenWinner++
			continue
		}
		keys, plies = append(keys, k), append(plies, gen.NodePlies[i])
	}
	b.Generated = len(keys)
	stored := func(k uint64) (int, bool) {
		if i, ok := slices.BinarySearch(keys, k); ok {
			return int(plies[i]), true
		}
		return 0, false
	}
	rule := setRule{r: r, winner: core.Prey, member: func(k uint64) (int, bool, error) { pl, in := stored(k); return pl, in, nil }}
	reached, _, depths, rep, err := replaySet(r, roots, core.Prey, func(p core.Position, key uint64, moves []core.Move) (int, error) {
		i, _, err := rule.pick(p, moves)
		return i, err
	}, stored, slices.Max(gen.RootPlies), func(nodes int) {
		if progress != nil {
			progress("replay", nodes, len(gen.Keys))
		}
	})
	if err != nil {
		return nil, err
	}
	for i, d := range depths {
		if d != gen.RootPlies[i] {
			return nil, fmt.Errorf("tablebase: the longest line from root %d has %d plies, the table says %d", i, d, gen.RootPlies[i])
		}
	}
	if len(roots) > 1 {
		b.PassRoot = &RootRef{Key: gen.Roots[1], Plies: gen.RootPlies[1]}
	}
	b.Members = reached
	b.MemberPlies = make([]uint8, len(reached))
	for i, k := range reached {
		pl, _ := stored(k)
		b.MemberPlies[i] = uint8(pl)
	}
	b.Report = rep
	return b, nil
}

// setRule is the runtime rule of a set strategy at a winner's node p
// (moves its legal moves in core's order): the first move that wins at
// once; else the first move to the child in the set with the fewest
// stored plies (ties to the lower canonical key). It returns the move's
// index in moves (-1 where no child is in the set) and p's plies to the
// end by it.
type setRule struct {
	r      *tablebase.Rules
	winner core.Side
	member func(key uint64) (plies int, in bool, err error)
}

func (s setRule) pick(p core.Position, moves []core.Move) (int, int, error) {
	if i := winsAtOnce(p, moves, s.winner); i >= 0 {
		return i, 1, nil
	}
	keys, distinct := nonOverChildKeys(s.r, p, moves)
	best, bestPlies := tablebase.NoKey, 0
	for _, k := range distinct {
		pl, in, err := s.member(k)
		if err != nil {
			return -1, 0, err
		}
		if in && (best == tablebase.NoKey || pl < bestPlies) {
			best, bestPlies = k, pl
		}
	}
	if best == tablebase.NoKey {
		return -1, 0, nil
	}
	return slices.Index(keys, best), bestPlies + 1, nil
}

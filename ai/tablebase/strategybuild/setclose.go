package strategybuild

import (
	"fmt"
	"slices"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/internal/setrule"
	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
)

// Close turns the generator's graph into the set strategy the runtime rule
// plays (setrule.Rule; see the top of set.go): it replays the
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
	rule := setrule.Rule{R: r, Winner: core.Prey, Member: func(k uint64) (int, bool, error) { pl, in := stored(k); return pl, in, nil }}
	reached, _, depths, rep, err := replaySet(r, roots, core.Prey, func(p core.Position, key uint64, moves []core.Move) (int, error) {
		i, _, err := rule.Pick(p, moves)
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
		b.PassRoot = &strategy.RootRef{Key: gen.Roots[1], Plies: gen.RootPlies[1]}
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

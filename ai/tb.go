package ai

import (
	"sync/atomic"

	"huntchess/ai/tablebase"
	"huntchess/core"
)

// Endgame tables behind the search. Where a game's table (ai/tablebase)
// covers a position and the limits ask for it (Limits.Tables), the search
// plays the table's move at the root and takes the table's exact value for
// the positions it reaches inside the tree.

var tableOf [core.NumGames]atomic.Pointer[tablebase.Table]

// SetTable makes t the endgame table of game id for every later search; nil
// removes it. Safe to call while searches run.
func SetTable(id core.GameID, t *tablebase.Table) { tableOf[id].Store(t) }

// GameTable returns the endgame table of game id, or nil.
func GameTable(id core.GameID) *tablebase.Table { return tableOf[id].Load() }

// tableScore is the search score of a table value, ply plies from the root.
func tableScore(v tablebase.Value, plies, ply int) (int, bool) {
	switch v {
	case tablebase.Win:
		return scoreWin - ply - plies, true
	case tablebase.Loss:
		return -(scoreWin - ply - plies), true
	}
	return 0, false
}

// tableMove picks the move from a position the table covers, as Master
// plays: from a win the shortest win, from a loss the longest resistance,
// from a draw the drawing move that leaves the opponent the most replies
// that lose. Ties go to the first such move in core's order, or, with a
// seed, to one chosen by it. ok is false where the table does not cover the
// position and all its children.
func tableMove(t *tablebase.Table, pos core.Position, seed int64) (Result, bool) {
	v, plies, ok := t.Probe(pos)
	if !ok {
		return Result{}, false
	}
	var buf [core.MaxMoves]core.Move
	moves := pos.GenMoves(buf[:0])
	if len(moves) == 0 {
		return Result{}, false
	}
	type cand struct {
		m     core.Move
		traps int
	}
	var best []cand
	bestTraps := -1
	var nodes int64
	for _, m := range moves {
		child := pos.After(m)
		cv, cd, ok := t.Probe(child)
		nodes++
		if !ok {
			return Result{}, false
		}
		keeps := false
		switch v {
		case tablebase.Win:
			keeps = cv == tablebase.Loss && cd == plies-1
		case tablebase.Loss:
			keeps = cv == tablebase.Win && cd == plies-1
		default:
			keeps = cv == tablebase.Draw
		}
		if !keeps {
			continue
		}
		traps := 0
		if v == tablebase.Draw {
			// The opponent's replies that turn the draw into our win.
			var rbuf [core.MaxMoves]core.Move
			for _, r := range child.GenMoves(rbuf[:0]) {
				rv, _, rok := t.Probe(child.After(r))
				nodes++
				if rok && rv == tablebase.Win {
					traps++
				}
			}
		}
		switch {
		case traps > bestTraps:
			best, bestTraps = append(best[:0], cand{m, traps}), traps
		case traps == bestTraps:
			best = append(best, cand{m, traps})
		}
	}
	if len(best) == 0 {
		return Result{}, false // a table inconsistent with core: let the search play
	}
	pick := 0
	if seed != 0 {
		h := uint64(seed)*0x9e3779b97f4a7c15 ^ pos.Key
		h ^= h >> 31
		pick = int(h % uint64(len(best)))
	}
	m := best[pick].m
	score, _ := tableScore(v, plies, 0)
	res := Result{Move: m, Score: score, Depth: plies, Nodes: nodes, Exact: true}
	res.PV = append([]core.Move{m}, t.Line(pos.After(m), 40)...)
	return res, true
}

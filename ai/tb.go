package ai

import (
	"context"
	"time"

	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/proof"
)

// Endgame tables behind the engine. Where the table owner's table of the
// game (ai/tablebase) covers a position, every level plays from it
// (TableMoves: Master perfectly, the others with their slips), and the
// search takes the table's exact values for the positions it reaches
// inside the tree (SearchMoves). The engine keeps no tables of its own:
// whoever owns them (the app's session, the arena) hands them over.

// Tables is a source of endgame tables: the table of game id, or nil. It
// must be safe to call from several goroutines.
type Tables interface {
	Table(id core.GameID) *tablebase.Table
}

// TableSet is a fixed set of tables, one slot a game.
type TableSet [core.NumGames]*tablebase.Table

// Table returns the table of game id, or nil.
func (s *TableSet) Table(id core.GameID) *tablebase.Table {
	if s == nil || int(id) >= len(s) {
		return nil
	}
	return s[id]
}

// TableMoves is the move source of the endgame tables (nil: none): where
// the table of the game covers the position and its children, the level's
// move from it (tableLevelMove: Master's perfect move, or a level's seeded
// slip), proof.Exact unless it slipped.
type TableMoves struct{ Tables Tables }

// Propose is the table's move for pos, where it covers it.
func (s TableMoves) Propose(_ context.Context, pos core.Position, lim Limits) (Result, bool) {
	if s.Tables == nil {
		return Result{}, false
	}
	t := s.Tables.Table(pos.Game)
	if t == nil {
		return Result{}, false
	}
	return tableLevelMove(t, pos, lim)
}

// deadline is when the move's time cap runs out (the zero Time where it
// has none, or the limits were not handed out by Engine.Choose).
func (lim Limits) deadline() time.Time {
	if lim.Time <= 0 || lim.start.IsZero() {
		return time.Time{}
	}
	return lim.start.Add(lim.Time)
}

// valuesOnlyAt is a move source that can tell, by a probe, that its move
// in pos would be proven without plies (PreferPlies).
type valuesOnlyAt interface {
	valuesOnlyAt(pos core.Position) bool
}

// valuesOnlyAt reports whether the table proves pos a win or a loss without
// its plies (a values-only section): its move there would come from a
// search for progress (valuesMove).
func (s TableMoves) valuesOnlyAt(pos core.Position) bool {
	if s.Tables == nil {
		return false
	}
	t := s.Tables.Table(pos.Game)
	if t == nil {
		return false
	}
	v, plies, ok := t.Probe(pos)
	return ok && v != tablebase.Draw && plies == tablebase.PliesUnknown
}

// unknownPliesScore is the plies a table win or loss without plies
// (tablebase.PliesUnknown) scores as: a win all the same, longer than any
// the search finds itself.
const unknownPliesScore = 500

// valuesBonus bounds the evaluation the search adds to such a win or loss
// in its tree: the win stays a win longer than any the search finds itself
// (unknownPliesScore - valuesBonus > maxPly).
const valuesBonus = 300

// tableScore is the search score of a table value, ply plies from the root.
func tableScore(v tablebase.Value, plies, ply int) (int, bool) {
	if plies == tablebase.PliesUnknown {
		plies = unknownPliesScore
	}
	switch v {
	case tablebase.Win:
		return scoreWin - ply - plies, true
	case tablebase.Loss:
		return -(scoreWin - ply - plies), true
	}
	return 0, false
}

// tableMove picks the move from a position the table holds as v in plies
// (its probe), as Master plays: from a win the shortest win, from a loss
// the longest resistance, from a draw the drawing move that leaves the
// opponent the most replies that lose (counted till the move's time cap:
// a folded probe of each reply, in a table that stores the other side, may
// unpack a block each; the moves left count none). Ties go to the first
// such move in core's order, or, with lim.Seed, to one chosen by it. ok is
// false where the table does not cover the position's children.
//
// Where the table holds the value but not the plies (PliesUnknown), the
// move comes from valuesMove; lim.History (the game's earlier positions)
// breaks its ties, and its searches stop at the move's time cap.
func tableMove(t *tablebase.Table, pos core.Position, v tablebase.Value, plies int, lim Limits) (Result, bool) {
	if v != tablebase.Draw && plies == tablebase.PliesUnknown {
		return valuesMove(t, pos, v, lim.History, lim.deadline())
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
	deadline := lim.deadline() // the draw's traps are counted till then
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
		yieldToBrowser() // a cold block is unpacked in some ms: let the page draw between moves
		if v == tablebase.Draw && (deadline.IsZero() || time.Now().Before(deadline)) {
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
	if len(best) == 0 && v != tablebase.Draw {
		// No child with the plies one less: they run through entries
		// without plies (a values-only section).
		return valuesMove(t, pos, v, lim.History, lim.deadline())
	}
	if len(best) == 0 {
		return Result{}, false // a table inconsistent with core: let the search play
	}
	pick := 0
	if lim.Seed != 0 {
		h := uint64(lim.Seed)*0x9e3779b97f4a7c15 ^ pos.Key
		h ^= h >> 31
		pick = int(h % uint64(len(best)))
	}
	m := best[pick].m
	score, _ := tableScore(v, plies, 0)
	res := Result{Move: m, Score: score, Depth: plies, Nodes: nodes, Proof: proof.Exact}
	res.PV = tablePV(t, pos, m, lim)
	return res, true
}

// tableLevelMove is the move of a level from a position the table covers:
// Master's move (tableMove), except on the share lim.TableSlip of the
// positions (a hash of the position and lim.Seed picks them, so a level is
// deterministic under a seed) where it slips: with lim.TableSlipAny to a
// move picked by the seed among all legal moves, otherwise to a move of the
// next-best value — from a win to a draw (or, with no drawing move, the
// longest loss), from a draw to the longest loss, from a loss to the
// longest of the shorter losses. Where no move is worse than the best, it
// plays the best. A slipped move's Result proves nothing (proof.Search);
// its Score is the value the position keeps after it.
func tableLevelMove(t *tablebase.Table, pos core.Position, lim Limits) (Result, bool) {
	v, plies, ok := t.Probe(pos)
	if !ok {
		return Result{}, false
	}
	if !lim.Strategy && v != tablebase.Draw && plies == tablebase.PliesUnknown {
		// Below Master (no proven play asked), a win or a loss the table
		// holds without its plies, where the winner is a prey side with
		// all its pieces placed, is the search's to play: such a winner
		// neither captures nor places, so the search for progress
		// (valuesMove) finds none of its own and spends its whole budget
		// every move (Beat the Wolf's dogs with 14 to 17 on the board).
		// Master and the hints keep it: every move keeps the value.
		winner := pos.ToMove
		if v == tablebase.Loss {
			winner = winner.Other()
		}
		if winner == core.Prey && pos.InHand == 0 {
			return Result{}, false
		}
	}
	if lim.TableSlip <= 0 || !slips(pos.Key, lim.Seed, lim.TableSlip) {
		return tableMove(t, pos, v, plies, lim)
	}
	var buf [core.MaxMoves]core.Move
	moves := pos.GenMoves(buf[:0])
	if len(moves) == 0 {
		return Result{}, false
	}
	// rank orders the mover's value of a move: the higher the better.
	rank := func(cv tablebase.Value, cd int) int {
		switch cv {
		case tablebase.Loss: // the opponent loses: a win for the mover
			return 3 << 16
		case tablebase.Draw:
			return 2 << 16
		}
		return 1<<16 + cd // a loss; longer is better
	}
	ranks := make([]int, len(moves))
	vals := make([]tablebase.Value, len(moves))
	dists := make([]int, len(moves))
	best := -1
	for i, m := range moves {
		cv, cd, ok := t.Probe(pos.After(m))
		if !ok {
			return Result{}, false
		}
		ranks[i], vals[i], dists[i] = rank(cv, cd), cv, cd
		if ranks[i]>>16 == 3 {
			ranks[i] = 3 << 16 // every winning move is the same value
		}
		best = max(best, ranks[i])
	}
	h := mix(pos.Key, lim.Seed, 0x2545f4914f6cdd1d)
	var pick []int
	if lim.TableSlipAny {
		for i := range moves {
			pick = append(pick, i)
		}
	} else {
		next := -1
		for _, r := range ranks {
			if r < best {
				next = max(next, r)
			}
		}
		if next < 0 {
			return tableMove(t, pos, v, plies, lim) // every move keeps the value
		}
		for i, r := range ranks {
			if r == next {
				pick = append(pick, i)
			}
		}
	}
	i := pick[int(h%uint64(len(pick)))]
	m := moves[i]
	d := dists[i] + 1
	if dists[i] == tablebase.PliesUnknown {
		d = dists[i]
	}
	res := Result{Move: m, Nodes: int64(len(moves)), Depth: d}
	switch vals[i] {
	case tablebase.Loss:
		res.Score, _ = tableScore(tablebase.Win, d, 0)
	case tablebase.Win:
		res.Score, _ = tableScore(tablebase.Loss, d, 0)
	}
	res.PV = tablePV(t, pos, m, lim)
	return res, true
}

// tablePV is the line a table's move m from pos starts: m, then, with
// lim.Line, the table's best line (Line) for 40 plies; m alone in a table
// of values (format 2: Line's search for a drawn line of 40 plies there
// reads blocks of a million entries by the dozen).
func tablePV(t *tablebase.Table, pos core.Position, m core.Move, lim Limits) []core.Move {
	pv := []core.Move{m}
	if !lim.Line || t.HasValuesOnly() {
		return pv
	}
	return append(pv, t.Line(pos.After(m), 40)...)
}

// seenCounts counts the positions of a game's history by key.
func seenCounts(history []uint64) map[uint64]int {
	seen := make(map[uint64]int, len(history))
	for _, k := range history {
		seen[k]++
	}
	return seen
}

// mix hashes a position key with a seed and a salt.
func mix(key uint64, seed int64, salt uint64) uint64 {
	h := (key ^ uint64(seed)*0xd1342543de82ef95 ^ salt) * 0x9e3779b97f4a7c15
	h ^= h >> 31
	h *= 0xbf58476d1ce4e5b9
	return h ^ h>>29
}

// slips reports whether a level slips (percent of the time) on this
// position under this seed.
func slips(key uint64, seed int64, percent int) bool {
	return int(mix(key, seed, 0x94d049bb133111eb)%100) < percent
}

package main

import (
	"fmt"
	"io"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/solver"
	"huntchess/core"
)

// tierLookup reads positions' values and plies straight from a game's tier
// files (solver.TierTable) and plays the line they call best.
type tierLookup struct {
	g *core.GameInfo
	*solver.TierTable
	// probe, where set, reads a position's value in place of the tier
	// files (tests).
	probe func(core.Position) (tablebase.Value, int, error)
}

func newTierLookup(g *core.GameInfo, dir string) *tierLookup {
	return &tierLookup{g: g, TierTable: solver.NewTierTable(g, dir)}
}

// value is p's value for the side to move and the plies to the end, from
// its tier file (p is not decided by its pieces, and has no prey in hand).
func (l *tierLookup) value(p core.Position) (tablebase.Value, int, error) {
	if l.probe != nil {
		return l.probe(p)
	}
	return l.Value(p)
}

// after is the value of move m in p for the side that makes it, and the
// plies to the end after it.
func (l *tierLookup) after(p core.Position, m core.Move) (tablebase.Value, int, error) {
	q := p.After(m)
	if o := q.Outcome(); o.Over() {
		switch {
		case o.Result == core.Draw:
			return tablebase.Draw, 1, nil
		case (o.Result == core.PredatorWins) == (p.ToMove == core.Predator):
			return tablebase.Win, 1, nil
		}
		return tablebase.Loss, 1, nil
	}
	v, plies, err := l.value(q)
	if q.ToMove == p.ToMove { // a pass: the same side to move
		return v, plies + 1, err
	}
	return v.Other(), plies + 1, err
}

// bestLine plays from p, at most n plies, the moves the tier files call
// best: the winner's shortest win, the loser's longest resistance, a move
// that keeps the draw; it checks on the way that every position's value
// and plies are its best move's (the tier files agree with themselves
// along the line) and stops at the end or where the position repeats for
// the third time.
func (l *tierLookup) bestLine(p core.Position, n int) ([]core.Move, error) {
	gm := core.NewGameFrom(p)
	var line []core.Move
	for len(line) < n && !gm.Outcome().Over() {
		q := gm.Position()
		v, plies, err := l.value(q)
		if err != nil {
			return line, err
		}
		var best core.Move
		bestPlies, found := 0, false
		for _, m := range gm.LegalMoves() {
			mv, mp, err := l.after(q, m)
			if err != nil {
				return line, err
			}
			if mv != v {
				if mv.Rank() > v.Rank() {
					return line, fmt.Errorf("%v: valued %v, but %v gives %v", q, v, m, mv)
				}
				continue
			}
			better := !found || v == tablebase.Win && mp < bestPlies || v == tablebase.Loss && mp > bestPlies
			if better {
				best, bestPlies, found = m, mp, true
			}
		}
		if !found {
			return line, fmt.Errorf("%v: valued %v, and no move keeps it", q, v)
		}
		if v != tablebase.Draw && bestPlies != plies {
			return line, fmt.Errorf("%v: %v in %d plies, its best move %v in %d", q, v, plies, best, bestPlies)
		}
		if err := gm.PlayMove(best); err != nil {
			return line, err
		}
		line = append(line, best)
	}
	return line, nil
}

// tiersStart writes, from g's tier files in dir, the start's (or from's,
// in core's notation) value with its plies and the line of best play from
// it (n plies at most), checked move by move against the tier files.
func tiersStart(g *core.GameInfo, dir, from string, n int, w io.Writer) error {
	l := newTierLookup(g, dir)
	defer l.Close()
	start := g.Start()
	if from != "" {
		var err error
		if start, err = core.ParsePosition(g.Key, from); err != nil {
			return err
		}
	}
	v, plies, err := l.value(start)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "%s from %v, %s to move: %v", g.Key, start, side(g, start.ToMove), v)
	if v != tablebase.Draw {
		fmt.Fprintf(w, " in %s", pliesText(plies))
	}
	fmt.Fprintln(w)
	line, err := l.bestLine(start, n)
	fmt.Fprintf(w, "\nThe line of best play (%s; %s):\n\n%s\n", pliesText(len(line)),
		lineEnd(g, start, line, n, v == tablebase.Draw), wrapMoves(line, len(line)))
	return err
}

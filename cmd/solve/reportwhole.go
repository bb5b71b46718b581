package main

import (
	"fmt"
	"path/filepath"
	"strings"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/solver"
	"huntchess/core"
)

// haveWhole reports whether dir holds a tier file of every tier of g's
// moving phase (make solve-whole: the whole game, DIR/GAME.tiers/).
func haveWhole(g *core.GameInfo, dir string) bool {
	if dir == "" {
		return false
	}
	r := tablebase.ForGame(g.ID)
	for c := range r.CaptureWin {
		if _, _, err := solver.ReadTierHeader(solver.TierPath(dir, g.Key, c), r); err != nil {
			return false
		}
	}
	return true
}

// wholeReport is g's section of the report from its tier files in dir (the
// whole game, solved tier by tier: its table file is never written): what
// is solved, the start's value with the line of best play, checked move by
// move, each tier's counts, the verification of the tier files, and the
// share of each value with the predator to move.
func wholeReport(g *core.GameInfo, dir string) (string, error) {
	r := tablebase.ForGame(g.ID)
	var sb strings.Builder
	fmt.Fprintf(&sb, "## %s · %s (`%s`)\n\n", g.Name, g.NameZh, g.Key)
	var total int64
	var secs float64
	var peak int64
	stats := map[int]tablebase.TierStats{}
	for c := range r.CaptureWin {
		h, _, err := solver.ReadTierHeader(solver.TierPath(dir, g.Key, c), r)
		if err != nil {
			return "", err
		}
		stats[c] = h.Stats
		total += h.Stats.Positions
		secs += h.Seconds
		peak = max(peak, h.PeakMemory)
	}
	fmt.Fprintf(&sb, "**Solved: the whole game.** Every position of the moving phase with %d to %d %ss on the board, either side to move, its exact value and plies (`make solve-whole`: the compact solver's tier files, `%s.tiers/`, %s positions, %s s of solving on 2 threads, peak memory %.2f GiB; the table file of them all is never written: it would take some 27 GB).\n\n",
		r.PreyCount-r.CaptureWin+1, r.PreyCount, g.Prey, g.Key, groups(total), groups(int64(secs+0.5)), float64(peak)/(1<<30))

	l := newTierLookup(g, dir)
	defer l.Close()
	start := g.Start()
	v, d, err := l.value(start)
	if err != nil {
		return "", err
	}
	sb.WriteString(startValue(g, start, v, d))
	line, err := l.bestLine(start, pvPlies)
	if err != nil {
		return "", err
	}
	var capts []string
	gm := core.NewGameFrom(start)
	for _, m := range line {
		before := gm.Position().Captured
		if err := gm.PlayMove(m); err != nil {
			return "", err
		}
		if gm.Position().Captured != before {
			capts = append(capts, fmt.Sprint(gm.Len()))
		}
	}
	if len(capts) > 0 {
		fmt.Fprintf(&sb, " On it %s give up %d %ss (%s captures at plies %s).", side(g, core.Prey), len(capts), g.Prey,
			sideOf(g, core.Predator), strings.Join(capts, ", "))
	}
	fmt.Fprintf(&sb, "\n\nThe line of best play from the start (%s; %s; every position on it checked against its best move in the tier files):\n\n```\n%s\n```\n\n",
		pliesText(len(line)), lineEnd(g, start, line, pvPlies, v == tablebase.Draw), wrapMoves(line, len(line)))

	if err := listTiers(g, dir, &sb); err != nil {
		return "", err
	}
	sb.WriteString("\n")
	var vr tierVerifyReport
	if readJSON(filepath.Join(dir, g.Key+".tiers.verify.json"), &vr) {
		var checked, searched int64
		for _, t := range vr.Tiers {
			checked += t.Checked
			searched += t.Searched
		}
		fmt.Fprintf(&sb, "Verified (`solve tiers -verify`): every %d. entry of each tier, %s positions, checked against their children's codes (core's moves and outcomes, a capture's child in the next tier's file), and %s random positions against a plain %d-ply search: %d mismatches (%.1f s).\n\n",
			vr.Stride, groups(checked), groups(searched), vr.SearchDepth, vr.Mismatches, vr.Seconds)
	} else {
		fmt.Fprintf(&sb, "Not verified yet (`go run ./cmd/solve tiers %s -dir DIR -verify`).\n\n", g.Key)
	}
	for c := r.CaptureWin - 1; c >= 0; c-- {
		st := stats[c]
		pw, pd, pl := st.PredatorToMove[0], st.PredatorToMove[1], st.PredatorToMove[2]
		tot := float64(pw + pd + pl)
		if tot == 0 {
			continue
		}
		fmt.Fprintf(&sb, "- With %d %ss on the board, %s to move: %s %s %.1f %%, %s %.1f %%, %s %.1f %% of positions.\n",
			r.PreyCount-c, g.Prey, side(g, core.Predator), side(g, core.Predator), verb(g, core.Predator, "win"), 100*float64(pw)/tot,
			verb(g, core.Predator, "draw"), 100*float64(pd)/tot, verb(g, core.Predator, "lose"), 100*float64(pl)/tot)
	}
	sb.WriteString("\n")
	return sb.String(), nil
}

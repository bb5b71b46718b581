package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"huntchess/ai/tablebase"
	"huntchess/core"
)

// report writes docs/solved.md from the tables in dir and their build and
// verify records.
func report(dir, out string) error {
	var sb strings.Builder
	sb.WriteString(`# Solved: what the tables say

Written by ` + "`go run ./ai/solve report`" + ` (part of ` + "`make solve-all`" + `) from the tables in ` + "`" + dir + "`" + `
and their build and verify records; do not edit by hand.

Values are for the side to move: win, draw or loss, with the plies (single
moves of either side) to the end under best play — the winner takes the
shortest way, the loser the longest. A draw is a position from which
neither side can force a result. Under RULES.md's threefold-repetition rule
such a game ends drawn; a winner that plays distance-decreasing moves never
repeats a position, so every win here is a win under that rule too, and
repetition never turns a loss into anything else for the side that resists.
A pass (a prey side without a move) is a move like any other. Positions are
counted up to the board's symmetries (8 on the square boards, the mirror in
deer chess).

`)
	for _, g := range core.Games() {
		sec, err := gameReport(g, dir)
		if err != nil {
			return err
		}
		sb.WriteString(sec)
	}
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(out, []byte(sb.String()), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "report: wrote %s\n", out)
	return nil
}

func readJSON(path string, v any) bool {
	data, err := os.ReadFile(path)
	return err == nil && json.Unmarshal(data, v) == nil
}

func side(g *core.GameInfo, s core.Side) string {
	names := map[string][2]string{
		core.PieceWolf: {"the wolf", "the wolves"}, core.PieceLion: {"the lion", ""}, core.PieceDeer: {"the deer", ""},
		core.PieceDog: {"the dogs", ""}, core.PiecePig: {"the pigs", ""},
	}
	if s == core.Predator {
		if g.PredatorCount > 1 {
			return names[g.Predator][1]
		}
		return names[g.Predator][0]
	}
	return names[g.Prey][0]
}

func gameReport(g *core.GameInfo, dir string) (string, error) {
	var sb strings.Builder
	fmt.Fprintf(&sb, "## %s · %s (`%s`)\n\n", g.Name, g.NameZh, g.Key)
	t, err := tablebase.Open(tablebase.Path(dir, g.Key))
	if err != nil {
		if os.IsNotExist(err) {
			sb.WriteString("Not solved: no table in " + dir + " (run `make solve-all`).\n\n")
			return sb.String(), nil
		}
		return "", err
	}
	var b Build
	haveBuild := readJSON(filepath.Join(dir, g.Key+".build.json"), &b)
	var vr tablebase.VerifyReport
	haveVerify := readJSON(filepath.Join(dir, g.Key+".verify.json"), &vr)

	// What was solved.
	var exact, bound, reach []*tablebase.Section
	for _, s := range t.Sections {
		switch {
		case s.Kind == "reachable":
			reach = append(reach, s)
		case s.Bound:
			bound = append(bound, s)
		default:
			exact = append(exact, s)
		}
	}
	sb.WriteString("**Solved.** ")
	var parts []string
	if len(exact) > 0 {
		var c []string
		for _, s := range exact {
			c = append(c, fmt.Sprintf("%d", s.K))
		}
		parts = append(parts, fmt.Sprintf("every position of the moving phase with %s %s on the board (exact values)",
			strings.Join(c, ", "), g.Prey+"s"))
	}
	if len(reach) > 0 {
		parts = append(parts, "every placement-phase position reachable from the start (exact values)")
	}
	for _, s := range bound {
		parts = append(parts, fmt.Sprintf("every position with %d %ss and nothing captured, where any capture counts as a win for %s (bounds: a draw or win there for %s holds in the real game)",
			s.K, g.Prey, side(g, core.Predator), side(g, core.Prey)))
	}
	sb.WriteString(strings.Join(parts, "; ") + ".\n\n")

	// The start.
	start := g.Start()
	first := side(g, start.ToMove)
	if v, d, ok := t.Probe(start); ok {
		fmt.Fprintf(&sb, "**The start** (%s to move): **%s**", first, v)
		switch v {
		case tablebase.Win:
			fmt.Fprintf(&sb, " — with best play %s win in %d plies.", first, d)
		case tablebase.Loss:
			fmt.Fprintf(&sb, " — with best play %s win in %d plies; %s resist longest that way.", side(g, start.ToMove.Other()), d, first)
		default:
			sb.WriteString(" — neither side can force a result.")
		}
		line := t.Line(start, 400)
		fmt.Fprintf(&sb, "\n\nPrincipal variation from the start (%d plies%s):\n\n```\n%s\n```\n\n", len(line),
			map[bool]string{true: ", the first 60 of a drawn game", false: ""}[v == tablebase.Draw && len(line) > 60],
			wrapMoves(line, 60))
	} else if v, d, ok := t.ProbeBound(start); ok {
		fmt.Fprintf(&sb, "**The start** (%s to move): ", first)
		preyMoves := start.ToMove == core.Prey
		switch {
		case v == tablebase.Draw:
			fmt.Fprintf(&sb, "**at least a draw for %s, proven** — even counting any capture as a loss for them, neither side can force a result, so with best play %s never lose: the game is a draw or a win for them.", side(g, core.Prey), side(g, core.Prey))
		case (v == tablebase.Win) == preyMoves:
			fmt.Fprintf(&sb, "**a win for %s, proven** (in at most %d plies): they stalemate %s without giving up a single piece.", side(g, core.Prey), d, side(g, core.Predator))
		default:
			fmt.Fprintf(&sb, "**not settled**: with any capture counted as a predator win, %s reach a capture in %d plies, so the real value needs the lower tiers.", side(g, core.Predator), d)
		}
		sb.WriteString("\n\n")
	} else {
		fmt.Fprintf(&sb, "**The start** (%s to move): not covered by the tables solved here.\n\n", first)
	}

	// Per tier.
	sb.WriteString("| tier | " + g.Prey + "s on board | positions | wins | draws | losses | " + side(g, core.Predator) + " to move: W / D / L | longest win | time |\n")
	sb.WriteString("|---|---|---|---|---|---|---|---|---|\n")
	secs := map[string]float64{}
	for _, bt := range b.Tiers {
		secs[tierName(&bt.TierStats)] = bt.Seconds
	}
	longest, longestTier := 0, ""
	for _, s := range t.Sections {
		st := &s.Stats
		name := tierName(st)
		on := fmt.Sprint(st.PreyOnBoard)
		if s.Kind == "reachable" {
			on = "placing"
		}
		tm := "—"
		if v, ok := secs[name]; ok && haveBuild {
			tm = fmt.Sprintf("%.1f s", v)
		}
		fmt.Fprintf(&sb, "| %s | %s | %d | %d | %d | %d | %d / %d / %d | %d | %s |\n", name, on, st.Positions, st.Wins, st.Draws, st.Losses,
			st.PredatorToMove[0], st.PredatorToMove[1], st.PredatorToMove[2], st.LongestWin, tm)
		if !st.Bound && st.LongestWin > longest {
			longest, longestTier = st.LongestWin, name
		}
	}
	if longest > 0 {
		fmt.Fprintf(&sb, "\nThe longest win: %d plies (tier %s).\n", longest, longestTier)
	}
	sb.WriteString("\n")

	if haveBuild {
		var n int64
		for _, bt := range b.Tiers {
			n += bt.Positions
		}
		fmt.Fprintf(&sb, "Built %s on %d threads: %d positions in %.1f s (%.2f M positions/s per core), peak memory %.2f GiB; tables %.1f MiB raw, %.2f MiB compressed (`%s%s`).\n",
			b.Date, b.Threads, n, b.Seconds, float64(n)/b.Seconds/float64(b.Threads)/1e6, float64(b.PeakMemory)/(1<<30),
			float64(b.RawBytes)/(1<<20), float64(b.FileBytes)/(1<<20), g.Key, tablebase.FileExt)
	}
	if haveVerify {
		fmt.Fprintf(&sb, "Verified: %d positions checked against their children (core's moves and outcomes), %d against a plain %d-ply search: %d mismatches (%.1f s).\n",
			vr.Positions, vr.Searched, vr.SearchDepth, vr.Mismatches, vr.Seconds)
	} else {
		sb.WriteString("Not verified yet (`go run ./ai/solve verify " + g.Key + "`).\n")
	}
	sb.WriteString("\n" + insight(g, t) + "\n\n")
	return sb.String(), nil
}

func tierName(st *tablebase.TierStats) string {
	if st.Kind == "reachable" {
		return "placement"
	}
	n := fmt.Sprintf("captured %d", st.Captured)
	if st.Bound {
		n += " (bound)"
	}
	return n
}

func wrapMoves(line []core.Move, n int) string {
	var sb strings.Builder
	for i, m := range line {
		if i == n {
			break
		}
		if i > 0 {
			if i%10 == 0 {
				sb.WriteString("\n")
			} else {
				sb.WriteString(" ")
			}
		}
		sb.WriteString(m.String())
	}
	return sb.String()
}

// insight states in words what the counts say about the game.
func insight(g *core.GameInfo, t *tablebase.Table) string {
	var out []string
	for _, s := range t.Sections {
		st := &s.Stats
		if st.Bound || st.Positions == 0 {
			continue
		}
		pw, pd, pl := st.PredatorToMove[0], st.PredatorToMove[1], st.PredatorToMove[2]
		tot := float64(pw + pd + pl)
		if tot == 0 {
			continue
		}
		where := fmt.Sprintf("with %d %ss on the board", st.PreyOnBoard, g.Prey)
		if s.Kind == "reachable" {
			where = "in the placement phase (positions reachable from the start)"
		}
		out = append(out, fmt.Sprintf("- %s, %s to move: %s wins %.1f %%, draws %.1f %%, loses %.1f %% of positions.",
			capitalize(where), side(g, core.Predator), side(g, core.Predator), 100*float64(pw)/tot, 100*float64(pd)/tot, 100*float64(pl)/tot))
	}
	return strings.Join(out, "\n")
}

func capitalize(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/solver"
	"huntchess/core"
)

// report writes docs/solved.md from the tables in dir and their build and
// verify records.
func report(dir, tiersDir, appDir, out string) error {
	var sb strings.Builder
	sb.WriteString(`# Solved: what the tables say

Written by ` + "`go run ./cmd/solve report`" + ` (part of ` + "`make solve-all`" + `) from the tables in ` + "`" + dir + "`" + `
and their build and verify records; do not edit by hand.

Values are for the side to move: win, draw or loss, with the plies (single
moves of either side) to the end under best play — the winner takes the
shortest way, the loser the longest. A draw is a position from which
neither side can force a result. Under docs/RULES.md's threefold-repetition rule
such a game ends drawn; a winner that plays distance-decreasing moves never
repeats a position, so every win here is a win under that rule too, and
repetition never turns a loss into anything else for the side that resists.
Every line below is a game under those rules, played through the rules code
(core), and says where and how it ends. In a drawn line neither side spoils
the draw, and both avoid repeating positions as long as a search of the
drawing moves (` + fmt.Sprint(tablebase.LineBudget) + ` positions a ply) finds a way, preferring positions not yet
seen; it ends by threefold repetition only where every drawing move repeats
a position for the third time.
A pass (a prey side without a move) is a move like any other. Positions are
counted up to the board's symmetries (8 on the square boards, the mirror in
deer chess).

`)
	sb.WriteString(appSection(dir, appDir, filepath.Join("tables", "shipped")))
	for _, g := range core.Games() {
		sec, err := sectionOf(g, dir, tiersDir)
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

// sectionOf is g's section of the report: from its tier files in tiersDir
// where every tier is there (wholeReport), else from its tables in dir.
func sectionOf(g *core.GameInfo, dir, tiersDir string) (string, error) {
	if haveWhole(g, tiersDir) {
		return wholeReport(g, tiersDir)
	}
	return gameReport(g, dir)
}

// reportGame1 writes one game's section of the report (sectionOf) into the
// report out, in place of the section there (the other games' sections,
// from tables solved elsewhere, stay as they are).
func reportGame1(key, dir, tiersDir, out string) error {
	g, err := core.Lookup(key)
	if err != nil {
		return err
	}
	sec, err := sectionOf(g, dir, tiersDir)
	if err != nil {
		return err
	}
	old, err := os.ReadFile(out)
	if err != nil {
		return err
	}
	text := string(old)
	head := fmt.Sprintf("## %s · ", g.Name)
	i := strings.Index(text, head)
	if i < 0 {
		return fmt.Errorf("%s: no section %q to replace", out, head)
	}
	j := strings.Index(text[i+len(head):], "\n## ")
	end := len(text)
	if j >= 0 {
		end = i + len(head) + j + 1
	}
	if err := os.WriteFile(out, []byte(text[:i]+sec+text[end:]), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "report: wrote %s's section of %s\n", g.Key, out)
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
	var vr solver.VerifyReport
	haveVerify := readJSON(filepath.Join(dir, g.Key+".verify.json"), &vr)
	// A bound tier built alone (GAME.bound.hctb): the prey's wins where any
	// capture counts as a predator win.
	bt, err := tablebase.Open(tablebase.Path(dir, g.Key+boundSuffix))
	if err != nil && !os.IsNotExist(err) {
		return "", err
	}

	// What was solved. Prey-win sections (SolveBoundTier) may stand in the
	// game's file or in a bound file built alone; pw is the table holding them.
	var exact, bound, place, preyWins []*tablebase.Section
	var pw *tablebase.Table
	for _, tb := range []*tablebase.Table{t, bt} {
		if tb == nil {
			continue
		}
		for _, s := range tb.Sections {
			switch {
			case s.Hand > 0:
				place = append(place, s)
			case s.Bound && s.Stats.PreyWinsOnly:
				preyWins, pw = append(preyWins, s), tb
			case s.Bound:
				bound = append(bound, s)
			default:
				exact = append(exact, s)
			}
		}
	}
	sb.WriteString("**Solved:** ")
	var parts []string
	if len(exact) > 0 {
		var c []string
		for _, s := range exact {
			c = append(c, fmt.Sprintf("%d", s.K))
		}
		parts = append(parts, fmt.Sprintf("every position of the moving phase with %s %s on the board (exact values)",
			strings.Join(c, ", "), g.Prey+"s"))
	}
	if len(place) > 0 {
		var n int64
		for _, s := range place {
			n += s.Stats.Positions
		}
		parts = append(parts, fmt.Sprintf("every position of the placement phase, %d tiers by %ss captured and in hand, %d positions, reachable from the start or not (exact values)",
			len(place), g.Prey, n))
	}
	for _, s := range bound {
		parts = append(parts, fmt.Sprintf("every position with %d %ss on the board, where any capture counts as a win for %s (bounds: a draw or win there for %s holds in the real game)",
			s.K, g.Prey, side(g, core.Predator), side(g, core.Prey)))
	}
	for _, s := range preyWins {
		parts = append(parts, fmt.Sprintf("in every position with %d %ss on the board, whether %s stalemate %s without giving up a single %s, and in how many plies (any capture counted as a win for %s; the other positions of that tier, a draw or a win for %s there, are not told apart)",
			s.K, g.Prey, side(g, core.Prey), side(g, core.Predator), g.Prey, side(g, core.Predator), side(g, core.Predator)))
	}
	sb.WriteString(strings.Join(parts, "; ") + ".\n\n")

	// The start.
	start := g.Start()
	first := side(g, start.ToMove)
	if v, d, ok := t.Probe(start); ok {
		sb.WriteString(startValue(g, start, v, d))
		sb.WriteString(firstMoves(g, t, start))
		sb.WriteString("\n\n" + principalVariation(g, t, start, "the start", pvPlies, pvShown))
	} else if pw != nil {
		sb.WriteString(preyWinsStart(g, t, pw, start))
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

	// Per tier; the placement tiers summed by pieces in hand.
	rows := tierRows(t, b.Tiers)
	var bb Build
	haveBoundBuild := bt != nil && readJSON(filepath.Join(dir, g.Key+boundSuffix+".build.json"), &bb)
	if bt != nil {
		rows = append(rows, tierRows(bt, bb.Tiers)...)
	}
	peaks := false
	for _, r := range rows {
		peaks = peaks || r.peak > 0
	}
	peakCol := func(r row) string {
		if !peaks {
			return ""
		}
		if r.peak == 0 {
			return " — |"
		}
		return fmt.Sprintf(" %.2f GiB |", float64(r.peak)/(1<<30))
	}
	if peaks {
		sb.WriteString("| tier | " + g.Prey + "s on board | positions | wins | draws | losses | " + side(g, core.Predator) + " to move: W / D / L | longest win | time | peak memory |\n")
		sb.WriteString("|---|---|---|---|---|---|---|---|---|---|\n")
	} else {
		sb.WriteString("| tier | " + g.Prey + "s on board | positions | wins | draws | losses | " + side(g, core.Predator) + " to move: W / D / L | longest win | time |\n")
		sb.WriteString("|---|---|---|---|---|---|---|---|---|\n")
	}
	longest, longestTier := 0, ""
	for _, r := range rows {
		st := &r.st
		tm := "—"
		if haveBuild || st.PreyWinsOnly {
			tm = fmt.Sprintf("%.1f s", r.seconds)
		}
		if st.PreyWinsOnly {
			fmt.Fprintf(&sb, "| %s, %s wins only¹ | %s | %d | %d | %d neither¹ | %d | — / %d neither / %d | %d | %s |%s\n", r.name, sideOf(g, core.Prey), r.onBoard, st.Positions, st.Wins, st.Draws, st.Losses,
				st.PredatorToMove[1], st.PredatorToMove[2], st.LongestWin, tm, peakCol(r))
			continue
		}
		fmt.Fprintf(&sb, "| %s | %s | %d | %d | %d | %d | %d / %d / %d | %d | %s |%s\n", r.name, r.onBoard, st.Positions, st.Wins, st.Draws, st.Losses,
			st.PredatorToMove[0], st.PredatorToMove[1], st.PredatorToMove[2], st.LongestWin, tm, peakCol(r))
		if !st.Bound && st.LongestWin > longest {
			longest, longestTier = st.LongestWin, r.name
		}
	}
	if len(preyWins) > 0 {
		st := preyWins[0].Stats
		predN := st.PredatorToMove[1] + st.PredatorToMove[2]
		preyN := st.Positions - predN
		fmt.Fprintf(&sb, "\n¹ Only %s wins were solved in that tier: a win there is a win for %s by stalemating %s without giving up a %s (a win with %s to move, a loss with %s to move), with its plies; \"neither\" is every other position, a draw or a win for %s there, not told apart. With %s to move %s win so in %.1f %% of the positions, with %s to move in %.1f %%.\n",
			sideOf(g, core.Prey), side(g, core.Prey), side(g, core.Predator), g.Prey, side(g, core.Prey), side(g, core.Predator), side(g, core.Predator),
			side(g, core.Prey), side(g, core.Prey), 100*float64(st.Wins)/float64(preyN), side(g, core.Predator), 100*float64(st.Losses)/float64(predN))
	}
	if longest > 0 {
		fmt.Fprintf(&sb, "\nThe longest win: %d plies (%s).\n", longest, longestTier)
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
	if haveBoundBuild {
		var n int64
		var k []string
		for _, t := range bb.Tiers {
			n += t.Positions
			k = append(k, fmt.Sprint(t.PreyOnBoard))
		}
		fmt.Fprintf(&sb, "%s wins with %s %ss on the board: built %s on %d threads, %d positions in %.1f s (%.2f M positions/s per core), peak memory %.2f GiB; %.1f MiB raw, %.2f MiB compressed (`%s%s%s`, beside the exact tables; the app does not read it).\n",
			capitalize(sideOf(g, core.Prey)), strings.Join(k, ", "), g.Prey, bb.Date, bb.Threads, n, bb.Seconds, float64(n)/bb.Seconds/float64(bb.Threads)/1e6, float64(bb.PeakMemory)/(1<<30),
			float64(bb.RawBytes)/(1<<20), float64(bb.FileBytes)/(1<<20), g.Key, boundSuffix, tablebase.FileExt)
	}
	var bvr solver.VerifyReport
	if bt != nil && readJSON(filepath.Join(dir, g.Key+boundSuffix+".verify.json"), &bvr) {
		which := "every stored position"
		if bvr.Stride > 1 {
			which = fmt.Sprintf("every %d. stored position", bvr.Stride)
		}
		fmt.Fprintf(&sb, "Verified (`verify %s -bound-file`): %s, %d positions, checked against their children by core's moves (a capture counted as a win for %s; a win for %s stored where, and only where, the children give one, with its plies), and %d wins for %s against a plain %d-ply search of the real game (found as fast or faster): %d mismatches (%.1f s).\n",
			g.Key, which, bvr.Positions, side(g, core.Predator), side(g, core.Prey), bvr.Searched, side(g, core.Prey), bvr.SearchDepth, bvr.Mismatches, bvr.Seconds)
	}
	if haveVerify {
		which := "every stored position"
		if vr.Stride > 1 {
			which = fmt.Sprintf("every %d. stored position (a sample; `verify` without `-stride` checks all)", vr.Stride)
		}
		fmt.Fprintf(&sb, "Verified: %s, %d positions, checked against their children (core's moves and outcomes), and %d against a plain %d-ply search: %d mismatches (%.1f s).\n",
			which, vr.Positions, vr.Searched, vr.SearchDepth, vr.Mismatches, vr.Seconds)
	} else {
		sb.WriteString("Not verified yet (`go run ./cmd/solve verify " + g.Key + "`).\n")
	}
	sb.WriteString("\n" + insight(g, t) + "\n\n")
	return sb.String(), nil
}

// startValue is the report's sentence of the start's value v (for the side
// to move at start) with its plies d.
func startValue(g *core.GameInfo, start core.Position, v tablebase.Value, d int) string {
	first := side(g, start.ToMove)
	s := fmt.Sprintf("**The start** (%s to move): **%s**", first, v)
	switch v {
	case tablebase.Win:
		return s + fmt.Sprintf(" — with best play %s %s in %d plies.", first, verb(g, start.ToMove, "win"), d)
	case tablebase.Loss:
		return s + fmt.Sprintf(" — with best play %s %s in %d plies; the line below is %s longest resistance.", side(g, start.ToMove.Other()),
			verb(g, start.ToMove.Other(), "win"), d, sideOf(g, start.ToMove))
	}
	return s + " — neither side can force a result."
}

type row struct {
	name, onBoard string
	st            tablebase.TierStats
	seconds       float64
	peak          int64 // bytes; 0: not measured
}

// tierRows gives a row per moving-phase tier and one per count of pieces in
// hand for the placement tiers (summed over captures).
func tierRows(t *tablebase.Table, built []BuildTier) []row {
	secs := map[[3]int]float64{}
	peaks := map[[3]int]int64{}
	for _, bt := range built {
		secs[[3]int{bt.Captured, bt.Hand, map[bool]int{true: 1}[bt.Bound]}] = bt.Seconds
		peaks[[3]int{bt.Captured, bt.Hand, map[bool]int{true: 1}[bt.Bound]}] = bt.PeakMemory
	}
	var rows []row
	byHand := map[int]int{}
	for _, s := range t.Sections {
		st := s.Stats
		sec := secs[[3]int{st.Captured, st.Hand, map[bool]int{true: 1}[st.Bound]}]
		if st.Hand == 0 {
			name := fmt.Sprintf("captured %d", st.Captured)
			if st.Bound {
				name += " (bound)"
			}
			rows = append(rows, row{name, fmt.Sprint(st.PreyOnBoard), st, sec, peaks[[3]int{st.Captured, st.Hand, map[bool]int{true: 1}[st.Bound]}]})
			continue
		}
		i, ok := byHand[st.Hand]
		if !ok {
			i = len(rows)
			byHand[st.Hand] = i
			rows = append(rows, row{name: fmt.Sprintf("placing, %d in hand", st.Hand), st: tablebase.TierStats{Hand: st.Hand}})
		}
		r := &rows[i]
		lo, hi := st.PreyOnBoard, st.PreyOnBoard
		if r.onBoard != "" {
			fmt.Sscanf(r.onBoard, "%d–%d", &lo, &hi)
			lo, hi = min(lo, st.PreyOnBoard), max(hi, st.PreyOnBoard)
		}
		r.onBoard = fmt.Sprintf("%d–%d", lo, hi)
		r.st.Positions += st.Positions
		r.st.Wins += st.Wins
		r.st.Draws += st.Draws
		r.st.Losses += st.Losses
		for k := range r.st.PredatorToMove {
			r.st.PredatorToMove[k] += st.PredatorToMove[k]
		}
		r.st.LongestWin = max(r.st.LongestWin, st.LongestWin)
		r.seconds += sec
	}
	return rows
}

// The principal variations: at most pvPlies plies, a drawn one shown to
// pvShown.
const pvPlies, pvShown = 400, 60

// principalVariation is the report's paragraph with the best line from p,
// called from in the text (Table.PlayLine on a game from p, at most n plies, searched with
// tablebase.LineBudget positions a ply): where and how it ends, and its
// moves, of a drawn line the first shown.
func principalVariation(g *core.GameInfo, t *tablebase.Table, p core.Position, from string, n, shown int) string {
	v, _, _ := t.Probe(p)
	line := t.PlayLine(core.NewGameFrom(p), n, tablebase.LineBudget*n)
	end := lineEnd(g, p, line, n, v == tablebase.Draw)
	what := pliesText(len(line)) + "; " + end
	if v != tablebase.Draw {
		shown = len(line)
	} else {
		what = "a drawn game, both sides keeping the draw and avoiding repeated positions as long as they can: " + end
		if len(line) > shown {
			what += "; the first " + pliesText(shown)
		}
	}
	return fmt.Sprintf("Principal variation from %s (%s):\n\n```\n%s\n```\n\n", from, what, wrapMoves(line, shown))
}

// lineEnd says where and how line, played from p under core's rules, ends:
// "drawn by threefold repetition at ply 13", "the dogs win at ply 37: the
// lion stands on a trap", "still drawn after 400 plies, no position
// repeated three times" (a drawn line of n plies that has not ended).
func lineEnd(g *core.GameInfo, p core.Position, line []core.Move, n int, drawn bool) string {
	gm := core.NewGameFrom(p)
	for i, m := range line {
		if err := gm.PlayMove(m); err != nil {
			return fmt.Sprintf("not a game under the rules: ply %d, %v", i+1, err)
		}
	}
	o, plies := gm.Outcome(), len(line)
	switch {
	case o.Reason == core.ReasonRepetition:
		return fmt.Sprintf("drawn by threefold repetition at ply %d", plies)
	case o.Result == core.Draw:
		return fmt.Sprintf("drawn at ply %d: %s", plies, reasonText(g, o.Reason))
	case o.Over():
		w, _ := o.Winner()
		return fmt.Sprintf("%s %s at ply %d: %s", side(g, w), verb(g, w, "win"), plies, reasonText(g, o.Reason))
	case plies < n:
		return "the tables stop after " + pliesText(plies)
	case drawn:
		return fmt.Sprintf("still drawn after %s, no position repeated three times", pliesText(plies))
	}
	return "still going after " + pliesText(plies)
}

// pliesText is "1 ply", "2 plies".
func pliesText(n int) string {
	if n == 1 {
		return "1 ply"
	}
	return fmt.Sprintf("%d plies", n)
}

// reasonText says in words why a game ended.
func reasonText(g *core.GameInfo, r core.Reason) string {
	switch r {
	case core.ReasonCaptures:
		return fmt.Sprintf("%d %ss captured", g.CapturesToWin, g.Prey)
	case core.ReasonPredatorStuck:
		return fmt.Sprintf("%s to move cannot move", side(g, core.Predator))
	case core.ReasonLionTrapped:
		return "the lion stands on a trap"
	case core.ReasonDeerInCliff:
		return "the deer stands in the cliff"
	case core.ReasonNoMoveDraw:
		return "the side to move has no move"
	}
	return r.String()
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
	for _, r := range tierRows(t, nil) {
		st := &r.st
		pw, pd, pl := st.PredatorToMove[0], st.PredatorToMove[1], st.PredatorToMove[2]
		tot := float64(pw + pd + pl)
		if st.Bound || tot == 0 {
			continue
		}
		where := fmt.Sprintf("with %s %ss on the board", r.onBoard, g.Prey)
		if st.Hand > 0 {
			where = fmt.Sprintf("while placing, %d %ss in hand", st.Hand, g.Prey)
		}
		out = append(out, fmt.Sprintf("- %s, %s to move: %s %s %.1f %%, %s %.1f %%, %s %.1f %% of positions.",
			capitalize(where), side(g, core.Predator), side(g, core.Predator), verb(g, core.Predator, "win"), 100*float64(pw)/tot,
			verb(g, core.Predator, "draw"), 100*float64(pd)/tot, verb(g, core.Predator, "lose"), 100*float64(pl)/tot))
	}
	return strings.Join(out, "\n")
}

// sideOf is the possessive of a side's name: "the dogs'", "the wolf's".
func sideOf(g *core.GameInfo, s core.Side) string {
	n := side(g, s)
	if strings.HasSuffix(n, "s") {
		return n + "'"
	}
	return n + "'s"
}

func capitalize(s string) string { return strings.ToUpper(s[:1]) + s[1:] }

// plural reports whether side s of g is named in the plural.
func plural(g *core.GameInfo, s core.Side) bool {
	return s == core.Prey || g.PredatorCount > 1
}

func verb(g *core.GameInfo, s core.Side, v string) string {
	if plural(g, s) {
		return v
	}
	return v + "s"
}

// firstMoves lists the value of every first move.
func firstMoves(g *core.GameInfo, t *tablebase.Table, start core.Position) string {
	var buf [core.MaxMoves]core.Move
	moves := start.GenMoves(buf[:0])
	var parts []string
	for _, m := range moves {
		v, d, ok := t.Probe(start.After(m))
		if !ok {
			return ""
		}
		// The child's value is for the other side: turn it round.
		switch v {
		case tablebase.Win:
			parts = append(parts, fmt.Sprintf("%s loses in %d", m, d+1))
		case tablebase.Loss:
			parts = append(parts, fmt.Sprintf("%s wins in %d", m, d+1))
		default:
			parts = append(parts, fmt.Sprintf("%s draws", m))
		}
	}
	return fmt.Sprintf("\n\nEvery first move of %s (%d), with its value for the side that plays it: %s.", side(g, start.ToMove), len(moves), strings.Join(parts, "; "))
}

// appSection says which tables the app has on each device: the ones it
// ships (tables/shipped/, tables.ShippedGames; their sizes from
// shippedDir, "" or a missing file for none), and what solving one on first
// use costs here where the shipped one is not used (HUNTCHESS_SHIPPED=off),
// from the build records of the app's tables (appDir, make app-tables; the
// lion's app table is its full table, so dir's record serves too).
func appSection(dir, appDir, shippedDir string) string {
	rec := func(id core.GameID) string {
		var b Build
		if !readJSON(filepath.Join(appDir, id.String()+".build.json"), &b) &&
			(id != core.SurroundTheLion || !readJSON(filepath.Join(dir, id.String()+".build.json"), &b)) {
			return "not measured (run `make app-tables`)"
		}
		return fmt.Sprintf("solved in %.0f s on %d threads, peak memory %.2f GiB, %.1f MiB cached", b.Seconds, b.Threads,
			float64(b.PeakMemory)/(1<<30), float64(b.FileBytes)/(1<<20))
	}
	shipped := func(id core.GameID, what string) string {
		if fi, err := os.Stat(tablebase.Path(shippedDir, id.String())); shippedDir != "" && err == nil {
			return fmt.Sprintf("%s shipped (%.1f MB)", what, float64(fi.Size())/1e6)
		}
		return what + " shipped"
	}
	var sb strings.Builder
	sb.WriteString(`## In the app

What plays perfectly on each device, and from where. Four things can: a **proven strategy** from
the start (the winner's move in every position its win reaches against every defence, with the
plies to the end: ` + "`solve strategy`" + `, replayed against every defence by ` + "`solve strategy-check`" + `),
shipped inside the app for Surround the Lion (27,085 positions, 47.5 KB), deer chess (4,370
positions, 10.5 KB) and Beat the Wolf (the dogs' 140-ply win without giving up a dog: a set
strategy, the 14,334,464 positions with the wolf to move and their plies, also from the start after the wolf's first move passed, 17.6 MB, read block by
block; the browser downloads it from its site on the first Beat the Wolf game), so Master plays the
dogs' win and the longest defence from the first move on every device; the **shipped device tables** (docs/device-tables.md), written into
` + "`tables/shipped/`" + ` by ` + "`make device-tables`" + `: Surround the Lion whole, deer chess whole (the placement phase's values alone), Beat
the Wolf's (the codes of 6 to 12 dogs, the values of 13 and 17) and Wolf Carries the Pig whole (its values alone where 4 to 6 pigs are captured), embedded in the desktop and phone builds and read from the binary's data as
probes need them, and served by the browser build's site, downloaded the first time their game is
played; a **table solved on the device** on first use where the shipped one cannot be used (built
for other rules until ` + "`make device-tables`" + ` runs again, or ` + "`HUNTCHESS_SHIPPED=off`" + `: in the background,
the game playable meanwhile with search; cached in the app's storage; the wait a player sees,
measured through the app's own table manager (` + "`go test -run '^$' -bench FirstUse -benchtime 1x ./tables`" + `),
is in the README); and the **table pack**, device tables the player may download in Settings →
Perfect play, written by ` + "`make device-tables`" + ` (it must be published at the pack's address; see the
README). Elsewhere the app plays by search.

| game | phone | browser | desktop | from where |
|---|---|---|---|---|
`)
	fmt.Fprintf(&sb, "| Surround the Lion | every position | every position | every position | %s; without it: %s on first use |\n",
		shipped(core.SurroundTheLion, "the whole table"), rec(core.SurroundTheLion))
	fmt.Fprintf(&sb, "| Twenty-Dog Deer Chess | every position: its value while the dogs are placed (every placement is progress, ai/convert.go), its value and plies once they are all in; the strategy from the start (the dogs' win, also after the deer's passes) | as the phone, the table downloaded from the site on the first game (the strategy plays meanwhile) | as the phone | %s; without it (desktop only): %s on first use, the moving phase |\n",
		shipped(core.DeerChess, "the whole table, values without plies while the dogs are placed,"), rec(core.DeerChess))
	fmt.Fprintf(&sb, "| Wolf Carries the Pig | every position: its value, and its plies where 0 to 3 pigs are captured (with 4 to 6, Master's wolves win by the shortest forced line to the next capture, ai/convert.go); with the pack, every position's plies | as the phone, the table downloaded from the site on the first game; without the pack | as the phone; also the full table of `make solve-all` through `HUNTCHESS_TABLES` | %s; too large to solve in the app (see below) |\n",
		shipped(core.WolfCarriesPig, "the whole table, values without plies where 4 to 6 pigs are captured,"))
	fmt.Fprintf(&sb, "| Beat the Wolf | the dogs' proven 140-ply win from the start without giving up a dog, from the shipped set strategy (Master's dogs play it, its wolf resists longest; hints and the review say it); every position with 17 dogs on the board, its value; with 6 to 12 dogs its value and plies, with 13 its value; with 14 to 16 search, or, with the pack, the whole game (every position's value, the plies of 6 to 13 dogs) | as the phone, the strategy downloaded from the site on the first Beat the Wolf game; the whole table where the site hosts the pack's | as the phone | %s and the set strategy shipped (17.6 MB); too large to solve in the app (see below) |\n\n",
		shipped(core.BeatTheWolf, "the table (the codes of 6 to 12 dogs, the values of 13 and 17)"))
	return sb.String()
}

// preyWinsStart says what the prey-win sections of pw prove
// about the start.
func preyWinsStart(g *core.GameInfo, t, pw *tablebase.Table, start core.Position) string {
	var sb strings.Builder
	lo := g.PreyCount - g.CapturesToWin + 1 // the fewest prey on the board in play
	for _, s := range t.Sections {
		if !s.Bound && s.Hand == 0 {
			lo = max(lo, s.K+1)
		}
	}
	v, d, ok := pw.ProbeBound(start)
	first := side(g, start.ToMove)
	switch {
	case !ok:
		fmt.Fprintf(&sb, "**The start** (%s to move): not covered by the tables solved here.\n\n", first)
	case v == tablebase.Win && start.ToMove == core.Prey, v == tablebase.Loss && start.ToMove == core.Predator:
		fmt.Fprintf(&sb, "**The start** (%s to move): **a win for %s, proven** — they stalemate %s in at most %d plies without giving up a single %s (the real game may hold a faster win that gives up %ss).",
			first, side(g, core.Prey), side(g, core.Predator), d, g.Prey, g.Prey)
		line := pw.LineBound(start, pvPlies)
		fmt.Fprintf(&sb, "\n\nA line of that win, %s fastest against %s longest resistance, neither capturing (%d plies; %s):\n\n```\n%s\n```\n\n",
			sideOf(g, core.Prey), sideOf(g, core.Predator), len(line), lineEnd(g, start, line, pvPlies, false), wrapMoves(line, pvPlies))
	default:
		fmt.Fprintf(&sb, "**The start** (%s to move): **not settled** — %s cannot stalemate %s without giving up a %s: from the start, %s can always force a capture or play on for ever. Whether %s win by giving up %ss, or %s wins, needs the tiers between (%d to %d %ss on the board), which are out of reach here.",
			first, side(g, core.Prey), side(g, core.Predator), g.Prey, side(g, core.Predator), side(g, core.Prey), g.Prey, side(g, core.Predator),
			lo, g.PreyCount-1, g.Prey)
		var buf [core.MaxMoves]core.Move
		var wins []string
		for _, m := range start.GenMoves(buf[:0]) {
			c := start.After(m)
			if cv, cd, ok := pw.ProbeBound(c); ok && c.Captured == start.Captured && (cv == tablebase.Win) == (c.ToMove == core.Prey) && cv != tablebase.Draw {
				wins = append(wins, fmt.Sprintf("%s (the %s then win in %d)", m, g.Prey+"s", cd))
			}
		}
		if len(wins) > 0 {
			fmt.Fprintf(&sb, " First moves after which %s win without loss: %s.", side(g, core.Prey), strings.Join(wins, "; "))
		}
		sb.WriteString("\n\n")
	}
	return sb.String()
}

// Command arena plays the AI levels against each other and writes the results
// as a markdown table.
//
//	go run ./cmd/arena -game all -a hard -b medium -n 60
//	go run ./cmd/arena -game all -pairs ladder -n 60 -scale 0.1 -out docs/ai-strength.md
//
// Each pair plays n games per game; the games go in twos from the same
// opening (a few random plies from a per-game seed), each level taking each
// side once, so the match is side-balanced.
package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"math/rand"
	"os"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"time"

	"huntchess/ai"
	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/match"
	"huntchess/proof"
	"huntchess/tables"
)

type pair struct{ a, b match.Level }

// tuned holds level a's evaluation weights per game when -tune-a is given.
var tuned [core.NumGames]*ai.Weights

// tunedAll holds both levels' evaluation weights per game when -tune is given.
var tunedAll [core.NumGames]*ai.Weights

// sets holds -set overrides of level budgets, for experiments.
var sets []setting

type setting struct {
	level match.Level
	side  string // "predator", "prey" or "" for both
	field string
	value int64
}

// tuneWeights returns per game the evaluation weights with the changes of
// spec ("Name=v,Name=v", given as flag name), starting from base where it has
// weights of its own, else from the game's; nil entries when spec is empty.
func tuneWeights(games []*core.GameInfo, name, spec string, base *[core.NumGames]*ai.Weights) (out [core.NumGames]*ai.Weights) {
	if spec == "" {
		return out
	}
	for _, g := range games {
		w := ai.GameWeights(g.ID)
		if base != nil && base[g.ID] != nil {
			w = *base[g.ID]
		}
		for _, kv := range strings.Split(spec, ",") {
			k, v, _ := strings.Cut(kv, "=")
			x, err := strconv.Atoi(v)
			if err != nil || !w.SetWeight(k, x) {
				fatal(fmt.Errorf("bad %s item %q", name, kv))
			}
		}
		w.Rebase(g.ID)
		out[g.ID] = &w
	}
	return out
}

func parseSets(spec string) {
	if spec == "" {
		return
	}
	for _, kv := range strings.Split(spec, ",") {
		k, v, _ := strings.Cut(kv, "=")
		parts := strings.Split(k, ".")
		x, err := strconv.ParseInt(v, 10, 64)
		if err != nil || len(parts) < 2 || len(parts) > 3 {
			fatal(fmt.Errorf("bad -set item %q", kv))
		}
		l, ok := match.ParseLevel(parts[0])
		if !ok {
			fatal(fmt.Errorf("bad -set level in %q", kv))
		}
		st := setting{level: l, field: parts[len(parts)-1], value: x}
		if len(parts) == 3 {
			st.side = parts[1]
		}
		var probe ai.Limits
		if !probe.Set(st.field, x) {
			fatal(fmt.Errorf("bad -set field in %q", kv))
		}
		sets = append(sets, st)
	}
}

type gameResult struct {
	game    core.GameID
	pair    pair
	index   int
	aSide   core.Side // side played by level a
	outcome core.Outcome
	plies   int
	capped  bool
	think   [2]stats // per level: [0] = a, [1] = b
	record  string
	opening int
}

type stats struct {
	n        int
	sum, max time.Duration
	proven   int // moves played from a proof (ai.Result.Proof not proof.Search)
}

func (s *stats) add(d time.Duration, proven bool) {
	s.n++
	s.sum += d
	s.max = max(s.max, d)
	if proven {
		s.proven++
	}
}

func (s *stats) merge(o stats) {
	s.n += o.n
	s.sum += o.sum
	s.max = max(s.max, o.max)
	s.proven += o.proven
}

func (s stats) mean() time.Duration {
	if s.n == 0 {
		return 0
	}
	return s.sum / time.Duration(s.n)
}

func main() {
	gameFlag := flag.String("game", "all", "game key or all")
	aFlag := flag.String("a", "hard", "first level")
	bFlag := flag.String("b", "medium", "second level")
	pairsFlag := flag.String("pairs", "", `level pairs "a:b,a:b" instead of -a/-b; "ladder" = medium:easy,hard:medium,master:hard`)
	n := flag.Int("n", 60, "games per pair per game (rounded up to even: each level takes each side equally often)")
	scale := flag.Float64("scale", 1, "time scale: multiplies the time caps and the node budgets of the node-defined levels")
	parallel := flag.Int("parallel", 2, "games played at once")
	randomPlies := flag.Int("random-plies", 4, "random opening plies (each opening uses 0..N)")
	margin := flag.Int("margin", 40, "an opening ply picks among the moves a 2-ply search scores within this margin of the best")
	maxPlies := flag.Int("max-plies", 300, "plies after which a game is scored a draw")
	seed := flag.Int64("seed", 1, "seed for the openings")
	out := flag.String("out", "", "write the markdown table to this file")
	appendOut := flag.Bool("append", false, "append to -out instead of replacing it")
	title := flag.String("title", "", "section title for the markdown output")
	header := flag.Bool("header", false, "start the markdown output with the document's introduction")
	tuneAll := flag.String("tune", "", `evaluation weight changes for both levels, "Name=v,Name=v"`)
	tuneA := flag.String("tune-a", "", `evaluation weight changes for level a only, "Name=v,Name=v" (A/B tuning; same level on both sides)`)
	setFlag := flag.String("set", "", `override level budgets for experiments, "level.Field=n" or "level.side.Field=n" (side predator or prey; fields of ai.Limits: Depth, Nodes, Noise, RootNoise, Lapse, Threads)`)
	verbose := flag.Bool("v", false, "print every game")
	records := flag.Bool("records", false, "with -v, print every game's moves too")
	app := flag.Bool("app", false, "play through the desktop app's engine and table owner (the shipped tables and strategies; -app-dirs searched first) instead of -tables")
	appDirs := flag.String("app-dirs", "", "with -app, folders of developer tables searched first, comma-separated (as HUNTCHESS_TABLES)")
	appCache := flag.String("app-cache", "build/arena-cache", "with -app, the table owner's cache folder (what the app solves on first use goes there)")
	tablesDir := flag.String("tables", "", "load endgame tables (GAME.hctb) from this directory: every level plays from them where they cover the position")
	tableGames := flag.String("table-games", "surround-the-lion,deer-chess", "with -tables, the games whose tables to load (the app's: Surround the Lion everywhere, deer chess's moving phase on the desktop)")
	flag.Parse()

	var games []*core.GameInfo
	if *gameFlag == "all" {
		games = core.Games()
	} else {
		g, err := core.Lookup(*gameFlag)
		if err != nil {
			fatal(err)
		}
		games = []*core.GameInfo{g}
	}
	var pairs []pair
	spec := *pairsFlag
	if spec == "ladder" {
		spec = "medium:easy,hard:medium,master:hard"
	}
	if spec == "" {
		spec = *aFlag + ":" + *bFlag
	}
	for _, ps := range strings.Split(spec, ",") {
		as, bs, ok := strings.Cut(ps, ":")
		a, ok1 := match.ParseLevel(as)
		b, ok2 := match.ParseLevel(bs)
		if !ok || !ok1 || !ok2 {
			fatal(fmt.Errorf("bad level pair %q", ps))
		}
		pairs = append(pairs, pair{a, b})
	}
	games2 := (*n + 1) / 2 * 2
	parseSets(*setFlag)
	var tablesNote string
	if *app {
		if *tablesDir != "" {
			fatal(fmt.Errorf("-app and -tables exclude each other"))
		}
		if err := os.MkdirAll(*appCache, 0o755); err != nil {
			fatal(err)
		}
		var dirs []string
		if *appDirs != "" {
			dirs = strings.Split(*appDirs, ",")
		}
		tablesNote = appEngine(games, *appCache, dirs)
	} else {
		tablesNote = loadTables(*tablesDir, *tableGames)
	}
	tunedAll = tuneWeights(games, "-tune", *tuneAll, nil)
	tuned = tuneWeights(games, "-tune-a", *tuneA, &tunedAll)

	type job struct {
		g     *core.GameInfo
		p     pair
		i     int
		aSide core.Side
	}
	var jobs []job
	for _, p := range pairs {
		for _, g := range games {
			for i := 0; i < games2; i++ {
				side := core.Predator
				if i%2 == 1 {
					side = core.Prey
				}
				jobs = append(jobs, job{g, p, i, side})
			}
		}
	}
	start := time.Now()
	results := make([]gameResult, len(jobs))
	var mu sync.Mutex
	var wg sync.WaitGroup
	next := 0
	done := 0
	workers := max(*parallel, 1)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				mu.Lock()
				if next >= len(jobs) {
					mu.Unlock()
					return
				}
				k := next
				next++
				mu.Unlock()
				j := jobs[k]
				r := play(j.g, j.p, j.i, j.aSide, *scale, *randomPlies, *margin, *maxPlies, *seed)
				mu.Lock()
				results[k] = r
				done++
				if *verbose {
					fmt.Fprintf(os.Stderr, "[%d/%d %s] %s %s(%s) vs %s: %s (%s) in %d plies\n", done, len(jobs),
						time.Since(start).Round(time.Second), j.g.Key, j.p.a, j.aSide, j.p.b, r.outcome.Result, r.outcome.Reason, r.plies)
					if *records {
						fmt.Fprintf(os.Stderr, "    %s\n", r.record)
					}
				} else if done%20 == 0 {
					fmt.Fprintf(os.Stderr, "%d/%d games (%s)\n", done, len(jobs), time.Since(start).Round(time.Second))
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()

	var sb strings.Builder
	if *header {
		sb.WriteString(intro())
	}
	report(&sb, results, games, pairs, *scale, games2, *randomPlies, *margin, *maxPlies, *parallel, *title, tablesNote, time.Since(start))
	fmt.Print(sb.String())
	if *out != "" {
		mode := os.O_CREATE | os.O_WRONLY | os.O_TRUNC
		if *appendOut {
			mode = os.O_CREATE | os.O_WRONLY | os.O_APPEND
		}
		f, err := os.OpenFile(*out, mode, 0o644)
		if err != nil {
			fatal(err)
		}
		if _, err := io.WriteString(f, sb.String()); err != nil {
			fatal(err)
		}
		if err := f.Close(); err != nil {
			fatal(err)
		}
	}
}

func intro() string {
	return `# AI strength

Written by the self-play arena (` + "`make arena`" + `, ` + "`go run ./cmd/arena`" + `); do not edit by hand.

The engine (package ` + "`ai`" + `) is one iterative-deepening alpha-beta search (negamax with
principal-variation search, transposition table on core's Zobrist keys, captures / threat
replies / killer / history move ordering, late-move reductions, a capture quiescence search
and extensions for pending captures and a cornered predator) over a hand-made evaluation per
game (ai/eval.go). The four levels differ only in budget:

| level | depth | nodes (full scale) | noise | root noise | lapse % | threads | time cap |
|---|---|---|---|---|---|---|---|
` + levelRows + `
Departures for one side of one game (ai/level.go, levelTweaks). In the pigs and lion games a
side that looks two plies ahead never loses a piece, and in deer chess dogs that look two
plies ahead shut in any deer, so there the levels below Master slip now and then on the
side where slips decide games: a lapse is a move searched one ply deep, root noise a fixed
random offset of up to ± n on each root move's score, and the deer game's dogs below Master
look one ply ahead with noise:

` + tweakRows + `
Where a game's endgame table (ai/tablebase, ` + "`make tables`" + `) covers the position, every
level plays from the table instead of searching, and the levels differ by how often and how
badly they leave the best value (ai/tb.go, tableLevelMove): on its share of slips a level plays
the next-best value (a win let slip to a draw, a draw to a loss, a long resistance to a shorter
one), or, where it says so, any legal move; otherwise it plays Master's move (the shortest win,
the longest resistance, the draw with the most losing replies). Which positions slip is fixed by
a hash of the position and the level's seed, so a level is deterministic under a seed.

| level | table slips | slip to |
|---|---|---|
` + tableRows + `
The app ships a device table for each game (tables/shipped: Surround the Lion and deer chess
whole, Wolf Carries the Pig whole with values alone where 4 to 6 pigs are captured, Beat the
Wolf's endgames) and Beat the Wolf's proven strategy from the start, and its table pack holds
Beat the Wolf's bound table. ` + "`make arena`" + ` plays through the app's own engine (` + "`-app`" + `:
` + "`ai.NewEngine`" + ` over the app's table owner with what ships, as the desktop app plays without
the pack): the tables at every level, and for Master the proven strategy, the bound table and
the bridge back onto a proof too. (With ` + "`-tables DIR`" + ` instead, the arena plays only from the
full tables it loads and searches elsewhere: the search's strength alone.) The column "from a
proof" below is the share of a level's moves that a table or a proven line gave.

A level is defined by depth / nodes / noise; the time is a cap, so a match can be played at a
reduced time scale (the node budgets and time caps of Hard and Master are multiplied by the
scale; Easy and Medium are depth-limited and unchanged). A pair plays n games per game: the games go
in twos from the same opening, each level taking each side once. Score % counts a draw half.

`
}

func init() {
	var sb strings.Builder
	for _, lv := range match.Levels() {
		l := ai.LevelLimits(lv)
		depth := "—"
		if l.Depth > 0 {
			depth = strconv.Itoa(l.Depth)
		}
		fmt.Fprintf(&sb, "| %s | %s | %d | %d | %d | %d | %d | %v |\n", lv, depth, l.Nodes, l.Noise, l.RootNoise, l.Lapse, max(l.Threads, 1), l.Time)
	}
	levelRows = sb.String()
	sb.Reset()
	for _, lv := range match.Levels() {
		l := ai.LevelLimits(lv)
		to := "the next-best value"
		if l.TableSlipAny {
			to = "any legal move"
		}
		if l.TableSlip == 0 {
			to = "— (never slips)"
		}
		fmt.Fprintf(&sb, "| %s | %d %% of moves | %s |\n", lv, l.TableSlip, to)
	}
	tableRows = sb.String()
	sb.Reset()
	for _, g := range core.Games() {
		for _, side := range []core.Side{core.Predator, core.Prey} {
			for _, lv := range match.Levels() {
				if d := limitsDiff(ai.LevelLimits(lv), ai.LevelLimitsFor(g.ID, side, lv)); d != "" {
					fmt.Fprintf(&sb, "- %s, %s (%s), %s: %s\n", g.Key, g.PiecesOf(side), side, lv, d)
				}
			}
		}
	}
	if sb.Len() == 0 {
		sb.WriteString("- none\n")
	}
	tweakRows = sb.String()
}

var levelRows, tweakRows, tableRows string

// limitsDiff describes how b departs from a.
func limitsDiff(a, b ai.Limits) string {
	var parts []string
	add := func(name string, x, y int64) {
		if x != y {
			parts = append(parts, fmt.Sprintf("%s %d (not %d)", name, y, x))
		}
	}
	add("depth", int64(a.Depth), int64(b.Depth))
	add("nodes", a.Nodes, b.Nodes)
	add("noise", int64(a.Noise), int64(b.Noise))
	add("root noise", int64(a.RootNoise), int64(b.RootNoise))
	if a.Lapse != b.Lapse {
		parts = append(parts, fmt.Sprintf("lapse %d %% (not %d %%)", b.Lapse, a.Lapse))
	}
	add("threads", int64(a.Threads), int64(b.Threads))
	if a.TableSlip != b.TableSlip {
		parts = append(parts, fmt.Sprintf("table slips %d %% (not %d %%)", b.TableSlip, a.TableSlip))
	}
	return strings.Join(parts, ", ")
}

// arenaTables are the tables behind every level (-tables).
var arenaTables ai.TableSet

// arenaEngine plays every level: from arenaTables where they cover the
// position (with the level's table slips), else by its search; with -app,
// the app's engine (appEngine).
var arenaEngine = ai.Engine{Sources: []ai.Source{ai.TableMoves{Tables: &arenaTables}, ai.SearchMoves{Tables: &arenaTables}}}

// appEngine makes arenaEngine the desktop app's engine: ai.NewEngine over a
// tables.Owner as the app has one (the tables and strategies shipped with
// it, the folders of dirs searched first as HUNTCHESS_TABLES's, a cache
// folder cache where it solves what it solves on first use), each game's
// table had before the first move. It returns a sentence for the report.
func appEngine(games []*core.GameInfo, cache string, dirs []string) string {
	owner := tables.New(cache, dirs, false, func(f func()) { f() })
	for _, g := range games {
		owner.Ensure(g.ID)
	}
	owner.Wait()
	for _, p := range owner.Problems() {
		fmt.Fprintf(os.Stderr, "arena: %s\n", p)
	}
	arenaEngine = ai.NewEngine(owner)
	var parts []string
	for _, g := range games {
		var has []string
		if st := owner.Status(g.ID); st.State == tables.Ready {
			has = append(has, "its table ("+st.From.String()+")")
		} else if st.State == tables.Failed {
			fatal(fmt.Errorf("%s: table: %v", g.Key, st.Err))
		}
		if owner.Strategy(g.ID) != nil {
			has = append(has, "its proven strategy from the start")
		}
		if owner.Bound(g.ID) != nil {
			has = append(has, "its bound table")
		}
		if len(has) == 0 {
			has = append(has, "no table")
		}
		d := g.Key + ": " + strings.Join(has, ", ")
		parts = append(parts, d)
		fmt.Fprintf(os.Stderr, "arena: %s\n", d)
	}
	return "Every level plays through the desktop app's engine (ai.NewEngine over the app's table owner, without the table pack): " +
		"the endgame table where it covers the position (every level, with its table slips), then, for Master, the proven strategy, " +
		"the bound table and the bridge back onto a proof, and the search elsewhere. The files it had: " +
		strings.Join(parts, "; ") + "."
}

// loadTables opens the tables of the listed games in dir and puts them
// behind the levels (arenaTables); it returns a sentence for the report.
func loadTables(dir, list string) string {
	if dir == "" {
		return "Endgame tables: none (every level searches)."
	}
	var parts []string
	for _, key := range strings.Split(list, ",") {
		g, err := core.Lookup(strings.TrimSpace(key))
		if err != nil {
			fatal(err)
		}
		t, err := tablebase.Open(tablebase.Path(dir, g.Key))
		if err != nil {
			fatal(fmt.Errorf("-tables: %w", err))
		}
		arenaTables[g.ID] = t
		var moving, placing []string
		for _, s := range t.Sections {
			switch {
			case s.Bound:
			case s.Hand == 0:
				moving = append(moving, strconv.Itoa(g.PreyCount-s.Captured))
			default:
				placing = append(placing, fmt.Sprintf("%d+%d", s.Captured, s.Hand))
			}
		}
		d := fmt.Sprintf("%s (moving phase with %s %ss on the board", g.Key, strings.Join(moving, ", "), g.PiecesOf(core.Prey))
		if len(placing) > 0 {
			d += fmt.Sprintf("; %d placement tiers", len(placing))
		}
		parts = append(parts, d+")")
		fmt.Fprintf(os.Stderr, "arena: table %s\n", d+")")
	}
	return "Endgame tables loaded (every level plays from them where they cover the position, with its table slips): " +
		strings.Join(parts, "; ") + ". Elsewhere the levels search."
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "arena:", err)
	os.Exit(2)
}

// opening plays 1..randomPlies plies from the start, each chosen at random
// among the sensible moves: those a 2-ply search scores within margin of the
// best one (so the openings vary but hand nothing over).
func opening(g *core.GameInfo, r *rand.Rand, randomPlies, margin int) *core.Game {
	gm := core.NewGameFrom(g.Start())
	k := r.Intn(randomPlies + 1)
	for i := 0; i < k && !gm.Outcome().Over(); i++ {
		p := gm.Position()
		ms := gm.LegalMoves()
		scores := make([]int, len(ms))
		best := -1 << 30
		for j, m := range ms {
			q := p.After(m)
			sr := ai.Search(context.Background(), q, ai.Limits{Depth: 2, History: append(gm.History(), q.Key)})
			scores[j] = -sr.Score
			best = max(best, scores[j])
		}
		var ok []core.Move
		for j, m := range ms {
			if scores[j] >= best-margin {
				ok = append(ok, m)
			}
		}
		if err := gm.PlayMove(ok[r.Intn(len(ok))]); err != nil {
			panic(err)
		}
	}
	return gm
}

func play(g *core.GameInfo, p pair, i int, aSide core.Side, scale float64, randomPlies, margin, maxPlies int, seed int64) gameResult {
	// Games 2k and 2k+1 share their opening, with the sides swapped.
	r := rand.New(rand.NewSource(seed*1_000_003 + int64(g.ID)*7919 + int64(i/2)))
	gm := opening(g, r, randomPlies, margin)
	res := gameResult{game: g.ID, pair: p, index: i, aSide: aSide, opening: gm.Len()}
	for !gm.Outcome().Over() {
		if gm.Len() >= maxPlies {
			res.capped = true
			break
		}
		pos := gm.Position()
		who := 1 // b
		lv := p.b
		if pos.ToMove == aSide {
			who, lv = 0, p.a
		}
		lim := ai.GameLimits(gm, lv)
		for _, st := range sets {
			if st.level == lv && (st.side == "" || st.side == pos.ToMove.String()) {
				lim.Set(st.field, st.value)
			}
		}
		lim = ai.ScaleLimits(lim, scale)
		lim.Weights = tunedAll[g.ID]
		if who == 0 && tuned[g.ID] != nil {
			lim.Weights = tuned[g.ID]
		}
		lim.Seed ^= seed*0x5851f42d4c957f2d + int64(i/2)*0x14057b7ef767814f // noise differs per opening pair
		t0 := time.Now()
		sr := arenaEngine.Choose(context.Background(), pos, lim)
		res.think[who].add(time.Since(t0), sr.Proof != proof.Search)
		if err := gm.PlayMove(sr.Move); err != nil {
			panic(fmt.Sprintf("%s: %v: %v", g.Key, pos, err))
		}
	}
	res.outcome = gm.Outcome()
	if res.capped {
		res.outcome = core.Outcome{Result: core.Draw}
	}
	res.plies = gm.Len()
	res.record = gm.Record()
	return res
}

// score returns level a's points in a game: 1 win, ½ draw, 0 loss.
func (r gameResult) score() (w, d, l int) {
	switch r.outcome.Result {
	case core.Draw:
		return 0, 1, 0
	case core.PredatorWins:
		if r.aSide == core.Predator {
			return 1, 0, 0
		}
	case core.PreyWins:
		if r.aSide == core.Prey {
			return 1, 0, 0
		}
	}
	return 0, 0, 1
}

func report(w io.Writer, results []gameResult, games []*core.GameInfo, pairs []pair, scale float64, n, randomPlies, margin, maxPlies, parallel int, title, tablesNote string, took time.Duration) {
	if title == "" {
		title = "Arena results"
	}
	fmt.Fprintf(w, "## %s\n\n", title)
	fmt.Fprintf(w, "Time scale **%g** (time caps and node budgets of Hard/Master × %g; Easy and Medium are depth-limited). "+
		"%d games per pair per game, each level playing each side %d times from the same openings "+
		"(0–%d random plies, each among the moves a 2-ply search scores within %d of the best); a game still running after %d plies is a draw. "+
		"%d games at once on %d CPUs (GOMAXPROCS %d). Run took %s.\n\n",
		scale, scale, n, n/2, randomPlies, margin, maxPlies, parallel, runtime.NumCPU(), runtime.GOMAXPROCS(0), took.Round(time.Second))
	fmt.Fprintf(w, "%s\n\n", tablesNote)
	for _, p := range pairs {
		for _, lv := range []match.Level{p.a, p.b} {
			lim := ai.ScaleLimits(ai.LevelLimits(lv), scale)
			fmt.Fprintf(w, "- %s %s: depth %d, nodes %d, noise %d, root noise %d, lapse %d %%, threads %d, time cap %v (plus the departures above)\n",
				p, lv, lim.Depth, lim.Nodes, lim.Noise, lim.RootNoise, lim.Lapse, max(lim.Threads, 1), lim.Time)
		}
	}
	fmt.Fprintln(w)
	fmt.Fprintln(w, "| game | pair (A vs B) | A plays | A W/D/L | A score % | plies mean | A think mean / max | B think mean / max |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|---|---|")
	type key struct {
		g core.GameID
		p pair
	}
	type agg struct {
		w, d, l, plies, games int
		ta, tb                stats
	}
	summary := map[key]agg{}
	for _, g := range games {
		for _, p := range pairs {
			var sides [3]agg
			for _, r := range results {
				if r.game != g.ID || r.pair != p {
					continue
				}
				ww, dd, ll := r.score()
				for _, s := range []int{int(r.aSide), 2} {
					a := &sides[s]
					a.w += ww
					a.d += dd
					a.l += ll
					a.plies += r.plies
					a.games++
					a.ta.merge(r.think[0])
					a.tb.merge(r.think[1])
				}
			}
			names := []string{g.Predator, g.Prey + "s", "**both**"}
			for s, a := range sides {
				if a.games == 0 {
					continue
				}
				pct := 100 * (float64(a.w) + 0.5*float64(a.d)) / float64(a.games)
				ps := fmt.Sprintf("%.1f", pct)
				if s == 2 {
					ps = "**" + ps + "**"
				}
				fmt.Fprintf(w, "| %s | %s vs %s | %s | %d/%d/%d | %s | %.0f | %s / %s | %s / %s |\n",
					g.Key, p.a, p.b, names[s], a.w, a.d, a.l, ps, float64(a.plies)/float64(a.games),
					ms(a.ta.mean()), ms(a.ta.max), ms(a.tb.mean()), ms(a.tb.max))
			}
			summary[key{g.ID, p}] = sides[2]
		}
	}
	fmt.Fprintln(w)
	// Per level: think times over the whole run.
	per := map[match.Level]*stats{}
	for _, r := range results {
		for k, lv := range []match.Level{r.pair.a, r.pair.b} {
			if per[lv] == nil {
				per[lv] = &stats{}
			}
			per[lv].merge(r.think[k])
		}
	}
	var lvls []match.Level
	for lv := range per {
		lvls = append(lvls, lv)
	}
	sort.Slice(lvls, func(i, j int) bool { return lvls[i] < lvls[j] })
	fmt.Fprintln(w, "| level | moves | from a proof | think mean | think max | time cap at this scale |")
	fmt.Fprintln(w, "|---|---|---|---|---|---|")
	for _, lv := range lvls {
		s := per[lv]
		fmt.Fprintf(w, "| %s | %d | %s | %s | %s | %v |\n", lv, s.n, share(*s), ms(s.mean()), ms(s.max), ai.ScaleLimits(ai.LevelLimits(lv), scale).Time)
	}
	fmt.Fprintln(w)
	// Per game and level: the share of moves a proof gave.
	type gl struct {
		g  core.GameID
		lv match.Level
	}
	pg := map[gl]*stats{}
	for _, r := range results {
		for k, lv := range []match.Level{r.pair.a, r.pair.b} {
			x := gl{r.game, lv}
			if pg[x] == nil {
				pg[x] = &stats{}
			}
			pg[x].merge(r.think[k])
		}
	}
	fmt.Fprint(w, "| game |")
	for _, lv := range lvls {
		fmt.Fprintf(w, " %s: moves from a proof |", lv)
	}
	fmt.Fprint(w, "\n|---|")
	for range lvls {
		fmt.Fprint(w, "---|")
	}
	fmt.Fprintln(w)
	for _, g := range games {
		fmt.Fprintf(w, "| %s |", g.Key)
		for _, lv := range lvls {
			s := pg[gl{g.ID, lv}]
			if s == nil {
				fmt.Fprint(w, " — |")
				continue
			}
			fmt.Fprintf(w, " %s of %d |", share(*s), s.n)
		}
		fmt.Fprintln(w)
	}
	fmt.Fprintln(w)
}

// share is the share of s's moves played from a proof, as a percentage.
func share(s stats) string {
	if s.n == 0 {
		return "—"
	}
	return fmt.Sprintf("%.1f %%", 100*float64(s.proven)/float64(s.n))
}

func (p pair) String() string { return p.a.String() + "–" + p.b.String() }

func ms(d time.Duration) string {
	return fmt.Sprintf("%.1f ms", float64(d.Microseconds())/1000)
}

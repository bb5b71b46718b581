// Command perfect measures an engine against perfect play (Wolf Carries the
// Pig by default; -game another with a full table): from random positions
// the full endgame table proves drawn or won for the side to move (or
// those of -positions), the engine under test plays that side against the
// full table's Master (perfect: from a draw it keeps the draw, from a loss it
// resists longest), and the table referees every move of the engine. It
// reports how often the engine drops a proven value and how fast it converts
// its wins.
//
// Beat the Wolf's whole game has no table file: -tiers DIR reads its tier
// files (make solve-whole) as the referee and plays the perfect opponent
// from them; -engine app plays the app's own engine, -walks adds games
// from positions reached off the start at random.
//
//	go run ./cmd/perfect -full build/tables -engine table -device build/wdl-4194304 -n 1000
//	go run ./cmd/perfect -full build/tables -engine search -scale 0.05 -n 1000 -out docs/perfect.md
//	go run ./cmd/perfect -game beat-the-wolf -tiers DIR -engine app -app-dirs PACKDIR -n 200 -walks 40 -start -scale 0.05
package main

import (
	"cmp"
	"context"
	"flag"
	"fmt"
	"maps"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"huntchess/ai"
	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/solver"
	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
	"huntchess/match"
	"huntchess/tables"
)

// game is the game measured (-game).
var game = core.WolfCarriesPig

// tier is a section of the table: its captured count and, while pieces are
// placed, those in hand.
type tier struct{ capt, hand int }

// The ends of a game, from the engine's side.
const (
	endKept       = "draw kept"
	endLost       = "draw dropped (lost)"
	endConverted  = "converted"
	endDropDraw   = "dropped to draw"
	endDropLoss   = "dropped to loss"
	endLimit      = "still winning at the ply limit"
	endRepetition = "drawn by repetition"
	endLossLost   = "lost (a lost start)"
	endLossHeld   = "held to the ply limit (a lost start)"
	endLuckyWin   = "won (the opponent slipped)"
	endOppSlip    = "the opponent lost value (a bug)"
)

// start is one game to play: the position, the engine's side and the full
// table's value and plies for it there.
type start struct {
	pos       core.Position
	side      core.Side
	val       tablebase.Value
	dist      int
	fromStart bool
	walk      int // the plies of the walk from the start that reached pos (-walks), 0: none
}

// result is one played game.
type result struct {
	start
	moves   []core.Move
	end     string
	dropPly int             // the ply (from 1) of the engine's move that dropped the value; 0: none
	dropTo  tablebase.Value // the engine's value after it
	think   []time.Duration // the engine's time per move
	oppSlip int             // the ply of the opponent's move that lost value (must be 0: it stops the game)
}

// drop reports whether a move from a position worth before to the mover
// (child worth after to the side then to move) makes the mover's value
// worse, and the mover's value after it.
func drop(before, after tablebase.Value) (tablebase.Value, bool) {
	mine := after.Other()
	return mine, mine.Rank() < before.Rank()
}

// classify names a game's end: from a start worth val to the engine, with
// dropTo its value after a dropping move (Unknown: none), and, where the
// game is over (over), its result for the engine (res: Win, Draw, Loss;
// rep: a draw by repetition). A game neither dropped nor over reached the
// ply limit.
func classify(val, dropTo tablebase.Value, over bool, res tablebase.Value, rep bool) string {
	switch {
	case dropTo != tablebase.Unknown && val == tablebase.Draw:
		return endLost
	case dropTo == tablebase.Draw:
		return endDropDraw
	case dropTo == tablebase.Loss:
		return endDropLoss
	case val == tablebase.Loss:
		if !over {
			return endLossHeld
		}
		if res == tablebase.Loss {
			return endLossLost
		}
		return endLuckyWin
	case val == tablebase.Draw:
		if over && res == tablebase.Win {
			return endLuckyWin
		}
		return endKept
	case !over:
		return endLimit
	case res == tablebase.Win:
		return endConverted
	case rep:
		return endRepetition
	}
	return endDropDraw // over and not won from a win without a drop: cannot happen
}

// stats are the mean, median, 95th percentile (nearest rank) and maximum of xs.
type stats struct{ mean, median, p95, max float64 }

func summarize(xs []float64) stats {
	if len(xs) == 0 {
		return stats{}
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	sum := 0.0
	for _, x := range s {
		sum += x
	}
	med := s[len(s)/2]
	if len(s)%2 == 0 {
		med = (s[len(s)/2-1] + s[len(s)/2]) / 2
	}
	return stats{sum / float64(len(s)), med, percentile(s, 95), s[len(s)-1]}
}

// percentile is the nearest-rank q-th percentile of sorted s.
func percentile(s []float64, q float64) float64 {
	if len(s) == 0 {
		return 0
	}
	i := int(float64(len(s))*q/100+0.999999) - 1
	return s[min(max(i, 0), len(s)-1)]
}

// pickTier chooses an index with probability proportional to its weight.
func pickTier(rng *rand.Rand, w []int64) int {
	var sum int64
	for _, x := range w {
		sum += x
	}
	r := rng.Int63n(sum)
	for i, x := range w {
		if r < x {
			return i
		}
		r -= x
	}
	return len(w) - 1
}

// prober is the referee: the full table (a fake in the tests).
type prober interface {
	Probe(p core.Position) (tablebase.Value, int, bool)
}

// mover plays a game's next move: the perfect opponent (ai.Engine over the
// full table's Master, or perfectMover over the tier files).
type mover interface {
	Think(ctx context.Context, g *core.Game, level match.Level) ai.Result
}

// perfectMover plays from a table's values and plies alone (the tier files
// of -tiers): the winner's shortest win, the loser's longest resistance, a
// move that keeps the draw (the first; one to a position the game has seen
// least, so a draw is not ended sooner than it must be).
type perfectMover struct{ t prober }

func (m perfectMover) Think(_ context.Context, g *core.Game, _ match.Level) ai.Result {
	p := g.Position()
	seen := map[uint64]int{}
	for _, k := range g.History() {
		seen[k]++
	}
	var best core.Move
	bestRank, bestPlies, bestSeen, found := 0, 0, 0, false
	for _, mv := range g.LegalMoves() {
		q := p.After(mv)
		cv, cp, ok := m.t.Probe(q)
		if !ok {
			continue
		}
		cv = forMover(p, q, cv)
		rank := cv.Rank()
		better := !found || rank > bestRank
		if found && rank == bestRank {
			switch {
			case cv == tablebase.Win:
				better = cp < bestPlies
			case cv == tablebase.Loss:
				better = cp > bestPlies
			default:
				better = seen[q.Key] < bestSeen
			}
		}
		if better {
			best, bestRank, bestPlies, bestSeen, found = mv, rank, cp, seen[q.Key], true
		}
	}
	return ai.Result{Move: best}
}

// forMover is cv, the value of child for its side to move, as the value
// of the move from p to child for the side that made it: the other side's,
// unless the move was a pass (the same side to move again).
func forMover(p, child core.Position, cv tablebase.Value) tablebase.Value {
	if child.ToMove != p.ToMove {
		return cv.Other()
	}
	return cv
}

type config struct {
	opp            mover
	eng            ai.Engine
	table          prober // the referee
	level          match.Level
	scale          float64
	drawPlies, ext int
	slow           time.Duration
}

// play plays one game of the engine from s against the perfect opponent.
func (c *config) play(ctx context.Context, s start) result {
	g := core.NewGameFrom(s.pos)
	res := result{start: s}
	limit := c.drawPlies
	if s.val != tablebase.Draw {
		limit = s.dist + c.ext
	}
	for !g.Outcome().Over() && g.Len() < limit {
		p := g.Position()
		before, _, _ := c.table.Probe(p)
		var r ai.Result
		if p.ToMove == s.side {
			lim := ai.ScaleLimits(ai.GameLimits(g, c.level), c.scale)
			t0 := time.Now()
			r = c.eng.Choose(ctx, p, lim)
			el := time.Since(t0)
			res.think = append(res.think, el)
			if c.slow > 0 && el >= c.slow {
				fmt.Fprintf(os.Stderr, "perfect: slow move %v in %s (%v): %v, proof %v, depth %d, nodes %d\n",
					r.Move, el.Round(time.Millisecond), p, before, r.Proof, r.Depth, r.Nodes)
			}
		} else {
			r = c.opp.Think(ctx, g, match.Master)
		}
		if err := g.PlayMove(r.Move); err != nil {
			fmt.Fprintf(os.Stderr, "perfect: %v plays an illegal move %v in %v: %v\n", p.ToMove, r.Move, p, err)
			break
		}
		after, _, _ := c.table.Probe(g.Position())
		if mine, ok := drop(before, after); ok {
			if p.ToMove != s.side {
				res.oppSlip = g.Len() // the measure is void: stop
				break
			}
			res.dropPly, res.dropTo = g.Len(), mine
			break
		}
	}
	res.moves = g.Moves()
	o := g.Outcome()
	endVal := tablebase.Unknown
	if o.Over() {
		endVal = tablebase.OutcomeValue(o, s.side)
	}
	res.end = classify(s.val, res.dropTo, o.Over(), endVal, o.Reason == core.ReasonRepetition)
	if res.oppSlip > 0 {
		res.end = endOppSlip
	}
	return res
}

func main() {
	fullDir := flag.String("full", "", "folder of the full table GAME.hctb (referee and opponent)")
	tiersDir := flag.String("tiers", "", "folder of the solver's tier files DIR/GAME.tiers/ (referee and opponent, in place of -full: Beat the Wolf's whole table)")
	engName := flag.String("engine", "search", "engine under test: search (no tables), table (the -device table, then search) or app (the desktop app's engine: ai.NewEngine over its table owner, -app-dirs searched first)")
	devDir := flag.String("device", "", "folder of the device table, for -engine table")
	appDirs := flag.String("app-dirs", "", "with -engine app, folders of developer tables searched first, comma-separated (as HUNTCHESS_TABLES)")
	appCache := flag.String("app-cache", "build/arena-cache", "with -engine app, the table owner's cache folder")
	devCache := flag.Int64("device-cache", 0, "bytes of the device table's block cache (0: the table's default, as on a phone)")
	levelName := flag.String("level", "master", "level of the engine under test")
	scale := flag.Float64("scale", 1, "time scale of the level's budget (ai.ScaleLimits)")
	n := flag.Int("n", 1000, "random positions: half drawn, half won for the engine")
	seed := flag.Int64("seed", 1, "seed of the random positions")
	parallel := flag.Int("parallel", 2, "games at once")
	drawPlies := flag.Int("draw-plies", 60, "a drawn start is kept once the game reaches this many plies")
	winExtra := flag.Int("win-extra", 60, "a won start may last the table's plies plus this many")
	out := flag.String("out", "", "append the report to this markdown file")
	slow := flag.Duration("slow", 0, "log the engine's moves that take at least this long (0: none)")
	gameKey := flag.String("game", game.String(), "the game (its key), whose full table -full holds")
	fromStart := flag.Bool("start", false, "also play from the game's start, the engine once on each side")
	list := flag.Bool("list", false, "print the random positions (one a line, as -positions reads them) and stop")
	stratDir := flag.String("strategy", "", "with -engine table, also the proven strategy DIR/GAME.hcst, after the table (as the app's engine: a table move without plies gives way to it)")
	positions := flag.String("positions", "", "play these positions (a file, one a line in core's notation), not random ones")
	capturedList := flag.String("captured", "", "the random positions from these tiers only (captured counts, comma-separated; default every one)")
	walks := flag.Int("walks", 0, "also play from this many positions reached from the start by random moves (-walk-plies of them) that keep the value of the side to move at the start, the engine to move there")
	walkPlies := flag.Int("walk-plies", 20, "the plies of each -walks walk (the most: it stops where the game ends)")
	flag.Parse()
	level, ok := match.ParseLevel(*levelName)
	if !ok || (*fullDir == "") == (*tiersDir == "") || *n < 0 || *parallel < 1 {
		fatal(fmt.Errorf("bad flags: need -full DIR or -tiers DIR, a level, -n ≥ 0, -parallel ≥ 1"))
	}
	info, err := core.Lookup(*gameKey)
	if err != nil {
		fatal(err)
	}
	game = info.ID
	c := &config{level: level, scale: *scale, drawPlies: *drawPlies, ext: *winExtra, slow: *slow}
	// The referee, its tiers and their sizes.
	var tiers []tier
	var weights []int64
	if *fullDir != "" {
		full, err := tablebase.Open(tablebase.Path(*fullDir, info.Key))
		if err != nil {
			fatal(err)
		}
		full.SetCacheBytes(2 << 30)
		fullSet := &ai.TableSet{}
		fullSet[game] = full
		c.opp, c.table = ai.Engine{Sources: []ai.Source{ai.TableMoves{Tables: fullSet}}}, full
		for _, sec := range full.Sections {
			if !sec.Bound {
				tiers, weights = append(tiers, tier{sec.Captured, sec.Hand}), append(weights, sec.Entries)
			}
		}
	} else {
		tt := solver.NewTierTable(info, *tiersDir)
		defer tt.Close()
		c.opp, c.table = perfectMover{tt}, tt
		for capt := range info.CapturesToWin {
			if e := tt.Entries(capt); e > 0 {
				tiers, weights = append(tiers, tier{capt, 0}), append(weights, e)
			}
		}
		if len(tiers) == 0 {
			fatal(fmt.Errorf("%s: no tier files of %s", *tiersDir, info.Key))
		}
	}
	if *capturedList != "" {
		keep := map[int]bool{}
		for _, f := range strings.Split(*capturedList, ",") {
			k, err := strconv.Atoi(strings.TrimSpace(f))
			if err != nil {
				fatal(fmt.Errorf("-captured: %v", err))
			}
			keep[k] = true
		}
		var t2 []tier
		var w2 []int64
		for i, t := range tiers {
			if keep[t.capt] {
				t2, w2 = append(t2, t), append(w2, weights[i])
			}
		}
		if len(t2) == 0 {
			fatal(fmt.Errorf("-captured %s: no such tier", *capturedList))
		}
		tiers, weights = t2, w2
	}
	switch *engName {
	case "search":
	case "app":
		var dirs []string
		if *appDirs != "" {
			dirs = strings.Split(*appDirs, ",")
		}
		if err := os.MkdirAll(*appCache, 0o755); err != nil {
			fatal(err)
		}
		owner := tables.New(*appCache, dirs, false, func(f func()) { f() })
		owner.Ensure(game)
		owner.Wait()
		for _, p := range owner.Problems() {
			fmt.Fprintf(os.Stderr, "perfect: %s\n", p)
		}
		st := owner.Status(game)
		fmt.Fprintf(os.Stderr, "perfect: the app's engine: %s's table %v from %v, strategy %v, bound table %v\n",
			info.Key, st.State, st.From, owner.Strategy(game) != nil, owner.Bound(game) != nil)
		c.eng = ai.NewEngine(owner)
	case "table":
		dev, err := tablebase.Open(tablebase.Path(*devDir, info.Key))
		if err != nil {
			fatal(err)
		}
		if *devCache != 0 {
			dev.SetCacheBytes(*devCache)
		}
		set := &ai.TableSet{}
		set[game] = dev
		c.eng = ai.Engine{Sources: []ai.Source{ai.TableMoves{Tables: set}, ai.SearchMoves{Tables: set}}}
		if *stratDir != "" {
			st, _, err := strategy.OpenStrategyFile(strategy.StrategyPath(*stratDir, info.Key))
			if err != nil {
				fatal(err)
			}
			if st.GameID() != game {
				fatal(fmt.Errorf("%s: a strategy of %s", *stratDir, st.GameID()))
			}
			ss := &ai.StrategySet{}
			ss[game] = st
			c.eng.Sources = []ai.Source{ai.TableMoves{Tables: set}, ai.StrategyMoves{Strategies: ss}, ai.SearchMoves{Tables: set}}
		}
	default:
		fatal(fmt.Errorf("-engine %q: want search, table or app", *engName))
	}

	// The starts: random positions, the tier by its size.
	rng := rand.New(rand.NewSource(*seed))
	var starts []start
	perTier := map[tier]*[2]int{}
	drawn, wantDraw, wantWin := 0, *n/2, *n-*n/2
	if *positions != "" {
		wantDraw, wantWin = 0, 0
		text, err := os.ReadFile(*positions)
		if err != nil {
			fatal(err)
		}
		for _, line := range strings.Split(string(text), "\n") {
			if line = strings.TrimSpace(line); line == "" {
				continue
			}
			p, err := core.ParsePosition(info.Key, line)
			if err != nil {
				fatal(fmt.Errorf("%s: %v", *positions, err))
			}
			v, d, ok := c.table.Probe(p)
			if !ok || p.Outcome().Over() {
				fatal(fmt.Errorf("%s: %q: not in the table, or over", *positions, line))
			}
			starts = append(starts, start{pos: p, side: p.ToMove, val: v, dist: d})
		}
	}
	for wantDraw+wantWin > 0 {
		capt := tiers[pickTier(rng, weights)]
		p := tablebase.RandomPosition(rng, info, capt.capt, capt.hand)
		drawn++
		if p.Outcome().Over() {
			continue
		}
		v, d, ok := c.table.Probe(p)
		if !ok {
			continue
		}
		k := 0
		switch {
		case v == tablebase.Draw && wantDraw > 0:
			wantDraw--
		case v == tablebase.Win && wantWin > 0:
			wantWin--
			k = 1
		default:
			continue
		}
		if perTier[capt] == nil {
			perTier[capt] = &[2]int{}
		}
		perTier[capt][k]++
		starts = append(starts, start{pos: p, side: p.ToMove, val: v, dist: d})
	}
	if *list {
		for _, st := range starts {
			fmt.Println(st.pos)
		}
		return
	}
	for i := range *walks {
		if st, ok := walkFrom(rng, c.table, info.Start(), *walkPlies+i%2); ok {
			starts = append(starts, st)
		}
	}
	if *fromStart {
		p := info.Start()
		v, d, _ := c.table.Probe(p)
		starts = append(starts, start{pos: p, side: p.ToMove, val: v, dist: d, fromStart: true},
			start{pos: p, side: p.ToMove.Other(), val: v.Other(), dist: d, fromStart: true})
	}

	// The games.
	results := make([]result, len(starts))
	var done atomic.Int64
	begin := time.Now()
	stop := make(chan struct{})
	go func() {
		tick := time.NewTicker(10 * time.Second)
		defer tick.Stop()
		for {
			select {
			case <-stop:
				return
			case <-tick.C:
				progress(int(done.Load()), len(starts), begin)
			}
		}
	}()
	jobs := make(chan int)
	var wg sync.WaitGroup
	for range *parallel {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				results[i] = c.play(context.Background(), starts[i])
				done.Add(1)
			}
		}()
	}
	for i := range starts {
		jobs <- i
	}
	close(jobs)
	wg.Wait()
	close(stop)
	progress(len(starts), len(starts), begin)

	var b strings.Builder
	fmt.Fprintf(&b, "\n## Perfect play: %s engine at %s, scale %g (%s)\n\n", *engName, level, *scale, time.Now().Format("2006-01-02 15:04"))
	fmt.Fprintf(&b, "Flags: `%s`. %d random positions drawn (tiers by their size) to find %d drawn and %d won for the side to move; %s in all.\n\n",
		strings.Join(os.Args[1:], " "), drawn, *n/2, *n-*n/2, time.Since(begin).Round(time.Second))
	report(&b, results, perTier)
	fmt.Print(b.String())
	if *out != "" {
		f, err := os.OpenFile(filepath.Clean(*out), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err == nil {
			_, err = f.WriteString(b.String())
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			fatal(err)
		}
	}
}

// walkFrom plays up to plies random moves from p, the side to move at p
// keeping its value by t at every move of its own (the other side's moves
// any), and returns the position reached, the side to move there the
// engine's, with t's value and plies for it. ok is false where the walk
// found no such move or the game ended.
func walkFrom(rng *rand.Rand, t prober, p core.Position, plies int) (start, bool) {
	v0, _, ok := t.Probe(p)
	if !ok {
		return start{}, false
	}
	keeper := p.ToMove
	g := core.NewGameFrom(p)
	for g.Len() < plies && !g.Outcome().Over() {
		q := g.Position()
		moves := g.LegalMoves()
		rng.Shuffle(len(moves), func(i, j int) { moves[i], moves[j] = moves[j], moves[i] })
		played := false
		for _, m := range moves {
			if q.ToMove == keeper {
				child := q.After(m)
				cv, _, ok := t.Probe(child)
				if !ok || forMover(q, child, cv) != v0 {
					continue
				}
			}
			if err := g.PlayMove(m); err != nil {
				return start{}, false
			}
			played = true
			break
		}
		if !played {
			return start{}, false
		}
	}
	q := g.Position()
	if q.Outcome().Over() {
		return start{}, false
	}
	v, d, ok := t.Probe(q)
	if !ok {
		return start{}, false
	}
	return start{pos: q, side: q.ToMove, val: v, dist: d, walk: g.Len()}, true
}

func progress(done, total int, begin time.Time) {
	el := time.Since(begin)
	eta := "?"
	if done > 0 {
		eta = (time.Duration(float64(el) / float64(done) * float64(total-done))).Round(time.Second).String()
	}
	fmt.Fprintf(os.Stderr, "perfect: %d/%d games, %s elapsed, ETA %s\n", done, total, el.Round(time.Second), eta)
}

// report writes the markdown report of the games.
func report(b *strings.Builder, results []result, perTier map[tier]*[2]int) {
	count := map[string]int{}
	nDraw, nWin, slips := 0, 0, 0
	var plies, dists, ratios, think []float64
	worst := -1
	var fails, conv []result
	kept, converted := map[tier]int{}, map[tier]int{} // by the start's tier
	for _, r := range results {
		if r.oppSlip > 0 {
			slips++
		}
		for _, t := range r.think {
			think = append(think, t.Seconds()*1000)
		}
		if r.fromStart || r.walk > 0 {
			continue
		}
		count[r.end]++
		k := tier{int(r.pos.Captured), int(r.pos.InHand)}
		switch r.end {
		case endKept:
			kept[k]++
		case endConverted:
			converted[k]++
		}
		switch r.val {
		case tablebase.Draw:
			nDraw++
		case tablebase.Win:
			nWin++
		}
		if r.end == endConverted && r.dist > 0 {
			plies, dists = append(plies, float64(len(r.moves))), append(dists, float64(r.dist))
			ratios = append(ratios, float64(len(r.moves))/float64(r.dist))
			conv = append(conv, r)
			if worst < 0 || ratios[len(ratios)-1] > ratios[worst] {
				worst = len(ratios) - 1
			}
		}
		if r.end != endKept && r.end != endConverted {
			fails = append(fails, r)
		}
	}
	pct := func(k, of int) string {
		if of == 0 {
			return "–"
		}
		return fmt.Sprintf("%.1f %%", 100*float64(k)/float64(of))
	}
	fmt.Fprintf(b, "| start | games | result | games | share |\n| --- | ---: | --- | ---: | ---: |\n")
	fmt.Fprintf(b, "| drawn | %d | %s | %d | %s |\n", nDraw, endKept, count[endKept], pct(count[endKept], nDraw))
	fmt.Fprintf(b, "| | | %s | %d | %s |\n", endLost, count[endLost], pct(count[endLost], nDraw))
	fmt.Fprintf(b, "| won | %d | %s | %d | %s |\n", nWin, endConverted, count[endConverted], pct(count[endConverted], nWin))
	for _, e := range []string{endDropDraw, endDropLoss, endLimit, endRepetition} {
		fmt.Fprintf(b, "| | | not converted: %s | %d | %s |\n", e, count[e], pct(count[e], nWin))
	}
	if count[endLuckyWin] > 0 || slips > 0 {
		fmt.Fprintf(b, "\n**Odd:** %d games won from a draw, %d games stopped at an opponent's move that lost value (the perfect opponent must make none).\n", count[endLuckyWin], slips)
	}
	if len(ratios) > 0 {
		p, d, q := summarize(plies), summarize(dists), summarize(ratios)
		fmt.Fprintf(b, "\nConverted wins (%d): plies taken mean %.1f, median %.1f; the table's plies mean %.1f, median %.1f; "+
			"ratio mean %.2f, median %.2f, worst %.2f (%d plies for %g).\n", len(ratios), p.mean, p.median, d.mean, d.median,
			q.mean, q.median, q.max, int(plies[worst]), dists[worst])
	}
	t := summarize(think)
	fmt.Fprintf(b, "\nThe engine's think time a move: mean %.1f ms, median %.1f ms, 95th percentile %.1f ms, max %.1f ms; %d moves.\n",
		t.mean, t.median, t.p95, t.max, len(think))
	fmt.Fprintf(b, "\n| captured | in hand | drawn starts | kept | won starts | converted |\n| ---: | ---: | ---: | ---: | ---: | ---: |\n")
	keys := slices.SortedFunc(maps.Keys(perTier), func(a, b tier) int { return cmp.Or(a.hand-b.hand, a.capt-b.capt) })
	for _, k := range keys {
		c := perTier[k]
		fmt.Fprintf(b, "| %d | %d | %d | %d | %d | %d |\n", k.capt, k.hand, c[0], kept[k], c[1], converted[k])
	}
	walkEnds := map[string]int{}
	walkVals := map[tablebase.Value]int{}
	nWalk := 0
	for _, r := range results {
		if r.walk > 0 {
			nWalk++
			walkEnds[r.end]++
			walkVals[r.val]++
			if r.end != endKept && r.end != endConverted && r.end != endLossLost && r.end != endLossHeld {
				fails = append(fails, r)
			}
		}
	}
	if nWalk > 0 {
		fmt.Fprintf(b, "\nFrom %d positions reached from the start by random moves (the side to move at the start keeping its value), the engine to move there (%d won, %d drawn, %d lost for it):", nWalk, walkVals[tablebase.Win], walkVals[tablebase.Draw], walkVals[tablebase.Loss])
		for _, e := range slices.Sorted(maps.Keys(walkEnds)) {
			fmt.Fprintf(b, " %s %d;", e, walkEnds[e])
		}
		b.WriteString("\n")
	}
	for _, r := range results {
		if r.fromStart {
			fmt.Fprintf(b, "\nFrom the start, the engine as %v (the table: %v in %d): %s after %d plies.\n", r.side, r.val, r.dist, r.end, len(r.moves))
			if r.end != endKept && r.end != endConverted {
				fails = append(fails, r)
			}
		}
	}
	examples := fails[:min(5, len(fails))]
	if worst >= 0 && ratios[worst] > 1 {
		examples = append(examples, conv[worst])
	}
	for i, r := range examples {
		if i < len(examples)-1 || r.end != endConverted {
			fmt.Fprintf(b, "\nFailed game %d: %s.", i+1, r.end)
		} else {
			fmt.Fprintf(b, "\nThe slowest conversion: %d plies.", len(r.moves))
		}
		fmt.Fprintf(b, " Start `%v`, the engine as %v, the table: %v in %d.\n\n    ", r.pos, r.side, r.val, r.dist)
		for j, m := range r.moves {
			fmt.Fprintf(b, "%d.%s ", j+1, m)
			if j+1 == r.dropPly {
				fmt.Fprintf(b, "(drops to %v) ", r.dropTo)
			}
		}
		b.WriteString("\n")
	}
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "perfect:", err)
	os.Exit(1)
}

// Command perfect measures an engine against perfect play (Wolf Carries the
// Pig by default; -game another with a full table): from random positions
// the full endgame table proves drawn or won for the side to move (or
// those of -positions), the engine under test plays that side against the
// full table's Master (perfect: from a draw it keeps the draw, from a loss it
// resists longest), and the table referees every move of the engine. It
// reports how often the engine drops a proven value and how fast it converts
// its wins.
//
//	go run ./cmd/perfect -full build/tables -engine table -device build/wdl-4194304 -n 1000
//	go run ./cmd/perfect -full build/tables -engine search -scale 0.05 -n 1000 -out docs/perfect.md
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
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"huntchess/ai"
	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
	"huntchess/match"
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

type config struct {
	opp, eng       ai.Engine
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
	fullDir := flag.String("full", "", "folder of the full table wolf-carries-pig.hctb (referee and opponent)")
	engName := flag.String("engine", "search", "engine under test: search (no tables) or table (the -device table, then search)")
	devDir := flag.String("device", "", "folder of the device table, for -engine table")
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
	flag.Parse()
	level, ok := match.ParseLevel(*levelName)
	if !ok || *fullDir == "" || *n < 0 || *parallel < 1 {
		fatal(fmt.Errorf("bad flags: need -full DIR, a level, -n ≥ 0, -parallel ≥ 1"))
	}
	info, err := core.Lookup(*gameKey)
	if err != nil {
		fatal(err)
	}
	game = info.ID
	full, err := tablebase.Open(tablebase.Path(*fullDir, info.Key))
	if err != nil {
		fatal(err)
	}
	full.SetCacheBytes(2 << 30)
	fullSet := &ai.TableSet{}
	fullSet[game] = full
	c := &config{opp: ai.Engine{Sources: []ai.Source{ai.TableMoves{Tables: fullSet}}}, table: full,
		level: level, scale: *scale, drawPlies: *drawPlies, ext: *winExtra, slow: *slow}
	switch *engName {
	case "search":
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
		fatal(fmt.Errorf("-engine %q: want search or table", *engName))
	}

	// The starts: random positions, the tier by its size.
	var tiers []tier
	var weights []int64
	for _, sec := range full.Sections {
		if !sec.Bound {
			tiers, weights = append(tiers, tier{sec.Captured, sec.Hand}), append(weights, sec.Entries)
		}
	}
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
			v, d, ok := full.Probe(p)
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
		v, d, ok := full.Probe(p)
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
	if *fromStart {
		p := info.Start()
		v, d, _ := full.Probe(p)
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
	for _, r := range results {
		if r.oppSlip > 0 {
			slips++
		}
		for _, t := range r.think {
			think = append(think, t.Seconds()*1000)
		}
		if r.fromStart {
			continue
		}
		count[r.end]++
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
	fmt.Fprintf(b, "\n| captured | in hand | drawn starts | won starts |\n| ---: | ---: | ---: | ---: |\n")
	keys := slices.SortedFunc(maps.Keys(perTier), func(a, b tier) int { return cmp.Or(a.hand-b.hand, a.capt-b.capt) })
	for _, k := range keys {
		c := perTier[k]
		fmt.Fprintf(b, "| %d | %d | %d | %d |\n", k.capt, k.hand, c[0], c[1])
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

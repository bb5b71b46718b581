package ai

import (
	"context"
	"flag"
	"fmt"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"sync"
	"testing"
	"time"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
	"huntchess/internal/testkit"
	"huntchess/match"
	"huntchess/proof"
)

// Passes along the strategies' lines (issue #32: a timer pass must not
// leave the proof). A walk follows a shipped strategy from the start (the
// winner plays the strategy's move, the loser a seeded random legal move)
// and, at a seeded random ply, the loser or the winner passes (as the turn
// timer makes it, core.Game.Timeout); after a winner's pass the loser
// replies at random. The sample is the position where the winner is to
// move next: is its win still proven by Master's sources, before the
// bridge (the table, the strategy, the bound table) and with it
// (BridgeMoves)?
//
// The default sample takes seconds; the note's larger one:
//
//	TABLES_DIR=tables/shipped go test ./ai/ -run TestPassesAlongStrategies -pass-walks 5000 -v
//
// PASS_BOUND=FILE adds a bound table of Beat the Wolf (the pack's 17-dog
// tier, beat-the-wolf.bound.hctb) to its sources, as in an app with the
// pack installed.

var (
	passWalks = flag.Int("pass-walks", 0, "walks per game and passer for TestPassesAlongStrategies (0: the default sample)")
	passReach = flag.Bool("pass-reach", false, "TestPassesAlongStrategies also counts what bridges of 1, 3 and 5 plies prove")
)

// passSeed is the sample's seed.
const passSeed = 32

// shippedFile is the first of the places a shipped table or strategy file
// may be (TABLES_DIR, then the shipped folders in this tree), "" where
// none holds it.
func shippedFile(name string) string {
	var dirs []string
	if d := os.Getenv("TABLES_DIR"); d != "" {
		dirs = append(dirs, d)
	}
	dirs = append(dirs, filepath.Join("..", "tables", "shipped"), filepath.Join("..", "tables", "strategies"))
	for _, d := range dirs {
		p := filepath.Join(d, name)
		if _, err := os.Stat(p); err == nil {
			return p
		}
	}
	return ""
}

// passGame is what ships for a game: its strategy and its exact table (the
// lion's is the whole game, so the lion is measured with its strategy
// alone, as in the browser before its table is downloaded; the table is
// then the truth the measurement is checked against).
type passGame struct {
	id    core.GameID
	s     *strategy.Strategy
	t     *tablebase.Table // the engine's table (nil for the lion)
	b     *tablebase.Table // Beat the Wolf's bound table (PASS_BOUND), or nil
	truth *tablebase.Table // the lion's whole table
}

var passGames struct {
	once  sync.Once
	games []passGame
	err   error
}

// openStrategy opens a strategy file of either format, open for the
// test binary's life.
func openStrategy(path string) (*strategy.Strategy, error) {
	s, _, err := strategy.OpenStrategyFile(path)
	return s, err
}

// shippedPassGames opens the shipped strategies and tables, once.
func shippedPassGames(t testing.TB) []passGame {
	t.Helper()
	passGames.once.Do(func() {
		for _, id := range []core.GameID{core.SurroundTheLion, core.DeerChess, core.BeatTheWolf} {
			sp := shippedFile(id.String() + strategy.StrategyExt)
			tp := shippedFile(id.String() + ".hctb")
			if sp == "" || tp == "" {
				passGames.err = os.ErrNotExist
				return
			}
			s, err := openStrategy(sp)
			if err != nil {
				passGames.err = err
				return
			}
			tb, err := tablebase.Open(tp)
			if err != nil {
				passGames.err = err
				return
			}
			tb.SetCacheBytes(-1)
			if s.IsSet() {
				// Every block kept once read: the walks go all over the
				// strategy (the benchmark opens its own, with the app's cache).
				s.SetCacheBlocks(s.MemberBlocks)
			}
			g := passGame{id: id, s: s, t: tb}
			if f := os.Getenv("PASS_BOUND"); f != "" && id == core.BeatTheWolf {
				if g.b, err = tablebase.Open(f); err != nil {
					passGames.err = err
					return
				}
			}
			if id == core.SurroundTheLion {
				g.t, g.truth = nil, tb
			}
			passGames.games = append(passGames.games, g)
		}
	})
	if passGames.err != nil {
		t.Skipf("no shipped strategies and tables (TABLES_DIR=tables/shipped): %v", passGames.err)
	}
	return passGames.games
}

// owner is the game's table owner as the app has it.
func (g passGame) owner() owner {
	var ts TableSet
	ts[g.id] = g.t
	var ss StrategySet
	ss[g.id] = g.s
	o := owner{t: &ts, s: &ss}
	if g.b != nil {
		o.b = &boundSource{g.b}
	}
	return o
}

// passCount counts a game's samples for one passer.
type passCount struct {
	walks   int // walks made
	samples int // positions with the winner to move after the pass
	before  int // proven by the table, the strategy or the bound table
	after   int // proven with the bridge too
	// The lion's, by its whole table: of the samples still unproven, the
	// winner's wins (a longer bridge would find them) and the others (the
	// pass threw the win away).
	unprovenWins, thrownAway int
	checked                  int // bridged samples played out to the winner's win
	atStart                  int // unproven samples that are the start with the loser's first move passed
	longer                   int // the lion's: bridged samples whose claim is longer than the table's plies
	// byReach: the samples a bridge of 1, 3, 5 plies proves (the
	// bridge's own reach is BridgePlies), and the time it took.
	byReach [3]int
	spent   [3]time.Duration
}

// passWalk walks one line of the strategy to its end and passes for
// passer at one of its positions with passer to move, picked by rng; after
// a winner's pass the loser replies at random. It returns the sample: the
// position with the winner to move after the pass (ok false where the game
// is over).
func passWalk(s *strategy.Strategy, passer core.Side, rng *rand.Rand) (core.Position, bool) {
	pos := s.GameID().Info().Start()
	var line []core.Position
	var buf [core.MaxMoves]core.Move
	for !pos.Outcome().Over() {
		if pos.ToMove == passer {
			line = append(line, pos)
		}
		if pos.ToMove == s.WinnerSide() {
			m, _, ok := s.Move(pos)
			if !ok {
				panic("the strategy has no move on its own line: " + pos.String())
			}
			pos = pos.After(m)
		} else {
			moves := pos.GenMoves(buf[:0])
			pos = pos.After(moves[rng.Intn(len(moves))])
		}
	}
	if len(line) == 0 {
		return pos, false
	}
	pos = line[rng.Intn(len(line))]
	pos = pos.After(pos.PassMove())
	if passer == s.WinnerSide() && !pos.Outcome().Over() {
		moves := pos.GenMoves(buf[:0])
		pos = pos.After(moves[rng.Intn(len(moves))])
	}
	return pos, !pos.Outcome().Over()
}

// measurePasses walks n lines of g's strategy with a pass by passer and
// counts the samples. With check, every sample the bridge proves is
// played out (checkBridge).
func measurePasses(t *testing.T, g passGame, passer core.Side, n int, seed int64, check bool) passCount {
	t.Helper()
	o := g.owner()
	lim := LevelLimits(match.Master)
	lim.Strategy = true
	proven := []Source{TableMoves{o}, StrategyMoves{o}, BoundMoves{o}}
	bridge := BridgeMoves{o}
	pf, _ := bridgeOf(o, g.id)
	var c passCount
	for i := range n {
		rng := rand.New(rand.NewSource(seed*1_000_003 + int64(i)))
		pos, ok := passWalk(g.s, passer, rng)
		c.walks++
		if !ok {
			continue
		}
		c.samples++
		before := false
		for _, src := range proven {
			if _, ok := src.Propose(context.Background(), pos, lim); ok {
				before = true
				break
			}
		}
		if *passReach {
			for j, reach := range []int{1, 3, 5} {
				start := time.Now()
				if _, ok := pf.Within(pos, reach); ok {
					c.byReach[j]++
				}
				c.spent[j] += time.Since(start)
			}
		}
		after := before
		var res Result
		if !before {
			res, after = bridge.Propose(context.Background(), pos, lim)
		}
		if start := g.s.GameID().Info().Start(); !after && pos == start.After(start.PassMove()) {
			c.atStart++
		}
		switch {
		case before:
			c.before++
			c.after++
		case after:
			c.after++
			if check {
				checkBridge(t, pf, pos, res, rng)
				checkEngine(t, NewEngine(o), pos, res)
				c.checked++
			}
			if g.truth != nil {
				v, d, ok := g.truth.Probe(pos)
				claim, _ := IsWin(res.Score)
				switch {
				case !ok || v != tablebase.Win || d > claim:
					t.Fatalf("%s: the bridge claims a win in %d, the whole table says %v in %d", pos, claim, v, d)
				case d < claim:
					c.longer++
				}
			}
		case g.truth != nil:
			var whole TableSet
			whole[g.id] = g.truth
			if _, ok := (TableMoves{&whole}).Propose(context.Background(), pos, lim); !ok {
				t.Fatalf("%s: the whole table has no move", pos)
			}
			if v, _, ok := g.truth.Probe(pos); ok && v == tablebase.Win {
				c.unprovenWins++
			} else {
				c.thrownAway++
			}
		}
	}
	return c
}

// checkBridge checks a bridged move res from pos (the winner to move): it
// is a bridged proof, its child is proven, and from there the proof holds to the
// end against a seeded random defence: at every winner's turn the proof
// (its leaf's move, else the bridge) has a move, the plies fall by at
// least one a ply, and the game ends in the winner's win within the plies
// res claimed.
func checkBridge(t *testing.T, pf proof.Bridge, pos core.Position, res Result, rng *rand.Rand) {
	t.Helper()
	claim, won := IsWin(res.Score)
	if res.Proof != bridgedKind(pf) || !won || res.Score <= 0 {
		t.Fatalf("%s: the bridge's move %+v is not a proven win", pos, res)
	}
	if d, ok := pf.Within(pos.After(res.Move), BridgePlies); !ok || d >= claim {
		t.Fatalf("%s: the bridge's move %s leads to a position proven %v in %d, claimed %d", pos, res.Move, ok, d, claim)
	}
	p, left := pos, claim
	var buf [core.MaxMoves]core.Move
	for !p.Outcome().Over() {
		if left <= 0 {
			t.Fatalf("from %s (claimed %d): the game is not over at %s", pos, claim, p)
		}
		if p.ToMove == pf.Winner {
			r, ok := provenResult(pf, p, 0)
			d, won := IsWin(r.Score)
			if !ok || !won || d > left {
				t.Fatalf("from %s (claimed %d): at %s the proof has no move (%v) or %d plies > %d left", pos, claim, p, ok, d, left)
			}
			p = p.After(r.Move)
		} else {
			if d, ok := pf.Within(p, BridgePlies); !ok || d > left {
				t.Fatalf("from %s (claimed %d): at %s the loser's loss is not proven (%v, %d > %d)", pos, claim, p, ok, d, left)
			}
			moves := p.GenMoves(buf[:0])
			p = p.After(moves[rng.Intn(len(moves))])
		}
		left--
	}
	if w, ok := p.Outcome().Winner(); !ok || w != pf.Winner {
		t.Fatalf("from %s: the game ended %+v", pos, p.Outcome())
	}
}

// checkEngine checks that Master and the hint play the bridge's move res
// from pos and say what it proves: a win through a bridge (proof.AtMost,
// proof.BoundAtMost as the strategy's) in the bridge's plies.
func checkEngine(t *testing.T, e Engine, pos core.Position, res Result) {
	t.Helper()
	g := core.NewGameFrom(pos)
	for _, r := range []Result{e.Think(context.Background(), g, match.Master), e.Hint(context.Background(), g)} {
		if r.Move != res.Move || r.Score != res.Score || r.Proof != res.Proof || !r.Proof.Bridged() || len(r.PV) == 0 || r.PV[0] != r.Move {
			t.Fatalf("%s: the engine plays %+v, the bridge %+v", pos, r, res)
		}
	}
}

// Passes injected along the shipped strategies' lines, by the loser and by
// the winner: wherever the bridge proves the win, Master's move is proven
// and the proof holds to the end (checkBridge); the counts before and
// after the bridge are logged for the note.
func TestPassesAlongStrategies(t *testing.T) {
	testkit.PlainOnly(t) // 600 walks, bridges and engines on one goroutine: over 6 minutes under -race at a load of 20
	games := shippedPassGames(t)
	n := map[core.GameID]int{core.SurroundTheLion: 100, core.DeerChess: 100, core.BeatTheWolf: 100}
	for _, g := range games {
		for _, passer := range []core.Side{g.s.WinnerSide().Other(), g.s.WinnerSide()} {
			walks := n[g.id]
			if *passWalks > 0 {
				walks = *passWalks
			}
			c := measurePasses(t, g, passer, walks, passSeed, true)
			who := "loser"
			if passer == g.s.WinnerSide() {
				who = "winner"
			}
			t.Logf("%s, the %s (%s) passes: %d walks (seed %d), %d samples: unproven before the bridge %d, after %d (%d played out; %d of them the start, the loser's first move passed)",
				g.id, who, passer, c.walks, passSeed, c.samples, c.samples-c.before, c.samples-c.after, c.checked, c.atStart)
			if g.s.Passes && passer != g.s.WinnerSide() && c.samples != c.before {
				// A strategy with the loser's passes (deer chess's) holds every
				// position a pass of the loser along its lines leads to.
				t.Errorf("%s: %d positions after the loser's passes off the strategy with passes", g.id, c.samples-c.before)
			}
			if g.s.PassRoot != nil && passer != g.s.WinnerSide() && c.samples != c.after {
				// Beat the Wolf's set strategy holds the start after the
				// wolf's first move passed as its second root, and a bridge
				// of BridgePlies leads back from the wolf's other passes
				// (5,000 walks: all).
				t.Errorf("%s: %d positions after the loser's pass unproven (%d the start), with the pass root in the strategy", g.id, c.samples-c.after, c.atStart)
			}
			if g.t.CoversPlacement() && c.samples != c.before {
				// Deer chess's whole table (the placement phase's values too)
				// ships: every position after any pass has its value.
				t.Errorf("%s: %d positions after a pass not in the whole table", g.id, c.samples-c.before)
			}
			if *passReach {
				t.Logf("  proven by a bridge of 1, 3, 5 plies (with the proof's own positions): %v, in %v", c.byReach, c.spent)
			}
			if g.truth != nil {
				t.Logf("  by the whole table (which ships, and plays every one of them): of the %d unproven, %d still won, %d thrown away by the pass; "+
					"the %d bridged all won (none claims fewer plies than the table), %d claim more plies than the fastest win", c.samples-c.after, c.unprovenWins, c.thrownAway, c.after-c.before, c.longer)
			}
		}
	}
}

// bridgeSample is up to n positions of pass walks of g (seed passSeed)
// with the winner to move that no table, strategy or bound table proves:
// those the bridge proves (bridged), and the others (unproven).
func bridgeSample(g passGame, o owner, n int) (bridged, unproven []core.Position) {
	lim := LevelLimits(match.Master)
	lim.Strategy = true
	for i := 0; i < 50*n && (len(bridged) < n || len(unproven) < n); i++ {
		rng := rand.New(rand.NewSource(passSeed*1_000_003 + int64(i)))
		passer := g.s.WinnerSide().Other()
		if i%2 == 1 {
			passer = g.s.WinnerSide()
		}
		pos, ok := passWalk(g.s, passer, rng)
		if !ok {
			continue
		}
		proven := false
		for _, src := range []Source{TableMoves{o}, StrategyMoves{o}, BoundMoves{o}} {
			if _, ok := src.Propose(context.Background(), pos, lim); ok {
				proven = true
			}
		}
		if proven {
			continue
		}
		if _, ok := (BridgeMoves{o}).Propose(context.Background(), pos, lim); ok {
			if len(bridged) < n {
				bridged = append(bridged, pos)
			}
		} else if len(unproven) < n {
			unproven = append(unproven, pos)
		}
	}
	return bridged, unproven
}

// BenchmarkBridge is the bridge's time per move (BridgeMoves.Propose, its
// line included: Limits.Line) after a pass, in positions it proves and in those it
// does not (its cost before the search starts), per game. Beat the Wolf's
// strategy is opened afresh with the app's cache (SetCacheBlocks blocks).
//
//	go test ./ai/ -run '^$' -bench Bridge -benchtime 200x
func BenchmarkBridge(b *testing.B) {
	for _, g := range shippedPassGames(b) {
		if g.s.IsSet() {
			s, err := openStrategy(shippedFile(g.id.String() + strategy.StrategyExt))
			if err != nil {
				b.Fatal(err)
			}
			g.s = s
		}
		o := g.owner()
		pf, _ := bridgeOf(o, g.id)
		bridged, unproven := bridgeSample(g, o, 20)
		lim := LevelLimits(match.Master)
		lim.Strategy = true
		lim.Line = true // the proof's line too (the app's moves ask for none: proven-noline)
		// For comparison, the strategy's own move (StrategyMoves, its line
		// included) on its line, the winner to move.
		var on []core.Position
		rng := rand.New(rand.NewSource(passSeed))
		for len(on) < 20 {
			for p := g.s.GameID().Info().Start(); len(on) < 20 && !p.Outcome().Over(); {
				if p.ToMove == g.s.WinnerSide() {
					on = append(on, p)
					m, _, _ := g.s.Move(p)
					p = p.After(m)
				} else {
					moves := p.GenMoves(nil)
					p = p.After(moves[rng.Intn(len(moves))])
				}
			}
		}
		for _, set := range []struct {
			name string
			pos  []core.Position
			move func(core.Position)
		}{
			{"strategy", on, func(p core.Position) { (StrategyMoves{o}).Propose(context.Background(), p, lim) }},
			{"proven", bridged, func(p core.Position) { (BridgeMoves{o}).Propose(context.Background(), p, lim) }},
			{"proven-noline", bridged, func(p core.Position) { pf.Step(p, 0) }},
			{"unproven", unproven, func(p core.Position) { (BridgeMoves{o}).Propose(context.Background(), p, lim) }},
		} {
			if len(set.pos) == 0 {
				continue
			}
			b.Run(fmt.Sprintf("%s/%s", g.id, set.name), func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					set.move(set.pos[i%len(set.pos)])
				}
			})
		}
	}
}

// bridgedKind is the kind of a bridge's move onto pf's proof.
func bridgedKind(pf proof.Bridge) proof.Kind {
	if pf.Kind.Bounded() {
		return proof.BoundAtMost
	}
	return proof.AtMost
}

// The bridge and a proven source's line keep to the move's time: with the
// time already spent when the engine asks (a deadline in the past), a
// position only a bridge proves is proven by none (the engine goes on to
// its search), and a strategy's move asked for its line (Limits.Line)
// comes without it. With no deadline (the limits not handed out by
// Engine.Choose) both are as before; the app's moves ask for no line.
func TestProvenMovesKeepToTheTime(t *testing.T) {
	nBridged := 0
	for _, g := range shippedPassGames(t) {
		o := g.owner()
		lim := LevelLimits(match.Master)
		lim.Strategy = true
		spent := lim
		spent.start = time.Now().Add(-time.Hour)
		if g.id == core.SurroundTheLion { // its strategy alone (a bridge in ms; Beat the Wolf's fail in 0.1 s and more)
			bridged, _ := bridgeSample(g, o, 1)
			if len(bridged) == 0 {
				t.Fatalf("%s: no position of the pass walks is proven by a bridge", g.id)
			}
			pos := bridged[0]
			nBridged++
			if _, ok := (BridgeMoves{o}).Propose(context.Background(), pos, spent); ok {
				t.Errorf("%s: %s: a bridge proven with the move's time spent", g.id, pos)
			}
		}
		pos := g.s.GameID().Info().Start()
		if pos.ToMove != g.s.WinnerSide() {
			pos = pos.After(pos.GenMoves(nil)[0]) // a strategy answers every reply of the loser
		}
		line, spentLine := lim, spent
		line.Line, spentLine.Line = true, true
		var res [4]Result
		for i, l := range []Limits{line, spentLine, lim, spent} {
			var ok bool
			if res[i], ok = (StrategyMoves{o}).Propose(context.Background(), pos, l); !ok {
				t.Fatalf("%s: no strategy move at %s under %+v", g.id, pos, l)
			}
			if res[i].Move != res[0].Move || res[i].Score != res[0].Score {
				t.Fatalf("%s: the strategy plays %+v under %+v, %+v with its line", g.id, res[i], l, res[0])
			}
		}
		if len(res[0].PV) < 2 {
			t.Errorf("%s: the strategy's line from %s is %v", g.id, pos, res[0].PV)
		}
		for i, r := range res[1:] {
			if len(r.PV) != 1 {
				t.Errorf("%s: case %d: the strategy's move comes with the line %v", g.id, i+1, r.PV)
			}
		}
	}
	if nBridged == 0 {
		t.Fatal("Surround the Lion's strategy is not among the shipped games")
	}
}

var thinkScale = flag.Float64("think-scale", 1, "BenchmarkMasterOffStrategy: the time scale of Master's limits (ScaleLimits)")

// BenchmarkMasterOffStrategy is Master's think time (Engine.Choose, as in
// a game: GameLimits, the time cap counted from the call) in Beat the
// Wolf's positions off the dogs' strategy: b.N positions reached from the
// start by 3 to 18 random moves without a capture, the dogs to move in
// every other one, the wolf in the rest, over the shipped strategy and
// table (and PASS_BOUND's bound table: the pack's). Reported beside the
// mean: the median, the 95th percentile and the longest move (ms), and the
// share of moves with a proof (a table, the strategy, the bound table, a
// bridge).
//
//	PASS_BOUND=PACK/beat-the-wolf.bound.hctb go test ./ai/ -run '^$' -bench MasterOffStrategy -benchtime 200x -think-scale 0.05
func BenchmarkMasterOffStrategy(b *testing.B) {
	var g passGame
	for _, pg := range shippedPassGames(b) {
		if pg.id == core.BeatTheWolf {
			g = pg
		}
	}
	e := NewEngine(g.owner())
	rng := rand.New(rand.NewSource(passSeed))
	var times []time.Duration
	proven := 0
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		game := core.NewGameFrom(core.BeatTheWolf.Info().Start())
		want := []core.Side{core.Prey, core.Predator}[i%2]
		for k, plies := 0, 3+rng.Intn(16); k < plies || game.Position().ToMove != want; k++ {
			pos := game.Position()
			var quiet []core.Move
			for _, m := range pos.GenMoves(nil) {
				if m.Capt == 0 {
					quiet = append(quiet, m)
				}
			}
			if len(quiet) == 0 || pos.Outcome().Over() {
				break
			}
			if err := game.PlayMove(quiet[rng.Intn(len(quiet))]); err != nil {
				b.Fatal(err)
			}
		}
		lim := ScaleLimits(GameLimits(game, match.Master), *thinkScale)
		b.StartTimer()
		start := time.Now()
		r := e.Choose(context.Background(), game.Position(), lim)
		times = append(times, time.Since(start))
		if r.Proof.Proven() {
			proven++
		}
	}
	b.StopTimer()
	slices.Sort(times)
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	b.ReportMetric(ms(times[len(times)/2]), "p50-ms")
	b.ReportMetric(ms(times[len(times)*95/100]), "p95-ms")
	b.ReportMetric(ms(times[len(times)-1]), "max-ms")
	b.ReportMetric(100*float64(proven)/float64(b.N), "%proven")
}

// Package ai is the computer opponent of Hunt Chess: an iterative-deepening
// alpha-beta (negamax, principal-variation search) over core positions with a
// transposition table keyed by core's Zobrist key, move ordering (captures,
// threat replies, killers, history), late-move reductions, a capture
// quiescence search and extensions for pending captures and a cornered
// predator, and a hand-made evaluation per game (eval.go).
package ai

import (
	"context"
	"math/bits"
	"sync"
	"sync/atomic"
	"time"

	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/proof"
)

// Scores.
const (
	scoreWin  = 30000 // a win at the root; a win n plies away scores scoreWin - n
	scoreInf  = 32000
	winBound  = scoreWin - 1000 // scores beyond this are wins / losses
	maxPly    = 120
	maxExt    = 2 // extensions per path
	checkMask = 255
)

// Limits bounds one search. Zero fields mean no limit.
type Limits struct {
	Depth int           // max depth (0 = no limit)
	Nodes int64         // node budget (0 = no limit)
	Time  time.Duration // time cap (0 = none)
	Seed  int64         // seed for the level's noise / tie-breaks
	Noise int           // eval noise amplitude (Easy)
	// RootNoise is the amplitude of a fixed pseudo-random offset (from Seed)
	// added to each root move's score, so a level now and then prefers a
	// move up to about RootNoise worse than the best: a lapse, as people
	// have, never a move it sees losing by more. Forced wins and losses are
	// never blurred.
	RootNoise int
	// Lapse is the percentage of moves (picked from Seed and the position)
	// searched only one ply deep: the level overlooks the opponent's reply,
	// as people now and then do. It still sees a capture it can make or suffer.
	Lapse   int
	Threads int      // 0/1 = single-threaded
	History []uint64 // Zobrist keys of earlier positions of the game (core.Game.History()), for repetition
	// Contempt is what a draw costs the side that searches (a repetition or a
	// blocked lion game scores -Contempt for it), so it plays on instead of
	// repeating when it has something better than a dead draw.
	Contempt int
	// Weights, when set, replaces the game's evaluation weights (for tuning).
	Weights *Weights
	// TableSlip is the percentage of moves (picked from Seed and the
	// position) on which a level below Master, playing from the table
	// (TableMoves), leaves the best value: to the next-best value (a win to
	// a draw, a draw to a loss, a long resistance to a shorter one), or,
	// with TableSlipAny, to any legal move. See tableLevelMove.
	TableSlip    int
	TableSlipAny bool
	// Strategy asks for proven play: the engine's strategy, bound-table
	// and bridge sources (StrategyMoves, BoundMoves, BridgeMoves) propose
	// their moves only under it. Master and the hints.
	Strategy bool
	// Line asks the proven sources (a table, a strategy, a bound table, a
	// bridge) for the line their proof follows after their move, in
	// Result.PV (a strategy's, a bound table's and a bridge's followed
	// till the move's time cap); without it their PV is the move alone. A line probes every move's child at each ply (a
	// bound table's, cold, some hundreds of ms) and no screen shows it:
	// for tools and tests. The search's PV is its own, always there.
	Line bool

	// start is when the engine began choosing (Engine.Choose): the time
	// cap counts from it (zero: from the search's start).
	start time.Time
}

// Result is what a search found.
type Result struct {
	Move    core.Move // the move to play; the zero Move when the side to move has none
	Score   int       // from the side to move's view; ±(30000 - plies) for a forced win / loss
	Depth   int       // last completed iteration
	Nodes   int64
	PV      []core.Move
	Elapsed time.Duration
	// Proof is the kind of proof behind the move and score (proof.Kind):
	// proof.Search where they are the search's (or a level's slip), else
	// the endgame table's or the proven strategy's perfect play
	// (proof.Exact; a zero score is then a proven draw), a table's value
	// without its plies (proof.ValuesOnly: IsWin's plies then mean
	// nothing), a win without a prey piece given up (proof.Bound), or one
	// through a bridge back onto a proof after a pass (proof.AtMost,
	// proof.BoundAtMost); the last three's plies are an upper bound.
	Proof proof.Kind
}

// IsWin reports whether a score is a forced win (>0) or loss (<0), and in how many plies.
func IsWin(score int) (plies int, ok bool) {
	switch {
	case score > winBound:
		return scoreWin - score, true
	case score < -winBound:
		return scoreWin + score, true
	}
	return 0, false
}

// shared is the state every thread of one search sees.
type shared struct {
	stop  atomic.Bool
	nodes atomic.Int64
}

type searcher struct {
	t         *masks
	w         *Weights
	tt        *ttable
	sh        *shared
	ctx       context.Context
	deadline  time.Time
	hasDL     bool
	nodeLimit int64
	nodes     int64 // nodes not yet added to sh.nodes
	total     int64 // this thread's nodes
	stopped   bool
	noise     int
	rootNoise int
	seed      uint64
	hist      map[uint64]int
	helper    bool
	// countValues: the table's wins and losses without plies count in the
	// tree (Limits.Strategy: Master and the hints); below Master they do
	// not, and the search plays by its evaluation there.
	countValues bool

	path    [maxPly + 2]uint64
	killers [maxPly + 2][2]uint16
	history [2][core.MaxPoints + 2][core.MaxPoints + 2]int32
	bufs    [maxPly + 2][core.MaxMoves]core.Move
	scores  [maxPly + 2][core.MaxMoves]int32
	pv      [maxPly + 2][maxPly + 2]core.Move
	pvLen   [maxPly + 2]int

	tb *tablebase.Table // the endgame table inside the tree (SearchMoves), or nil

	// kids[ply] is the child position searched from ply: a child declared
	// in the move loop escaped to the heap (the recursion), 160 MB of
	// garbage in one Master search, whose collection froze the browser.
	kids [maxPly + 2]core.Position

	rootBest  core.Move
	rootScore int
	rootSide  core.Side
	contempt  int
}

var searcherPool = sync.Pool{New: func() any { return new(searcher) }}

// Search searches pos within lim, without tables, and returns the best
// move found. It stops at the time limit, the node budget, the depth, or
// when ctx is cancelled, and returns a legal move whenever the side to move
// has one. With Threads ≤ 1 and no time limit, the same position, limits
// and seed give the same result.
func Search(ctx context.Context, pos core.Position, lim Limits) Result {
	return alphaBeta(ctx, pos, lim, nil)
}

// SearchMoves is the move source of the search, the engine's last: it
// always proposes a move, inside the tree taking the exact values of the
// table of the game where its tables (nil: none) have one.
type SearchMoves struct{ Tables Tables }

// Propose is the search's move for pos.
func (s SearchMoves) Propose(ctx context.Context, pos core.Position, lim Limits) (Result, bool) {
	var tb *tablebase.Table
	if s.Tables != nil {
		tb = s.Tables.Table(pos.Game)
	}
	return alphaBeta(ctx, pos, lim, tb), true
}

// alphaBeta is Search with the endgame table tb (nil: none) inside the
// tree.
func alphaBeta(ctx context.Context, pos core.Position, lim Limits, tb *tablebase.Table) Result {
	start := time.Now()
	if !lim.start.IsZero() {
		start = lim.start
	}
	if ctx == nil {
		ctx = context.Background()
	}
	var buf [core.MaxMoves]core.Move
	moves := pos.GenMoves(buf[:0])
	res := Result{}
	if len(moves) == 0 {
		res.Elapsed = time.Since(start)
		return res
	}
	res.Move = moves[0]
	if len(moves) == 1 && lim.Time > 0 {
		// A forced move: still search briefly for a score, but never long.
		lim.Time = min(lim.Time, 20*time.Millisecond)
	}

	// Table size from the node budget.
	ttBits := 20
	if lim.Nodes > 0 {
		ttBits = 14
		for ttBits < 20 && int64(1)<<ttBits < lim.Nodes {
			ttBits++
		}
	}
	tt := getTT(ttBits)
	defer putTT(tt)

	// Occurrences of the game's earlier positions (the root is the last one).
	hist := make(map[uint64]int, len(lim.History))
	for _, k := range lim.History {
		hist[k]++
	}
	sh := &shared{}
	mk := func(helper bool) *searcher {
		s := searcherPool.Get().(*searcher)
		s.t, s.w, s.tt, s.sh, s.ctx = gameMasks[pos.Game], &weights[pos.Game], tt, sh, ctx
		if lim.Weights != nil {
			s.w = lim.Weights
		}
		s.hasDL = lim.Time > 0
		if s.hasDL {
			// Stop a little early: returning takes some time too.
			s.deadline = start.Add(lim.Time - lim.Time/20 - time.Millisecond)
		}
		s.nodeLimit = lim.Nodes
		s.nodes, s.total, s.stopped = 0, 0, false
		s.noise, s.seed = lim.Noise, uint64(lim.Seed)*0x9e3779b97f4a7c15+0x632be59bd9b4e019
		s.rootNoise = min(lim.RootNoise, 5000) // far below a forced win's score
		s.hist, s.helper = hist, helper
		s.rootSide, s.contempt = pos.ToMove, lim.Contempt
		s.tb = tb
		s.countValues = lim.Strategy
		s.killers = [maxPly + 2][2]uint16{}
		s.history = [2][core.MaxPoints + 2][core.MaxPoints + 2]int32{}
		return s
	}
	main := mk(false)
	defer searcherPool.Put(main)

	maxDepth := maxPly - 10
	if lim.Depth > 0 {
		maxDepth = min(lim.Depth, maxDepth)
	}
	if lim.Lapse > 0 {
		h := (pos.Key ^ uint64(lim.Seed)*0xd1342543de82ef95) * 0x9e3779b97f4a7c15
		h ^= h >> 31
		if int(h%100) < lim.Lapse {
			maxDepth = 1
		}
	}

	var wg sync.WaitGroup
	for i := 1; i < searchThreads(lim.Threads); i++ {
		h := mk(true)
		wg.Add(1)
		go func(id int) {
			defer wg.Done()
			defer searcherPool.Put(h)
			p := pos
			for d := 1 + id%2; d <= maxDepth && !h.stopped; d++ {
				h.root(&p, d)
			}
			h.flush()
		}(i)
	}

	var softLimit time.Duration
	if lim.Time > 0 {
		softLimit = lim.Time * 45 / 100
	}
	p := pos
	for d := 1; d <= maxDepth; d++ {
		main.root(&p, d)
		if main.rootBest.Kind != core.MoveNone {
			res.Move = main.rootBest
			res.Score = main.rootScore
		}
		if main.stopped {
			break
		}
		res.Depth = d
		res.PV = append(res.PV[:0], main.pv[0][:main.pvLen[0]]...)
		if _, won := IsWin(res.Score); won && d > 2 {
			break
		}
		if softLimit > 0 && time.Since(start) > softLimit {
			break
		}
		if lim.Nodes > 0 && main.total >= lim.Nodes/2 {
			// The next iteration would not finish within the budget.
			break
		}
	}
	sh.stop.Store(true)
	wg.Wait()
	main.flush()
	if len(res.PV) == 0 || res.PV[0] != res.Move {
		res.PV = []core.Move{res.Move}
	}
	res.Nodes = sh.nodes.Load()
	res.Elapsed = time.Since(start)
	return res
}

func (s *searcher) flush() {
	s.sh.nodes.Add(s.nodes)
	s.nodes = 0
}

// poll checks the stop conditions; called every checkMask+1 nodes.
func (s *searcher) poll() {
	yieldToBrowser()
	total := s.sh.nodes.Add(s.nodes)
	s.nodes = 0
	switch {
	case s.sh.stop.Load():
		s.stopped = true
	case s.ctx.Err() != nil:
		s.stopped = true
	case s.hasDL && time.Now().After(s.deadline):
		s.stopped = true
	case s.nodeLimit > 0 && total >= s.nodeLimit:
		s.stopped = true
	}
	if s.stopped && !s.helper {
		s.sh.stop.Store(true)
	}
}

// visit counts a node and reports whether the search must stop.
func (s *searcher) visit() bool {
	s.nodes++
	s.total++
	if s.nodeLimit > 0 && s.total >= s.nodeLimit && !s.helper {
		s.stopped = true
		s.sh.stop.Store(true)
	}
	if s.nodes > checkMask {
		s.poll()
	}
	return s.stopped
}

// eval is the static evaluation from the side to move's view, with the level's noise.
func (s *searcher) eval(pos *core.Position) int {
	e := evaluate(pos, s.t, s.w)
	if s.noise > 0 {
		h := (pos.Key ^ s.seed) * 0xbf58476d1ce4e5b9
		h ^= h >> 31
		e += int(h%uint64(2*s.noise+1)) - s.noise
	}
	if pos.ToMove == core.Prey {
		return -e
	}
	return e
}

// terminal returns the score of a position without moves, from the side to move's view.
func (s *searcher) terminal(pos *core.Position, ply int) int {
	o := pos.Outcome()
	switch o.Result {
	case core.PredatorWins:
		if pos.ToMove == core.Predator {
			return scoreWin - ply
		}
		return -(scoreWin - ply)
	case core.PreyWins:
		if pos.ToMove == core.Prey {
			return scoreWin - ply
		}
		return -(scoreWin - ply)
	}
	return s.draw(pos)
}

// draw is the score of a drawn position from the side to move's view.
func (s *searcher) draw(pos *core.Position) int {
	if pos.ToMove == s.rootSide {
		return -s.contempt
	}
	return s.contempt
}

// decided reports a position won outright by the pieces alone (captures, trap, cliff).
func (s *searcher) decided(pos *core.Position, ply int) (int, bool) {
	t := s.t
	var predWins bool
	switch {
	case int(pos.Captured) >= t.captureWin:
		predWins = true
	case pos.Pred&(t.traps|t.cliff) != 0:
		predWins = false
	default:
		return 0, false
	}
	if predWins == (pos.ToMove == core.Predator) {
		return scoreWin - ply, true
	}
	return -(scoreWin - ply), true
}

// repeated reports a draw by repetition: a position seen before on the search
// path, the root included (the usual two-fold approximation inside the tree),
// or one the game has already had twice (this would be its third occurrence,
// the game's rule).
func (s *searcher) repeated(key uint64, ply int) bool {
	for i := ply - 2; i >= 0; i -= 2 {
		if s.path[i] == key {
			return true
		}
	}
	return s.hist[key] >= 2
}

// order scores the moves for ordering into s.scores[ply].
func (s *searcher) order(pos *core.Position, moves []core.Move, ply int, ttCode uint16) {
	sc := s.scores[ply][:len(moves)]
	side := pos.ToMove
	var capt, lands, near uint64
	if side == core.Prey {
		_, capt, lands, _, _ = s.t.threats(pos)
		for f := pos.Pred; f != 0; f &= f - 1 {
			near |= s.t.predStep[bits.TrailingZeros64(f)]
		}
	}
	k0, k1 := s.killers[ply][0], s.killers[ply][1]
	for i, m := range moves {
		c := moveCode(m)
		var v int32
		switch {
		case c == ttCode && ttCode != 0:
			v = 1 << 30
		case m.Capt != 0:
			v = 1<<29 + int32(bits.OnesCount64(m.Capt))*1000
		case c == k0:
			v = 1 << 28
		case c == k1:
			v = 1<<28 - 1
		default:
			v = s.history[side][m.From+1][m.To+1]
			if side == core.Prey {
				to := uint64(1) << uint(m.To)
				if to&lands != 0 {
					v += 1 << 22
				}
				if m.From >= 0 && capt&(1<<uint(m.From)) != 0 {
					v += 1 << 21
				}
				if to&near != 0 {
					v += 1 << 16
				}
			} else if (uint64(1)<<uint(m.To))&(s.t.traps|s.t.cliff) != 0 {
				v = -1 << 29
			}
		}
		sc[i] = v
	}
}

// pick moves the best-scored move from i on to position i.
func (s *searcher) pick(moves []core.Move, ply, i int) {
	sc := s.scores[ply]
	b := i
	for j := i + 1; j < len(moves); j++ {
		if sc[j] > sc[b] {
			b = j
		}
	}
	if b != i {
		moves[i], moves[b] = moves[b], moves[i]
		sc[i], sc[b] = sc[b], sc[i]
	}
}

// root searches the root position to depth and records the best move.
func (s *searcher) root(pos *core.Position, depth int) {
	s.rootBest = core.Move{}
	ply := 0
	s.path[0] = pos.Key
	s.pvLen[0] = 0
	moves := pos.GenMoves(s.bufs[0][:0])
	_, ttCode, _, _, _ := s.tt.probe(pos.Key)
	s.order(pos, moves, ply, ttCode)
	alpha, beta := -scoreInf, scoreInf
	best, bestRaw := -scoreInf, -scoreInf
	var bestMove core.Move
	for i := range moves {
		s.pick(moves, ply, i)
		m := moves[i]
		child := pos.After(m)
		// With root noise the move's score is v+n: search the child with the
		// window shifted by n, so alpha-beta stays exact for the noisy scores.
		n := s.rootOffset(m)
		a, b := alpha-n, beta-n
		if alpha <= -scoreInf+1000 {
			a = alpha
		}
		var sc int
		if i == 0 {
			sc = -s.search(&child, depth-1, ply+1, -b, -a, 0)
		} else {
			sc = -s.search(&child, depth-1, ply+1, -a-1, -a, 0)
			if sc > a && !s.stopped {
				sc = -s.search(&child, depth-1, ply+1, -b, -a, 0)
			}
		}
		if s.stopped {
			break
		}
		raw := sc
		if _, won := IsWin(sc); !won {
			sc += n
		}
		if sc > best {
			best, bestRaw, bestMove = sc, raw, m
			if sc > alpha {
				alpha = sc
				s.setPV(ply, m)
			}
		}
	}
	if bestMove.Kind != core.MoveNone {
		s.rootBest, s.rootScore = bestMove, bestRaw
		if !s.stopped && s.rootNoise == 0 {
			s.tt.store(pos.Key, best, moveCode(bestMove), depth, flagExact)
		}
	}
	// Age the history between iterations.
	for a := range s.history {
		for b := range s.history[a] {
			for c := range s.history[a][b] {
				s.history[a][b][c] /= 4
			}
		}
	}
}

// rootOffset is the root noise of move m: fixed for one search (so every
// iteration agrees), different per seed.
func (s *searcher) rootOffset(m core.Move) int {
	if s.rootNoise <= 0 {
		return 0
	}
	h := (uint64(moveCode(m))+1)*0x9e3779b97f4a7c15 ^ s.seed
	h ^= h >> 29
	h *= 0xbf58476d1ce4e5b9
	h ^= h >> 32
	return int(h%uint64(2*s.rootNoise+1)) - s.rootNoise
}

func (s *searcher) setPV(ply int, m core.Move) {
	s.pv[ply][0] = m
	n := s.pvLen[ply+1]
	copy(s.pv[ply][1:], s.pv[ply+1][:n])
	s.pvLen[ply] = n + 1
}

// search is the negamax alpha-beta with principal-variation search.
func (s *searcher) search(pos *core.Position, depth, ply, alpha, beta, ext int) int {
	s.pvLen[ply] = 0
	if s.visit() {
		return 0
	}
	if sc, ok := s.decided(pos, ply); ok {
		return sc
	}
	s.path[ply] = pos.Key
	if s.repeated(pos.Key, ply) {
		return s.draw(pos)
	}
	if s.tb != nil && depth > 0 {
		if v, plies, ok := s.tb.Probe(*pos); ok && (s.countValues || v == tablebase.Draw || plies != tablebase.PliesUnknown) {
			if sc, won := tableScore(v, plies, ply); won {
				if plies == tablebase.PliesUnknown {
					// A win or a loss without its plies (a values-only
					// section) is ordered by the evaluation, so that the
					// search still heads somewhere where the table holds a
					// whole tier won (Beat the Wolf's 17 dogs).
					sc += min(max(s.eval(pos), -valuesBonus), valuesBonus)
				}
				return sc
			}
			return s.draw(pos)
		}
	}
	if ply >= maxPly {
		return s.eval(pos)
	}
	if depth <= 0 {
		if ext >= maxExt || !s.extend(pos) {
			return s.qsearch(pos, ply, 0, alpha, beta)
		}
		depth, ext = 1, ext+1
	}
	moves := pos.GenMoves(s.bufs[ply][:0])
	if len(moves) == 0 {
		return s.terminal(pos, ply)
	}
	// Mate-distance pruning.
	alpha = max(alpha, -(scoreWin - ply))
	beta = min(beta, scoreWin-ply-1)
	if alpha >= beta {
		return alpha
	}
	ttScore, ttCode, ttDepth, ttFlag, ttHit := s.tt.probe(pos.Key)
	if ttHit && ttDepth >= depth {
		sc := fromTT(ttScore, ply)
		switch {
		case ttFlag == flagExact,
			ttFlag == flagLower && sc >= beta,
			ttFlag == flagUpper && sc <= alpha:
			return sc
		}
	}
	s.order(pos, moves, ply, ttCode)
	alphaOrig := alpha
	best := -scoreInf
	var bestMove core.Move
	side := pos.ToMove
	for i := range moves {
		s.pick(moves, ply, i)
		m := moves[i]
		quiet := m.Capt == 0 && s.scores[ply][i] < 1<<28
		child := &s.kids[ply]
		*child = pos.After(m)
		var sc int
		if i == 0 {
			sc = -s.search(child, depth-1, ply+1, -beta, -alpha, ext)
		} else {
			r := 0
			if depth >= 3 && i >= 3 && quiet {
				r = 1
				if depth >= 5 && i >= 10 {
					r = 2
				}
			}
			sc = -s.search(child, depth-1-r, ply+1, -alpha-1, -alpha, ext)
			if sc > alpha && r > 0 && !s.stopped {
				sc = -s.search(child, depth-1, ply+1, -alpha-1, -alpha, ext)
			}
			if sc > alpha && sc < beta && !s.stopped {
				sc = -s.search(child, depth-1, ply+1, -beta, -alpha, ext)
			}
		}
		if s.stopped {
			return 0
		}
		if sc > best {
			best, bestMove = sc, m
			if sc > alpha {
				alpha = sc
				s.setPV(ply, m)
				if alpha >= beta {
					if m.Capt == 0 {
						c := moveCode(m)
						if s.killers[ply][0] != c {
							s.killers[ply][1] = s.killers[ply][0]
							s.killers[ply][0] = c
						}
						h := &s.history[side][m.From+1][m.To+1]
						*h += int32(depth * depth)
						if *h > 1<<20 {
							*h = 1 << 20
						}
					}
					break
				}
			}
		}
	}
	flag := flagExact
	switch {
	case best >= beta:
		flag = flagLower
	case best <= alphaOrig:
		flag = flagUpper
	}
	s.tt.store(pos.Key, toTT(best, ply), moveCode(bestMove), depth, flag)
	return best
}

// extend reports whether a leaf deserves one more ply: the prey is to move
// and the predator threatens a capture, or the predator is nearly shut in.
func (s *searcher) extend(pos *core.Position) bool {
	if pos.ToMove != core.Prey {
		return false
	}
	safe, _, _, n, _ := s.t.threats(pos)
	return n > 0 || safe <= 1
}

// qsearch resolves the predator's captures: the prey stands pat, the predator
// stands pat or captures. A predator whose every move loses (into a trap or the
// cliff) must move.
func (s *searcher) qsearch(pos *core.Position, ply, qply, alpha, beta int) int {
	s.pvLen[ply] = 0
	if s.visit() {
		return 0
	}
	if sc, ok := s.decided(pos, ply); ok {
		return sc
	}
	if pos.ToMove == core.Prey || ply >= maxPly {
		return s.eval(pos)
	}
	moves := pos.GenMoves(s.bufs[ply][:0])
	if len(moves) == 0 {
		return s.terminal(pos, ply)
	}
	// A predator with at most one safe move is not left to stand pat: its
	// moves are searched (like check evasions), so a cornered predator is
	// resolved by search rather than by a static penalty.
	nsafe := 0
	for _, m := range moves {
		if (uint64(1)<<uint(m.To))&s.t.safe != 0 {
			nsafe++
		}
	}
	safe := nsafe > 1 || (nsafe == 1 && qply >= 4)
	best := -scoreInf
	if safe {
		best = s.eval(pos)
		if best >= beta {
			return best
		}
		alpha = max(alpha, best)
	}
	for _, m := range moves {
		if safe && m.Capt == 0 {
			continue
		}
		child := &s.kids[ply]
		*child = pos.After(m)
		sc := -s.qsearch(child, ply+1, qply+1, -beta, -alpha)
		if s.stopped {
			return 0
		}
		if sc > best {
			best = sc
			if sc > alpha {
				alpha = sc
				if alpha >= beta {
					break
				}
			}
		}
	}
	return best
}

func toTT(sc, ply int) int {
	switch {
	case sc > winBound:
		return sc + ply
	case sc < -winBound:
		return sc - ply
	}
	return sc
}

func fromTT(sc, ply int) int {
	switch {
	case sc > winBound:
		return sc - ply
	case sc < -winBound:
		return sc + ply
	}
	return sc
}

package session

import (
	"context"
	"runtime"
	"sync"
	"sync/atomic"

	"huntchess/ai"
	"huntchess/core"
)

// The search's judgement of the moves no table covers. Every position of
// the game is searched once, with a small fixed budget (ReviewLimits), so
// a move's value before is its position's score and its value after is
// the next position's score, negated. A move is then
//
//   - a blunder when it misses a forced win (for the prey: a forced trap)
//     the search saw, walks into a forced loss (a trap), or drops the
//     score by BlunderMargin or more;
//   - a mistake when it drops the score by MistakeMargin or more;
//   - good otherwise, and always when it is the search's own choice.
//
// Where a mistake or a blunder changes the captures of the best line (the
// predator captures fewer than it could, the prey lets it capture more),
// the verdict says so (WhyMissedCapture, WhyAllowsCapture).

// Why says why the search judged a move as it did.
type Why int

const (
	WhyNone          Why = iota
	WhyDrop              // the score dropped: no capture or forced result in sight
	WhyMissedCapture     // the predator lets a capture go that the best line makes
	WhyAllowsCapture     // the prey lets the predator capture
	WhyMissedWin         // a forced win (the prey's: a trap) let go
	WhyWalksIntoLoss     // a forced loss (the predator's: a trap) walked into
)

// Margins of the search's verdicts, in the evaluation's units (one
// captured prey piece is about 100).
const (
	MistakeMargin = 70
	BlunderMargin = 180
)

// ReviewLimits is the budget of one position's search in the review:
// about 10 ms on one core of a 2-core desktop, so a game of 100 moves takes
// about half a second with both cores.
var ReviewLimits = ai.Limits{Depth: 6, Nodes: 12000}

// winScore is the search's score of a game won (ai.IsWin: in 0 plies).
const winScore = 30000

// captureHorizon is the number of plies of a best line whose captures count.
const captureHorizon = 4

// scored is the search's view of one position, for its side to move.
type scored struct {
	score int
	best  core.Move
	pv    []core.Move
	done  bool
}

// SearchReview judges by the search every move of g that moves (ReviewGame's
// verdicts) has no table verdict for, and returns the new verdicts (moves
// itself is not changed). It searches on every core; progress (if not nil)
// is called from the searching goroutines, one call at a time, with the
// positions done and their number. It stops early when ctx is cancelled,
// reporting false.
func SearchReview(ctx context.Context, g *core.Game, moves []ReviewMove, progress func(done, total int)) ([]ReviewMove, bool) {
	out := append([]ReviewMove(nil), moves...)
	pos := make([]core.Position, 0, len(moves)+1)
	p := g.Start()
	pos = append(pos, p)
	for _, m := range moves {
		p = p.After(m.Move)
		pos = append(pos, p)
	}
	need := make([]bool, len(pos))
	for i, m := range moves {
		if m.Verdict == VerdictUnknown && judged(m.Move) {
			need[i], need[i+1] = true, true
		}
	}
	var todo []int
	for i, n := range need {
		if n {
			todo = append(todo, i)
		}
	}
	keys := make([]uint64, len(pos))
	for i, q := range pos {
		keys[i] = q.Key
	}
	views := make([]scored, len(pos))
	var next atomic.Int64
	var wg sync.WaitGroup
	var mu sync.Mutex // one progress call at a time
	done := 0
	for w := 0; w < min(runtime.NumCPU(), max(1, len(todo))); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				k := int(next.Add(1)) - 1
				if k >= len(todo) || ctx.Err() != nil {
					return
				}
				i := todo[k]
				views[i] = searchView(ctx, pos[i], keys[:i+1])
				mu.Lock()
				done++
				if progress != nil {
					progress(done, len(todo))
				}
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	if ctx.Err() != nil {
		return out, false
	}
	for i := range out {
		if need[i] && views[i].done && views[i+1].done {
			judge(&out[i], pos[i], views[i], views[i+1])
		}
	}
	return out, true
}

// judged reports whether the search judges move m: a pass is no choice.
func judged(m core.Move) bool { return m.Kind != core.MovePass && m.Kind != core.MoveNone }

// searchView searches one position (a position whose game is over scores
// its result).
func searchView(ctx context.Context, p core.Position, hist []uint64) scored {
	if o := p.Outcome(); o.Over() {
		sc := 0
		if w, ok := o.Winner(); ok {
			sc = winScore
			if w != p.ToMove {
				sc = -winScore
			}
		}
		return scored{score: sc, done: true}
	}
	lim := ReviewLimits
	lim.History = hist
	res := ai.Search(ctx, p, lim)
	return scored{score: res.Score, best: res.Move, pv: res.PV, done: ctx.Err() == nil}
}

// capturesIn counts the prey pieces the first plies of line capture from p.
func capturesIn(p core.Position, line []core.Move, plies int) int {
	n := 0
	for i, m := range line {
		if i >= plies {
			break
		}
		n += popcount(m.Capt)
		p = p.After(m)
	}
	return n
}

func popcount(x uint64) int {
	n := 0
	for ; x != 0; x &= x - 1 {
		n++
	}
	return n
}

// judge sets r's search verdict from the views of the positions before and
// after its move.
func judge(r *ReviewMove, before core.Position, b, a scored) {
	r.ScoreBefore, r.ScoreAfter = b.score, -a.score
	r.Verdict, r.Why = VerdictGood, WhyNone
	_, bWon := ai.IsWin(b.score)
	_, aWon := ai.IsWin(r.ScoreAfter)
	switch {
	case r.Move == b.best:
		return
	case bWon && b.score > 0 && !(aWon && r.ScoreAfter > 0):
		r.Verdict, r.Why = VerdictBlunder, WhyMissedWin
	case aWon && r.ScoreAfter < 0 && !(bWon && b.score < 0):
		r.Verdict, r.Why = VerdictBlunder, WhyWalksIntoLoss
	case bWon || aWon:
		return // a win kept, or a loss that was coming anyway
	default:
		drop := r.ScoreBefore - r.ScoreAfter
		switch {
		case drop >= BlunderMargin:
			r.Verdict = VerdictBlunder
		case drop >= MistakeMargin:
			r.Verdict = VerdictMistake
		default:
			return
		}
		r.Why = WhyDrop
		line := []core.Move{b.best}
		if len(b.pv) > 0 && b.pv[0] == b.best {
			line = b.pv
		}
		best := capturesIn(before, line, captureHorizon)
		played := popcount(r.Move.Capt) + capturesIn(before.After(r.Move), a.pv, captureHorizon-1)
		switch {
		case r.Mover == core.Predator && played < best:
			r.Why = WhyMissedCapture
		case r.Mover == core.Prey && played > best:
			r.Why = WhyAllowsCapture
		}
	}
	if r.Verdict != VerdictGood {
		r.Best = b.best
	}
}

package solver

import (
	"fmt"
	"math/rand"
	"sync"
	"sync/atomic"
	"time"

	"huntchess/ai/tablebase"
	"huntchess/core"
)

// VerifyReport is what Verify found.
type VerifyReport struct {
	Game        string
	Positions   int64 // stored positions checked against their children
	Stride      int   // every stride-th entry was checked (1: all)
	Mismatches  int64
	Examples    []string // the first few mismatches
	Searched    int      // positions checked against a plain search
	SearchDepth int
	SearchBad   int
	Seconds     float64
}

// expected works out a position's value and plies from its children, using
// core's moves and outcomes and the table for the children.
func expected(t *tablebase.Table, cp core.Position, bound bool) (tablebase.Value, int, error) {
	if o := cp.Outcome(); o.Over() {
		return tablebase.OutcomeValue(o, cp.ToMove), 0, nil
	}
	var buf [core.MaxMoves]core.Move
	f := tablebase.NewFold()
	for _, m := range cp.GenMoves(buf[:0]) {
		c := cp.After(m)
		var v tablebase.Value
		var d int
		q, inTable := t.FromCore(c)
		switch {
		case bound && c.Captured > cp.Captured:
			v, d = tablebase.Loss, 0 // a capture ends a bound tier as a predator win
		case !inTable: // decided by the pieces: captures reached, trap, cliff
			o := c.Outcome()
			if !o.Over() {
				return tablebase.Unknown, 0, fmt.Errorf("child %s of %s: not finished, yet outside the tables", c, cp)
			}
			v, d = tablebase.OutcomeValue(o, c.ToMove), 0
		default: // the tables hold positions without a move too (checked on their own)
			code, ok, err := t.Code(q, bound && c.Captured == cp.Captured)
			if err != nil {
				return tablebase.Unknown, 0, err
			}
			if !ok {
				return tablebase.Unknown, 0, fmt.Errorf("child %s of %s is in no table", c, cp)
			}
			v, d = tablebase.Decode(code)
		}
		f.Add(v, d)
	}
	v, d := f.Value(false) // a position without a move was answered by core's outcome above
	return v, d, nil
}

// Verify walks every stored position and checks that its value and plies
// follow from its children's (by core's moves) and that finished positions
// match core's outcome; then it checks samples against a plain search of
// depth searchDepth. Its passes are reported to on (nil: not reported).
//
// With stride > 1 only every stride-th entry of each section is checked (a
// quicker, evenly spread sample of a large table); 1 checks them all.
func Verify(t *tablebase.Table, threads, samples, searchDepth, stride int, on func(Event)) VerifyReport {
	start := time.Now()
	stride = max(1, stride)
	rep := VerifyReport{Game: t.Game, SearchDepth: searchDepth, Stride: stride}
	var mu sync.Mutex
	bad := func(s string) {
		mu.Lock()
		rep.Mismatches++
		if len(rep.Examples) < 10 {
			rep.Examples = append(rep.Examples, s)
		}
		mu.Unlock()
	}
	s := &Solver{R: t.Rules(), Threads: threads, OnEvent: on}
	for _, sec := range t.Sections {
		var n atomic.Int64
		what := fmt.Sprintf("captured=%d hand=%d %s", sec.Captured, sec.Hand, sec.Kind)
		if sec.Bound {
			what += " bound"
		}
		tick := newTicker(s, "verify "+what, sec.Entries)
		var done atomic.Int64
		check := func(p tablebase.Pos, code uint16) {
			cp := tablebase.ToCore(t.Rules(), p)
			v, d, err := expected(t, cp, sec.Bound)
			if sec.Stats.PreyWinsOnly && !(v == tablebase.Win && p.Side == 1 || v == tablebase.Loss && p.Side == 0) {
				v, d = tablebase.Draw, 0 // only the prey's wins are stored: anything else is "not a prey win"
			}
			sv, sd := tablebase.Decode(code)
			if err != nil || v != sv || (v != tablebase.Draw && d != sd) {
				bad(fmt.Sprintf("%s: stored %v %d, children give %v %d %v", cp, sv, sd, v, d, err))
			}
			n.Add(1)
		}
		s.parallel(int64(len(sec.Blocks)), func(lo, hi int64, _ int) {
			for b := lo; b < hi; b++ {
				codeAt, n, err := t.Block(sec, int(b))
				if err != nil {
					bad(err.Error())
					continue
				}
				base := b * int64(sec.BlockSize)
				for i := 0; i < n; i++ {
					if (base+int64(i))%int64(stride) != 0 {
						continue
					}
					code := codeAt(i)
					if code == tablebase.CodeNoneV {
						continue
					}
					pred, prey, side := sec.Layout().Position(base + int64(i))
					check(tablebase.Pos{Pred: pred, Prey: prey, Side: side, Capt: sec.Captured, Hand: sec.Hand}, code)
				}
				tick.add(&done, int64(n))
			}
		}, 1)
		tick.end()
		rep.Positions += n.Load()
	}
	// Samples against a plain search: positions decided within the search
	// depth must come out the same, the others undecided.
	if samples > 0 && searchDepth > 0 {
		rng := rand.New(rand.NewSource(1))
		g, _ := t.Rules().Game()
		var jobs []core.Position
		var stored []uint16
		var preyWins []core.Position // prey wins of a prey-win section, within the search depth
		var preyCodes []uint16
		for _, sec := range t.Sections {
			if sec.Bound && sec.Stats.PreyWinsOnly {
				for try := 0; try < 400*samples && len(preyWins) < samples; try++ {
					p := tablebase.RandomPosition(rng, g.Info(), sec.Captured, sec.Hand)
					q, _ := t.FromCore(p)
					if p.Outcome().Over() {
						continue
					}
					code, ok, err := t.Code(q, true)
					v, d := tablebase.Decode(code)
					if !ok || err != nil || v == tablebase.Draw || d > searchDepth {
						continue
					}
					preyWins, preyCodes = append(preyWins, p), append(preyCodes, code)
				}
				continue
			}
			if sec.Bound {
				continue
			}
			short, long, want := 0, 0, samples
			if sec.Hand > 0 { // 84 small placement tiers in deer chess
				want = max(4, samples/8)
			}
			for try := 0; try < 200*want && short+long < want; try++ {
				p := tablebase.RandomPosition(rng, g.Info(), sec.Captured, sec.Hand)
				v, d, ok := t.Probe(p)
				if !ok {
					continue
				}
				if v != tablebase.Draw && d <= searchDepth && short < want*3/4 {
					short++
				} else if (v == tablebase.Draw || d > searchDepth) && long < want/4 {
					long++
				} else {
					continue
				}
				jobs = append(jobs, p)
				stored = append(stored, tablebase.MakeCode(map[tablebase.Value]int{tablebase.Win: tablebase.CodeWin, tablebase.Loss: tablebase.CodeLoss, tablebase.Draw: tablebase.CodeDraw}[v], d))
			}
		}
		var nbad atomic.Int64
		s.parallel(int64(len(jobs)), func(lo, hi int64, _ int) {
			for i := lo; i < hi; i++ {
				sv, sd := tablebase.Decode(stored[i])
				if depth, v, d, wv, wd, ok := SearchAgrees(jobs[i], sv, sd, searchDepth); !ok {
					nbad.Add(1)
					bad(fmt.Sprintf("search depth %d on %s: %v %d, table %v %d", depth, jobs[i], v, d, wv, wd))
				}
			}
		}, 1)
		// A prey win where captures counted as predator wins is a prey win
		// in the real game too, the prey never giving up a piece: the search
		// must find it, as fast or faster (a sacrifice may be quicker).
		s.parallel(int64(len(preyWins)), func(lo, hi int64, _ int) {
			for i := lo; i < hi; i++ {
				wv, wd := tablebase.Decode(preyCodes[i])
				if v, d := SearchValue(preyWins[i], searchDepth); v != wv || d > wd {
					nbad.Add(1)
					bad(fmt.Sprintf("search depth %d on %s: %v %d, prey-win table %v %d", searchDepth, preyWins[i], v, d, wv, wd))
				}
			}
		}, 1)
		rep.Searched = len(jobs) + len(preyWins)
		rep.SearchBad = int(nbad.Load())
	}
	rep.Seconds = time.Since(start).Seconds()
	return rep
}

package devicebuild

import (
	"fmt"
	"math/rand"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"huntchess/ai/tablebase"
	"huntchess/core"
)

// DeviceReport is what CheckDevice found.
type DeviceReport struct {
	Game       string `json:"game"`
	Random     int64  `json:"random"`     // 0: every position; else how many random positions
	Positions  int64  `json:"positions"`  // positions compared
	Stored     int64  `json:"stored"`     // of which with the stored side to move
	Derived    int64  `json:"derived"`    // and with the other side (read by a one-ply probe)
	Wins       int64  `json:"wins"`       // values of the compared positions (side to move)
	Draws      int64  `json:"draws"`      //
	Losses     int64  `json:"losses"`     //
	BestChecks int64  `json:"bestChecks"` // positions whose best move was compared too
	// NoPlies counts the wins and losses that agree in value whose plies
	// the device table does not hold (values-only sections, and positions
	// folded from them: tablebase.PliesUnknown).
	NoPlies int64 `json:"noPlies,omitempty"`
	// LongWins counts the long wins compared (ai/tablebase's longwins.go): each position
	// of a section with long wins is one exactly where the full table
	// wins in their plies or more, with a move to a child it loses in one
	// ply fewer.
	LongWins   int64    `json:"longWins,omitempty"`
	Mismatches int64    `json:"mismatches"`
	Examples   []string `json:"examples,omitempty"`
	Seconds    float64  `json:"seconds"`
}

// CheckDevice compares the device table dev with the full table full it
// was converted from: the value and plies of every position (random = 0)
// or of random positions (random > 0, drawn uniformly from the full
// table's positions with the seed 1, see randomPicks, then taken in index
// order so the full table's blocks are read once), and, for one position in
// 64 of a real game, the best move (Best; in a bound section, the move
// LineBound plays). progress (if set) is told of the positions done.
func CheckDevice(full, dev *tablebase.Table, random int64, threads int, progress func(done, total int64)) *DeviceReport {
	start := time.Now()
	rep := &DeviceReport{Game: full.Game, Random: random}
	threads = max(1, threads)
	var done atomic.Int64
	_, realGame := full.Rules().Game() // rules made by hand (tests) have no core moves for Best
	note := rep.noter()
	var t tally
	bad := &t.bad
	var best atomic.Int64
	// Best moves are compared in a table with plies throughout (format 1):
	// where plies are unknown the engine picks among the moves that keep
	// the value (ai's tableMove), not Best.
	compareBest := realGame && !dev.HasValuesOnly()
	var longWins atomic.Int64
	checkLongWin := func(dsec *tablebase.Section, p tablebase.Pos, fc uint16) {
		cp := tablebase.ToCore(full.Rules(), p)
		fv, fd := tablebase.Decode(fc)
		want := fv == tablebase.Win && fd >= dsec.LongWins.MinPlies
		m, ok, err := dev.LongWin(cp)
		if ok != want || err != nil {
			bad.Add(1)
			note(fmt.Sprintf("%s: full %v %d, long win %v (%v)", posString(p), fv, fd, ok, err))
			return
		}
		if !ok {
			return
		}
		longWins.Add(1)
		cv, cd, cok := full.Probe(cp.After(m))
		if !cok || cv != tablebase.Loss || cd != fd-1 {
			bad.Add(1)
			note(fmt.Sprintf("%s: won in %d, long win %v to a child %v %d", posString(p), fd, m, cv, cd))
		}
	}
	check := func(sec, dsec *tablebase.Section, i int64, fc uint16) {
		pred, prey, side := sec.Layout().Position(i)
		p := tablebase.Pos{Pred: pred, Prey: prey, Side: side, Capt: sec.Captured, Hand: sec.Hand}
		if dsec.LongWins != nil && realGame {
			checkLongWin(dsec, p, fc)
		}
		dc, ok, err := dev.Code(p, sec.Bound)
		if !t.code(p, side == dev.Device().StoredSide, fc, dc, ok, err, func() string { return fmt.Sprintf(" bound=%v: full", sec.Bound) }, note) {
			return
		}
		if i%64 != 0 || !compareBest {
			return
		}
		cp := tablebase.ToCore(full.Rules(), p)
		best.Add(1)
		fm, fok := bestIn(full, cp, sec.Bound)
		dm, dok := bestIn(dev, cp, sec.Bound)
		if fm != dm || fok != dok {
			bad.Add(1)
			note(fmt.Sprintf("%s: Best: full %v %v, device %v %v", posString(p), fm, fok, dm, dok))
		}
	}
	var total int64
	for _, sec := range full.Sections {
		total += sec.Entries
	}
	if random > 0 {
		total = random
	}
	var picks [][]int64
	if random > 0 {
		picks = randomPicks(full, random)
	}
	for si, sec := range full.Sections {
		dsec := section(dev, sec.Captured, sec.Hand, sec.Bound)
		if dsec == nil {
			bad.Add(1)
			note(fmt.Sprintf("section captured=%d hand=%d bound=%v missing from the device table", sec.Captured, sec.Hand, sec.Bound))
			continue
		}
		// The entries to check: all, or this section's share of the random ones.
		var sp []int64
		n := sec.Entries
		if random > 0 {
			sp = picks[si]
			n = int64(len(sp))
		}
		chunk := max(int64(1)<<16, int64(sec.BlockSize))
		var next atomic.Int64
		var wg sync.WaitGroup
		for w := 0; w < threads; w++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					lo := next.Add(chunk) - chunk
					if lo >= n {
						return
					}
					hi := min(lo+chunk, n)
					for k := lo; k < hi; k++ {
						i := k
						if sp != nil {
							i = sp[k]
						}
						code, _, err := full.Block(sec, int(i/int64(sec.BlockSize)))
						if err != nil {
							bad.Add(1)
							note(err.Error())
							continue
						}
						fc := code(int(i % int64(sec.BlockSize)))
						if fc == tablebase.CodeNoneV {
							continue
						}
						check(sec, dsec, i, fc)
					}
					d := done.Add(hi - lo)
					if progress != nil {
						progress(d, total)
					}
				}
			}()
		}
		wg.Wait()
	}
	t.report(rep)
	rep.BestChecks, rep.LongWins = best.Load(), longWins.Load()
	rep.Seconds = time.Since(start).Seconds()
	return rep
}

// randomPicks returns, sorted, for each section of t the entries of random
// positions: entries drawn uniformly from the whole index (seed 1), a hole
// drawn again, so every stored entry (a position up to symmetry) is as
// likely as any other.
func randomPicks(t *tablebase.Table, random int64) [][]int64 {
	var total int64
	for _, sec := range t.Sections {
		total += sec.Entries
	}
	rng := rand.New(rand.NewSource(1))
	picks := make([][]int64, len(t.Sections))
	for k := int64(0); k < random; {
		x := rng.Int63n(total)
		for j, sec := range t.Sections {
			if x >= sec.Entries {
				x -= sec.Entries
				continue
			}
			pred, prey, side := sec.Layout().Position(x)
			if hole, _ := sec.Layout().IsHole(x, pred, prey, side); !hole {
				picks[j] = append(picks[j], x)
				k++
			}
			break
		}
	}
	for _, p := range picks {
		slices.Sort(p)
	}
	return picks
}

// bestIn is Best, or in a bound section the move LineBound plays.
func bestIn(t *tablebase.Table, p core.Position, bound bool) (core.Move, bool) {
	if !bound {
		m, _, _, ok := t.Best(p)
		return m, ok
	}
	return t.BestBound(p)
}

// section returns t's section of positions with these counts (nil: none).
func section(t *tablebase.Table, capt, hand int, bound bool) *tablebase.Section {
	for _, sec := range t.Sections {
		if sec.Bound == bound && sec.Captured == capt && sec.Hand == hand {
			return sec
		}
	}
	return nil
}

// CompareDevices compares two device tables of one game that store the
// same side to move (one re-encoded from the other, ReencodeDevice): the
// code of every position with the stored side to move, and of every
// derivedEvery-th one with the other side (0: none), whose codes the
// stored ones decide. progress (if set) is told of the entries done.
func CompareDevices(a, b *tablebase.Table, derivedEvery int64, threads int, progress func(done, total int64)) *DeviceReport {
	start := time.Now()
	rep := &DeviceReport{Game: a.Game}
	threads = max(1, threads)
	var stored, derived, bad, done atomic.Int64
	note := rep.noter()
	if !a.IsDevice() || !b.IsDevice() || a.Device().StoredSide != b.Device().StoredSide || a.Fingerprint != b.Fingerprint {
		rep.Mismatches = 1
		rep.Examples = []string{"not two device tables of the same rules and stored side"}
		return rep
	}
	side := int64(a.Device().StoredSide)
	var total int64
	for _, sec := range a.Sections {
		total += sec.Entries
	}
	for _, sec := range a.Sections {
		bsec := section(b, sec.Captured, sec.Hand, sec.Bound)
		if bsec == nil || bsec.Entries != sec.Entries {
			bad.Add(1)
			note(fmt.Sprintf("%s: missing from the other table", what(sec)))
			continue
		}
		half := sec.StoredEntries()
		var next atomic.Int64
		var wg sync.WaitGroup
		const chunk = 1 << 16
		for range threads {
			wg.Add(1)
			go func() {
				defer wg.Done()
				for {
					lo := next.Add(chunk) - chunk
					if lo >= sec.Entries {
						return
					}
					hi := min(lo+chunk, sec.Entries)
					sec.Layout().Walk(lo, hi, func(i int64, pred, prey uint64, sd int) {
						own := i/half == side
						if !own && (derivedEvery <= 0 || i%derivedEvery != 0) {
							return
						}
						if hole, _ := sec.Layout().IsHole(i, pred, prey, sd); hole {
							return
						}
						p := tablebase.Pos{Pred: pred, Prey: prey, Side: sd, Capt: sec.Captured, Hand: sec.Hand}
						ac, aok, aerr := a.Code(p, sec.Bound)
						bc, bok, berr := b.Code(p, sec.Bound)
						if own {
							stored.Add(1)
						} else {
							derived.Add(1)
						}
						if ac != bc || aok != bok || aerr != nil || berr != nil {
							bad.Add(1)
							note(fmt.Sprintf("%s bound=%v: %04x %v %v / %04x %v %v", posString(p), sec.Bound, ac, aok, aerr, bc, bok, berr))
						}
					})
					if d := done.Add(hi - lo); progress != nil {
						progress(d, total)
					}
				}
			}()
		}
		wg.Wait()
	}
	rep.Stored, rep.Derived = stored.Load(), derived.Load()
	rep.Positions = rep.Stored + rep.Derived
	rep.Mismatches = bad.Load()
	rep.Seconds = time.Since(start).Seconds()
	return rep
}

// tally counts a check's positions compared against a device table, by
// side to move and value, and its mismatches.
type tally struct {
	stored, derived, wins, draws, losses, noPlies, bad atomic.Int64
}

// code counts position p (stored: with the device's stored side to move)
// whose full code is fc and whose device code is dc (ok and err as
// dev.Code returned them), and reports whether the two are the same. A win
// or a loss the device holds without its plies (a values-only section)
// counts as noPlies; any other difference is a mismatch, noted as
// "pWHAT v d, device v d", WHAT from what() (made only then).
func (t *tally) code(p tablebase.Pos, stored bool, fc, dc uint16, ok bool, err error, what func() string, note func(string)) bool {
	if stored {
		t.stored.Add(1)
	} else {
		t.derived.Add(1)
	}
	switch fc >> 14 {
	case tablebase.CodeWin:
		t.wins.Add(1)
	case tablebase.CodeLoss:
		t.losses.Add(1)
	default:
		t.draws.Add(1)
	}
	if err == nil && ok && dc == fc {
		return true
	}
	if err == nil && ok && dc>>14 == fc>>14 && fc>>14 != tablebase.CodeDraw && dc&tablebase.PliesUnknown == tablebase.PliesUnknown {
		t.noPlies.Add(1)
		return false
	}
	t.bad.Add(1)
	fv, fd := tablebase.Decode(fc)
	dv, dd := tablebase.Decode(dc)
	note(fmt.Sprintf("%s%s %v %d, device %v %d (ok %v, %v)", posString(p), what(), fv, fd, dv, dd, ok, err))
	return false
}

// report writes the counts into rep.
func (t *tally) report(rep *DeviceReport) {
	rep.Stored, rep.Derived = t.stored.Load(), t.derived.Load()
	rep.Positions = rep.Stored + rep.Derived
	rep.Wins, rep.Draws, rep.Losses = t.wins.Load(), t.draws.Load(), t.losses.Load()
	rep.Mismatches, rep.NoPlies = t.bad.Load(), t.noPlies.Load()
}

// noter returns a function that keeps the first 20 examples it is given in
// rep.Examples; the checks' goroutines may call it at once.
func (rep *DeviceReport) noter() func(string) {
	var mu sync.Mutex
	return func(s string) {
		mu.Lock()
		if len(rep.Examples) < 20 {
			rep.Examples = append(rep.Examples, s)
		}
		mu.Unlock()
	}
}

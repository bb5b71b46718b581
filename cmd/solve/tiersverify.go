package main

import (
	"fmt"
	"io"
	"math/rand"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/solver"
	"huntchess/core"
)

// tierVerifyReport is what tiersVerify found, tier by tier.
type tierVerifyReport struct {
	Game        string           `json:"game"`
	Stride      int64            `json:"stride"`
	SearchDepth int              `json:"searchDepth"`
	Tiers       []tierVerifyTier `json:"tiers"`
	Mismatches  int64            `json:"mismatches"`
	Examples    []string         `json:"examples,omitempty"`
	Seconds     float64          `json:"seconds"`
}

type tierVerifyTier struct {
	Captured int   `json:"captured"`
	Entries  int64 `json:"entries"`
	// Checked: positions compared with the fold of their children's codes
	// (every Stride-th entry, holes left out); Searched: random positions
	// compared with a plain search.
	Checked, Searched int64
	Mismatches        int64 `json:"mismatches"`
}

// tiersVerify checks g's tier files in dir (the captured counts tiers; the
// tiers their captures lead to must be there too) as solve verify checks a table
// file (the whole game's would take tens of GB: it is never written): every
// stride-th entry of each tier against its children's codes, folded as the
// solver folds them (the children read from their tier files, a capture's
// in the next tier's), and samples random positions of each tier against a
// plain search of depth plies (decided within it: the same value and plies;
// else undecided by a shallower one).
func tiersVerify(g *core.GameInfo, dir string, tiers []int, stride int64, samples, depth, threads int, w io.Writer) (*tierVerifyReport, error) {
	start := time.Now()
	r := tablebase.ForGame(g.ID)
	rep := &tierVerifyReport{Game: g.Key, Stride: stride, SearchDepth: depth}
	var mu sync.Mutex
	bad := func(t *tierVerifyTier, s string) {
		mu.Lock()
		defer mu.Unlock()
		t.Mismatches++
		rep.Mismatches++
		if len(rep.Examples) < 20 {
			rep.Examples = append(rep.Examples, s)
		}
	}
	// Each thread reads through tier readers of its own (ReadCodes is
	// safe for concurrent use, but one set keeps it simple).
	lookups := make([]*tierLookup, threads)
	for i := range lookups {
		lookups[i] = newTierLookup(g, dir)
		defer lookups[i].Close()
	}
	for _, c := range tiers {
		tc, err := solver.OpenTierCodes(solver.TierPath(dir, g.Key, c), r)
		if err != nil {
			return rep, err
		}
		entries, l := tc.Header.Entries, tc.Layout
		tc.Close()
		rep.Tiers = append(rep.Tiers, tierVerifyTier{Captured: c, Entries: entries})
		tv := &rep.Tiers[len(rep.Tiers)-1]
		var next, checked atomic.Int64
		const chunk = 1 << 12
		var wg sync.WaitGroup
		tstart := time.Now()
		for th := 0; th < threads; th++ {
			lk := lookups[th]
			wg.Add(1)
			go func() {
				defer wg.Done()
				var kids [64]tablebase.Pos
				for {
					k := next.Add(1) - 1
					lo := k * chunk * stride
					if lo >= entries {
						return
					}
					for idx := lo; idx < min(entries, lo+chunk*stride); idx += stride {
						pred, prey, side := l.Position(idx)
						if hole, _ := l.IsHole(idx, pred, prey, side); hole {
							continue
						}
						p := tablebase.Pos{Pred: pred, Prey: prey, Side: side, Capt: c}
						cp := tablebase.ToCore(r, p)
						if cp.Outcome().Over() {
							continue // decided by the pieces: the rules' value, not the file's
						}
						want, err := lk.Code(cp)
						if err != nil {
							bad(tv, err.Error())
							continue
						}
						f := tablebase.NewFold()
						ks := kids[:0]
						n := r.Children(p, false, func(q tablebase.Pos, term int) {
							switch term {
							case tablebase.ChildWon:
								f.Add(tablebase.Win, 0)
							case tablebase.ChildLost:
								f.Add(tablebase.Loss, 0)
							default:
								ks = append(ks, q)
							}
						})
						for _, q := range ks {
							cc, err := lk.Code(tablebase.ToCore(r, q))
							if err != nil {
								bad(tv, err.Error())
								continue
							}
							f.Add(tablebase.Decode(cc))
						}
						if got := f.Code(n == 0 && !r.PreyPasses); !same(got, want) {
							gv, gd := tablebase.Decode(got)
							wv, wd := tablebase.Decode(want)
							bad(tv, fmt.Sprintf("%v: stored %v %d, its children give %v %d", cp, wv, wd, gv, gd))
						}
						checked.Add(1)
					}
					if k%256 == 0 {
						fmt.Fprintf(w, "\rverify: %d dogs: %5.1f%% (%s)   ", g.PreyCount-c,
							100*float64(min(entries, (k+1)*chunk*stride))/float64(entries), time.Since(tstart).Round(time.Second))
					}
				}
			}()
		}
		wg.Wait()
		tv.Checked = checked.Load()
		// Samples against a plain search.
		rng := rand.New(rand.NewSource(int64(c) + 1))
		lk := lookups[0]
		short, long := 0, 0
		for try := 0; try < 400*samples && short+long < samples; try++ {
			p := tablebase.RandomPosition(rng, g, c, 0)
			if p.Outcome().Over() {
				continue
			}
			v, d, err := lk.value(p)
			if err != nil {
				return rep, err
			}
			if v == tablebase.Draw || d > depth {
				if long >= samples/4 {
					continue
				}
				long++
			} else {
				if short >= samples*3/4 {
					continue
				}
				short++
			}
			if d0, sv, sd, wv, wd, ok := solver.SearchAgrees(p, v, d, depth); !ok {
				bad(tv, fmt.Sprintf("search depth %d on %v: %v %d, the tier file %v %d", d0, p, sv, sd, wv, wd))
			}
			tv.Searched++
		}
		fmt.Fprintf(w, "\rverify: %d dogs: %d positions against their children, %d against a %d-ply search, %d mismatches (%s)\n",
			g.PreyCount-c, tv.Checked, tv.Searched, depth, tv.Mismatches, time.Since(tstart).Round(time.Second))
	}
	rep.Seconds = time.Since(start).Seconds()
	return rep, nil
}

// same reports whether two codes say the same: the value, and the plies of
// a win or a loss.
func same(a, b uint16) bool {
	av, ad := tablebase.Decode(a)
	bv, bd := tablebase.Decode(b)
	return av == bv && (av == tablebase.Draw || ad == bd)
}

// runTiersVerify is solve tiers -verify: tiersVerify, its report written
// beside the tier files, an error where anything differs.
func runTiersVerify(g *core.GameInfo, dir, list string, stride, samples, depth, threads int) error {
	tiers, err := tiersOrAll(g, list)
	if err != nil {
		return err
	}
	rep, err := tiersVerify(g, dir, tiers, int64(max(1, stride)), samples, depth, max(1, threads), os.Stderr)
	if err != nil {
		return err
	}
	if err := writeJSON(filepath.Join(dir, g.Key+".tiers.verify.json"), rep); err != nil {
		return err
	}
	var checked, searched int64
	for _, t := range rep.Tiers {
		checked += t.Checked
		searched += t.Searched
	}
	fmt.Fprintf(os.Stderr, "verify: %s: %d positions (every %d. entry) checked against their children, %d against a %d-ply search, %d mismatches, %.1f s\n",
		g.Key, checked, rep.Stride, searched, rep.SearchDepth, rep.Mismatches, rep.Seconds)
	for _, e := range rep.Examples {
		fmt.Fprintln(os.Stderr, "  ", e)
	}
	if rep.Mismatches > 0 {
		return fmt.Errorf("%s: %d mismatches", g.Key, rep.Mismatches)
	}
	return nil
}

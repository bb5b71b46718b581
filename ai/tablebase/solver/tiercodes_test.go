package solver

import (
	"fmt"
	"math/rand/v2"
	"testing"
)

// TierCodes reads every entry of a tier file as CompactTier.Code does, over
// ranges of any length and start, with the plies wrapping at 254 and at 6
// (the epoch planes); a range past the end is refused.
func TestTierCodes(t *testing.T) {
	for _, wrap := range []int{254, 6} {
		t.Run(fmt.Sprintf("wrap%d", wrap), func(t *testing.T) {
			defer func(w int) { compactWrap = w }(compactWrap)
			compactWrap = wrap
			g := miniGame("mini-wolf")
			tiers := movingTiers(g.R, 1)
			dir := t.TempDir()
			s := NewSolver(g.R)
			s.Threads = 2
			if err := s.RunCompact(dir, tiers, nil); err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(1, 2))
			epochs := 0
			for _, c := range tiers {
				path := TierPath(dir, g.R.Name, c)
				ct, err := ReadTierFile(path, g.R, false)
				if err != nil {
					t.Fatal(err)
				}
				tc, err := OpenTierCodes(path, g.R)
				if err != nil {
					t.Fatal(err)
				}
				for _, e := range tc.Header.Epochs {
					if e {
						epochs++
					}
				}
				n := tc.Header.Entries
				if tc.Captured() != c || tc.Stats().Positions != ct.Stats.Positions {
					t.Fatalf("captured %d: header %+v", c, tc.Header)
				}
				all := make([]uint16, n)
				if err := tc.ReadCodes(0, all); err != nil {
					t.Fatal(err)
				}
				for i := int64(0); i < n; i++ {
					if all[i] != ct.Code(i) {
						t.Fatalf("captured %d entry %d: %#x, the tier's %#x", c, i, all[i], ct.Code(i))
					}
				}
				for range 200 {
					lo := rng.Int64N(n)
					k := rng.Int64N(min(n-lo, 300) + 1)
					got := make([]uint16, k)
					if err := tc.ReadCodes(lo, got); err != nil {
						t.Fatal(err)
					}
					for j := range got {
						if got[j] != all[lo+int64(j)] {
							t.Fatalf("captured %d: entry %d read from %d: %#x, want %#x", c, lo+int64(j), lo, got[j], all[lo+int64(j)])
						}
					}
				}
				if err := tc.ReadCodes(n-1, make([]uint16, 2)); err == nil {
					t.Fatalf("captured %d: a range past the end read", c)
				}
				tc.Close()
			}
			if wrap == 6 && epochs == 0 {
				t.Fatal("no epoch plane read")
			}
		})
	}
}

package tablebase

import "testing"

func TestRankRoundTrip(t *testing.T) {
	for _, m := range []int{9, 22, 24, 32} {
		for _, k := range []int{0, 1, 5, m / 2, m} {
			n := binom[m][k]
			step := max(1, n/2000)
			x := unrankSet(0, k, m)
			for r := int64(0); r < n; r++ {
				if r%step == 0 || r == n-1 {
					if got := unrankSet(r, k, m); got != x {
						t.Fatalf("m=%d k=%d: unrank(%d)=%b, Gosper gives %b", m, k, r, got, x)
					}
					if got := rankSet(x); got != r {
						t.Fatalf("m=%d k=%d: rank(%b)=%d, want %d", m, k, x, got, r)
					}
				}
				x = nextSet(x)
			}
		}
	}
	holes := []uint8{3, 7, 20}
	for _, m := range []uint64{0, 1, 0b101, 1<<21 - 1, 0xfffff} {
		if got := compress(expand(m, holes), holes); got != m {
			t.Fatalf("compress(expand(%b)) = %b", m, got)
		}
	}
}

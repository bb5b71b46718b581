package tablebase

import (
	"slices"
	"time"

	"huntchess/core"
)

// memo is an open-addressing hash table from position keys to codes.
type memo struct {
	keys []uint64
	vals []uint16
	n    int
}

const emptyKey = ^uint64(0)

func newMemo(capPow int) *memo {
	m := &memo{keys: make([]uint64, 1<<capPow), vals: make([]uint16, 1<<capPow)}
	for i := range m.keys {
		m.keys[i] = emptyKey
	}
	return m
}

func hashKey(k uint64) uint64 {
	k ^= k >> 31
	k *= 0x9e3779b97f4a7c15
	return k ^ k>>29
}

func (m *memo) get(k uint64) (uint16, bool) {
	mask := uint64(len(m.keys) - 1)
	for i := hashKey(k) & mask; ; i = (i + 1) & mask {
		switch m.keys[i] {
		case k:
			return m.vals[i], true
		case emptyKey:
			return 0, false
		}
	}
}

func (m *memo) put(k uint64, v uint16) {
	if 2*(m.n+1) > len(m.keys) {
		keys, vals := m.keys, m.vals
		*m = *newMemoSized(2 * len(keys))
		for i, key := range keys {
			if key != emptyKey {
				m.put(key, vals[i])
			}
		}
	}
	mask := uint64(len(m.keys) - 1)
	for i := hashKey(k) & mask; ; i = (i + 1) & mask {
		if m.keys[i] == emptyKey {
			m.keys[i], m.vals[i] = k, v
			m.n++
			return
		}
		if m.keys[i] == k {
			m.vals[i] = v
			return
		}
	}
}

func newMemoSized(n int) *memo {
	m := &memo{keys: make([]uint64, n), vals: make([]uint16, n)}
	for i := range m.keys {
		m.keys[i] = emptyKey
	}
	return m
}

// packKey packs a position into 63 bits: prey mask (40 bits), the rank of
// the predator set (12 bits), side, pieces in hand and captured (5 bits each).
func packKey(pred, prey uint64, side, hand, capt int) uint64 {
	return prey | uint64(rankSet(pred))<<40 | uint64(side)<<52 | uint64(hand)<<53 | uint64(capt)<<58
}

// placeKey is the least packed key of p over the board's symmetries.
func (s *Solver) placeKey(p pos) uint64 { return placeKeyOf(s.R, p) }

// SolvePlacement solves every position with prey pieces in hand that can be
// reached from start (deer chess's placement phase, which has no cycles:
// every prey move spends a piece from hand). The moving-phase tiers must be
// solved first.
func (s *Solver) SolvePlacement(start core.Position) TierStats {
	return s.solvePlacement(pos{pred: start.Pred, prey: start.Prey, side: int(start.ToMove), capt: int(start.Captured), hand: int(start.InHand)})
}

func (s *Solver) solvePlacement(start pos) TierStats {
	t0 := time.Now()
	s.place = newMemo(20)
	last := time.Now()
	var visit func(p pos) uint16
	visit = func(p pos) uint16 {
		if p.hand == 0 {
			return s.lookup(p)
		}
		key := s.placeKey(p)
		if v, ok := s.place.get(key); ok {
			return v
		}
		winMin, lossMax, draw := 1<<30, 0, false
		moves := s.R.children(p, false, func(c pos, term int) {
			v, d := Draw, 0
			switch term {
			case childLost:
				v = Loss
			case childWon:
				v = Win
			default:
				v, d = decode(visit(c))
			}
			switch v {
			case Loss:
				winMin = min(winMin, d+1)
			case Win:
				lossMax = max(lossMax, d+1)
			default:
				draw = true
			}
		})
		var code uint16
		switch {
		case winMin < 1<<30:
			code = mkCode(codeWin, winMin)
		case draw || (moves == 0 && !s.R.PreyPasses):
			code = codeDrawV
		default:
			code = mkCode(codeLoss, lossMax)
		}
		s.place.put(key, code)
		if s.place.n%(1<<20) == 0 && time.Since(last) > time.Second {
			last = time.Now()
			s.progress("\r  placement: %d positions, %.2f M/s   ", s.place.n, float64(s.place.n)/time.Since(t0).Seconds()/1e6)
		}
		return code
	}
	visit(start)
	st := TierStats{Hand: -1, Kind: "reachable"}
	for i, k := range s.place.keys {
		if k != emptyKey {
			st.count(s.place.vals[i], (k>>52)&1 == 0)
		}
	}
	st.Entries = st.Positions
	s.placeStats = st
	st.Seconds = time.Since(t0).Seconds()
	s.placeStats.Seconds = st.Seconds
	s.progress("\r  placement: %d positions in %.1fs                      \n  %s\n", st.Positions, st.Seconds, st.Line())
	return st
}

// placementEntries returns the solved placement positions sorted by key.
func (s *Solver) placementEntries() ([]uint64, []uint16) {
	type kv struct {
		k uint64
		v uint16
	}
	all := make([]kv, 0, s.place.n)
	for i, k := range s.place.keys {
		if k != emptyKey {
			all = append(all, kv{k, s.place.vals[i]})
		}
	}
	slices.SortFunc(all, func(a, b kv) int {
		if a.k < b.k {
			return -1
		}
		return 1
	})
	keys := make([]uint64, len(all))
	vals := make([]uint16, len(all))
	for i, e := range all {
		keys[i], vals[i] = e.k, e.v
	}
	return keys, vals
}

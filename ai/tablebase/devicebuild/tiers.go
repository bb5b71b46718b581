package devicebuild

import (
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"huntchess/ai/tablebase"
)

// Tier is a solved moving-phase tier read from outside a table file: the
// compact solver's tier file (solver.TierCodes), its codes read a range at
// a time. ConvertTiers, MeasureTiers and CheckTiers read a game's tiers so,
// without the table file written from them (for Beat the Wolf's whole
// table, tens of GB), one range in memory at a time.
type Tier interface {
	Captured() int
	Stats() tablebase.TierStats
	// ReadCodes puts the codes of entries at, at+1, … of the tier's index
	// (both sides to move, holes tablebase.CodeNoneV) into dst.
	ReadCodes(at int64, dst []uint16) error
	FileBytes() int64
}

// tiersSource is the source of r's tiers, in the order given (a table's:
// most captured first).
func tiersSource(r *tablebase.Rules, tiers []Tier) (*source, error) {
	s := &source{h: tablebase.Header{Game: r.Name, Fingerprint: r.Fingerprint(), Rules: tablebase.RulesVersion}, r: r}
	for _, t := range tiers {
		c := t.Captured()
		if c < 0 || c >= r.CaptureWin || r.PreyCount-r.InHand-c < 0 {
			return nil, fmt.Errorf("%s: no moving-phase tier with %d captured", r.Name, c)
		}
		l := tablebase.LayoutFor(r, r.PreyCount-c)
		st := t.Stats()
		if st.Entries != 0 && st.Entries != l.Entries() {
			return nil, fmt.Errorf("%s captured %d: %d entries, the index has %d", r.Name, c, st.Entries, l.Entries())
		}
		s.h.Sections = append(s.h.Sections, &tablebase.Section{Captured: c, Kind: "dense", K: l.PreyOnBoard(),
			Classes: l.Classes(), Entries: l.Entries(), BlockSize: tablebase.DenseBlock, Stats: st})
		s.h.Raw += 2 * l.Entries()
		s.fileBytes += t.FileBytes()
		s.layouts = append(s.layouts, l)
	}
	s.read = func(si int, at int64, dst []uint16) error { return tiers[si].ReadCodes(at, dst) }
	return s, nil
}

// ConvertTiers writes the device table of r's tiers (in the order given,
// most captured first, as a table file lists them) as path: the bytes
// ConvertDevice writes from the table file of the same tiers (written by
// solver.WriteCompactTable), but for the header's fullFileBytes, which are
// the tier files' here. Long wins need the table file (o.LongWins is
// refused).
func ConvertTiers(r *tablebase.Rules, tiers []Tier, path string, o DeviceOptions) (*tablebase.DeviceHeader, error) {
	src, err := tiersSource(r, tiers)
	if err != nil {
		return nil, err
	}
	return convert(src, path, o)
}

// MeasureTiers is MeasureLayouts of r's tiers: what every plane would take
// with either side to move, tier by tier (o: the block size, a sample of
// the blocks, the slot order).
func MeasureTiers(r *tablebase.Rules, tiers []Tier, o MeasureOptions) (*LayoutReport, error) {
	src, err := tiersSource(r, tiers)
	if err != nil {
		return nil, err
	}
	return measure(src, o)
}

// CheckTiers compares the device table dev with the tiers it was converted
// from (ConvertTiers): the code of every stride-th entry of each tier (1:
// every one; holes skipped), read from dev as a probe reads it (with the
// stored side to move from its block, with the other by a one-ply probe,
// whose children after a capture lie in the next tier, which dev must
// hold), must be the tier's; in a values-only section, the value (a win or
// a loss read there has tablebase.PliesUnknown plies, counted in NoPlies).
// Best moves are not compared (CheckDevice does, against a table file).
// progress (if set) is told of the entries done.
func CheckTiers(dev *tablebase.Table, tiers []Tier, stride int64, threads int, progress func(done, total int64)) *DeviceReport {
	start := time.Now()
	rep := &DeviceReport{Game: dev.Game}
	threads = max(1, threads)
	stride = max(1, stride)
	r := dev.Rules()
	note := rep.noter()
	var tl tally
	bad := &tl.bad
	var done atomic.Int64
	if !dev.IsDevice() {
		rep.Mismatches = 1
		rep.Examples = []string{"not a device table"}
		return rep
	}
	side := dev.Device().StoredSide
	var total int64
	for _, t := range tiers {
		total += tablebase.LayoutFor(r, r.PreyCount-t.Captured()).Entries()
	}
	for _, t := range tiers {
		c := t.Captured()
		l := tablebase.LayoutFor(r, r.PreyCount-c)
		if st := t.Stats(); st.Entries != 0 && st.Entries != l.Entries() {
			bad.Add(1)
			note(fmt.Sprintf("captured %d: %d entries, the index has %d", c, st.Entries, l.Entries()))
			continue
		}
		dsec := section(dev, c, 0, false)
		if dsec == nil {
			bad.Add(1)
			note(fmt.Sprintf("captured %d missing from the device table", c))
			continue
		}
		n := l.Entries()
		const chunk = 1 << 16
		var next atomic.Int64
		var wg sync.WaitGroup
		for range threads {
			wg.Add(1)
			go func() {
				defer wg.Done()
				codes := make([]uint16, chunk)
				for {
					lo := next.Add(chunk) - chunk
					if lo >= n {
						return
					}
					hi := min(lo+chunk, n)
					if err := t.ReadCodes(lo, codes[:hi-lo]); err != nil {
						bad.Add(1)
						note(err.Error())
						return
					}
					l.Walk(lo, hi, func(i int64, pred, prey uint64, sd int) {
						fc := codes[i-lo]
						if i%stride != 0 || fc == tablebase.CodeNoneV {
							return
						}
						p := tablebase.Pos{Pred: pred, Prey: prey, Side: sd, Capt: c}
						dc, ok, err := dev.Code(p, false)
						tl.code(p, sd == side, fc, dc, ok, err, func() string { return ": tier" }, note)
					})
					if d := done.Add(hi - lo); progress != nil {
						progress(d, total)
					}
				}
			}()
		}
		wg.Wait()
	}
	tl.report(rep)
	rep.Seconds = time.Since(start).Seconds()
	return rep
}

package devicebuild

import (
	"sync"
	"sync/atomic"

	"huntchess/ai/tablebase"
)

// Planes a device table could store for one side to move, measured by
// MeasureLayouts (docs/device-tables.md, "Layouts measured"). Each is a
// uint16 an entry, laid out and compressed as ConvertDevice does (holes
// given the code of the entry before, byte planes, zstd best, blocks of
// the size asked).
const (
	PlaneCodes     = iota // the full code: value and plies (what ConvertDevice stores)
	PlaneValues           // the value alone
	PlaneValueLost        // the value, and the plies where the side to move loses
	PlaneValueWon         // the value, and the plies where it wins
	PlaneLost             // 0 where the side to move does not lose, else plies+1
	PlaneWon              // 0 where it does not win, else plies+1
	NumPlanes
)

// PlaneNames names the planes for reports.
var PlaneNames = [NumPlanes]string{"codes", "values", "values+lost plies", "values+won plies", "lost plies", "won plies"}

// LayoutReport is what MeasureLayouts found: the compressed bytes of every
// plane with either side to move (0 predator, 1 prey), over all sections.
type LayoutReport struct {
	Game      string              `json:"game"`
	Positions int64               `json:"positions"`
	BlockSize int                 `json:"blockSize"`
	Bytes     [2][NumPlanes]int64 `json:"bytes"`
	Names     [NumPlanes]string   `json:"planes"`
}

// planeCode is the entry plane k stores for a full code c.
func planeCode(k int, c uint16) uint16 {
	v, d := c>>14, c&tablebase.PliesUnknown
	switch k {
	case PlaneValues:
		return v << 14
	case PlaneValueLost:
		if v != tablebase.CodeLoss {
			d = 0
		}
		return v<<14 | d
	case PlaneValueWon:
		if v != tablebase.CodeWin {
			d = 0
		}
		return v<<14 | d
	case PlaneLost:
		if v != tablebase.CodeLoss {
			return 0
		}
		return d + 1
	case PlaneWon:
		if v != tablebase.CodeWin {
			return 0
		}
		return d + 1
	}
	return c
}

// MeasureLayouts compresses every plane of full's entries with either side
// to move in blocks of blockSize entries (0: tablebase.DeviceBlock), threads at a
// time, and reports their sizes; progress (if set) is told of the entries
// done. It writes nothing: it says what a layout would take.
func MeasureLayouts(full *tablebase.Table, blockSize, threads int, progress func(done, total int64)) (*LayoutReport, error) {
	if blockSize <= 0 {
		blockSize = tablebase.DeviceBlock
	}
	threads = max(1, threads)
	rep := &LayoutReport{Game: full.Game, BlockSize: blockSize, Names: PlaneNames}
	var total int64
	for _, fs := range full.Sections {
		total += fs.Entries
		rep.Positions += fs.Stats.Positions
	}
	var bytes [2][NumPlanes]atomic.Int64
	var done atomic.Int64
	bs := int64(blockSize)
	for _, fs := range full.Sections {
		n := fs.StoredEntries()
		nb := (n + bs - 1) / bs
		for side := 0; side < 2; side++ {
			var next atomic.Int64
			var wg sync.WaitGroup
			var firstErr atomic.Value
			for w := 0; w < threads; w++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					e, err := newDevEncoder(DeviceOptions{BlockSize: blockSize})
					if err != nil {
						firstErr.Store(err)
						return
					}
					defer e.release()
					var codes []uint16
					for {
						b := next.Add(1) - 1
						if b >= nb {
							return
						}
						lo, hi := b*bs, min((b+1)*bs, n)
						if err := e.fill(full, fs, int64(side)*n+lo, int(hi-lo)); err != nil {
							firstErr.Store(err)
							return
						}
						codes = append(codes[:0], e.codes...)
						for k := 0; k < NumPlanes; k++ {
							for j, c := range codes {
								e.codes[j] = planeCode(k, c)
							}
							bytes[side][k].Add(int64(len(e.pack())))
						}
						d := done.Add(hi - lo)
						if progress != nil {
							progress(d, total)
						}
					}
				}()
			}
			wg.Wait()
			if err := firstErr.Load(); err != nil {
				return nil, err.(error)
			}
		}
	}
	for s := range bytes {
		for k := range bytes[s] {
			rep.Bytes[s][k] = bytes[s][k].Load()
		}
	}
	return rep, nil
}

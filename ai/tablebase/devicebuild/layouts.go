package devicebuild

import (
	"sync"
	"sync/atomic"
	"time"

	"huntchess/ai/tablebase"
)

// Planes a device table could store for one side to move, measured by
// MeasureLayouts and MeasureTiers (docs/device-tables.md, "Layouts"). Each
// but PlaneValues2 is a uint16 an entry, laid out and compressed as
// ConvertDevice does (holes given the code of the entry before, byte
// planes, zstd best, blocks of the size asked); PlaneValues2 is laid out
// as a values-only section (two bits an entry).
const (
	PlaneCodes     = iota // the full code: value and plies (what ConvertDevice stores)
	PlaneValues           // the value alone
	PlaneValueLost        // the value, and the plies where the side to move loses
	PlaneValueWon         // the value, and the plies where it wins
	PlaneLost             // 0 where the side to move does not lose, else plies+1
	PlaneWon              // 0 where it does not win, else plies+1
	PlaneValues2          // the value alone, two bits an entry (a values-only section)
	PlaneHalf             // the value and plies/2 (exact where the plies' parity is the value's: the compact solver's games)
	PlaneBand4            // the value and plies/4: a band of the distance (coarse)
	PlaneBand16           // the value and plies/16
	PlaneBand64           // the value and plies/64
	NumPlanes
)

// PlaneNames names the planes for reports.
var PlaneNames = [NumPlanes]string{"codes", "values", "values+lost plies", "values+won plies", "lost plies", "won plies",
	"values 2 bits", "values+plies/2", "values+plies/4", "values+plies/16", "values+plies/64"}

// LayoutReport is what MeasureLayouts found: the compressed bytes of every
// plane with either side to move (0 predator, 1 prey), over all sections,
// and section by section.
type LayoutReport struct {
	Game      string              `json:"game"`
	Positions int64               `json:"positions"`
	BlockSize int                 `json:"blockSize"`
	Order     string              `json:"order,omitempty"` // the slot order measured ("": the index's)
	Sample    int                 `json:"sample,omitempty"`
	Bytes     [2][NumPlanes]int64 `json:"bytes"`
	Names     [NumPlanes]string   `json:"planes"`
	Sections  []SectionLayouts    `json:"sections"`
}

// SectionLayouts are a section's bytes of every plane with either side to
// move. Where only every Sample-th block was compressed, Bytes are the
// sampled blocks' bytes scaled by the section's stored entries over the
// sampled ones (an estimate), and SampledBytes what they took.
type SectionLayouts struct {
	Captured     int                 `json:"captured"`
	Hand         int                 `json:"hand"`
	Positions    int64               `json:"positions"`
	Entries      int64               `json:"entries"`
	Blocks       int64               `json:"blocks"`
	Sampled      int64               `json:"sampledBlocks"`
	Bytes        [2][NumPlanes]int64 `json:"bytes"`
	SampledBytes [2][NumPlanes]int64 `json:"sampledBytes"`
	Seconds      float64             `json:"seconds"`
}

// MeasureOptions are the choices of MeasureTiers.
type MeasureOptions struct {
	BlockSize int  // entries a block (0: tablebase.DeviceBlock)
	Threads   int  // blocks compressed at a time (0: 1)
	Sample    int  // compress every Sample-th block of a section only (0, 1: every block)
	Far       bool // the stored entries in the slot order tablebase.OrderFar
	// Sides are the sides to move measured (nil: both; 0 predator, 1 prey).
	Sides []int
	// Planes are the planes measured (nil: every one).
	Planes   []int
	Progress func(done, total int64)
}

// planeCode is the entry plane k stores for a full code c (PlaneValues2:
// the value, as PlaneValues).
func planeCode(k int, c uint16) uint16 {
	v, d := c>>14, c&tablebase.PliesUnknown
	switch k {
	case PlaneValues, PlaneValues2:
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
	case PlaneHalf:
		return v<<14 | d>>1
	case PlaneBand4:
		return v<<14 | d>>2
	case PlaneBand16:
		return v<<14 | d>>4
	case PlaneBand64:
		return v<<14 | d>>6
	}
	return c
}

// MeasureLayouts compresses every plane of full's entries with either side
// to move in blocks of blockSize entries (0: tablebase.DeviceBlock), threads at a
// time, and reports their sizes; progress (if set) is told of the entries
// done. It writes nothing: it says what a layout would take.
func MeasureLayouts(full *tablebase.Table, blockSize, threads int, progress func(done, total int64)) (*LayoutReport, error) {
	return measure(tableSource(full), MeasureOptions{BlockSize: blockSize, Threads: threads, Progress: progress})
}

// measure is MeasureLayouts of any source, with the options of
// MeasureTiers.
func measure(src *source, o MeasureOptions) (*LayoutReport, error) {
	if o.BlockSize <= 0 {
		o.BlockSize = tablebase.DeviceBlock
	}
	o.Threads = max(1, o.Threads)
	o.Sample = max(1, o.Sample)
	if o.Sides == nil {
		o.Sides = []int{0, 1}
	}
	if o.Planes == nil {
		for k := range NumPlanes {
			o.Planes = append(o.Planes, k)
		}
	}
	rep := &LayoutReport{Game: src.h.Game, BlockSize: o.BlockSize, Names: PlaneNames}
	if o.Far {
		rep.Order = tablebase.OrderFar
	}
	if o.Sample > 1 {
		rep.Sample = o.Sample
	}
	bs := int64(o.BlockSize)
	var total int64
	for _, fs := range src.h.Sections {
		n := fs.StoredEntries()
		nb := (n + bs - 1) / bs
		total += int64(len(o.Sides)) * min(n, (nb+int64(o.Sample)-1)/int64(o.Sample)*bs)
		rep.Positions += fs.Stats.Positions
	}
	var done atomic.Int64
	for si, fs := range src.h.Sections {
		start := time.Now()
		n := fs.StoredEntries()
		nb := (n + bs - 1) / bs
		sl := SectionLayouts{Captured: fs.Captured, Hand: fs.Hand, Positions: fs.Stats.Positions, Entries: fs.Entries, Blocks: nb}
		var sampled int64 // stored entries compressed, each side
		for _, side := range o.Sides {
			first := int64(side) * n
			read := func(dst []uint16, at int64) error { return src.read(si, first+at, dst) }
			if o.Far {
				read = orderedRead(src.layouts[si], o.Threads, read)
			}
			var bytes [NumPlanes]atomic.Int64
			var next, entries atomic.Int64
			var wg sync.WaitGroup
			var firstErr atomic.Value
			for w := 0; w < o.Threads; w++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					e, err := newDevEncoder(DeviceOptions{BlockSize: o.BlockSize})
					if err != nil {
						firstErr.Store(err)
						return
					}
					defer e.release()
					var codes []uint16
					for {
						b := (next.Add(1) - 1) * int64(o.Sample)
						if b >= nb {
							return
						}
						lo, hi := b*bs, min((b+1)*bs, n)
						e.codes = grow16(e.codes, int(hi-lo))
						if err := read(e.codes, lo); err != nil {
							firstErr.Store(err)
							return
						}
						e.fillHoles()
						codes = append(codes[:0], e.codes...)
						for _, k := range o.Planes {
							for j, c := range codes {
								e.codes[j] = planeCode(k, c)
							}
							if k == PlaneValues2 {
								bytes[k].Add(int64(len(e.packValues())))
							} else {
								bytes[k].Add(int64(len(e.pack())))
							}
						}
						entries.Add(hi - lo)
						d := done.Add(hi - lo)
						if o.Progress != nil {
							o.Progress(d, total)
						}
					}
				}()
			}
			wg.Wait()
			if err := firstErr.Load(); err != nil {
				return nil, err.(error)
			}
			sampled = entries.Load()
			for k := range bytes {
				b := bytes[k].Load()
				sl.SampledBytes[side][k] = b
				sl.Bytes[side][k] = int64(float64(b) * float64(n) / float64(max(sampled, 1)))
				rep.Bytes[side][k] += sl.Bytes[side][k]
			}
		}
		sl.Sampled = (nb + int64(o.Sample) - 1) / int64(o.Sample)
		sl.Seconds = time.Since(start).Seconds()
		rep.Sections = append(rep.Sections, sl)
	}
	return rep, nil
}

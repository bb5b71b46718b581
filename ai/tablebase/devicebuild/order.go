package devicebuild

import (
	"sync"

	"huntchess/ai/tablebase"
)

// orderedCodes reads the codes of a class of a section in point order
// (holes tablebase.CodeNoneV) for an encoder that writes it in a slot order: each
// class is read once, while encoders use it (at most one class each).
type orderedCodes struct {
	read    func(cls int, dst []uint16) error
	ranks   int64
	keep    int
	mu      sync.Mutex
	classes map[int]*classCodes
}

type classCodes struct {
	once  sync.Once
	codes []uint16
	err   error
	refs  int
}

// get returns the codes of class cls (release them after use).
func (o *orderedCodes) get(cls int) ([]uint16, error) {
	o.mu.Lock()
	if o.classes == nil {
		o.classes = map[int]*classCodes{}
	}
	c := o.classes[cls]
	if c == nil {
		for k, v := range o.classes { // drop classes no encoder holds
			if len(o.classes) < o.keep {
				break
			}
			if v.refs == 0 {
				delete(o.classes, k)
			}
		}
		c = &classCodes{}
		o.classes[cls] = c
	}
	c.refs++
	o.mu.Unlock()
	c.once.Do(func() {
		c.codes = make([]uint16, o.ranks)
		c.err = o.read(cls, c.codes)
	})
	return c.codes, c.err
}

func (o *orderedCodes) release(cls int) {
	o.mu.Lock()
	o.classes[cls].refs--
	o.mu.Unlock()
}

// rankBufs are fillOrdered's buffers of ranks, one a worker at a time.
var rankBufs = sync.Pool{New: func() any { return new([]int64) }}

// fillOrdered reads the codes of entries lo to lo+len(dst)-1 of a section
// of layout l stored in the slot order OrderFar (holes
// tablebase.CodeNoneV).
func fillOrdered(dst []uint16, lo int64, l *tablebase.Layout, src *orderedCodes) error {
	buf := rankBufs.Get().(*[]int64)
	defer rankBufs.Put(buf)
	ranks := l.Ranks()
	for j := 0; j < len(dst); {
		at := lo + int64(j)
		cls, r := int(at/ranks), at%ranks
		n := int(min(int64(len(dst)-j), ranks-r))
		codes, err := src.get(cls)
		if err != nil {
			src.release(cls)
			return err
		}
		if cap(*buf) < n {
			*buf = make([]int64, n)
		}
		at2 := (*buf)[:n]
		l.FarRanks(cls, r, at2)
		for i, k := range at2 {
			dst[j+i] = codes[k]
		}
		src.release(cls)
		j += n
	}
	return nil
}

package solver

import (
	"encoding/binary"
	"fmt"
	"os"

	"huntchess/ai/tablebase"
)

// TierCodes reads the codes of a tier file (tierfile.go) from the file
// itself, a range of entries at a time, without holding the tier in
// memory: what converts the solver's tiers to device tables
// (devicebuild.ConvertTiers) reads the 12-dog tier's 3.2 GB so in a few MB.
// Each entry's code is the table's (tablebase.MakeCode: a win or a loss
// with its plies, a draw), a hole tablebase.CodeNoneV, as CompactTier.Code
// gives it.
type TierCodes struct {
	Header *TierFileHeader
	Layout *tablebase.Layout
	f      *os.File
	off    int64 // the entries' bytes
	// planes are the offsets of the epoch planes, by bit (0: none).
	planes [compactEpochBits]int64
	size   int64
}

// OpenTierCodes opens the tier file path of r's game, its header checked
// (ReadTierHeader).
func OpenTierCodes(path string, r *tablebase.Rules) (*TierCodes, error) {
	h, off, err := ReadTierHeader(path, r)
	if err != nil {
		return nil, err
	}
	if len(h.Epochs) > compactEpochBits {
		return nil, fmt.Errorf("%s: %d epoch planes, this build reads %d", path, len(h.Epochs), compactEpochBits)
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	t := &TierCodes{Header: h, Layout: tablebase.LayoutFor(r, r.PreyCount-h.Captured), f: f, off: off}
	pos := off + h.Entries
	for k, e := range h.Epochs {
		if e {
			t.planes[k] = pos
			pos += (h.Entries + 63) / 64 * 8
		}
	}
	t.size = pos
	return t, nil
}

// Close closes the file.
func (t *TierCodes) Close() error { return t.f.Close() }

// Captured is the tier's captured prey.
func (t *TierCodes) Captured() int { return t.Header.Captured }

// Stats are the tier's counts, as its header gives them.
func (t *TierCodes) Stats() tablebase.TierStats {
	st := t.Header.Stats
	st.Seconds = t.Header.Seconds
	return st
}

// FileBytes is the tier file's size.
func (t *TierCodes) FileBytes() int64 { return t.size }

// ReadCodes puts the codes of entries at, at+1, … into dst.
func (t *TierCodes) ReadCodes(at int64, dst []uint16) error {
	n := int64(len(dst))
	if at < 0 || at+n > t.Header.Entries {
		return fmt.Errorf("tier captured=%d: entries %d to %d of %d", t.Header.Captured, at, at+n, t.Header.Entries)
	}
	if n == 0 {
		return nil
	}
	buf := make([]byte, n)
	if _, err := t.f.ReadAt(buf, t.off+at); err != nil {
		return fmt.Errorf("tier captured=%d: %w", t.Header.Captured, err)
	}
	// The epoch planes' words that cover the range.
	w0, w1 := at>>6, (at+n-1)>>6
	var ep [compactEpochBits][]uint64
	var wb []byte
	for k, p := range t.planes {
		if p == 0 {
			continue
		}
		wb = grow(wb, int(w1-w0+1)*8)
		if _, err := t.f.ReadAt(wb, p+w0*8); err != nil {
			return fmt.Errorf("tier captured=%d epoch plane %d: %w", t.Header.Captured, k, err)
		}
		ep[k] = make([]uint64, w1-w0+1)
		for j := range ep[k] {
			ep[k][j] = binary.LittleEndian.Uint64(wb[8*j:])
		}
	}
	for j, v := range buf {
		if v == 0 || v == boundHole {
			dst[j] = byteCode(v, 0)
			continue
		}
		i := at + int64(j) - w0*64
		e := 0
		for k := range ep {
			if ep[k] != nil && ep[k][i>>6]>>uint(i&63)&1 != 0 {
				e |= 1 << k
			}
		}
		dst[j] = byteCode(v, e*compactWrap+int(v)-1)
	}
	return nil
}

func grow(b []byte, n int) []byte {
	if cap(b) < n {
		return make([]byte, n)
	}
	return b[:n]
}

package devicebuild

import (
	"encoding/binary"
	"fmt"

	"github.com/klauspost/compress/zstd"

	"huntchess/ai/tablebase"
	"huntchess/core"
)

// Long wins (tablebase.LongWinsRef, the format in ai/tablebase's
// longwins.go): a values-only section's wins in so many plies or more,
// stored with the rank of their move.

// encodeLongWins finds the long wins of full's section fs (the wins in
// minPlies or more, both sides to move) and returns the blob and its count.
func encodeLongWins(full *tablebase.Table, fs *tablebase.Section, minPlies int, ze *zstd.Encoder) ([]byte, int, error) {
	r := full.Rules()
	var raw, ranks []byte
	prev := int64(0)
	n := 0
	var at int64
	var buf [core.MaxMoves]core.Move
	for b := range fs.Blocks {
		code, blen, err := full.Block(fs, b)
		if err != nil {
			return nil, 0, err
		}
		for i := 0; i < blen; i++ {
			v, d := tablebase.Decode(code(i))
			if v != tablebase.Win || d < minPlies {
				continue
			}
			e := at + int64(i)
			key := uint64(fs.Hand)<<56 | uint64(fs.Captured)<<48 | uint64(e)
			p := r.KeyPosition(key)
			_, _, distinct := tablebase.ChildKeys(r, p, buf[:])
			rank, lost := -1, 0
			for _, k := range distinct {
				cv, cd, ok := full.Probe(r.KeyPosition(k))
				if !ok || cv != tablebase.Loss {
					continue
				}
				if cd == d-1 {
					rank = lost
					break
				}
				lost++
			}
			if rank < 0 || rank >= 255 {
				return nil, 0, fmt.Errorf("%s: %s won in %d plies has no child lost in %d", what(fs), p, d, d-1)
			}
			raw = binary.AppendUvarint(raw, uint64(e-prev))
			prev = e
			ranks = append(ranks, byte(rank))
			n++
		}
		at += int64(blen)
	}
	if n == 0 {
		return nil, 0, nil
	}
	raw = append(raw, ranks...)
	return ze.EncodeAll(raw, nil), n, nil
}

package strategy

import (
	"encoding/binary"
	"testing"
)

// TestUvarintIsBinarys: the blocks' inline varint reads every buffer as
// binary.Uvarint does (every one, two and three bytes, and a long one).
func TestUvarintIsBinarys(t *testing.T) {
	check := func(buf []byte) {
		d, w := uvarint(buf)
		wd, ww := binary.Uvarint(buf)
		if d != wd || w != ww {
			t.Fatalf("% x: %d %d, binary.Uvarint %d %d", buf, d, w, wd, ww)
		}
	}
	check(nil)
	for a := 0; a < 256; a++ {
		check([]byte{byte(a)})
		for b := 0; b < 256; b++ {
			check([]byte{byte(a), byte(b)})
			check([]byte{byte(a), byte(b), 0x05})
			check([]byte{byte(a), byte(b), 0x85})
		}
	}
	check(binary.AppendUvarint(nil, 1<<62))
}

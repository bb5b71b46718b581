package ai

import (
	"testing"
	"unsafe"
)

// The idle tables: one of each size is kept, handed out cleared, and none
// is larger than the bound.
func TestTTIdleTables(t *testing.T) {
	a, b := getTT(16), getTT(16)
	if len(a.entries) != 1<<16 || a.mask != 1<<16-1 {
		t.Fatalf("getTT(16): %d entries, mask %x", len(a.entries), a.mask)
	}
	a.store(12345, 7, 1, 3, flagExact)
	before := idleTTBytes()
	putTT(a)
	putTT(b) // a second idle table of the same size is let go
	if got, want := idleTTBytes()-before, (1<<16)*int(unsafe.Sizeof(ttEntry{})); got > want {
		t.Errorf("idle tables grew by %d bytes, want at most %d", got, want)
	}
	c := getTT(16)
	if _, _, _, _, ok := c.probe(12345); ok {
		t.Error("a table handed out again still holds an entry")
	}
	putTT(c)
	if big := getTT(maxTTBits + 4); len(big.entries) != 1<<maxTTBits {
		t.Errorf("getTT(%d): %d entries, want the bound 1<<%d", maxTTBits+4, len(big.entries), maxTTBits)
	}
}

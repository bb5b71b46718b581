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

// A table's generations: an entry of the search before is empty to the
// next (probe misses it, store replaces it whatever its depth), and when
// the generations wrap round the table is zeroed, so an entry 65,535
// searches old does not come back.
func TestTTGenerations(t *testing.T) {
	tt := &ttable{entries: make([]ttEntry, 1<<4), mask: 1<<4 - 1, gen: 1}
	tt.store(77, 5, 9, 30, flagExact)
	if s, code, d, f, ok := tt.probe(77); !ok || s != 5 || code != 9 || d != 30 || f != flagExact {
		t.Fatalf("probe after store: %d %d %d %d %v", s, code, d, f, ok)
	}
	tt.next()
	if _, _, _, _, ok := tt.probe(77); ok {
		t.Fatal("an entry of the generation before is found")
	}
	tt.store(77, -4, 0, 1, flagUpper) // shallower than the old entry: it is stored
	if s, code, d, _, ok := tt.probe(77); !ok || s != -4 || d != 1 || code != 0 {
		t.Fatalf("a shallow store over an old generation's entry: %d %d %d %v", s, code, d, ok)
	}
	for tt.gen != 1<<16-1 {
		tt.next()
	}
	tt.store(99, 3, 2, 4, flagLower)
	tt.next() // wraps round to generation 1: zeroed
	if tt.gen != 1 {
		t.Fatalf("generation after the wrap: %d", tt.gen)
	}
	for i := range tt.entries {
		if tt.entries[i].data.Load() != 0 || tt.entries[i].check.Load() != 0 {
			t.Fatal("the table is not zeroed when the generations wrap")
		}
	}
	if _, _, _, _, ok := tt.probe(99); ok {
		t.Fatal("an entry 65,535 generations old is found")
	}
}

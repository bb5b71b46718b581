package solver

// newWords returns n zeroed words for one of the solver's tables (a byte
// table, a bit plane). A large one is asked to be backed by huge pages
// (adviseHuge): the solver's reads of its tables are random, and with 4 KiB
// pages nearly every one of them also misses the TLB. Measured on this
// project's 2-core machine: a random byte read in a 4 GiB table took 184 ns
// with 4 KiB pages and 54 ns with 2 MiB ones, and first touching the table
// 26.7 s against 3.2 s (docs/beat-the-wolf-whole.md).
func newWords(n int64) []uint64 {
	w := make([]uint64, n)
	adviseHuge(w)
	return w
}

// hugeMin is the least table worth advising: below it the TLB copes.
const hugeMin = 8 << 20

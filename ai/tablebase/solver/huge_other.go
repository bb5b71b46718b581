//go:build !linux

package solver

// adviseHuge does nothing where there is no madvise(MADV_HUGEPAGE).
func adviseHuge([]uint64) {}

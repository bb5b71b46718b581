//go:build linux

package solver

import (
	"syscall"
	"unsafe"
)

// adviseHuge asks Linux to back w with transparent huge pages
// (madvise(MADV_HUGEPAGE)): Debian's kernels give them only to memory that
// asks ("madvise" in /sys/kernel/mm/transparent_hugepage/enabled), and the
// Go runtime no longer asks for its heap. Done before the first touch, the
// kernel faults the table in 2 MiB at a time. A kernel without huge pages
// refuses, and nothing changes.
func adviseHuge(w []uint64) {
	if len(w)*8 < hugeMin {
		return
	}
	const page = 4096
	b := unsafe.Slice((*byte)(unsafe.Pointer(&w[0])), len(w)*8)
	skip := int(-uintptr(unsafe.Pointer(&b[0])) & (page - 1)) // to the first whole page
	b = b[skip:]
	b = b[:len(b)&^(page-1)]
	if len(b) == 0 {
		return
	}
	_ = syscall.Madvise(b, syscall.MADV_HUGEPAGE)
}

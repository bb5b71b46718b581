//go:build unix

package explore

import "syscall"

// cpuNanos is the process's CPU time so far (user and system), for the
// benchmarks' cpu-ns/op on a loaded machine.
func cpuNanos() int64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return ru.Utime.Nano() + ru.Stime.Nano()
}

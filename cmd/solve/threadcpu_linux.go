package main

import (
	"syscall"
	"time"
)

// threadCPU is the CPU time the calling OS thread has used (Linux: the
// thread's rusage), to time work on a loaded machine by what it costs
// rather than by the wall clock; the caller locks its goroutine to the
// thread (runtime.LockOSThread).
func threadCPU() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(1, &ru); err != nil { // RUSAGE_THREAD
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}

package main

import (
	"bytes"
	"os"
	"strconv"
	"time"
)

// threadCPU is the CPU time the calling OS thread has used, to the
// nanosecond (Linux: the first field of /proc/thread-self/schedstat; the
// thread's rusage counts in scheduler ticks), to time work on a loaded
// machine by what it costs rather than by the wall clock; the caller locks
// its goroutine to the thread (runtime.LockOSThread).
func threadCPU() (time.Duration, bool) {
	data, err := os.ReadFile("/proc/thread-self/schedstat")
	if err != nil {
		return 0, false
	}
	f := bytes.Fields(data)
	if len(f) == 0 {
		return 0, false
	}
	ns, err := strconv.ParseInt(string(f[0]), 10, 64)
	if err != nil {
		return 0, false
	}
	return time.Duration(ns), true
}

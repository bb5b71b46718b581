//go:build !linux

package main

import "time"

// threadCPU is not measured here (Linux only: /proc/thread-self/schedstat): device-probe then gives the
// wall clock alone.
func threadCPU() (time.Duration, bool) { return 0, false }

//go:build !unix

package explore

// cpuNanos is 0 where the process's CPU time is not read (the browser).
func cpuNanos() int64 { return 0 }

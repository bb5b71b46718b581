//go:build unix

package devharness

import (
	"os"
	"os/signal"
	"syscall"
)

// watchMemSignal calls f on every SIGUSR1.
func watchMemSignal(f func()) {
	c := make(chan os.Signal, 1)
	signal.Notify(c, syscall.SIGUSR1)
	go func() {
		for range c {
			f()
		}
	}()
}

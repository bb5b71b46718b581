//go:build !unix

package devharness

// watchMemSignal does nothing where there is no SIGUSR1.
func watchMemSignal(func()) {}

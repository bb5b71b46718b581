//go:build !unix

package app

// watchMemSignal does nothing where there is no SIGUSR1.
func watchMemSignal(func()) {}

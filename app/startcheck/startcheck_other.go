//go:build !windows

package startcheck

// Check does nothing outside Windows: there Fyne's own errors reach the
// terminal or the platform's log.
func Check() {}

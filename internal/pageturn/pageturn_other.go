//go:build !js

package pageturn

// Yield does nothing outside the browser: the work has threads of its own.
func (c *Clock) Yield() {}

func maybe() {}

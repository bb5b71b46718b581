//go:build !js

package ai

// yieldToBrowser does nothing outside the browser (see search_js.go).
func yieldToBrowser() {}

//go:build !js

package ai

// yieldToBrowser does nothing outside the browser (see search_js.go).
func yieldToBrowser() {}

// searchThreads is the number of search threads for a budget of n.
func searchThreads(n int) int { return n }

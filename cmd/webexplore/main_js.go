//go:build js

package main

import (
	"fmt"
	"os"
)

// main: the benchmark drives a desktop Chromium through chromedp, which
// does not build for the browser itself; it runs on the machine serving
// the site (make bench-web-explore).
func main() {
	fmt.Fprintln(os.Stderr, "webexplore: runs on the machine that serves the site (make bench-web-explore), not in a browser")
	os.Exit(2)
}

//go:build js

package main

import (
	"fmt"
	"os"
)

// main: the benchmark drives a desktop Chromium through chromedp, which
// does not build for the browser itself; it runs on the machine serving
// the site (make bench-web).
func main() {
	fmt.Fprintln(os.Stderr, "webfirstframe: runs on the machine that serves the site (make bench-web), not in a browser")
	os.Exit(2)
}

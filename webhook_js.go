//go:build js && dev

package main

// The browser test's site (make test-web: a developer build, -tags dev)
// lets the test read the screen (webhook). A player's site (make web)
// carries no such hook.
import _ "huntchess/webhook"

//go:build !dev

package main

import "huntchess/app"

// devHarness is nil outside a developer build: a player's build (make
// package, make windows, make web, the release workflow) links no
// developer harness and reads none of its HUNTCHESS_* variables.
// docs/build-tags.md, tag dev.
func devHarness() app.Dev { return nil }

//go:build dev

package main

import (
	"huntchess/app"
	"huntchess/app/devharness"
)

// devHarness is the developer harness (app/devharness), in a developer
// build only (-tags dev: make run, the screenshot, smoke, crash and memory
// scripts, the browser test's site): it opens the app on the screen its
// HUNTCHESS_* variables name, logs what is stored, plays at random and
// measures memory. docs/build-tags.md, tag dev.
func devHarness() app.Dev { return devharness.FromEnv() }

// Package buildcheck holds no code: its test builds the list of packages a
// player's build of the app links (go list -deps, as make package, make
// windows and make web build it: docs/build-tags.md) and checks that the
// developer's code stays out of it: the developer harness
// (app/devharness) and the browser test's hook (webhook) come only with
// the tag dev.
package buildcheck

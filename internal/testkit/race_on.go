//go:build race

package testkit

// Race is true in a build with -race, where code runs some ten times slower.
const Race = true

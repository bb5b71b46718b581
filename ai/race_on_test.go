//go:build race

package ai

// raceEnabled is true under -race, about ten times slower: the tests that
// play long games from the shipped tables play shorter ones there.
const raceEnabled = true

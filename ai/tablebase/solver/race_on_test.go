//go:build race

package solver

// raceBuild is true under -race, about ten times slower: the test that
// solves a real tier twice runs in plain go test only.
const raceBuild = true

//go:build race

package tablebase_test

// raceBuild is true under -race, about ten times slower: the test that
// solves a real tier twice runs in plain go test only.
const raceBuild = true

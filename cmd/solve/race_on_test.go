//go:build race

package main

// raceBuild is true under -race, about ten times slower: the tests that
// solve a real tier run in plain go test only.
const raceBuild = true

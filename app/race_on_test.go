//go:build ci && race

package app

// raceBuild is true under -race (layoutOnly).
const raceBuild = true

//go:build race

package core_test

// raceBuild is true under -race, which makes the playouts about ten times
// slower; they play fewer games then to keep the run short.
const raceBuild = true

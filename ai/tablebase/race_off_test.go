//go:build !race

package tablebase_test

const raceBuild = false

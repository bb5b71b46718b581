//go:build !race

package tablebase

const raceBuild = false

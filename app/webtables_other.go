//go:build !js

package app

import "huntchess/pack"

// webSite is the browser's site of the tables (webtables_js.go); a native
// build solves them into its storage instead.
func webSite() *pack.Site { return nil }

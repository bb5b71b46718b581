//go:build !js

package app

import "huntchess/session"

// webFetch is the browser's download of the tables (webtables_js.go); a
// native build solves them into its storage instead.
func webFetch() session.Fetch { return nil }

// webBound is the browser's range reads of a bound table (webtables_js.go);
// nil elsewhere.
func webBound() session.RemoteBound { return nil }

// webStrategy is the browser's download of the strategies the native
// builds ship (webtables_js.go); nil elsewhere.
func webStrategy() session.StrategyFetch { return nil }

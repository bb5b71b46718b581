//go:build !js

package app

// withGL runs f: only the browser needs its GL context made current around
// a theme change (webgl_js.go).
func withGL(f func()) { f() }

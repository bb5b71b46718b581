//go:build js

package main

import "syscall/js"

// init runs after every package's initialisation: the page's mark of it
// (window.huntchessPage.inited, ms from navigation; web/start.js), read
// by the first-frame benchmark (cmd/webfirstframe).
func init() {
	if page := js.Global().Get("huntchessPage"); page.Truthy() {
		page.Set("inited", js.Global().Get("performance").Call("now"))
	}
}

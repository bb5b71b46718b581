//go:build !js

package tables

import (
	"embed"
	"io/fs"
)

// The shipped device tables, embedded in the native builds (shipped.go).
// Their bytes sit in the binary's read-only data: a page of them costs
// memory only once a probe has read it.
//
//go:embed shipped
var shippedEmbed embed.FS

// shippedFS is the folder of the shipped tables (nil: none in this build).
var shippedFS = mustSub(shippedEmbed, "shipped")

func mustSub(f fs.FS, dir string) fs.FS {
	sub, err := fs.Sub(f, dir)
	if err != nil {
		panic(err) // a valid name: cannot happen
	}
	return sub
}

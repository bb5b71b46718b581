//go:build js

package tables

import "io/fs"

// shippedFS is nil in the browser: the site serves the shipped tables
// (scripts/web.sh puts them in tables/) and the page downloads the one of
// a game the first time it is played (SetFetch).
var shippedFS fs.FS

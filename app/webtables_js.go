//go:build js

package app

import (
	"fmt"
	"os"

	"huntchess/pack"
)

// webSite is the site serving the page, whose tables/ folder has the
// tables the browser has no storage folder to solve into
// (pack.PageSite; the tables' owner uses it: tables.Owner.UseSite).
func webSite() *pack.Site {
	site, err := pack.PageSite()
	if err != nil {
		fmt.Fprintf(os.Stderr, "huntchess: the site's tables: %v (not used)\n", err)
		return nil
	}
	return site
}

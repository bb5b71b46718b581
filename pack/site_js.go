//go:build js

package pack

import (
	"net/http"
	"net/url"
	"syscall/js"
)

// PageSite is the tables/ folder of the site serving the page (the
// browser build): scripts/web.sh puts there the tables the native builds
// ship, Beat the Wolf's set strategy and the pack's bound table (as parts,
// listed in its manifest.json). The page downloads a game's table the
// first time the game is played, and the service worker keeps it for the
// next visits, offline too.
func PageSite() (*Site, error) {
	base, err := url.Parse(js.Global().Get("location").Get("href").String())
	if err != nil {
		return nil, err
	}
	return &Site{Base: base.ResolveReference(&url.URL{Path: "tables/"}).String(), Client: http.DefaultClient}, nil
}

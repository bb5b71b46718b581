//go:build js

package app

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"sync"

	"syscall/js"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
	"huntchess/session"
)

// In the browser there is no storage folder to solve a table into: the
// site serves the tables beside the app (scripts/web.sh puts them in
// tables/), the page downloads one the first time its game is played, with
// progress, and the service worker keeps it for the next visits, offline too.
func webFetch() session.Fetch {
	return func(ctx context.Context, id core.GameID, progress func(done, total int64)) ([]byte, error) {
		u, err := siteTable(id.String())
		if err != nil {
			return nil, err
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
		if err != nil {
			return nil, err
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		if resp.StatusCode != http.StatusOK {
			return nil, fmt.Errorf("%s: %s", u, resp.Status)
		}
		// Its claimed length is checked before room is made for it.
		data, err := session.ReadDownload(resp.Body, resp.ContentLength, session.MaxDownloadBytes, progress)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", u, err)
		}
		return data, nil
	}
}

// siteTable is the address of the site's table file tables/NAME.hctb.
func siteTable(name string) (*url.URL, error) {
	base, err := siteTables()
	if err != nil {
		return nil, err
	}
	return base.ResolveReference(&url.URL{Path: tablebase.Path("", name)}), nil
}

// siteTables is the address of the site's tables/ folder.
func siteTables() (*url.URL, error) {
	base, err := url.Parse(js.Global().Get("location").Get("href").String())
	if err != nil {
		return nil, err
	}
	return base.ResolveReference(&url.URL{Path: "tables/"}), nil
}

// webBound opens a game's bound table on the site (GAME.bound.hctb, which
// scripts/web.sh copies from the table pack where it has it): far too
// large to download, it is read block by block with range requests (the
// service worker passes them to the network), from its parts where the
// site's tables/manifest.json lists them (the pack's layout: no file over
// 24 MiB, as hosts with a limit on a file's size need), else whole.
// The tables manager asks only for the games that may have one
// (session.SiteBounds), and the site's tables/ folder (its manifest) is one
// session.Site for the page: the manifest is asked for once per page load
// at most.
func webBound() session.RemoteBound {
	var once sync.Once
	var site *session.Site
	var siteErr error
	return func(ctx context.Context, id core.GameID) (*session.RangeReader, error) {
		once.Do(func() {
			base, err := siteTables()
			if err != nil {
				siteErr = err
				return
			}
			site = &session.Site{Base: base.String(), Client: http.DefaultClient}
		})
		if siteErr != nil {
			return nil, siteErr
		}
		return site.Open(ctx, tablebase.Path("", id.String()+".bound"))
	}
}

// webStrategy downloads a game's strategy from the site (tables/GAME.hcst,
// which scripts/web.sh copies from session/shipped/: Beat the Wolf's set
// strategy, which the native builds embed) the first time its game asks
// for it; the service worker keeps it.
func webStrategy() session.StrategyFetch {
	return func(ctx context.Context, id core.GameID) ([]byte, error) {
		base, err := siteTables()
		if err != nil {
			return nil, err
		}
		u := base.ResolveReference(&url.URL{Path: strategy.StrategyPath("", id.String())})
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
		if err != nil {
			return nil, err
		}
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return nil, err
		}
		defer resp.Body.Close()
		switch resp.StatusCode {
		case http.StatusOK:
			data, err := session.ReadDownload(resp.Body, resp.ContentLength, session.MaxDownloadBytes, nil)
			if err != nil {
				return nil, fmt.Errorf("%s: %w", u, err)
			}
			return data, nil
		case http.StatusNotFound:
			return nil, fmt.Errorf("%s: %w", u, session.ErrNoRemote)
		}
		return nil, fmt.Errorf("%s: %s", u, resp.Status)
	}
}

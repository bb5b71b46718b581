package pack

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sync"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
)

// SiteBounds are the games whose bound table the web build's site may
// serve (scripts/web.sh copies the table pack's beat-the-wolf.bound.hctb
// there, and no other): in the browser only their bound tables are asked
// for (tables.Owner.Bound), so the other games cost no request that would only
// answer 404.
var SiteBounds = []core.GameID{core.BeatTheWolf}

// SiteTables are the games whose whole table the web build's site may
// serve in its pack folder (tables/pack/: scripts/web.sh copies the table
// pack's beat-the-wolf.hctb there, as its parts with its manifest, where
// the pack holds Beat the Wolf's whole table): in the browser only theirs
// are asked for (tables.Owner: SetRemoteTable), read block by block.
var SiteTables = []core.GameID{core.BeatTheWolf}

// SitePackFolder is the site's folder of the pack's whole tables, under
// its tables/ folder (SiteTables).
const SitePackFolder = "pack/"

// Site is a folder of files on the site serving the app (the browser's
// tables/), read by range requests: its manifest.json (a table pack's
// manifest, which lists the files kept as parts) is asked for at most
// once, whatever the number of files opened. Safe for concurrent use.
type Site struct {
	Base   string       // the folder's address, ending in /
	Client *http.Client // nil: http.DefaultClient

	once     sync.Once
	manifest *Manifest // nil: none (404)
	err      error     // the manifest could not be had
}

// Manifest is the folder's manifest, asked for the first time only (nil
// where the site has none).
func (s *Site) Manifest(ctx context.Context) (*Manifest, error) {
	s.once.Do(func() {
		site := &Pack{Base: s.Base, Client: s.client()}
		m, err := site.FetchManifest(ctx)
		var status statusError
		switch {
		case errors.As(err, &status) && status.code == http.StatusNotFound:
			// no manifest: the files are whole, or not there
		case err != nil:
			s.err = err
		default:
			s.manifest = m
		}
	})
	return s.manifest, s.err
}

func (s *Site) client() *http.Client {
	if s.Client == nil {
		return http.DefaultClient
	}
	return s.Client
}

// Open opens the file name in the folder for range reads: as parts where
// the folder's manifest lists it, else the file itself (ErrNoRemote where
// the site has neither).
func (s *Site) Open(ctx context.Context, name string) (*RangeReader, error) {
	m, err := s.Manifest(ctx)
	if err != nil {
		return nil, err
	}
	if m != nil {
		for _, f := range m.Files {
			if f.Name == name {
				return OpenRangeParts(ctx, s.client(), s.Base, f)
			}
		}
	}
	u, err := (&Pack{Base: s.Base}).url(name)
	if err != nil {
		return nil, err
	}
	return OpenRange(ctx, s.client(), u)
}

// FetchTable downloads game id's table file (GAME.hctb) from the folder
// whole, telling progress how far it got (total -1 while unknown); a file
// that claims or runs past MaxDownloadBytes is refused. It is the browser's
// tables.Fetch: the site serves the tables the native builds ship or
// solve.
func (s *Site) FetchTable(ctx context.Context, id core.GameID, progress func(done, total int64)) ([]byte, error) {
	return s.fetch(ctx, tablebase.Path("", id.String()), progress, false)
}

// FetchStrategy downloads game id's strategy file (GAME.hcst) from the
// folder whole (ErrNoRemote where the site has none). It is the browser's
// tables.StrategyFetch: the site serves Beat the Wolf's set strategy, which
// the native builds embed.
func (s *Site) FetchStrategy(ctx context.Context, id core.GameID) ([]byte, error) {
	return s.fetch(ctx, strategy.StrategyPath("", id.String()), nil, true)
}

// OpenBound opens game id's bound table (GAME.bound.hctb) in the folder
// for range reads (Open): far too large to download, it is read block by
// block. It is the browser's tables.RemoteBound.
func (s *Site) OpenBound(ctx context.Context, id core.GameID) (*RangeReader, error) {
	return s.Open(ctx, tablebase.Path("", id.String()+".bound"))
}

// OpenTable opens game id's table file (GAME.hctb) in the folder for range
// reads (Open): a whole table too large to download (Beat the Wolf's, in
// the site's pack folder: SiteTables), read block by block. It is the
// browser's tables.RemoteTable, on the Site of the pack folder.
func (s *Site) OpenTable(ctx context.Context, id core.GameID) (*RangeReader, error) {
	return s.Open(ctx, tablebase.Path("", id.String()))
}

// fetch downloads the file name in the folder whole (its claimed length is
// checked before room is made for it); noneIsErrNoRemote: a 404 is
// ErrNoRemote.
func (s *Site) fetch(ctx context.Context, name string, progress func(done, total int64), noneIsErrNoRemote bool) ([]byte, error) {
	u, err := (&Pack{Base: s.Base}).url(name)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	resp, err := s.client().Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusOK:
		data, err := ReadDownload(resp.Body, resp.ContentLength, MaxDownloadBytes, progress)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", u, err)
		}
		return data, nil
	case resp.StatusCode == http.StatusNotFound && noneIsErrNoRemote:
		return nil, fmt.Errorf("%s: %w", u, ErrNoRemote)
	}
	return nil, fmt.Errorf("%s: %s", u, resp.Status)
}

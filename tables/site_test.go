package tables

import (
	"bytes"
	"context"
	"errors"
	"math/rand"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/pack"
)

// In the browser the bound table of every game was asked
// for at each game's start (tables/wolf-carries-pig.bound.hctb,
// surround-the-lion.bound.hctb: 404s), each time after the site's
// manifest. Now only the games whose bound table the site may serve are
// asked for (pack.SiteBounds: Beat the Wolf), once a run.
func TestBrowserAsksOnlyForBoundTablesThatExist(t *testing.T) {
	require.Equal(t, []core.GameID{core.BeatTheWolf}, pack.SiteBounds)
	var mu sync.Mutex
	asked := map[core.GameID]int{}
	tm, rec := newTestTables(t, "")
	tm.SetFetch(func(context.Context, core.GameID, func(int64, int64)) ([]byte, error) {
		return nil, errors.New("no download in this test")
	})
	tm.SetRemoteBound(func(_ context.Context, id core.GameID) (*pack.RangeReader, error) {
		mu.Lock()
		asked[id]++
		mu.Unlock()
		return nil, pack.ErrNoRemote
	})
	for range 2 { // every game started twice
		for _, info := range core.Games() {
			tm.Ensure(info.ID)
			tm.Bound(info.ID)
		}
	}
	tm.Wait()
	rec.drain()
	require.Equal(t, map[core.GameID]int{core.BeatTheWolf: 1}, asked)
}

// siteWithTables serves the web build's tables/ folder: the shipped Beat
// the Wolf table to download whole (tables/beat-the-wolf.hctb) and, with
// whole, the same file in the pack folder (tables/pack/beat-the-wolf.hctb)
// standing in for the pack's whole table, with byte ranges; it notes every
// request's path, with "range" where it asked for a range.
func siteWithTables(t *testing.T, whole bool) (base string, client *http.Client, asked func() []string) {
	t.Helper()
	data, err := os.ReadFile(tablebase.Path("shipped", core.BeatTheWolf.String()))
	require.NoError(t, err)
	files := map[string][]byte{"/tables/beat-the-wolf.hctb": data}
	if whole {
		files["/tables/"+pack.SitePackFolder+"beat-the-wolf.hctb"] = data
	}
	var mu sync.Mutex
	var paths []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p := r.URL.Path
		if r.Header.Get("Range") != "" {
			p += " range"
		}
		mu.Lock()
		paths = append(paths, p)
		mu.Unlock()
		b, ok := files[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		http.ServeContent(w, r, r.URL.Path, time.Time{}, bytes.NewReader(b))
	}))
	t.Cleanup(srv.Close)
	return srv.URL + "/tables/", srv.Client(), func() []string {
		mu.Lock()
		defer mu.Unlock()
		return slices.Clone(paths)
	}
}

// In the browser, Beat the Wolf's whole table (the pack's, too large to
// download) is read from the site's pack folder block by block where the
// site has it, and the shipped table is then not downloaded; where the
// site has none, the shipped table is downloaded whole as before; and no
// other game's is asked for there (pack.SiteTables).
func TestBrowserReadsTheWholeTableFromTheSite(t *testing.T) {
	require.Equal(t, []core.GameID{core.BeatTheWolf}, pack.SiteTables)
	p := tablebase.RandomPosition(rand.New(rand.NewSource(1)), core.BeatTheWolf.Info(), 7, 0) // 10 dogs
	for _, whole := range []bool{true, false} {
		base, client, asked := siteWithTables(t, whole)
		tm, rec := newTestTables(t, "")
		tm.UseShipped(false)
		tm.UseSite(&pack.Site{Base: base, Client: client})
		tm.Ensure(core.BeatTheWolf)
		tm.Wait()
		rec.drain()
		st := tm.Status(core.BeatTheWolf)
		require.Equal(t, Ready, st.State, "whole %v: %v", whole, st.Err)
		require.Equal(t, PlaceSite, st.From)
		require.Empty(t, tm.Problems())
		tb := rec.set[core.BeatTheWolf]
		require.NotNil(t, tb)
		_, _, ok := tb.Probe(p)
		require.True(t, ok, "whole %v: the 10-dog position is covered", whole)
		paths := asked()
		if whole {
			require.Contains(t, paths, "/tables/pack/beat-the-wolf.hctb range")
			require.NotContains(t, paths, "/tables/beat-the-wolf.hctb", "the shipped table was downloaded too")
		} else {
			require.Contains(t, paths, "/tables/pack/manifest.json")
			require.Contains(t, paths, "/tables/beat-the-wolf.hctb")
		}
		n := len(paths)
		tm.Ensure(core.WolfCarriesPig)
		tm.Wait()
		rec.drain()
		for _, q := range asked()[n:] {
			require.False(t, strings.HasPrefix(q, "/tables/pack/"), "whole %v: %s asked for", whole, q)
		}
	}
}

package session

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
	"huntchess/translations"
)

// Issue 31, item 7: in the browser the bound table of every game was asked
// for at each game's start (tables/wolf-carries-pig.bound.hctb,
// surround-the-lion.bound.hctb: 404s), each time after the site's
// manifest. Now only the games whose bound table the site may serve are
// asked for (SiteBounds: Beat the Wolf), once a run.
func TestBrowserAsksOnlyForBoundTablesThatExist(t *testing.T) {
	require.Equal(t, []core.GameID{core.BeatTheWolf}, SiteBounds)
	var mu sync.Mutex
	asked := map[core.GameID]int{}
	tm, rec := newTestTables(t, "")
	tm.SetFetch(func(context.Context, core.GameID, func(int64, int64)) ([]byte, error) {
		return nil, errors.New("no download in this test")
	})
	tm.SetRemoteBound(func(_ context.Context, id core.GameID) (*RangeReader, error) {
		mu.Lock()
		asked[id]++
		mu.Unlock()
		return nil, ErrNoRemote
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

// The site's tables/ folder asks for its manifest once, however many files
// are opened from it (the page's Site), whether the manifest is there or
// not.
func TestSiteAsksForTheManifestOnce(t *testing.T) {
	s := servePartsSite(t, 10000)
	site := &Site{Base: s.base(), Client: s.srv.Client()}
	for range 3 {
		r, err := site.Open(context.Background(), "beat-the-wolf.bound.hctb")
		require.NoError(t, err)
		require.Equal(t, int64(len(s.data)), r.Size())
		_, err = site.Open(context.Background(), "wolf-carries-pig.bound.hctb")
		require.ErrorIs(t, err, ErrNoRemote)
	}
	manifests := 0
	for _, a := range s.requests() {
		if strings.HasPrefix(a, "/tables/"+ManifestName) {
			manifests++
		}
	}
	require.Equal(t, 1, manifests, "%q", s.requests())

	srv, _ := serveBound(t) // no manifest: the file whole
	none := &Site{Base: srv.URL + "/tables/", Client: srv.Client()}
	for range 2 {
		r, err := none.Open(context.Background(), "beat-the-wolf.bound.hctb")
		require.NoError(t, err)
		require.Positive(t, r.Size())
	}
	m, err := none.Manifest(context.Background())
	require.NoError(t, err)
	require.Nil(t, m)
}

// The table line says whose win from the start is proven (it said "Proven
// win from the start" to the wolf's player, without saying it was the
// dogs'), in both languages: the strategy's winner.
func TestTableLineSaysWhoseWin(t *testing.T) {
	defer translations.SetLanguage(translations.Current())
	m := NewTables("", nil, true, func(f func()) { f() })
	s := m.Strategy(core.SurroundTheLion)
	require.NotNil(t, s)
	require.Equal(t, core.Prey, s.WinnerSide())
	translations.SetLanguage(translations.English)
	require.Equal(t, "Proven from the start: a win for the dogs (Master, hints)", m.StatusText(core.SurroundTheLion))
	translations.SetLanguage(translations.Chinese)
	require.Equal(t, "已证明开局起犬方必胜（大师级与提示）", m.StatusText(core.SurroundTheLion))
	for _, id := range []string{"tables.strategy", "tables.strategy_bound", "tables.ready_bound"} {
		for _, lang := range []translations.Lang{translations.English, translations.Chinese} {
			translations.SetLanguage(lang)
			dogs := translations.TData(id, provenSide(core.BeatTheWolf, nil))
			require.Contains(t, dogs, SideName(core.BeatTheWolf.Info(), core.Prey), "%s in %s", id, lang)
			var lion *strategy.Strategy
			require.Contains(t, translations.TData(id, provenSide(core.SurroundTheLion, lion)), SideName(core.SurroundTheLion.Info(), core.Prey))
		}
	}
}

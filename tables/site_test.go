package tables

import (
	"context"
	"errors"
	"github.com/stretchr/testify/require"
	"sync"
	"testing"

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

package session

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/stretchr/testify/require"

	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/pack"
	"huntchess/translations"
)

// Issue 31, item 7: in the browser the bound table of every game was asked
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
			var lion *tablebase.Strategy
			require.Contains(t, translations.TData(id, provenSide(core.SurroundTheLion, lion)), SideName(core.SurroundTheLion.Info(), core.Prey))
		}
	}
}

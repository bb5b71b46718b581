package tables

import (
	"context"
	"math/rand"
	"sync"
	"testing"

	"huntchess/ai"
	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
	"huntchess/match"
	"huntchess/pack"
	"huntchess/proof"
	"huntchess/translations"
)

// shippedSet is Beat the Wolf's shipped set strategy.
func shippedSet(t testing.TB) *strategy.Strategy {
	t.Helper()
	s, err := OpenShippedStrategy(core.BeatTheWolf)
	if err != nil || s == nil {
		t.Fatalf("Beat the Wolf's shipped strategy: %v, %v (make strategies writes tables/shipped/beat-the-wolf.hcst)", s, err)
	}
	if !s.IsSet() || !s.Bound || s.WinnerSide() != core.Prey || s.Members < 1 || s.Plies != 140 {
		t.Fatalf("Beat the Wolf's shipped strategy: set %v, bound %v, winner %s, %d members, %d plies", s.IsSet(), s.Bound, s.Winner, s.Members, s.Plies)
	}
	return s
}

// TestShippedSetStrategy: the dogs' shipped win in Beat the Wolf holds
// from the start against random defences played with core.Game: every
// game ends in the dogs' win, no dog lost, within the strategy's longest
// line; the strategy keeps at most SetCacheBlocks blocks unpacked.
// (make strategies replays every defence: solve strategy-check.)
func TestShippedSetStrategy(t *testing.T) {
	s := shippedSet(t)
	start := core.BeatTheWolf.Info().Start()
	if v, d, ok := s.Probe(start); !ok || v != tablebase.Loss || d != 140 {
		t.Fatalf("the start (the wolf to move) probes %v %d %v", v, d, ok)
	}
	rng := rand.New(rand.NewSource(7))
	for i := 0; i < 4; i++ {
		g := core.NewGameFrom(start)
		for !g.Outcome().Over() {
			p := g.Position()
			var m core.Move
			if p.ToMove == core.Prey {
				var ok bool
				if m, _, ok = s.Move(p); !ok {
					t.Fatalf("game %d ply %d: %s: no move", i, g.Len(), p)
				}
			} else {
				moves := p.GenMoves(nil)
				m = moves[rng.Intn(len(moves))]
			}
			must(t, g.PlayMove(m))
			if g.Len() > s.Plies {
				t.Fatalf("game %d: not over after %d plies", i, g.Len())
			}
		}
		if w, ok := g.Outcome().Winner(); !ok || w != core.Prey || g.Position().Captured != 0 {
			t.Fatalf("game %d: %s after %d plies, %d dogs lost", i, g.Outcome().Result, g.Len(), g.Position().Captured)
		}
	}
	if st := s.CacheStats(); st.Blocks > strategy.SetCacheBlocks {
		t.Fatalf("%d blocks cached", st.Blocks)
	}
}

// TestMasterPlaysTheSetStrategy: on a phone with no table but the shipped
// ones (no pack), Master against Master from the start of Beat the Wolf
// plays the shipped strategy: every move proven (proof.Bound) with the
// plies falling by one, the wolf resisting longest, and the dogs win in
// 140 plies without losing a dog; the dogs' hint at the start is proven
// too, and the table line says the start is proven.
//
// Each of Master's moves follows the proven line 40 plies on, probing every
// reply: with the phone's cache of 32 blocks (SetCacheBlocks before issue
// 45 made it 128 of a third of the size) the game unpacked
// some 26 000 blocks (about 190 a move), ten times the work of the same
// moves with a cache that keeps the 324 blocks the game touches (some
// 12 MB). The moves and results do not depend on the cache, so the test
// keeps every block; TestShippedSetStrategy holds the cache to its limit.
func TestMasterPlaysTheSetStrategy(t *testing.T) {
	defer translations.SetLanguage(translations.Current())
	translations.SetLanguage(translations.English)
	m := New(t.TempDir(), nil, true, func(f func()) { f() })
	// The owner's own shipped strategy (each owner opens its own): its
	// cache is the one the engine's moves go through.
	s := m.Strategy(core.BeatTheWolf)
	if want := shippedSet(t); s == nil || !s.IsSet() || s.Plies != want.Plies {
		t.Fatalf("the owner's strategy of Beat the Wolf: %+v, the shipped one has %d plies", s, want.Plies)
	}
	s.SetCacheBlocks(1024)
	t.Cleanup(func() {
		s.SetCacheBlocks(strategy.SetCacheBlocks)
		if st := s.CacheStats(); st.Blocks > strategy.SetCacheBlocks {
			t.Errorf("%d blocks cached after the limit went back to %d", st.Blocks, strategy.SetCacheBlocks)
		}
	})
	e := ai.NewEngine(m)
	g := core.NewGameFrom(core.BeatTheWolf.Info().Start())
	for !g.Outcome().Over() && g.Len() <= s.Plies {
		res := e.Think(context.Background(), g, match.Master)
		plies, won := ai.IsWin(res.Score)
		if res.Proof != proof.Bound || !won || plies != s.Plies-g.Len() {
			t.Fatalf("ply %d: %+v (plies %d), want a proven result in %d", g.Len(), res, plies, s.Plies-g.Len())
		}
		must(t, g.PlayMove(res.Move))
	}
	if w, ok := g.Outcome().Winner(); !ok || w != core.Prey || g.Len() != 140 || g.Position().Captured != 0 {
		t.Fatalf("%s after %d plies, %d dogs lost", g.Outcome().Result, g.Len(), g.Position().Captured)
	}
	start := core.NewGameFrom(core.BeatTheWolf.Info().Start())
	must(t, start.PlayMove(g.Moves()[0]))
	if h := e.Hint(context.Background(), start); h.Proof != proof.Bound || h.Move != g.Moves()[1] {
		t.Fatalf("the dogs' hint after the wolf's first move: %+v", h)
	}
	t.Logf("Master against Master: the dogs win in %d plies: %s", g.Len(), g.Record())
}

// BenchmarkShippedSetStrategyMove: the dogs' move from the shipped set
// strategy at a position 61 plies into a game (a lookup of each child),
// cold (opened anew: every block read from the binary's data and
// unpacked) and warm (the blocks cached); and one position's probe with
// the wolf to move (a single lookup), cold and warm.
func BenchmarkShippedSetStrategyMove(b *testing.B) {
	s := shippedSet(b)
	rng := rand.New(rand.NewSource(5))
	g := core.NewGameFrom(core.BeatTheWolf.Info().Start())
	for g.Len() < 61 {
		p := g.Position()
		var mv core.Move
		if p.ToMove == core.Prey {
			mv, _, _ = s.Move(p)
		} else {
			moves := p.GenMoves(nil)
			mv = moves[rng.Intn(len(moves))]
		}
		if err := g.PlayMove(mv); err != nil {
			b.Fatal(err)
		}
	}
	p := g.Position()
	if p.ToMove != core.Prey {
		b.Fatal("not the dogs to move")
	}
	b.Run("cold", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			c, err := openShippedStrategy(core.BeatTheWolf)
			if err != nil {
				b.Fatal(err)
			}
			if _, _, ok := c.Move(p); !ok {
				b.Fatal("no move")
			}
		}
	})
	b.Run("warm", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, _, ok := s.Move(p); !ok {
				b.Fatal("no move")
			}
		}
	})
	// One position with the wolf to move: a single lookup.
	mv, _, _ := s.Move(p)
	q := p.After(mv)
	b.Run("probe-cold", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			c, err := openShippedStrategy(core.BeatTheWolf)
			if err != nil {
				b.Fatal(err)
			}
			if _, _, ok := c.Probe(q); !ok {
				b.Fatal("not in the strategy")
			}
		}
	})
	b.Run("probe-warm", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, _, ok := s.Probe(q); !ok {
				b.Fatal("not in the strategy")
			}
		}
	})
}

// TestStrategyFetchedFromTheSite: in the browser (no cache folder, no
// shipped files in the build), the first call for Beat the Wolf's strategy
// starts its download from the site (SetStrategyFetch) and returns none;
// once it is there the subscribers hear of it and the strategy plays. A
// site without the file leaves the game without, and other games are not
// fetched.
func TestStrategyFetchedFromTheSite(t *testing.T) {
	data, err := shippedFS.(interface{ ReadFile(string) ([]byte, error) }).ReadFile(strategy.StrategyPath("", core.BeatTheWolf.String()))
	if err != nil {
		t.Fatal(err)
	}
	for _, onSite := range []bool{true, false} {
		m, rec := newTestTables(t, "")
		m.shippedStrategy = func(core.GameID) (*strategy.Strategy, error) { return nil, nil } // as in the browser
		var asked []core.GameID
		var mu sync.Mutex
		m.SetStrategyFetch(func(_ context.Context, id core.GameID) ([]byte, error) {
			mu.Lock()
			asked = append(asked, id)
			mu.Unlock()
			if !onSite {
				return nil, pack.ErrNoRemote
			}
			return data, nil
		})
		changed := make(chan core.GameID, 4)
		m.subscribe(func(id core.GameID) { changed <- id })
		if s := m.Strategy(core.BeatTheWolf); s != nil {
			t.Fatal("a strategy before the download")
		}
		m.Strategy(core.BeatTheWolf) // the download is started once
		if m.Strategy(core.WolfCarriesPig) != nil {
			t.Fatal("Wolf Carries the Pig has a strategy")
		}
		m.Wait()
		rec.drain() // the subscribers, on the UI goroutine
		mu.Lock()
		if len(asked) != 1 || asked[0] != core.BeatTheWolf {
			t.Fatalf("fetched %v", asked)
		}
		mu.Unlock()
		s := m.Strategy(core.BeatTheWolf)
		if !onSite {
			if s != nil || len(changed) != 0 {
				t.Fatal("a strategy from a site without it")
			}
			continue
		}
		if s == nil || !s.IsSet() || <-changed != core.BeatTheWolf {
			t.Fatalf("after the download: %v", s)
		}
		res := ai.NewEngine(m).Think(context.Background(), core.NewGameFrom(core.BeatTheWolf.Info().Start()), match.Master)
		if plies, won := ai.IsWin(res.Score); !res.Proof.Proven() || !won || plies != 140 {
			t.Fatalf("Master from the downloaded strategy: %+v", res)
		}
	}
}

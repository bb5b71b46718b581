package tables

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"huntchess/ai"
	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/solver"
	"huntchess/ai/tablebase/strategy"
	"huntchess/ai/tablebase/strategybuild"
	"huntchess/core"
	"huntchess/match"
	"huntchess/proof"
)

// shipped returns the games with a shipped strategy; at least the lion's.
func shipped(t *testing.T) []core.GameID {
	t.Helper()
	var ids []core.GameID
	for _, g := range core.Games() {
		s, err := OpenShippedStrategy(g.ID)
		if err != nil {
			t.Fatalf("%s: %v", g.Key, err)
		}
		if s != nil {
			ids = append(ids, g.ID)
		}
	}
	if !containsID(ids, core.SurroundTheLion) {
		t.Fatalf("shipped strategies %v: Surround the Lion's is missing", ids)
	}
	return ids
}

func containsID(ids []core.GameID, id core.GameID) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

// TestShippedStrategiesHold replays every defence against each shipped
// strategy from the game's start by core's rules.
func TestShippedStrategiesHold(t *testing.T) {
	for _, id := range shipped(t) {
		s, _ := OpenShippedStrategy(id)
		if s.IsSet() {
			continue // Beat the Wolf's set strategy: TestShippedSetStrategy
		}
		rep, err := strategybuild.CheckStrategy(s, id.Info().Start(), 20, 1)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		if rep.Longest != s.Plies || rep.Nodes != s.Nodes {
			t.Fatalf("%s: %+v, header %+v", id, rep, s.StrategyHeader)
		}
		t.Logf("%s: the %s win in %d plies: %d positions, %d moves, %.4g distinct games", id, s.Winner, s.Plies, rep.Nodes, rep.Edges, rep.Lines)
	}
}

// TestMasterPlaysTheStrategy: with no table on the device (a phone before
// any table is had, the browser), Master against Master from the start of
// each game with a shipped strategy plays the proven win, the loser
// resisting longest: the winner wins in the strategy's plies exactly, every
// move proven (Result.Proof). Hard's moves do not come from it.
func TestMasterPlaysTheStrategy(t *testing.T) {
	m := New("", nil, true, func(f func()) { f() })
	e := ai.NewEngine(m)
	for _, id := range shipped(t) {
		s := m.Strategy(id)
		if s.IsSet() {
			continue // Beat the Wolf's set strategy: TestMasterPlaysTheSetStrategy
		}
		g := core.NewGameFrom(id.Info().Start())
		for !g.Outcome().Over() && g.Len() <= s.Plies {
			res := e.Think(context.Background(), g, match.Master)
			plies, won := ai.IsWin(res.Score)
			if !res.Proof.Proven() || !won || plies != s.Plies-g.Len() || res.Proof.Bounded() != s.Bound {
				t.Fatalf("%s ply %d: %+v (proof %v, plies %d), want a proven result in %d", id, g.Len(), res, res.Proof, plies, s.Plies-g.Len())
			}
			if err := g.PlayMove(res.Move); err != nil {
				t.Fatal(err)
			}
		}
		if w, ok := g.Outcome().Winner(); !ok || w != s.WinnerSide() || g.Len() != s.Plies {
			t.Fatalf("%s: %s after %d plies, want the %s's win in %d", id, g.Outcome().Result, g.Len(), s.Winner, s.Plies)
		}
		// A hint proves it too; Hard plays by search.
		start := core.NewGameFrom(id.Info().Start())
		if h := e.Hint(context.Background(), start); !h.Proof.Proven() {
			t.Fatalf("%s: the hint at the start is not proven: %+v", id, h)
		}
		if r := e.Think(context.Background(), start, match.Hard); r.Proof.Proven() {
			t.Fatalf("%s: Hard played from the strategy", id)
		}
		t.Logf("%s: Master against Master: the %s win in %d plies: %s", id, s.Winner, g.Len(), g.Record())
	}
}

// TestShippedStrategiesAreGenerated: each shipped file is the one `solve
// strategy` writes from the full tables, where they are here (build/tables
// or HUNTCHESS_TABLES; skipped otherwise).
func TestShippedStrategiesAreGenerated(t *testing.T) {
	var dirs []string
	if v := os.Getenv("HUNTCHESS_TABLES"); v != "" {
		dirs = filepath.SplitList(v)
	}
	dirs = append(dirs, filepath.Join("..", "build", "tables"))
	for _, id := range shipped(t) {
		shipped, _ := OpenShippedStrategy(id)
		if shipped.IsSet() {
			continue // a set strategy (tables/shipped): make strategies checks it, in 25 minutes
		}
		t.Run(id.String(), func(t *testing.T) {
			for _, dir := range dirs {
				s, src, err := strategybuild.StartStrategy(id, dir, 1<<30, shipped.Passes, nil)
				if errors.Is(err, strategybuild.ErrNoStart) {
					continue // no table here, or one of part of the game (deer chess's moving phase)
				}
				if err != nil {
					t.Fatal(err)
				}
				data, err := strategybuild.Encode(s)
				if err != nil {
					t.Fatal(err)
				}
				want, err := strategyFiles.ReadFile(strategyDir + "/" + id.String() + strategy.StrategyExt)
				if err != nil {
					t.Fatal(err)
				}
				if !bytes.Equal(data, want) {
					t.Fatalf("the shipped strategy is not what %s gives: run `go run ./cmd/solve strategy %s -dir %s`", src, id, dir)
				}
				return
			}
			t.Skipf("no table of %s in %v", id, dirs)
		})
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestStrategyBesideTheTables: a game without a shipped strategy takes one
// from the table folders (GAME.hcst beside the tables: Beat the Wolf's).
// A game's strategy where the app ships none (a build without the shipped
// one, or a game it has none for) is read from the table folders.
func TestStrategyBesideTheTables(t *testing.T) {
	noneShipped := func(core.GameID) (*strategy.Strategy, error) { return nil, nil }
	p, err := core.ParsePosition(core.BeatTheWolf.String(), "predator:c1 prey:d1,e1,c2,d2,e2,c3 turn:prey captured:11 hand:0")
	must(t, err)
	probe := func(q core.Position) (tablebase.Value, int, bool) {
		v, d := solver.SearchValue(q, 3)
		return v, d, v != tablebase.Unknown
	}
	s, err := strategybuild.BuildStrategy(tablebase.ForGame(core.BeatTheWolf), p, probe, true)
	must(t, err)
	data, err := strategybuild.Encode(s)
	must(t, err)
	dir := t.TempDir()
	must(t, os.WriteFile(strategy.StrategyPath(dir, core.BeatTheWolf.String()), data, 0o644))
	m := New("", nil, false, func(f func()) { f() })
	m.shippedStrategy = noneShipped
	if m.Strategy(core.BeatTheWolf) != nil {
		t.Fatal("a strategy with no table folder")
	}
	m = New("", []string{t.TempDir(), dir}, false, func(f func()) { f() })
	m.shippedStrategy = noneShipped
	got := m.Strategy(core.BeatTheWolf)
	if got == nil || got.Nodes != s.Nodes || !got.Bound {
		t.Fatalf("read %+v", got)
	}
	res := ai.NewEngine(m).Think(context.Background(), core.NewGameFrom(p), match.Master)
	if after := p.After(res.Move); res.Proof != proof.Bound || !after.Outcome().Over() {
		t.Fatalf("Master from the strategy beside the tables: %+v", res)
	}
}

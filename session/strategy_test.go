package session

import (
	"bytes"
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"huntchess/ai"
	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/translations"
)

// shipped returns the games with a shipped strategy; at least the lion's.
func shipped(t *testing.T) []core.GameID {
	t.Helper()
	var ids []core.GameID
	for _, g := range core.Games() {
		s, err := Strategy(g.ID)
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
		s, _ := Strategy(id)
		if s.IsSet() {
			continue // Beat the Wolf's set strategy: TestShippedSetStrategy
		}
		rep, err := tablebase.CheckStrategy(s, id.Info().Start(), 20, 1)
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
// move proven (Exact). Hard's moves do not come from it.
func TestMasterPlaysTheStrategy(t *testing.T) {
	m := NewTables("", nil, true, func(f func()) { f() })
	e := ai.NewEngine(m)
	for _, id := range shipped(t) {
		s := m.Strategy(id)
		if s.IsSet() {
			continue // Beat the Wolf's set strategy: TestMasterPlaysTheSetStrategy
		}
		g := core.NewGameFrom(id.Info().Start())
		for !g.Outcome().Over() && g.Len() <= s.Plies {
			res := e.Think(context.Background(), g, ai.Master)
			plies, won := ai.IsWin(res.Score)
			if !res.Exact || !won || plies != s.Plies-g.Len() || res.Bound != s.Bound {
				t.Fatalf("%s ply %d: %+v (exact %v, plies %d), want a proven result in %d", id, g.Len(), res, res.Exact, plies, s.Plies-g.Len())
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
		if h := e.Hint(context.Background(), start); !h.Exact {
			t.Fatalf("%s: the hint at the start is not proven: %+v", id, h)
		}
		if r := e.Think(context.Background(), start, ai.Hard); r.Exact {
			t.Fatalf("%s: Hard played from the strategy", id)
		}
		t.Logf("%s: Master against Master: the %s win in %d plies: %s", id, s.Winner, g.Len(), g.Record())
	}
}

// TestShippedStrategiesAreGenerated: each shipped file is the one `solve
// strategy` writes from the full tables, where they are here (build/tables
// or HUNTCHESS_TABLES; skipped otherwise).
func TestShippedStrategiesAreGenerated(t *testing.T) {
	dirs := append(TablesFromEnv(), filepath.Join("..", "build", "tables"))
	for _, id := range shipped(t) {
		if s, _ := Strategy(id); s.IsSet() {
			continue // a set strategy (session/shipped): make strategies checks it, in 25 minutes
		}
		t.Run(id.String(), func(t *testing.T) {
			for _, dir := range dirs {
				s, src, err := tablebase.StartStrategy(id, dir, 1<<30, nil)
				if errors.Is(err, tablebase.ErrNoStart) {
					continue // no table here, or one of part of the game (deer chess's moving phase)
				}
				if err != nil {
					t.Fatal(err)
				}
				data, err := s.Bytes()
				if err != nil {
					t.Fatal(err)
				}
				want, err := strategyFiles.ReadFile(strategyDir + "/" + id.String() + tablebase.StrategyExt)
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

// TestReviewByStrategy: with no table, the review judges by the proven
// strategy the moves on it (every reply of the loser, the winner's moves
// that stay on its win) and leaves to the search a winner's move off it and
// everything after.
func TestReviewByStrategy(t *testing.T) {
	s, _ := Strategy(core.SurroundTheLion)
	m := NewTables("", nil, true, func(f func()) { f() })
	e := ai.NewEngine(m)
	g := core.NewGameFrom(core.SurroundTheLion.Info().Start())
	// Master's line for 5 plies, then a dogs' move that leaves the strategy.
	for g.Len() < 5 {
		must(t, g.PlayMove(e.Think(context.Background(), g, ai.Master).Move))
	}
	p := g.Position()
	off := core.Move{}
	for _, mv := range g.LegalMoves() {
		if c := p.After(mv); !c.Outcome().Over() {
			if _, _, _, ok := ai.ProvenWin(s, nil, nil, c); !ok { // off the strategy, and no bridge back onto it
				off = mv
				break
			}
		}
	}
	if off.Kind == core.MoveNone {
		t.Fatal("every dogs' move stays on the strategy")
	}
	must(t, g.PlayMove(off))
	must(t, g.PlayMove(g.LegalMoves()[0]))
	moves := ReviewGameProven(g, nil, s)
	for i, rm := range moves[:5] {
		w, ok := rm.Winner()
		if rm.Verdict != VerdictKept || !rm.Proven || rm.Bound || rm.Plies != s.Plies-i || !ok || w != core.Prey {
			t.Fatalf("move %d: %+v", i+1, rm)
		}
	}
	for i, rm := range moves[5:] {
		if rm.Verdict != VerdictUnknown || rm.Proven {
			t.Fatalf("move %d, off the strategy: %+v", 6+i, rm)
		}
	}
	if got := ReviewGame(g, nil); got[0].Verdict != VerdictUnknown {
		t.Fatalf("without the strategy: %+v", got[0])
	}
}

func must(t *testing.T, err error) {
	t.Helper()
	if err != nil {
		t.Fatal(err)
	}
}

// TestStrategyStatusText: a game without a table here shows what the
// shipped strategy proves.
func TestStrategyStatusText(t *testing.T) {
	defer translations.SetLanguage(translations.Current())
	translations.SetLanguage(translations.English)
	m := NewTables("", nil, true, func(f func()) { f() })
	if got := m.StatusText(core.SurroundTheLion); got != "Proven from the start: a win for the dogs (Master, hints)" {
		t.Fatalf("the lion with no table: %q", got)
	}
	if got := m.StatusText(core.WolfCarriesPig); got != "" {
		t.Fatalf("Wolf Carries the Pig: %q", got)
	}
	translations.SetLanguage(translations.Chinese)
	if got := m.StatusText(core.SurroundTheLion); got != "已证明开局起犬方必胜（大师级与提示）" {
		t.Fatalf("the lion with no table, in Chinese: %q", got)
	}
}

// TestStrategyBesideTheTables: a game without a shipped strategy takes one
// from the table folders (GAME.hcst beside the tables: Beat the Wolf's).
// A game's strategy where the app ships none (a build without the shipped
// one, or a game it has none for) is read from the table folders.
func TestStrategyBesideTheTables(t *testing.T) {
	noneShipped := func(core.GameID) (*tablebase.Strategy, error) { return nil, nil }
	p, err := core.ParsePosition(core.BeatTheWolf.String(), "predator:c1 prey:d1,e1,c2,d2,e2,c3 turn:prey captured:11 hand:0")
	must(t, err)
	probe := func(q core.Position) (tablebase.Value, int, bool) {
		v, d := tablebase.SearchValue(q, 3)
		return v, d, v != tablebase.Unknown
	}
	s, err := tablebase.BuildStrategy(tablebase.ForGame(core.BeatTheWolf), p, probe, true)
	must(t, err)
	data, err := s.Bytes()
	must(t, err)
	dir := t.TempDir()
	must(t, os.WriteFile(tablebase.StrategyPath(dir, core.BeatTheWolf.String()), data, 0o644))
	m := NewTables("", nil, false, func(f func()) { f() })
	m.shippedStrategy = noneShipped
	if m.Strategy(core.BeatTheWolf) != nil {
		t.Fatal("a strategy with no table folder")
	}
	m = NewTables("", []string{t.TempDir(), dir}, false, func(f func()) { f() })
	m.shippedStrategy = noneShipped
	got := m.Strategy(core.BeatTheWolf)
	if got == nil || got.Nodes != s.Nodes || !got.Bound {
		t.Fatalf("read %+v", got)
	}
	res := ai.NewEngine(m).Think(context.Background(), core.NewGameFrom(p), ai.Master)
	if after := p.After(res.Move); !res.Exact || !res.Bound || !after.Outcome().Over() {
		t.Fatalf("Master from the strategy beside the tables: %+v", res)
	}
	if m.StatusText(core.BeatTheWolf) != translations.TData("tables.strategy_bound", provenSide(core.BeatTheWolf, nil)) {
		t.Fatalf("status %q", m.StatusText(core.BeatTheWolf))
	}
}

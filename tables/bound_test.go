package session

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"huntchess/ai"
	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/pack"
	"huntchess/translations"
)

// The bound table of the tests (ai/bound_test.go, BoundTestdata): Beat the Wolf's tier with
// 8 dogs, the dogs' wins without giving up a dog, its longest win 33 plies.
const (
	boundTestFile = "../ai/testdata/beat-the-wolf-8dogs.bound.hctb"
	boundWin33    = "predator:d1 prey:c1,c2,d2,e2,a3,b3,d3,a5 turn:prey captured:9 hand:0"
)

// installBound installs a pack holding only the bound table, as name.
func installBound(t *testing.T, name string) *pack.Pack {
	t.Helper()
	data, err := os.ReadFile(boundTestFile)
	require.NoError(t, err)
	return installPack(t, map[string][]byte{name: data})
}

// installPack installs a pack of the given files (each a table of Beat
// the Wolf's rules) as a download would leave it: the files, then the
// manifest naming them.
func installPack(t *testing.T, files map[string][]byte) *pack.Pack {
	t.Helper()
	p := pack.New(filepath.Join(t.TempDir(), "pack"), "http://127.0.0.1:1/pack/")
	require.NoError(t, os.MkdirAll(p.Dir, 0o755))
	m := pack.Manifest{Format: 1, Version: "test"}
	for name, data := range files {
		require.NoError(t, os.WriteFile(filepath.Join(p.Dir, name), data, 0o644))
		m.Files = append(m.Files, pack.File{Name: name, Game: core.BeatTheWolf.String(),
			Fingerprint: tablebase.ForGame(core.BeatTheWolf).Fingerprint(), Size: int64(len(data)),
			SHA256: fmt.Sprintf("%x", sha256.Sum256(data))})
	}
	raw, err := json.Marshal(m)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(p.Dir, pack.ManifestName), raw, 0o644))
	require.NotNil(t, p.Installed())
	return p
}

func boundTestPos(t *testing.T) core.Position {
	t.Helper()
	p, err := core.ParsePosition(core.BeatTheWolf.String(), boundWin33)
	require.NoError(t, err)
	return p
}

// The pack's bound file (GAME.bound.hctb, or a GAME.hctb whose sections
// are all bound tiers) becomes the game's bound table and never its table:
// the shipped endgames stay, no pack error; the table line says both are
// there; deleting the pack lets the bound table go.
func TestTablesBoundTableBesideTheExact(t *testing.T) {
	if _, err := OpenShipped(core.BeatTheWolf, false); err != nil {
		t.Skipf("no shipped Beat the Wolf table: %v", err)
	}
	for _, name := range []string{"beat-the-wolf.bound.hctb", "beat-the-wolf.hctb"} {
		t.Run(name, func(t *testing.T) {
			p := installBound(t, name)
			tm, rec := newTestTables(t, t.TempDir())
			tm.set = tm.store
			tm.UseShipped(true)
			tm.SetPack(p)
			tm.Ensure(core.BeatTheWolf)
			tm.Wait()
			rec.drain()
			exact := tm.Table(core.BeatTheWolf)
			require.NotNil(t, exact)
			require.False(t, allBound(exact), "the exact table is the shipped one")
			_, _, ok := exact.Probe(core.BeatTheWolf.Info().Start())
			require.False(t, ok)
			require.NoError(t, tm.PackError(core.BeatTheWolf))
			b := tm.Bound(core.BeatTheWolf)
			require.NotNil(t, b)
			require.True(t, allBound(b))
			v, d, ok := b.ProbeBound(boundTestPos(t))
			require.True(t, ok)
			require.Equal(t, tablebase.Win, v)
			require.Equal(t, 33, d)
			require.Same(t, b, tm.Bound(core.BeatTheWolf), "opened once")

			defer translations.SetLanguage(translations.Current())
			translations.SetLanguage(translations.English)
			require.Equal(t, "Proven from the start: a win for the dogs; endgames ready", tm.StatusText(core.BeatTheWolf))
			translations.SetLanguage(translations.Chinese)
			require.Equal(t, "已证明开局起犬方必胜；残局库已就绪", tm.StatusText(core.BeatTheWolf))
			translations.SetLanguage(translations.English)

			require.NoError(t, p.Delete())
			tm.PackChanged()
			tm.Wait()
			require.Nil(t, tm.Bound(core.BeatTheWolf), "the deleted pack's bound table is let go")
			require.NotNil(t, tm.Table(core.BeatTheWolf), "the shipped table stays")
			// The shipped set strategy still proves the start.
			require.Equal(t, translations.TData("tables.ready_bound", provenSide(core.BeatTheWolf, nil)), tm.StatusText(core.BeatTheWolf))
		})
	}
}

// A developer's GAME.bound.hctb in the table folders is the bound table; a
// game without a table here says what it proves.
func TestTablesBoundFromDeveloperFolder(t *testing.T) {
	data, err := os.ReadFile(boundTestFile)
	require.NoError(t, err)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(tablebase.Path(dir, "beat-the-wolf.bound"), data, 0o644))
	tm, _ := newTestTables(t, "", dir)
	defer translations.SetLanguage(translations.Current())
	translations.SetLanguage(translations.English)
	require.NotNil(t, tm.Bound(core.BeatTheWolf))
	require.Nil(t, tm.Bound(core.WolfCarriesPig))
	require.Nil(t, tm.Table(core.BeatTheWolf))
	require.Equal(t, translations.TData("tables.strategy_bound", provenSide(core.BeatTheWolf, nil)), tm.StatusText(core.BeatTheWolf))
	none, _ := newTestTables(t, "")
	require.Nil(t, none.Bound(core.BeatTheWolf))
	// No bound table: the shipped set strategy still proves the start.
	require.Equal(t, translations.TData("tables.strategy_bound", provenSide(core.BeatTheWolf, nil)), none.StatusText(core.BeatTheWolf))
}

// Master against Master with the manager behind the engine plays the bound
// table's win out; the review judges every move of it by the bound table
// (proven, the dogs winning in the plies left), and a dogs' move off the
// win is left to the search; a hint says the win in words the app shows.
func TestBoundPlayAndReview(t *testing.T) {
	data, err := os.ReadFile(boundTestFile)
	require.NoError(t, err)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(tablebase.Path(dir, "beat-the-wolf.bound"), data, 0o644))
	tm, _ := newTestTables(t, "", dir)
	e := ai.Engine{Tables: tm}
	start := boundTestPos(t)
	g := core.NewGameFrom(start)
	for !g.Outcome().Over() && g.Len() < 100 {
		res := e.Think(context.Background(), g, ai.Master)
		require.True(t, res.Exact && res.Bound, "ply %d: %+v", g.Len(), res)
		require.NoError(t, g.PlayMove(res.Move))
	}
	w, ok := g.Outcome().Winner()
	require.True(t, ok)
	require.Equal(t, core.Prey, w)
	require.Equal(t, 33, g.Len())

	b := tm.Bound(core.BeatTheWolf)
	for i, rm := range ReviewGameBound(g, nil, nil, b) {
		require.Equal(t, VerdictKept, rm.Verdict, "ply %d", i)
		require.True(t, rm.Proven && rm.Bound, "ply %d", i)
		require.Equal(t, 33-i, rm.Plies, "ply %d", i)
		win, ok := rm.Winner()
		require.True(t, ok)
		require.Equal(t, core.Prey, win)
	}
	require.Equal(t, VerdictUnknown, ReviewGame(g, nil)[0].Verdict, "without the bound table nothing judges it")

	// A dogs' move that spoils the win is not judged by the bound table.
	var buf [core.MaxMoves]core.Move
	for _, m := range start.GenMoves(buf[:0]) {
		if v, _, ok := b.ProbeBound(start.After(m)); ok && v == tablebase.Draw {
			off := core.NewGameFrom(start)
			require.NoError(t, off.PlayMove(m))
			require.Equal(t, VerdictUnknown, ReviewGameBound(off, nil, nil, b)[0].Verdict)
			break
		}
	}

	h := e.Hint(context.Background(), core.NewGameFrom(start))
	plies, won := ai.IsWin(h.Score)
	require.True(t, h.Exact && h.Bound && won && h.Score > 0)
	require.Equal(t, 33, plies)
}

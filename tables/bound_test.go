package tables

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/internal/tabletest"
	"huntchess/pack"
)

// installBound installs a pack holding only the bound table, as name.
func installBound(t *testing.T, name string) *pack.Pack {
	t.Helper()
	data, err := os.ReadFile(tabletest.BoundFile)
	require.NoError(t, err)
	return installPackIn(t, filepath.Join(t.TempDir(), "pack"), map[string][]byte{name: data})
}

// The pack's bound file (GAME.bound.hctb, or a GAME.hctb whose sections
// are all bound tiers) becomes the game's bound table and never its table:
// the shipped table stays, no pack error; the table line says both are
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
			// The shipped table holds the 17-dog tier's values: the start is
			// the dogs' win there, without its plies (the bound table's).
			v, d, ok := exact.Probe(core.BeatTheWolf.Info().Start())
			require.True(t, ok)
			require.Equal(t, tablebase.Loss, v)
			require.Equal(t, tablebase.PliesUnknown, d)
			require.NoError(t, tm.PackError(core.BeatTheWolf))
			b := tm.Bound(core.BeatTheWolf)
			require.NotNil(t, b)
			require.True(t, allBound(b))
			v, d, ok = b.ProbeBound(tabletest.BoundPos(t))
			require.True(t, ok)
			require.Equal(t, tablebase.Win, v)
			require.Equal(t, 33, d)
			require.Same(t, b, tm.Bound(core.BeatTheWolf), "opened once")

			require.Equal(t, Ready, tm.Status(core.BeatTheWolf).State)

			require.NoError(t, p.Delete())
			tm.PackChanged()
			tm.Wait()
			require.Nil(t, tm.Bound(core.BeatTheWolf), "the deleted pack's bound table is let go")
			require.NotNil(t, tm.Table(core.BeatTheWolf), "the shipped table stays")
			// The shipped set strategy still proves the start.
			s := tm.Strategy(core.BeatTheWolf)
			require.True(t, s != nil && s.Bound)
		})
	}
}

// A developer's GAME.bound.hctb in the table folders is the bound table; a
// game without a table here says what it proves.
func TestTablesBoundFromDeveloperFolder(t *testing.T) {
	data, err := os.ReadFile(tabletest.BoundFile)
	require.NoError(t, err)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(tablebase.Path(dir, "beat-the-wolf.bound"), data, 0o644))
	tm, _ := newTestTables(t, "", dir)
	require.NotNil(t, tm.Bound(core.BeatTheWolf))
	require.Nil(t, tm.Bound(core.WolfCarriesPig))
	require.Nil(t, tm.Table(core.BeatTheWolf))
	require.False(t, tm.Planned(core.BeatTheWolf))
	none, _ := newTestTables(t, "")
	require.Nil(t, none.Bound(core.BeatTheWolf))
	// No bound table: the shipped set strategy still proves the start.
	s := none.Strategy(core.BeatTheWolf)
	require.True(t, s != nil && s.Bound)
}

package app

import (
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
	"huntchess/tables"
	"huntchess/translations"
)

// The table line of the game panel (tableLine) says in words what the
// tables' owner has of a game.

// now runs f at once (the owner's do, in these tests).
func now(f func()) { f() }

// The table line says whose win from the start is proven (it said "Proven
// win from the start" to the wolf's player, without saying it was the
// dogs'), in both languages: the strategy's winner.
func TestTableLineSaysWhoseWin(t *testing.T) {
	defer translations.SetLanguage(translations.Current())
	m := tables.New("", nil, true, now)
	s := m.Strategy(core.SurroundTheLion)
	require.NotNil(t, s)
	require.Equal(t, core.Prey, s.WinnerSide())
	translations.SetLanguage(translations.English)
	require.Equal(t, "Proven from the start: a win for the dogs (Master, hints)", tableLine(m, core.SurroundTheLion))
	require.Empty(t, tableLine(m, core.WolfCarriesPig), "no table, no strategy")
	translations.SetLanguage(translations.Chinese)
	require.Equal(t, "已证明开局起犬方必胜（大师级与提示）", tableLine(m, core.SurroundTheLion))
	for _, id := range []string{"tables.strategy", "tables.strategy_bound", "tables.ready_bound"} {
		for _, lang := range []translations.Lang{translations.English, translations.Chinese} {
			translations.SetLanguage(lang)
			dogs := translations.TData(id, provenSide(core.BeatTheWolf, nil))
			require.Contains(t, dogs, sideName(core.BeatTheWolf.Info(), core.Prey), "%s in %s", id, lang)
			var lion *strategy.Strategy
			require.Contains(t, translations.TData(id, provenSide(core.SurroundTheLion, lion)), sideName(core.SurroundTheLion.Info(), core.Prey))
		}
	}
	require.Empty(t, tableLine(nil, core.SurroundTheLion), "no owner, no line")
}

// The deer table the app solves covers the moving phase only, and its
// line says so (not a plain "ready" while the dogs are placed).
func TestTableLineSaysWhatIsCovered(t *testing.T) {
	m := tables.New(t.TempDir(), nil, false, now)
	m.UseShipped(false)
	m.Use(core.DeerChess, &tablebase.Table{Header: tablebase.Header{Sections: []*tablebase.Section{{Captured: 0, Hand: 0}}}})
	defer translations.SetLanguage(translations.Current())
	translations.SetLanguage(translations.English)
	require.Equal(t, "Perfect play once all dogs are in (Master, hints)", tableLine(m, core.DeerChess))
	translations.SetLanguage(translations.Chinese)
	require.Equal(t, "犬全部入场后完美着法（大师级与提示）", tableLine(m, core.DeerChess))
	translations.SetLanguage(translations.English)
	m.Use(core.DeerChess, &tablebase.Table{Header: tablebase.Header{Sections: []*tablebase.Section{{Captured: 0, Hand: 0}, {Captured: 0, Hand: 12}}}})
	require.Equal(t, "Perfect play: endgame table ready (Master, hints)", tableLine(m, core.DeerChess))
	translations.SetLanguage(translations.Chinese)
	require.Equal(t, "完美着法：残局库已就绪（大师级与提示）", tableLine(m, core.DeerChess))
}

// The shipped Beat the Wolf endgames make the line say a table is ready
// and, with the shipped set strategy, the win from the start proven, in
// both languages; with the shipped tables off, the strategy alone.
func TestTableLineOfTheShippedEndgames(t *testing.T) {
	if _, err := tables.OpenShipped(core.BeatTheWolf, false); err != nil {
		t.Fatalf("%v: run make device-tables (it writes tables/shipped/)", err)
	}
	m := tables.New(t.TempDir(), nil, false, now)
	m.Ensure(core.BeatTheWolf)
	m.Wait()
	require.NotNil(t, m.Table(core.BeatTheWolf))
	defer translations.SetLanguage(translations.Current())
	translations.SetLanguage(translations.English)
	require.Equal(t, "Proven from the start: a win for the dogs; endgames ready", tableLine(m, core.BeatTheWolf))
	translations.SetLanguage(translations.Chinese)
	require.Equal(t, "已证明开局起犬方必胜；残局库已就绪", tableLine(m, core.BeatTheWolf))
	translations.SetLanguage(translations.English)
	off := tables.New(t.TempDir(), nil, false, now)
	off.UseShipped(false)
	require.Equal(t, translations.TData("tables.strategy_bound", provenSide(core.BeatTheWolf, nil)), tableLine(off, core.BeatTheWolf))
}

// A developer's bound table alone (no shipped strategy asked for) proves
// the prey's wins: the line says so.
func TestTableLineOfABoundTable(t *testing.T) {
	data, err := os.ReadFile("../ai/testdata/beat-the-wolf-8dogs.bound.hctb")
	require.NoError(t, err)
	dir := t.TempDir()
	require.NoError(t, os.WriteFile(tablebase.Path(dir, "beat-the-wolf.bound"), data, 0o644))
	m := tables.New("", []string{dir}, false, now)
	defer translations.SetLanguage(translations.Current())
	translations.SetLanguage(translations.English)
	require.NotNil(t, m.Bound(core.BeatTheWolf))
	require.Equal(t, translations.TData("tables.strategy_bound", provenSide(core.BeatTheWolf, nil)), tableLine(m, core.BeatTheWolf))
}

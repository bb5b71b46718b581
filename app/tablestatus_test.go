package app

import (
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/require"

	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/pack"
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
	require.Equal(t, "Solved from the start: a win for the dogs; Master and the hints play it perfectly.", tableLine(m, core.SurroundTheLion))
	require.Empty(t, tableLine(m, core.WolfCarriesPig), "no table, no strategy")
	translations.SetLanguage(translations.Chinese)
	require.Equal(t, "从开局起已解出：犬方必胜，大师级与提示走法完美。", tableLine(m, core.SurroundTheLion))
	for _, id := range []string{"tables.strategy", "tables.strategy_bound", "tables.ready_bound"} {
		for _, lang := range []translations.Lang{translations.English, translations.Chinese} {
			translations.SetLanguage(lang)
			dogs := translations.TData(id, provenSide(core.BeatTheWolf, core.Prey))
			require.Contains(t, dogs, sideName(core.BeatTheWolf.Info(), core.Prey), "%s in %s", id, lang)
			require.Contains(t, translations.TData(id, provenSide(core.SurroundTheLion, core.Prey)), sideName(core.SurroundTheLion.Info(), core.Prey))
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
	require.Equal(t, translations.T("tables.ready_moving"), tableLine(m, core.DeerChess))
	require.Contains(t, tableLine(m, core.DeerChess), "All dogs in")
	translations.SetLanguage(translations.Chinese)
	require.Equal(t, translations.T("tables.ready_moving"), tableLine(m, core.DeerChess))
	require.Contains(t, tableLine(m, core.DeerChess), "犬全部入场后")
	translations.SetLanguage(translations.English)
	m.Use(core.DeerChess, &tablebase.Table{Header: tablebase.Header{Sections: []*tablebase.Section{{Captured: 0, Hand: 0}, {Captured: 0, Hand: 12}}}})
	require.Equal(t, translations.T("tables.ready"), tableLine(m, core.DeerChess))
	require.Contains(t, tableLine(m, core.DeerChess), "every position")
	translations.SetLanguage(translations.Chinese)
	require.Equal(t, translations.T("tables.ready"), tableLine(m, core.DeerChess))
	require.Contains(t, tableLine(m, core.DeerChess), "每个局面")
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
	require.Equal(t, "Solved from the start: a win for the dogs; perfect play on its line and in the endgames.", tableLine(m, core.BeatTheWolf))
	translations.SetLanguage(translations.Chinese)
	require.Equal(t, "从开局起已解出：犬方必胜；在这条必胜路线和残局中走法完美。", tableLine(m, core.BeatTheWolf))
	translations.SetLanguage(translations.English)
	off := tables.New(t.TempDir(), nil, false, now)
	off.UseShipped(false)
	require.Equal(t, translations.TData("tables.strategy_bound", provenSide(core.BeatTheWolf, core.Prey)), tableLine(off, core.BeatTheWolf))
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
	require.Equal(t, translations.TData("tables.strategy_bound", provenSide(core.BeatTheWolf, core.Prey)), tableLine(m, core.BeatTheWolf))
}

// The table line is in the warning colour only when it warns: a table that
// could not be had (Master and the hints search instead). A table ready,
// being built or downloaded, or a proven strategy is in the text's own
// colour (issue 43: "Proven from the start: …" was in warning orange).
func TestTableLineWarnsOnlyOfAFailure(t *testing.T) {
	defer translations.SetLanguage(translations.Current())
	translations.SetLanguage(translations.English)
	m := tables.New(t.TempDir(), nil, false, now)
	m.Ensure(core.BeatTheWolf)
	m.Wait()
	for _, id := range []core.GameID{core.BeatTheWolf, core.SurroundTheLion, core.WolfCarriesPig} {
		text, warn := tableStatus(m, id)
		require.False(t, warn, "%s: %q", id, text)
		require.Equal(t, widget.MediumImportance, statusImportance(warn))
	}
	// The pig's table in the pack damaged, the shipped one off: the app
	// cannot solve the game, and the table fails.
	dir := filepath.Join(t.TempDir(), "pack")
	require.NoError(t, os.MkdirAll(dir, 0o755))
	junk := make([]byte, 1000)
	require.NoError(t, os.WriteFile(filepath.Join(dir, "wolf-carries-pig.hctb"), junk, 0o644))
	raw, err := json.Marshal(pack.Manifest{Format: 1, Files: []pack.File{{Name: "wolf-carries-pig.hctb", Game: "wolf-carries-pig",
		Fingerprint: tablebase.ForGame(core.WolfCarriesPig).Fingerprint(), Size: int64(len(junk)), SHA256: fmt.Sprintf("%x", sha256.Sum256(junk))}}})
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(dir, pack.ManifestName), raw, 0o644))
	bad := tables.New(t.TempDir(), nil, false, now)
	bad.UseShipped(false)
	bad.SetPack(pack.New(dir, "http://127.0.0.1:1/pack/"))
	bad.Ensure(core.WolfCarriesPig)
	bad.Wait()
	require.Equal(t, tables.Failed, bad.Status(core.WolfCarriesPig).State)
	text, warn := tableStatus(bad, core.WolfCarriesPig)
	require.True(t, warn)
	require.Equal(t, translations.T("tables.failed"), text)
	require.Equal(t, widget.WarningImportance, statusImportance(warn))
}

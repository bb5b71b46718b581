package tables

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/solver"
	"huntchess/core"
	"huntchess/internal/tabletest"
	"huntchess/pack"
)

// The tables' owner and the table pack: the pack's files are installed
// here as a download leaves them (installPackIn), the pack's own download
// is tested in package pack.

// installPackIn installs the files (GAME….hctb, each a table of GAME's
// rules) as the pack in dir, as a download leaves it: the files, then the
// manifest naming them.
func installPackIn(t *testing.T, dir string, files map[string][]byte) *pack.Pack {
	t.Helper()
	p := pack.New(dir, "http://127.0.0.1:1/pack/")
	require.NoError(t, os.MkdirAll(p.Dir, 0o755))
	m := pack.Manifest{Format: 1, Version: "test"}
	for name, data := range files {
		game, _, _ := strings.Cut(name, ".")
		id, err := core.Lookup(game)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(p.Dir, name), data, 0o644))
		m.Files = append(m.Files, pack.File{Name: name, Game: game,
			Fingerprint: tablebase.ForGame(id.ID).Fingerprint(), Size: int64(len(data)),
			SHA256: fmt.Sprintf("%x", sha256.Sum256(data))})
	}
	raw, err := json.Marshal(m)
	require.NoError(t, err)
	require.NoError(t, os.WriteFile(filepath.Join(p.Dir, pack.ManifestName), raw, 0o644))
	require.NotNil(t, p.Installed())
	return p
}

// testPackFiles are a pack of Beat the Wolf's and Wolf Carries the Pig's
// tables (headers without sections).
// damageHeader flips a bit of the header of the file at path: its
// checksum fails.
func damageHeader(t *testing.T, path string) {
	t.Helper()
	data, err := os.ReadFile(path)
	require.NoError(t, err)
	data[20] ^= 1
	require.NoError(t, os.WriteFile(path, data, 0o644))
}

func testPackFiles(t *testing.T) map[string][]byte {
	return map[string][]byte{
		"beat-the-wolf.hctb":    tabletest.TableFile(t, core.BeatTheWolf, tablebase.ForGame(core.BeatTheWolf).Fingerprint(), 300<<10, 1),
		"wolf-carries-pig.hctb": tabletest.TableFile(t, core.WolfCarriesPig, tablebase.ForGame(core.WolfCarriesPig).Fingerprint(), 200<<10, 2),
	}
}

// The owner takes the pack's tables, for games it does not solve.
func TestTablesUseThePack(t *testing.T) {
	p := installPackIn(t, filepath.Join(t.TempDir(), "pack"), testPackFiles(t))
	tm, rec := newTestTables(t, t.TempDir())
	require.False(t, tm.Planned(core.BeatTheWolf))
	tm.SetPack(p)
	require.True(t, tm.Planned(core.BeatTheWolf))
	require.True(t, tm.Planned(core.WolfCarriesPig))
	tm.Ensure(core.BeatTheWolf)
	tm.Wait()
	rec.drain()
	require.NotNil(t, rec.set[core.BeatTheWolf])
	require.Equal(t, core.BeatTheWolf.String(), rec.set[core.BeatTheWolf].Game)
	require.NoError(t, tm.PackError(core.BeatTheWolf))
}

// A deleted pack's table is let go.
func TestTablesLetTheDeletedPackGo(t *testing.T) {
	p := installPackIn(t, filepath.Join(t.TempDir(), "pack"), testPackFiles(t))
	tm, rec := newTestTables(t, t.TempDir())
	tm.set = tm.store
	tm.SetPack(p)
	tm.Ensure(core.WolfCarriesPig)
	tm.Wait()
	rec.drain()
	require.NotNil(t, tm.Table(core.WolfCarriesPig))

	require.NoError(t, p.Delete())
	tm.PackChanged()
	tm.Wait()
	require.Nil(t, tm.Table(core.WolfCarriesPig), "the deleted pack's table is let go")
	require.False(t, tm.Planned(core.WolfCarriesPig))
}

func TestTablesReportADamagedPackFile(t *testing.T) {
	files := testPackFiles(t)
	p := installPackIn(t, filepath.Join(t.TempDir(), "pack"), files)
	// Damaged on the device after installing: the header's checksum fails.
	damageHeader(t, filepath.Join(p.Dir, "beat-the-wolf.hctb"))
	// Another game's table under this game's name: wrong rules.
	wcp := filepath.Join(p.Dir, "wolf-carries-pig.hctb")
	require.NoError(t, os.WriteFile(wcp, tabletest.TableFile(t, core.WolfCarriesPig, strings.Repeat("ef", 32), len(files["wolf-carries-pig.hctb"]), 9), 0o644))

	tm, rec := newTestTables(t, t.TempDir())
	tm.SetPack(p)
	tm.Ensure(core.BeatTheWolf)
	tm.Ensure(core.WolfCarriesPig)
	tm.Wait()
	rec.drain()
	require.Nil(t, rec.set[core.BeatTheWolf])
	require.Error(t, tm.PackError(core.BeatTheWolf))
	require.ErrorIs(t, tm.PackError(core.WolfCarriesPig), pack.ErrRules)
	require.True(t, tm.Settled(core.BeatTheWolf), "it fails, and the game plays by search")
}

// The pack's table replaces one the device solved, and a delete brings the
// solved one back.
func TestTablesTakeThePackAfterInstalling(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "pack")
	p := pack.New(dir, "http://127.0.0.1:1/pack/")

	tm, _ := newTestTables(t, t.TempDir())
	tm.set = tm.store
	// The test tables hold no tier: take them as covering the plan.
	tm.covers = func(*tablebase.Table, solver.Plan) bool { return true }
	solved := tabletest.TableFile(t, core.DeerChess, tablebase.ForGame(core.DeerChess).Fingerprint(), 1<<10, 5)
	solves := 0
	tm.solve = func(core.GameID, solver.Plan) (*tablebase.Table, error) {
		solves++
		return tablebase.Read(solved)
	}
	tm.SetPack(p)
	tm.Ensure(core.DeerChess)
	tm.Wait()
	own := tm.Table(core.DeerChess)
	require.NotNil(t, own)
	require.Equal(t, 1, solves)

	installPackIn(t, dir, map[string][]byte{"deer-chess.hctb": tabletest.TableFile(t, core.DeerChess, tablebase.ForGame(core.DeerChess).Fingerprint(), 10<<10, 4)})
	tm.PackChanged()
	tm.Wait()
	require.NotNil(t, tm.Table(core.DeerChess))
	require.NotSame(t, own, tm.Table(core.DeerChess))
	require.True(t, tm.fromPack[core.DeerChess])

	require.NoError(t, p.Delete())
	tm.PackChanged()
	tm.Wait()
	require.False(t, tm.fromPack[core.DeerChess])
	require.NotNil(t, tm.Table(core.DeerChess), "its own table again")
	require.Equal(t, 2, solves)
}

// The bound table of the tests (ai/bound_test.go, BoundTestdata) served
// whole or as parts, as the web build's site does.

// partsSite serves the test's bound table as the web build's site holds
// the pack's: tables/manifest.json (format 2) and the table's parts of
// partSize bytes (tables/beat-the-wolf.bound.hctb.part-000, …), with byte
// ranges, noting every request's path and Range.
type partsSite struct {
	srv   *httptest.Server
	data  []byte
	entry pack.File
	mu    sync.Mutex
	asked []string // "PATH RANGE"
}

func servePartsSite(t *testing.T, partSize int) *partsSite {
	t.Helper()
	data, err := os.ReadFile(tabletest.BoundFile)
	require.NoError(t, err)
	sum := sha256.Sum256(data)
	s := &partsSite{data: data, entry: pack.File{Name: "beat-the-wolf.bound.hctb", Game: core.BeatTheWolf.String(),
		Fingerprint: tablebase.ForGame(core.BeatTheWolf).Fingerprint(), Size: int64(len(data)), SHA256: hex.EncodeToString(sum[:])}}
	files := map[string][]byte{}
	for i := 0; i*partSize < len(data); i++ {
		chunk := data[i*partSize : min((i+1)*partSize, len(data))]
		ps := sha256.Sum256(chunk)
		pc := pack.Part{Name: fmt.Sprintf("%s.part-%03d", s.entry.Name, i), Size: int64(len(chunk)), SHA256: hex.EncodeToString(ps[:])}
		s.entry.Parts = append(s.entry.Parts, pc)
		files["/tables/"+pc.Name] = chunk
	}
	m, err := json.Marshal(pack.Manifest{Format: 2, Version: "site", Files: []pack.File{s.entry}})
	require.NoError(t, err)
	files["/tables/"+pack.ManifestName] = m
	s.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.asked = append(s.asked, r.URL.Path+" "+r.Header.Get("Range"))
		s.mu.Unlock()
		b, ok := files[r.URL.Path]
		if !ok {
			http.NotFound(w, r)
			return
		}
		http.ServeContent(w, r, r.URL.Path, time.Time{}, bytes.NewReader(b))
	}))
	t.Cleanup(s.srv.Close)
	return s
}

func (s *partsSite) base() string { return s.srv.URL + "/tables/" }

// In the browser (no storage folder, the site's bound table): Bound opens
// it in the background once, the subscribers hear of it, the table line
// says so; a site without one leaves the game as it was.
func TestTablesRemoteBound(t *testing.T) {
	srv, requests := tabletest.ServeBound(t)
	open := func(ctx context.Context, id core.GameID) (*pack.RangeReader, error) {
		return pack.OpenRange(ctx, srv.Client(), srv.URL+"/tables/"+tablebase.Path("", id.String()+".bound"))
	}
	tm, rec := newTestTables(t, "")
	tm.SetFetch(func(context.Context, core.GameID, func(int64, int64)) ([]byte, error) {
		return nil, errors.New("no download in this test")
	})
	tm.SetRemoteBound(open)
	var changes []core.GameID
	tm.subscribe(func(id core.GameID) { changes = append(changes, id) })
	tm.Ensure(core.BeatTheWolf)
	tm.Ensure(core.WolfCarriesPig)
	tm.Wait()
	rec.drain()
	require.Contains(t, changes, core.BeatTheWolf)
	b := tm.Bound(core.BeatTheWolf)
	require.NotNil(t, b)
	require.Same(t, b, tm.Bound(core.BeatTheWolf))
	v, d, ok := b.ProbeBound(tabletest.BoundPos(t))
	require.True(t, ok)
	require.Equal(t, tablebase.Win, v)
	require.Equal(t, 33, d)
	require.Nil(t, tm.Bound(core.WolfCarriesPig), "not on the site")
	n := requests.Load()
	tm.Bound(core.WolfCarriesPig)
	tm.Ensure(core.WolfCarriesPig)
	tm.Wait()
	require.Equal(t, n, requests.Load(), "asked for once")
	require.True(t, strings.HasSuffix(tm.bounds[core.BeatTheWolf].b.path, "/tables/beat-the-wolf.bound.hctb"))
}

// In the browser: the tables' owner reads the site's bound table from
// its parts.
func TestTablesRemoteBoundFromParts(t *testing.T) {
	s := servePartsSite(t, 8192)
	tm, rec := newTestTables(t, "")
	tm.SetFetch(func(context.Context, core.GameID, func(int64, int64)) ([]byte, error) {
		return nil, fmt.Errorf("no download in this test")
	})
	tm.SetRemoteBound(func(ctx context.Context, id core.GameID) (*pack.RangeReader, error) {
		return (&pack.Site{Base: s.base(), Client: s.srv.Client()}).Open(ctx, tablebase.Path("", id.String()+".bound"))
	})
	tm.Ensure(core.BeatTheWolf)
	tm.Wait()
	rec.drain()
	b := tm.Bound(core.BeatTheWolf)
	require.NotNil(t, b)
	v, d, ok := b.ProbeBound(tabletest.BoundPos(t))
	require.True(t, ok)
	require.Equal(t, tablebase.Win, v)
	require.Equal(t, 33, d)
}

// A pack that holds Beat the Wolf's whole table (GAME.hctb, exact: not a
// bound table) beside its bound table (GAME.bound.hctb) hands out both:
// the whole table as the game's table, before the shipped endgames, and
// the bound table as its bound table (the dogs' plies in the 17-dog tier,
// where the whole table may keep values alone).
func TestTablesPackWithTheWholeTable(t *testing.T) {
	whole, err := os.ReadFile(tablebase.Path("shipped", core.BeatTheWolf.String())) // standing in for the whole table
	require.NoError(t, err)
	bound, err := os.ReadFile(tabletest.BoundFile)
	require.NoError(t, err)
	p := installPackIn(t, filepath.Join(t.TempDir(), "pack"), map[string][]byte{
		"beat-the-wolf.hctb": whole, "beat-the-wolf.bound.hctb": bound})
	m, rec := newTestTables(t, t.TempDir())
	m.UseShipped(true)
	m.SetPack(p)
	m.Ensure(core.BeatTheWolf)
	m.Wait()
	rec.drain()
	st := m.Status(core.BeatTheWolf)
	require.Equal(t, Ready, st.State, "%v", st.Err)
	require.Equal(t, PlacePack, st.From)
	require.Empty(t, m.Problems())
	b := m.Bound(core.BeatTheWolf)
	require.NotNil(t, b)
	require.True(t, allBound(b))
	require.NotSame(t, b, rec.set[core.BeatTheWolf])
	v, d, ok := b.ProbeBound(tabletest.BoundPos(t))
	require.True(t, ok)
	require.Equal(t, tablebase.Win, v)
	require.Equal(t, 33, d)
}

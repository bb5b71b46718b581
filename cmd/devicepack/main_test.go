package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"hash/crc32"
	"io"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/require"

	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/pack"
)

// table writes a table file tablebase.Open accepts (a header with no
// sections, then padding) of game id with the given fingerprint.
func table(t *testing.T, dir string, name string, id core.GameID, fp string, size int) string {
	hdr, err := json.Marshal(tablebase.Header{Format: 1, Game: id.String(), Fingerprint: fp, Sections: []*tablebase.Section{}})
	require.NoError(t, err)
	var b bytes.Buffer
	b.WriteString("HCTB\x00\x01")
	_ = binary.Write(&b, binary.LittleEndian, uint32(len(hdr)))
	_ = binary.Write(&b, binary.LittleEndian, crc32.ChecksumIEEE(hdr))
	b.Write(hdr)
	for i := 0; b.Len() < size; i++ {
		b.WriteByte(byte(i * 7))
	}
	p := filepath.Join(dir, name)
	require.NoError(t, os.WriteFile(p, b.Bytes(), 0o644))
	return p
}

func fp(id core.GameID) string { return tablebase.ForGame(id).Fingerprint() }

func tree(t *testing.T, dir string) map[string][]byte {
	out := map[string][]byte{}
	require.NoError(t, filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		require.NoError(t, err)
		if !d.IsDir() {
			rel, _ := filepath.Rel(dir, p)
			out[rel], err = os.ReadFile(p)
		}
		return err
	}))
	return out
}

func TestDevicePackIsTheSameEveryRun(t *testing.T) {
	in := t.TempDir()
	lion := table(t, in, "surround-the-lion.hctb", core.SurroundTheLion, fp(core.SurroundTheLion), 5000)
	strat := filepath.Join(in, "surround-the-lion.strategy")
	require.NoError(t, os.WriteFile(strat, []byte("moves"), 0o644))
	wolf := table(t, in, "beat-the-wolf.hctb", core.BeatTheWolf, fp(core.BeatTheWolf), 7000)
	deer := table(t, in, "deer-chess.hctb", core.DeerChess, fp(core.DeerChess), 9000)

	a, b := filepath.Join(t.TempDir(), "a"), filepath.Join(t.TempDir(), "b")
	require.NoError(t, run(a, []string{lion}, []string{strat}, []string{wolf, deer}, 1<<20, 3000, io.Discard))
	// Other order, and a stale file in the output: the same bytes.
	require.NoError(t, os.MkdirAll(filepath.Join(b, "pack"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(b, "pack", "old.hctb"), []byte("x"), 0o644))
	require.NoError(t, run(b, []string{lion}, []string{strat}, []string{deer, wolf}, 1<<20, 3000, io.Discard))
	ta, tb := tree(t, a), tree(t, b)
	require.Equal(t, ta, tb)
	// 2 shipped + shipped.json; the pack's two files in 3 + 3 parts
	// (7000 = 3000 + 3000 + 1000, 9000 = 3 × 3000) + manifest.json.
	require.Len(t, ta, 3+6+1)

	m, err := pack.ParseManifest(ta["pack/manifest.json"])
	require.NoError(t, err)
	require.Equal(t, 2, m.Format)
	require.Len(t, m.Files, 2)
	w, d := m.Files[0], m.Files[1]
	require.Equal(t, "beat-the-wolf.hctb", w.Name)
	require.Equal(t, fp(core.BeatTheWolf), w.Fingerprint)
	require.Equal(t, int64(7000+9000), m.Bytes())
	require.Len(t, m.Version, 16)
	require.Equal(t, []int64{3000, 3000, 1000}, partSizes(w))
	require.Equal(t, []int64{3000, 3000, 3000}, partSizes(d), "no empty part after a whole one")
	for _, f := range m.Files {
		var whole []byte
		for i, pc := range f.Parts {
			require.Equal(t, fmt.Sprintf("%s.part-%03d", f.Name, i), pc.Name)
			data := ta["pack/"+pc.Name]
			sum := sha256.Sum256(data)
			require.Equal(t, hex.EncodeToString(sum[:]), pc.SHA256)
			whole = append(whole, data...)
		}
		sum := sha256.Sum256(whole)
		require.Equal(t, hex.EncodeToString(sum[:]), f.SHA256)
		_, found := ta["pack/"+f.Name]
		require.False(t, found, "the file itself is not published, only its parts")
	}
	var whole []byte
	for _, pc := range d.Parts {
		whole = append(whole, ta["pack/"+pc.Name]...)
	}
	require.Equal(t, mustRead(t, deer), whole, "the parts are the file's bytes in order")

	// Another part size is another pack version.
	c := filepath.Join(t.TempDir(), "c")
	require.NoError(t, run(c, []string{lion}, []string{strat}, []string{wolf, deer}, 1<<20, 1<<20, io.Discard))
	mc, err := pack.ParseManifest(tree(t, c)["pack/manifest.json"])
	require.NoError(t, err)
	require.Len(t, mc.Files[0].Parts, 1)
	require.Equal(t, w.SHA256, mc.Files[0].Parts[0].SHA256)
	require.NotEqual(t, m.Version, mc.Version)
}

func partSizes(f pack.File) []int64 {
	var out []int64
	for _, pc := range f.Parts {
		out = append(out, pc.Size)
	}
	return out
}

func mustRead(t *testing.T, p string) []byte {
	b, err := os.ReadFile(p)
	require.NoError(t, err)
	return b
}

func TestDevicePackRefuses(t *testing.T) {
	in := t.TempDir()
	lion := table(t, in, "surround-the-lion.hctb", core.SurroundTheLion, fp(core.SurroundTheLion), 5000)
	out := filepath.Join(t.TempDir(), "o")
	require.ErrorContains(t, run(out, []string{lion}, nil, nil, 4000, PartSize, io.Discard), "over the budget")
	// A table of other rules is refused (tablebase.Open says so).
	old := table(t, in, "beat-the-wolf.hctb", core.BeatTheWolf, fp(core.DeerChess), 5000)
	require.ErrorContains(t, run(out, nil, nil, []string{old}, 1<<20, PartSize, io.Discard), "other rules")
	require.Error(t, run(out, nil, nil, []string{filepath.Join(in, "missing.hctb")}, 1<<20, PartSize, io.Discard))
	require.Error(t, run(out, nil, nil, nil, 1<<20, 0, io.Discard))
}

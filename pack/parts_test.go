package pack

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"testing"

	"github.com/stretchr/testify/require"

	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/internal/tabletest"
)

// testPartSize is the parts' size in these tests (the pack's are 24 MiB).
const testPartSize = 64 << 10

// putParts stores a file as parts of at most size bytes (NAME.part-000, …),
// as make device-tables publishes it, with its manifest entry returned.
func (s *packServer) putParts(name string, id core.GameID, data []byte, size int) File {
	sum := sha256.Sum256(data)
	f := File{Name: name, Game: id.String(), Fingerprint: tablebase.ForGame(id).Fingerprint(),
		Size: int64(len(data)), SHA256: hex.EncodeToString(sum[:])}
	for i := 0; i*size < len(data); i++ {
		chunk := data[i*size : min((i+1)*size, len(data))]
		pn := fmt.Sprintf("%s.part-%03d", name, i)
		f.Parts = append(f.Parts, s.put(pn, id, chunk).Pieces()[0])
		f.Parts[i].Name = pn
	}
	return f
}

// sentOfFile is the body bytes sent of a file's parts.
func (s *packServer) sentOfFile(f File) int64 {
	var n int64
	for _, pc := range f.Pieces() {
		n += s.sentOf(pc.Name)
	}
	return n
}

// testPartsPack is testPack with its files published as parts (format 2):
// Beat the Wolf's 300 KiB in 5 parts, Wolf Carries the Pig's 200 KiB in 4.
func testPartsPack(t *testing.T) (*packServer, *Pack, Manifest) {
	s := newPackServer(t)
	a := s.putParts("beat-the-wolf.hctb", core.BeatTheWolf,
		tabletest.TableFile(t, core.BeatTheWolf, tablebase.ForGame(core.BeatTheWolf).Fingerprint(), 300<<10, 1), testPartSize)
	b := s.putParts("wolf-carries-pig.hctb", core.WolfCarriesPig,
		tabletest.TableFile(t, core.WolfCarriesPig, tablebase.ForGame(core.WolfCarriesPig).Fingerprint(), 200<<10, 2), testPartSize)
	m := Manifest{Format: 2, Version: "parts-1", Files: []File{a, b}}
	s.putManifest(m)
	return s, New(filepath.Join(t.TempDir(), "pack"), s.url()), m
}

func wholeFile(s *packServer, f File) []byte {
	var b []byte
	for _, pc := range f.Pieces() {
		b = append(b, s.files[pc.Name]...)
	}
	return b
}

// The parts are fetched in order, each once, into one file per table: the
// installed pack is the same as a whole-file pack's, and Delete removes it.
func TestPackPartsDownloadAndDelete(t *testing.T) {
	s, p, want := testPartsPack(t)
	m, err := p.FetchManifest(context.Background())
	require.NoError(t, err)
	require.Equal(t, want.Files, m.Files)
	require.Len(t, m.Files[0].Parts, 5)
	require.Len(t, m.Files[1].Parts, 4)
	require.Equal(t, int64(500<<10), m.Bytes())

	var last, total int64
	require.NoError(t, p.Download(context.Background(), m, func(done, tot int64) {
		require.GreaterOrEqual(t, done, last, "progress only goes forward here")
		last, total = done, tot
	}))
	require.Equal(t, m.Bytes(), total, "progress counts the bytes of every part")
	require.Equal(t, m.Bytes(), last)
	for _, f := range m.Files {
		require.Equal(t, f.Size, s.sentOfFile(f), "each part sent once")
		data, err := os.ReadFile(filepath.Join(p.Dir, f.Name))
		require.NoError(t, err)
		require.Equal(t, wholeFile(s, f), data)
	}
	require.Equal(t, []string{""}, uniq(s.ranges), "every part asked for whole")
	ents, err := os.ReadDir(p.Dir)
	require.NoError(t, err)
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	require.ElementsMatch(t, []string{"beat-the-wolf.hctb", "wolf-carries-pig.hctb", ManifestName, "partial"}, names,
		"one file per table, no part kept")
	ents, _ = os.ReadDir(filepath.Join(p.Dir, "partial"))
	require.Empty(t, ents)
	inst := p.Installed()
	require.Equal(t, manifestFormat, inst.Format)
	require.ElementsMatch(t, m.Files, inst.Files)
	_, n := p.Missing(m)
	require.Zero(t, n)

	require.NoError(t, p.Delete())
	require.Nil(t, p.Installed())
	_, err = os.Stat(p.Dir)
	require.ErrorIs(t, err, os.ErrNotExist)
}

func uniq(list []string) []string {
	var out []string
	for _, v := range list {
		if len(out) == 0 || out[len(out)-1] != v {
			out = append(out, v)
		}
	}
	return out
}

// A connection cut inside a part: the parts before it are kept (verified),
// and the next download asks for the rest of that part only.
func TestPackPartsResumeInsideAPart(t *testing.T) {
	s, p, m := testPartsPack(t)
	f := m.Files[0]
	cutPart := f.Parts[2].Name
	s.cutAfter[cutPart] = 10 << 10
	err := p.Download(context.Background(), &m, nil)
	require.Error(t, err)
	require.Equal(t, "network", ErrorKind(err))
	fi, err := os.Stat(p.partial(f))
	require.NoError(t, err)
	have := fi.Size()
	require.Greater(t, have, int64(2*testPartSize))
	require.LessOrEqual(t, have, int64(2*testPartSize+10<<10))
	require.Equal(t, int64(2*testPartSize), p.verified(f), "the two parts before the cut are checked")
	missing, _ := p.Missing(&m)
	require.Equal(t, have, p.partialBytes(missing))

	before := s.sentOf(cutPart)
	var first int64 = -1
	require.NoError(t, p.Download(context.Background(), &m, func(done, total int64) {
		if first < 0 {
			first = done
		}
		require.Equal(t, f.Size, total)
	}))
	require.Equal(t, have, first, "progress starts where the partial copy ended")
	require.Equal(t, f.Parts[2].Size-(have-2*testPartSize), s.sentOf(cutPart)-before, "only the rest of the part")
	require.Contains(t, s.ranges, "bytes="+strconv.FormatInt(have-2*testPartSize, 10)+"-")
	for _, pc := range f.Parts {
		if pc.Name != cutPart {
			require.Equal(t, pc.Size, s.sentOf(pc.Name), "%s sent once", pc.Name)
		}
	}
	data, err := os.ReadFile(filepath.Join(p.Dir, f.Name))
	require.NoError(t, err)
	require.Equal(t, wholeFile(s, f), data)
	require.Len(t, p.Installed().Files, 2)
}

// A part that arrives damaged is cut off again and the file is not
// installed; the parts before it are kept, and once the site is right the
// download fetches from that part on.
func TestPackPartsCorruptPartRefused(t *testing.T) {
	s, p, m := testPartsPack(t)
	f := m.Files[0]
	bad := f.Parts[3].Name
	good := s.files[bad]
	s.files[bad] = bytes.Clone(good)
	s.files[bad][100] ^= 0x10 // the manifest's sha256 is of the good part
	err := p.Download(context.Background(), &m, nil)
	require.ErrorIs(t, err, ErrChecksum)
	require.Equal(t, "checksum", ErrorKind(err))
	require.ErrorContains(t, err, bad)
	require.Equal(t, []core.GameID{core.WolfCarriesPig}, p.Installed().Games())
	_, err = os.Stat(filepath.Join(p.Dir, f.Name))
	require.ErrorIs(t, err, os.ErrNotExist, "not installed")
	fi, err := os.Stat(p.partial(f))
	require.NoError(t, err)
	require.Equal(t, int64(3*testPartSize), fi.Size(), "cut back to the damaged part's start")
	require.Equal(t, int64(3*testPartSize), p.verified(f))

	s.files[bad] = good
	sent := s.sentOf(f.Parts[0].Name)
	require.NoError(t, p.Download(context.Background(), &m, nil))
	require.Equal(t, sent, s.sentOf(f.Parts[0].Name), "the verified parts are not fetched again")
	data, err := os.ReadFile(filepath.Join(p.Dir, f.Name))
	require.NoError(t, err)
	require.Equal(t, wholeFile(s, f), data)
}

// Parts the partial copy holds but that were never checked (the app was
// stopped between a part's last byte and its check) are checked on resume:
// a damaged one is fetched again.
func TestPackPartsRechecksUncheckedParts(t *testing.T) {
	s, p, m := testPartsPack(t)
	f := m.Files[0]
	s.cutAfter[f.Parts[2].Name] = 1 << 10
	require.Error(t, p.Download(context.Background(), &m, nil))
	p.setVerified(f, 0)
	fh, err := os.OpenFile(p.partial(f), os.O_RDWR, 0)
	require.NoError(t, err)
	_, err = fh.WriteAt([]byte{^s.files[f.Parts[1].Name][5]}, testPartSize+5) // part 1 damaged on disk
	require.NoError(t, err)
	require.NoError(t, fh.Close())

	err = p.Download(context.Background(), &m, nil)
	require.ErrorIs(t, err, ErrChecksum)
	fi, err := os.Stat(p.partial(f))
	require.NoError(t, err)
	require.Equal(t, int64(testPartSize), fi.Size(), "part 0 checked and kept, part 1 cut off")
	require.NoError(t, p.Download(context.Background(), &m, nil))
	data, err := os.ReadFile(filepath.Join(p.Dir, f.Name))
	require.NoError(t, err)
	require.Equal(t, wholeFile(s, f), data)
}

// A server that ignores Range sends a cut part whole again: the part
// starts over, the parts before it stay, no byte doubled.
func TestPackPartsWithoutRangeSupport(t *testing.T) {
	s, p, m := testPartsPack(t)
	f := m.Files[1]
	s.noRange = true
	s.cutAfter[f.Parts[1].Name] = 20 << 10
	require.Error(t, p.Download(context.Background(), &m, nil))
	before := s.sentOf(f.Parts[1].Name)
	require.NoError(t, p.Download(context.Background(), &m, nil))
	require.Equal(t, f.Parts[1].Size, s.sentOf(f.Parts[1].Name)-before, "the whole part again")
	require.Equal(t, f.Parts[0].Size, s.sentOf(f.Parts[0].Name), "the part before it once")
	data, err := os.ReadFile(filepath.Join(p.Dir, f.Name))
	require.NoError(t, err)
	require.Equal(t, wholeFile(s, f), data)
}

// A pack installed from a format-1 manifest (files whole) is the same pack
// as the site's format-2 one with those files in parts: nothing to fetch.
func TestPackFormat1InstalledMeetsParts(t *testing.T) {
	s, p, m1 := testPack(t)
	require.NoError(t, p.Download(context.Background(), &m1, nil))
	var m2 Manifest
	m2.Format, m2.Version = 2, "parts"
	for _, f := range m1.Files {
		m2.Files = append(m2.Files, s.putParts(f.Name, core.GameID(0), s.files[f.Name], testPartSize))
		last := &m2.Files[len(m2.Files)-1]
		last.Game, last.Fingerprint = f.Game, f.Fingerprint
	}
	todo, n := p.Missing(&m2)
	require.Empty(t, todo)
	require.Zero(t, n)
	require.NoError(t, p.Download(context.Background(), &m2, nil))
	require.Zero(t, s.sentOfFile(m2.Files[0]))
	require.Len(t, p.Installed().Files, 2)
}

// The site splits the same file otherwise after a cut (a new pack, the
// same table): what was checked stays checked, and the download goes on
// from the partial copy's end inside the new layout's part.
func TestPackPartsResumeAcrossANewSplit(t *testing.T) {
	s, p, m := testPartsPack(t)
	f := m.Files[0]
	s.cutAfter[f.Parts[2].Name] = 10 << 10
	require.Error(t, p.Download(context.Background(), &m, nil))
	fi, err := os.Stat(p.partial(f))
	require.NoError(t, err)
	have := fi.Size()

	data := wholeFile(s, f)
	g := s.putParts(f.Name, core.BeatTheWolf, data, testPartSize/2) // parts of 32 KiB now
	require.Equal(t, f.SHA256, g.SHA256)
	m.Files[0] = g
	inPart := have / (testPartSize / 2)
	before := map[string]int64{}
	for _, pc := range g.Parts {
		before[pc.Name] = s.sentOf(pc.Name)
	}
	require.NoError(t, p.Download(context.Background(), &m, nil))
	for _, pc := range g.Parts[:inPart] {
		require.Equal(t, before[pc.Name], s.sentOf(pc.Name), "%s not fetched again", pc.Name)
	}
	pc := g.Parts[inPart]
	require.Equal(t, (inPart+1)*(testPartSize/2)-have, s.sentOf(pc.Name)-before[pc.Name], "the rest of the part the copy ends in")
	got, err := os.ReadFile(filepath.Join(p.Dir, f.Name))
	require.NoError(t, err)
	require.Equal(t, data, got)
}

package pack

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/internal/tabletest"
)

// packServer serves a pack's files (manifest.json and the tables) and
// counts what it sends.
type packServer struct {
	t     *testing.T
	srv   *httptest.Server
	mu    sync.Mutex
	files map[string][]byte
	etag  map[string]string
	// noRange: answer every request with the whole file (200), as a
	// server without Range support does.
	noRange bool
	// cutAfter: the next request of that file is cut (the connection
	// closed) after this many bytes of its body.
	cutAfter map[string]int
	sent     map[string]int64 // body bytes sent, by file
	ranges   []string         // the Range headers asked, in order
	// hold, while open, stalls every response after holdAfter bytes of
	// its body (for cancelling mid-file).
	hold      chan struct{}
	holdAfter int
}

func newPackServer(t *testing.T) *packServer {
	s := &packServer{t: t, files: map[string][]byte{}, etag: map[string]string{}, cutAfter: map[string]int{},
		sent: map[string]int64{}}
	s.srv = httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(s.srv.Close)
	return s
}

func (s *packServer) url() string { return s.srv.URL + "/pack/" }

// put stores a file; with a manifest entry for it returned.
func (s *packServer) put(name string, id core.GameID, data []byte) File {
	sum := sha256.Sum256(data)
	s.mu.Lock()
	s.files[name] = data
	s.etag[name] = `"` + hex.EncodeToString(sum[:8]) + `"`
	s.mu.Unlock()
	return File{Name: name, Game: id.String(), Fingerprint: tablebase.ForGame(id).Fingerprint(),
		Size: int64(len(data)), SHA256: hex.EncodeToString(sum[:])}
}

func (s *packServer) putManifest(m Manifest) {
	data, err := json.Marshal(m)
	require.NoError(s.t, err)
	s.mu.Lock()
	s.files[ManifestName] = data
	s.mu.Unlock()
}

func (s *packServer) sentOf(name string) int64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.sent[name]
}

// cutWriter closes the connection once limit body bytes are written.
type cutWriter struct {
	http.ResponseWriter
	s         *packServer
	name      string
	limit     int // -1: never
	n         int
	hold      chan struct{}
	holdAfter int
	done      <-chan struct{}
	closed    bool
}

func (w *cutWriter) Write(p []byte) (int, error) {
	if w.closed {
		return 0, errors.New("closed")
	}
	written := 0
	for len(p) > 0 {
		chunk := p[:min(len(p), 16<<10)]
		if w.limit >= 0 && w.n+len(chunk) > w.limit {
			chunk = chunk[:w.limit-w.n]
		}
		k, err := w.ResponseWriter.Write(chunk)
		w.n += k
		written += k
		w.s.mu.Lock()
		w.s.sent[w.name] += int64(k)
		w.s.mu.Unlock()
		if err != nil {
			return written, err
		}
		p = p[k:]
		if w.limit >= 0 && w.n >= w.limit {
			w.ResponseWriter.(http.Flusher).Flush()
			conn, _, err := w.ResponseWriter.(http.Hijacker).Hijack()
			if err == nil {
				conn.Close()
			}
			w.closed = true
			return written, errors.New("cut")
		}
		if w.hold != nil && w.n >= w.holdAfter {
			w.ResponseWriter.(http.Flusher).Flush()
			select {
			case <-w.hold:
			case <-w.done:
			}
		}
	}
	return written, nil
}

func (s *packServer) serve(w http.ResponseWriter, r *http.Request) {
	name, ok := strings.CutPrefix(r.URL.Path, "/pack/")
	s.mu.Lock()
	data, found := s.files[name]
	etag := s.etag[name]
	limit, cut := s.cutAfter[name]
	delete(s.cutAfter, name)
	if rg := r.Header.Get("Range"); name != ManifestName {
		s.ranges = append(s.ranges, rg)
	}
	noRange, hold, holdAfter := s.noRange, s.hold, s.holdAfter
	s.mu.Unlock()
	if !ok || !found {
		http.NotFound(w, r)
		return
	}
	cw := &cutWriter{ResponseWriter: w, s: s, name: name, limit: -1, hold: hold, holdAfter: holdAfter, done: r.Context().Done()}
	if cut {
		cw.limit = limit
	}
	if noRange {
		w.Header().Set("Content-Length", strconv.Itoa(len(data)))
		w.WriteHeader(http.StatusOK)
		_, _ = cw.Write(data)
		return
	}
	if etag != "" {
		w.Header().Set("ETag", etag)
	}
	http.ServeContent(cw, r, name, time.Time{}, bytes.NewReader(data))
}

// testPack is a server with two tables (Beat the Wolf, Wolf Carries the
// Pig) and its manifest, and a pack folder to install them into.
func testPack(t *testing.T) (*packServer, *Pack, Manifest) {
	s := newPackServer(t)
	a := s.put("beat-the-wolf.hctb", core.BeatTheWolf,
		tabletest.TableFile(t, core.BeatTheWolf, tablebase.ForGame(core.BeatTheWolf).Fingerprint(), 300<<10, 1))
	b := s.put("wolf-carries-pig.hctb", core.WolfCarriesPig,
		tabletest.TableFile(t, core.WolfCarriesPig, tablebase.ForGame(core.WolfCarriesPig).Fingerprint(), 200<<10, 2))
	m := Manifest{Format: 1, Version: "test-1", Files: []File{a, b}}
	s.putManifest(m)
	return s, New(filepath.Join(t.TempDir(), "pack"), s.url()), m
}

func TestPackDownloadInstalls(t *testing.T) {
	s, p, want := testPack(t)
	m, err := p.FetchManifest(context.Background())
	require.NoError(t, err)
	require.Equal(t, want.Files, m.Files)
	require.Equal(t, int64(500<<10), m.Bytes())
	require.Equal(t, []core.GameID{core.BeatTheWolf, core.WolfCarriesPig}, m.Games())

	var last, total int64
	require.NoError(t, p.Download(context.Background(), m, func(done, tot int64) {
		require.GreaterOrEqual(t, done, last, "progress only goes forward here")
		last, total = done, tot
	}))
	require.Equal(t, m.Bytes(), total)
	require.Equal(t, m.Bytes(), last)
	require.Equal(t, m.Bytes(), s.sentOf("beat-the-wolf.hctb")+s.sentOf("wolf-carries-pig.hctb"))
	inst := p.Installed()
	require.NotNil(t, inst)
	require.ElementsMatch(t, m.Files, inst.Files)
	for _, f := range m.Files {
		data, err := os.ReadFile(filepath.Join(p.Dir, f.Name))
		require.NoError(t, err)
		require.Equal(t, s.files[f.Name], data)
	}
	ents, _ := os.ReadDir(filepath.Join(p.Dir, "partial"))
	require.Empty(t, ents, "no partial copy is left")

	// A second download fetches nothing.
	require.NoError(t, p.Download(context.Background(), m, nil))
	require.Equal(t, m.Bytes(), s.sentOf("beat-the-wolf.hctb")+s.sentOf("wolf-carries-pig.hctb"))
}

func TestPackResumesAfterACut(t *testing.T) {
	s, p, m := testPack(t)
	const name = "beat-the-wolf.hctb"
	s.cutAfter[name] = 100 << 10
	err := p.Download(context.Background(), &m, nil)
	require.Error(t, err, "the cut is reported")
	require.Equal(t, "network", ErrorKind(err))
	f := m.Files[0]
	fi, err := os.Stat(p.partial(f))
	require.NoError(t, err, "the partial copy is kept")
	have := fi.Size()
	require.Greater(t, have, int64(0))
	require.LessOrEqual(t, have, int64(100<<10))
	require.Equal(t, []core.GameID{core.WolfCarriesPig}, p.Installed().Games(), "the other file is installed")
	missing, n := p.Missing(&m)
	require.Len(t, missing, 1)
	require.Equal(t, f.Size, n)
	require.Equal(t, have, p.partialBytes(missing))

	before := s.sentOf(name)
	var first int64 = -1
	require.NoError(t, p.Download(context.Background(), &m, func(done, total int64) {
		if first < 0 {
			first = done
		}
		require.Equal(t, f.Size, total)
	}))
	require.Equal(t, have, first, "progress starts where the partial copy ended")
	require.Equal(t, f.Size-have, s.sentOf(name)-before, "only the rest was fetched")
	require.Equal(t, "bytes="+strconv.FormatInt(have, 10)+"-", s.ranges[len(s.ranges)-1])
	data, err := os.ReadFile(filepath.Join(p.Dir, name))
	require.NoError(t, err)
	require.Equal(t, s.files[name], data)
	require.Len(t, p.Installed().Files, 2)
}

func TestPackRestartsWithoutRangeSupport(t *testing.T) {
	s, p, m := testPack(t)
	const name = "wolf-carries-pig.hctb"
	s.noRange = true
	s.cutAfter[name] = 50 << 10
	require.Error(t, p.Download(context.Background(), &m, nil))
	before := s.sentOf(name)
	require.NoError(t, p.Download(context.Background(), &m, nil))
	require.Equal(t, m.Files[1].Size, s.sentOf(name)-before, "the whole file again")
	data, err := os.ReadFile(filepath.Join(p.Dir, name))
	require.NoError(t, err)
	require.Equal(t, s.files[name], data, "no byte of the first try doubled")
}

func TestPackCorruptByteIsNotInstalled(t *testing.T) {
	s, p, m := testPack(t)
	const name = "beat-the-wolf.hctb"
	s.files[name] = bytes.Clone(s.files[name])
	s.files[name][200<<10] ^= 0x40 // the manifest's sha256 is of the good file
	err := p.Download(context.Background(), &m, nil)
	require.ErrorIs(t, err, ErrChecksum)
	require.Equal(t, "checksum", ErrorKind(err))
	require.Equal(t, []core.GameID{core.WolfCarriesPig}, p.Installed().Games())
	_, err = os.Stat(filepath.Join(p.Dir, name))
	require.ErrorIs(t, err, os.ErrNotExist, "not installed")
	fi, err := os.Stat(p.partial(m.Files[0]))
	require.True(t, err != nil || fi.Size() == 0, "nothing kept to resume from")
}

func TestPackWrongFingerprint(t *testing.T) {
	s, p, m := testPack(t)
	// The manifest says other rules: refused before a byte is fetched.
	bad := m
	bad.Files = append([]File(nil), m.Files...)
	bad.Files[0].Fingerprint = strings.Repeat("ab", 32)
	err := p.Download(context.Background(), &bad, nil)
	require.ErrorIs(t, err, ErrRules)
	require.Equal(t, "rules", ErrorKind(err))
	require.Zero(t, s.sentOf("beat-the-wolf.hctb"))

	// The manifest is right but the file's header has other rules:
	// fetched, opened, refused.
	other := strings.Repeat("cd", 32)
	f := s.put("beat-the-wolf.hctb", core.BeatTheWolf, tabletest.TableFile(t, core.BeatTheWolf, other, 64<<10, 3))
	bad.Files[0] = f
	err = p.Download(context.Background(), &bad, nil)
	require.ErrorIs(t, err, ErrRules)
	require.NotContains(t, p.Installed().Games(), core.BeatTheWolf)
	_, err = os.Stat(filepath.Join(p.Dir, f.Name))
	require.ErrorIs(t, err, os.ErrNotExist)
}

func TestPackDeleteFreesTheSpace(t *testing.T) {
	_, p, m := testPack(t)
	require.NoError(t, p.Download(context.Background(), &m, nil))
	require.GreaterOrEqual(t, p.Bytes(), m.Bytes())
	require.NotEmpty(t, p.TablePath(core.WolfCarriesPig))

	require.NoError(t, p.Delete())
	require.Nil(t, p.Installed())
	require.Zero(t, p.Bytes())
	_, err := os.Stat(p.Dir)
	require.ErrorIs(t, err, os.ErrNotExist)
	require.Empty(t, p.TablePath(core.WolfCarriesPig))
}

// An older pack's partial copy is dropped when the site's file changed.
func TestPackDropsAnOldPartialCopy(t *testing.T) {
	s, p, m := testPack(t)
	s.cutAfter["beat-the-wolf.hctb"] = 64 << 10
	require.Error(t, p.Download(context.Background(), &m, nil))
	old := p.partial(m.Files[0])
	_, err := os.Stat(old)
	require.NoError(t, err)

	m.Files[0] = s.put("beat-the-wolf.hctb", core.BeatTheWolf,
		tabletest.TableFile(t, core.BeatTheWolf, tablebase.ForGame(core.BeatTheWolf).Fingerprint(), 128<<10, 7))
	m.Version = "test-2"
	before := s.sentOf("beat-the-wolf.hctb")
	require.NoError(t, p.Download(context.Background(), &m, nil))
	require.Equal(t, int64(128<<10), s.sentOf("beat-the-wolf.hctb")-before)
	_, err = os.Stat(old)
	require.ErrorIs(t, err, os.ErrNotExist)
	require.ElementsMatch(t, m.Files, p.Installed().Files)
}

func TestPackJobOffersDownloadsCancelsAndDeletes(t *testing.T) {
	s, p, m := testPack(t)
	var mu sync.Mutex
	var queue []func()
	do := func(f func()) { mu.Lock(); queue = append(queue, f); mu.Unlock() }
	changes := 0
	j := NewJob(p, do, func() { mu.Lock(); changes++; mu.Unlock() })
	require.Equal(t, Unknown, j.Status().Phase)
	j.Check()
	j.Wait()
	st := j.Status()
	require.Equal(t, Offer, st.Phase)
	require.Equal(t, m.Bytes(), st.Missing)
	// What the site said is kept: a new job offers it without asking.
	again := NewJob(p, do, nil).Status()
	require.Equal(t, Offer, again.Phase)
	require.Equal(t, m.Bytes(), again.Missing)
	require.Equal(t, m.Files, again.Remote.Files)

	// Cancelled mid-file: offered again, with what was fetched kept.
	s.mu.Lock()
	s.hold, s.holdAfter = make(chan struct{}), 64<<10
	s.mu.Unlock()
	j.Start()
	require.Eventually(t, func() bool { return j.Status().Done > 0 }, 2*time.Minute, time.Millisecond) // the deadline only catches a hang
	require.Equal(t, Downloading, j.Status().Phase)
	j.Cancel()
	j.Wait()
	s.mu.Lock()
	close(s.hold)
	s.hold = nil
	s.mu.Unlock()
	st = j.Status()
	require.Equal(t, Offer, st.Phase)
	require.NoError(t, st.Err)
	require.Greater(t, st.Partial, int64(0))

	partial := st.Partial
	j.Start()
	j.Wait()
	st = j.Status()
	require.Equal(t, Installed, st.Phase, "%v", st.Err)
	require.Equal(t, m.Bytes(), st.Installed.Bytes())
	require.Zero(t, st.Missing)
	require.Contains(t, s.ranges, "bytes="+strconv.FormatInt(partial, 10)+"-", "resumed where it stopped")
	// The server sent what the client had no time to read at the cancel,
	// no more.
	require.LessOrEqual(t, s.sentOf("beat-the-wolf.hctb")+s.sentOf("wolf-carries-pig.hctb"), m.Bytes()+64<<10)

	require.NoError(t, j.Delete())
	st = j.Status()
	require.Equal(t, Offer, st.Phase)
	require.Nil(t, st.Installed)
	require.Equal(t, m.Bytes(), st.Missing)
	_, err := os.Stat(p.Dir)
	require.ErrorIs(t, err, os.ErrNotExist, "Delete leaves nothing behind")
	mu.Lock()
	require.GreaterOrEqual(t, changes, 3)
	require.NotEmpty(t, queue, "the subscribers are told on the UI goroutine")
	mu.Unlock()

	// A site out of reach fails plainly.
	j2 := NewJob(New(t.TempDir(), "http://127.0.0.1:1/pack/"), do, nil)
	j2.Check()
	j2.Wait()
	require.Equal(t, Failed, j2.Status().Phase)
	require.Equal(t, "network", ErrorKind(j2.Status().Err))
}

func TestParseManifestRefusesBadEntries(t *testing.T) {
	good := File{Name: "beat-the-wolf.hctb", Game: "beat-the-wolf", Size: 1, SHA256: strings.Repeat("00", 32)}
	for _, bad := range []func(*File){
		func(f *File) { f.Name = "../x.hctb" },
		func(f *File) { f.Name = ManifestName },
		func(f *File) { f.Name = ".partial" },
		func(f *File) { f.Name = remoteName },
		func(f *File) { f.Name = partialDir }, // the folder of the downloads under way
		func(f *File) { f.Game = "chess" },
		func(f *File) { f.SHA256 = "abc" },
		func(f *File) { f.Size = 0 },
	} {
		f := good
		bad(&f)
		data, _ := json.Marshal(Manifest{Format: 1, Files: []File{f}})
		_, err := ParseManifest(data)
		require.Error(t, err, "%+v", f)
	}
	data, _ := json.Marshal(Manifest{Format: 1, Files: []File{good}})
	_, err := ParseManifest(data)
	require.NoError(t, err)
	data, _ = json.Marshal(Manifest{Format: 3})
	_, err = ParseManifest(data)
	require.ErrorContains(t, err, "format 3")

	// Parts (format 2): plain names, none twice, sizes adding up to the file's.
	zero := strings.Repeat("00", 32)
	parted := good
	parted.Size = 30
	parted.Parts = []Part{{Name: "beat-the-wolf.hctb.part-000", Size: 20, SHA256: zero}, {Name: "beat-the-wolf.hctb.part-001", Size: 10, SHA256: zero}}
	data, _ = json.Marshal(Manifest{Format: 2, Files: []File{parted}})
	_, err = ParseManifest(data)
	require.NoError(t, err)
	for _, bad := range []func(*File){
		func(f *File) { f.Size = 31 },
		func(f *File) { f.Parts[1].Name = f.Parts[0].Name },
		func(f *File) { f.Parts[1].Name = f.Name },
		func(f *File) { f.Parts[1].Name = "../p" },
		func(f *File) { f.Parts[1].SHA256 = "00" },
		func(f *File) { f.Parts[1].Size, f.Parts[0].Size = 0, 30 },
		func(f *File) { f.Size, f.Parts = 20, f.Parts[:1]; f.Parts[0].SHA256 = strings.Repeat("11", 32) }, // one part, not the file
	} {
		f := parted
		f.Parts = append([]Part(nil), parted.Parts...)
		bad(&f)
		data, _ := json.Marshal(Manifest{Format: 2, Files: []File{f}})
		_, err := ParseManifest(data)
		require.Error(t, err, "%+v", f)
	}
	data, _ = json.Marshal(Manifest{Format: 1, Files: []File{parted}})
	_, err = ParseManifest(data)
	require.ErrorContains(t, err, "parts in a format-1 manifest")
}

// A download that receives nothing for a while fails as a network error,
// keeps what it had, and resumes.
func TestPackStalledDownloadFailsAndResumes(t *testing.T) {
	s, p, m := testPack(t)
	old := stallTimeout
	// Long enough that a busy machine's pause in the first 48 KiB is not
	// taken for the stall (the resume below starts where the hold began).
	stallTimeout = time.Second
	t.Cleanup(func() { stallTimeout = old })
	s.mu.Lock()
	s.hold, s.holdAfter = make(chan struct{}), 48<<10
	s.mu.Unlock()
	err := p.Download(context.Background(), &m, nil)
	require.ErrorIs(t, err, errStalled)
	require.Equal(t, "network", ErrorKind(err))
	s.mu.Lock()
	close(s.hold)
	s.hold = nil
	s.mu.Unlock()
	require.NoError(t, p.Download(context.Background(), &m, nil))
	require.Len(t, p.Installed().Files, 2)
	require.Contains(t, s.ranges, "bytes="+strconv.Itoa(48<<10)+"-")
}

// A pack address that is not http(s) is refused before anything is asked.
func TestPackURLMustBeHTTP(t *testing.T) {
	_, err := New(t.TempDir(), "ftp://x/").FetchManifest(context.Background())
	require.ErrorContains(t, err, "not an http(s) address")
}

// The temporary files of a manifest's write that a killed app left in the
// pack folder go when the pack is made again; a fresh one (a write under
// way) stays.
func TestPackRemovesStaleTemps(t *testing.T) {
	dir := t.TempDir()
	old, fresh := filepath.Join(dir, ".manifest.json.tmp-1"), filepath.Join(dir, ".manifest.json.tmp-2")
	oldRemote := filepath.Join(dir, "."+remoteName+".tmp-3")
	for _, f := range []string{old, fresh, oldRemote} {
		require.NoError(t, os.WriteFile(f, []byte("{"), 0o600))
	}
	long := time.Now().Add(-time.Hour)
	require.NoError(t, os.Chtimes(old, long, long))
	require.NoError(t, os.Chtimes(oldRemote, long, long))
	New(dir, "http://pack.invalid/")
	for f, want := range map[string]bool{old: false, oldRemote: false, fresh: true} {
		_, err := os.Stat(f)
		require.Equal(t, want, err == nil, filepath.Base(f))
	}
}

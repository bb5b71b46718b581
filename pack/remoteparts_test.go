package pack

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/internal/tabletest"
)

// partsSite serves the test's bound table as the web build's site holds
// the pack's: tables/manifest.json (format 2) and the table's parts of
// partSize bytes (tables/beat-the-wolf.bound.hctb.part-000, …), with byte
// ranges, noting every request's path and Range.
type partsSite struct {
	srv   *httptest.Server
	data  []byte
	entry File
	mu    sync.Mutex
	asked []string // "PATH RANGE"
}

func servePartsSite(t *testing.T, partSize int) *partsSite {
	t.Helper()
	data, err := os.ReadFile(tabletest.BoundFile)
	require.NoError(t, err)
	sum := sha256.Sum256(data)
	s := &partsSite{data: data, entry: File{Name: "beat-the-wolf.bound.hctb", Game: core.BeatTheWolf.String(),
		Fingerprint: tablebase.ForGame(core.BeatTheWolf).Fingerprint(), Size: int64(len(data)), SHA256: hex.EncodeToString(sum[:])}}
	files := map[string][]byte{}
	for i := 0; i*partSize < len(data); i++ {
		chunk := data[i*partSize : min((i+1)*partSize, len(data))]
		ps := sha256.Sum256(chunk)
		pc := Part{Name: fmt.Sprintf("%s.part-%03d", s.entry.Name, i), Size: int64(len(chunk)), SHA256: hex.EncodeToString(ps[:])}
		s.entry.Parts = append(s.entry.Parts, pc)
		files["/tables/"+pc.Name] = chunk
	}
	m, err := json.Marshal(Manifest{Format: 2, Version: "site", Files: []File{s.entry}})
	require.NoError(t, err)
	files["/tables/"+ManifestName] = m
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

func (s *partsSite) requests() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.asked...)
}

// The bound table read from its parts probes as the file: the manifest
// is asked for once, then only parts, never the whole file's name.
func TestRemoteTableFromPartsProbesAsTheFile(t *testing.T) {
	s := servePartsSite(t, 10000)
	require.Len(t, s.entry.Parts, 5)
	r, err := (&Site{Base: s.base(), Client: s.srv.Client()}).Open(context.Background(), "beat-the-wolf.bound.hctb")
	require.NoError(t, err)
	require.Equal(t, int64(len(s.data)), r.Size())
	require.True(t, strings.HasSuffix(r.URL(), "/tables/beat-the-wolf.bound.hctb"))
	remote, err := tablebase.OpenReaderAt(r, r.Size(), false)
	require.NoError(t, err)
	defer remote.Close()
	local, err := tablebase.Open(tabletest.BoundFile)
	require.NoError(t, err)
	defer local.Close()

	p := tabletest.BoundPos(t)
	var buf [core.MaxMoves]core.Move
	for _, q := range append([]core.Position{p}, children(p, buf[:0])...) {
		lv, ld, lok := local.ProbeBound(q)
		rv, rd, rok := remote.ProbeBound(q)
		require.Equal(t, []any{lv, ld, lok}, []any{rv, rd, rok}, q.String())
	}
	v, d, ok := remote.ProbeBound(p)
	require.True(t, ok)
	require.Equal(t, tablebase.Win, v)
	require.Equal(t, 33, d)
	asked := s.requests()
	require.Equal(t, "/tables/manifest.json ", asked[0])
	for _, a := range asked[1:] {
		require.Contains(t, a, ".part-0", "only parts are read")
		require.Contains(t, a, " bytes=", "by ranges")
	}
	require.Less(t, r.Bytes.Load(), r.Size(), "only the blocks probed are read")
}

func children(p core.Position, buf []core.Move) []core.Position {
	var out []core.Position
	for _, m := range p.GenMoves(buf) {
		out = append(out, p.After(m))
	}
	return out
}

// A read across a part's end asks each part for its share (one request a
// part), and the cache answers it again with none.
func TestRangeReaderAcrossParts(t *testing.T) {
	s := servePartsSite(t, 10000)
	r, err := OpenRangeParts(context.Background(), s.srv.Client(), s.base(), s.entry)
	require.NoError(t, err)
	require.Empty(t, s.requests(), "nothing asked for before the first read")
	r.SetCache(1 << 20)
	buf := make([]byte, 25000) // bytes 5000-29999: parts 0, 1 and 2
	n, err := r.ReadAt(buf, 5000)
	require.NoError(t, err)
	require.Equal(t, len(buf), n)
	require.Equal(t, s.data[5000:30000], buf)
	require.Equal(t, []string{
		"/tables/beat-the-wolf.bound.hctb.part-000 bytes=5000-9999",
		"/tables/beat-the-wolf.bound.hctb.part-001 bytes=0-9999",
		"/tables/beat-the-wolf.bound.hctb.part-002 bytes=0-9999",
	}, s.requests())
	require.Equal(t, int64(3), r.Requests.Load())
	require.Equal(t, int64(len(buf)), r.Bytes.Load())
	_, err = r.ReadAt(buf, 5000)
	require.NoError(t, err)
	require.Len(t, s.requests(), 3, "from the cache")
	require.Equal(t, int64(1), r.Hits.Load())

	// To the end of the file, and past it.
	n, err = r.ReadAt(buf[:100], r.Size()-40)
	require.Equal(t, 40, n)
	require.ErrorIs(t, err, io.EOF)
	require.Equal(t, s.data[len(s.data)-40:], buf[:40])
	require.Equal(t, "/tables/beat-the-wolf.bound.hctb.part-004 bytes=7505-7544", s.requests()[3])
	_, err = r.ReadAt(buf, r.Size())
	require.ErrorIs(t, err, io.EOF)

	// A part of another size than the manifest's is refused.
	wrong := s.entry
	wrong.Parts = append([]Part(nil), s.entry.Parts...)
	wrong.Parts[1].Size, wrong.Parts[2].Size = 9000, 11000
	r2, err := OpenRangeParts(context.Background(), s.srv.Client(), s.base(), wrong)
	require.NoError(t, err)
	_, err = r2.ReadAt(buf[:10], 10000)
	require.ErrorContains(t, err, "Content-Range")
}

// Without a manifest the site's file is read whole; without either it is
// ErrNoRemote; a manifest that does not list the file leaves it whole.
func TestOpenSiteFileWholeOrNone(t *testing.T) {
	srv, _ := tabletest.ServeBound(t) // the file whole at /tables/beat-the-wolf.bound.hctb, no manifest
	r, err := (&Site{Base: srv.URL + "/tables/", Client: srv.Client()}).Open(context.Background(), "beat-the-wolf.bound.hctb")
	require.NoError(t, err)
	require.Len(t, r.parts, 1)
	fi, err := os.Stat(tabletest.BoundFile)
	require.NoError(t, err)
	require.Equal(t, fi.Size(), r.Size())
	_, err = (&Site{Base: srv.URL + "/tables/", Client: srv.Client()}).Open(context.Background(), "wolf-carries-pig.bound.hctb")
	require.ErrorIs(t, err, ErrNoRemote)

	s := servePartsSite(t, 10000)
	_, err = (&Site{Base: s.base(), Client: s.srv.Client()}).Open(context.Background(), "wolf-carries-pig.bound.hctb")
	require.ErrorIs(t, err, ErrNoRemote, "not in the manifest, not on the site")
}

// The site's tables/ folder asks for its manifest once, however many files
// are opened from it (the page's Site), whether the manifest is there or
// not.
func TestSiteAsksForTheManifestOnce(t *testing.T) {
	s := servePartsSite(t, 10000)
	site := &Site{Base: s.base(), Client: s.srv.Client()}
	for range 3 {
		r, err := site.Open(context.Background(), "beat-the-wolf.bound.hctb")
		require.NoError(t, err)
		require.Equal(t, int64(len(s.data)), r.Size())
		_, err = site.Open(context.Background(), "wolf-carries-pig.bound.hctb")
		require.ErrorIs(t, err, ErrNoRemote)
	}
	manifests := 0
	for _, a := range s.requests() {
		if strings.HasPrefix(a, "/tables/"+ManifestName) {
			manifests++
		}
	}
	require.Equal(t, 1, manifests, "%q", s.requests())

	srv, _ := tabletest.ServeBound(t) // no manifest: the file whole
	none := &Site{Base: srv.URL + "/tables/", Client: srv.Client()}
	for range 2 {
		r, err := none.Open(context.Background(), "beat-the-wolf.bound.hctb")
		require.NoError(t, err)
		require.Positive(t, r.Size())
	}
	m, err := none.Manifest(context.Background())
	require.NoError(t, err)
	require.Nil(t, m)
}

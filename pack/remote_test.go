package pack

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"testing"

	"github.com/stretchr/testify/require"

	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/internal/tabletest"
)

// The table read through range requests probes as the one opened from the
// file, a few blocks' worth of bytes read, not the file.
func TestRemoteTableProbesAsTheFile(t *testing.T) {
	srv, _ := tabletest.ServeBound(t)
	remote, r, err := openRemoteTable(context.Background(), srv.Client(), srv.URL+"/tables/beat-the-wolf.bound.hctb")
	require.NoError(t, err)
	defer remote.Close()
	fi, err := os.Stat(tabletest.BoundFile)
	require.NoError(t, err)
	require.Equal(t, fi.Size(), r.Size())
	local, err := tablebase.Open(tabletest.BoundFile)
	require.NoError(t, err)
	defer local.Close()

	// Every position within three plies of the 33-ply win.
	seen := map[uint64]bool{}
	level := []core.Position{tabletest.BoundPos(t)}
	proven := 0
	for depth := 0; depth <= 3; depth++ {
		var next []core.Position
		for _, p := range level {
			if seen[p.Key] {
				continue
			}
			seen[p.Key] = true
			lv, ld, lok := local.ProbeBound(p)
			rv, rd, rok := remote.ProbeBound(p)
			require.Equal(t, lok, rok, p.String())
			require.Equal(t, lv, rv, p.String())
			require.Equal(t, ld, rd, p.String())
			if lok && lv != tablebase.Draw {
				proven++
			}
			if !p.Outcome().Over() {
				var buf [core.MaxMoves]core.Move
				for _, m := range p.GenMoves(buf[:0]) {
					next = append(next, p.After(m))
				}
			}
		}
		level = next
	}
	require.Greater(t, len(seen), 100)
	require.GreaterOrEqual(t, proven, 5)
	require.Greater(t, r.Requests.Load(), int64(2))
	require.Less(t, r.Bytes.Load(), r.Size(), "only the blocks probed are read")
}

// A server that answers a range request with the whole file (200) is
// refused, as is a 206 for other bytes; a missing file is ErrNoRemote.
func TestRangeReaderRefusesWhatIsNotTheRange(t *testing.T) {
	data, err := os.ReadFile(tabletest.BoundFile)
	require.NoError(t, err)
	whole := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write(data) // ignores Range
	}))
	defer whole.Close()
	_, err = OpenRange(context.Background(), whole.Client(), whole.URL+"/t.hctb")
	require.Error(t, err)
	require.False(t, errors.Is(err, ErrNoRemote))
	require.Contains(t, err.Error(), "byte ranges")

	wrong := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Range", "bytes 0-0/47545")
		w.WriteHeader(http.StatusPartialContent)
		w.Write(data[:1]) // always the first byte
	}))
	defer wrong.Close()
	r, err := OpenRange(context.Background(), wrong.Client(), wrong.URL+"/t.hctb")
	require.NoError(t, err)
	require.Equal(t, int64(47545), r.Size())
	buf := make([]byte, 10)
	_, err = r.ReadAt(buf, 100)
	require.ErrorContains(t, err, "Content-Range")
	_, err = tablebase.OpenReaderAt(r, r.Size(), false)
	require.Error(t, err)

	srv, _ := tabletest.ServeBound(t)
	_, _, err = openRemoteTable(context.Background(), srv.Client(), srv.URL+"/tables/wolf-carries-pig.bound.hctb")
	require.ErrorIs(t, err, ErrNoRemote)
}

// ReadAt reads to the end of the file and says io.EOF past it.
func TestRangeReaderEnd(t *testing.T) {
	srv, _ := tabletest.ServeBound(t)
	data, err := os.ReadFile(tabletest.BoundFile)
	require.NoError(t, err)
	r, err := OpenRange(context.Background(), srv.Client(), srv.URL+"/tables/beat-the-wolf.bound.hctb")
	require.NoError(t, err)
	buf := make([]byte, 100)
	n, err := r.ReadAt(buf, r.Size()-40)
	require.Equal(t, 40, n)
	require.Error(t, err)
	require.Equal(t, data[len(data)-40:], buf[:40])
	n, err = r.ReadAt(buf, 1000)
	require.NoError(t, err)
	require.Equal(t, 100, n)
	require.Equal(t, data[1000:1100], buf)
	_, err = r.ReadAt(buf, r.Size())
	require.Error(t, err)
}

// With a cache a range read again is not asked for again; past its budget
// the oldest ranges go.
func TestRangeReaderCache(t *testing.T) {
	srv, requests := tabletest.ServeBound(t)
	data, err := os.ReadFile(tabletest.BoundFile)
	require.NoError(t, err)
	r, err := OpenRange(context.Background(), srv.Client(), srv.URL+"/tables/beat-the-wolf.bound.hctb")
	require.NoError(t, err)
	r.SetCache(250)
	buf := make([]byte, 100)
	for range 2 {
		_, err = r.ReadAt(buf, 500)
		require.NoError(t, err)
		require.Equal(t, data[500:600], buf)
	}
	require.Equal(t, int64(2), requests.Load(), "the size, then one read")
	require.Equal(t, int64(1), r.Hits.Load())
	small := make([]byte, 50)
	_, err = r.ReadAt(small, 500)
	require.NoError(t, err)
	require.Equal(t, data[500:550], small, "a shorter read at a cached offset")
	require.Equal(t, int64(2), r.Hits.Load())
	for _, off := range []int64{1000, 2000} {
		_, err = r.ReadAt(buf, off)
		require.NoError(t, err)
	}
	require.Equal(t, int64(4), requests.Load())
	_, err = r.ReadAt(buf, 500) // evicted by the third range
	require.NoError(t, err)
	require.Equal(t, data[500:600], buf)
	require.Equal(t, int64(5), requests.Load())
	_, err = r.ReadAt(buf, 2000)
	require.NoError(t, err)
	require.Equal(t, int64(5), requests.Load())
	require.Equal(t, data[2000:2100], buf)
}

// openRemoteTable opens the table file at url through range requests,
// reading only its header now (a block is read, and checked, when a probe
// first needs it; a block that cannot be read leaves its positions
// uncovered). ErrNoRemote where the site has no such file.
func openRemoteTable(ctx context.Context, client *http.Client, url string) (*tablebase.Table, *RangeReader, error) {
	r, err := OpenRange(ctx, client, url)
	if err != nil {
		return nil, nil, err
	}
	t, err := tablebase.OpenReaderAt(r, r.Size(), false)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", url, err)
	}
	return t, r, nil
}

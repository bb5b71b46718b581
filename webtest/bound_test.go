package webtest

import (
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/pack"
)

// webDir is the site the tests serve (make web).
func webDir() string {
	if d := os.Getenv("WEB_DIR"); d != "" {
		return d
	}
	return filepath.Join("..", "build", "web")
}

// The site's Beat the Wolf bound table (scripts/web.sh copies it where the
// table pack has it: its parts and the pack's manifest, or the file
// whole), read through range requests from the site's server as the page
// reads it: the start is the dogs' win in 140 plies, and the proven line's
// first moves come from a few blocks, not the 371 MB file.
func TestSiteBoundTableByRanges(t *testing.T) {
	const name = "beat-the-wolf.bound.hctb"
	dir := filepath.Join(webDir(), "tables")
	_, whole := os.Stat(filepath.Join(dir, name))
	_, parts := os.Stat(filepath.Join(dir, name+".part-000"))
	if whole != nil && parts != nil {
		t.Skipf("no bound table on the site (%s): make web with the table pack in WEB_BOUND_DIR", dir)
	}
	srv := httptest.NewServer(&Handler{Dir: webDir()})
	defer srv.Close()
	t0 := time.Now()
	r, err := (&pack.Site{Base: srv.URL + "/tables/", Client: srv.Client()}).Open(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	tb, err := tablebase.OpenReaderAt(r, r.Size(), false)
	if err != nil {
		t.Fatal(err)
	}
	defer tb.Close()
	t.Logf("opened in %v: %d requests, %d bytes (the header)", time.Since(t0).Round(time.Millisecond), r.Requests.Load(), r.Bytes.Load())
	start := core.BeatTheWolf.Info().Start()
	v, d, ok := tb.ProbeBound(start)
	if !ok || v != tablebase.Loss || d != 140 {
		t.Fatalf("start: %v %d %v, want the wolf's loss in 140", v, d, ok)
	}
	req0, b0 := r.Requests.Load(), r.Bytes.Load()
	t1 := time.Now()
	line := tb.LineBound(start, 10)
	var got []string
	for _, m := range line {
		got = append(got, m.String())
	}
	t.Logf("line %s: %v, %d requests, %d bytes", strings.Join(got, " "), time.Since(t1).Round(time.Millisecond),
		r.Requests.Load()-req0, r.Bytes.Load()-b0)
	if len(line) != 10 {
		t.Fatalf("line of %d plies, want 10", len(line))
	}
	g := core.NewGameFrom(start)
	for _, m := range line {
		if err := g.PlayMove(m); err != nil {
			t.Fatal(err)
		}
	}
	if v, d, ok := tb.ProbeBound(g.Position()); !ok || v != tablebase.Loss || d != 130 {
		t.Fatalf("after 10 plies: %v %d %v, want the wolf's loss in 130", v, d, ok)
	}
	if r.Bytes.Load() > 64<<20 {
		t.Errorf("read %d bytes: more than the blocks probed", r.Bytes.Load())
	}
}

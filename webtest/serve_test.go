package webtest

import (
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"
	"time"
)

func TestHandlerServesCompressedCopies(t *testing.T) {
	dir := t.TempDir()
	for name, body := range map[string]string{
		"index.html":        "<!doctype html>",
		"huntchess.wasm":    "plain",
		"huntchess.wasm.gz": "gzipped",
		"huntchess.wasm.br": "brotli",
	} {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	h := &Handler{Dir: dir}
	for _, c := range []struct {
		path, accept, body, enc, ctype string
		code                           int
	}{
		{"/huntchess.wasm", "gzip, deflate, br", "brotli", "br", "application/wasm", 200},
		{"/huntchess.wasm", "gzip", "gzipped", "gzip", "application/wasm", 200},
		{"/huntchess.wasm", "br;q=0, gzip", "gzipped", "gzip", "application/wasm", 200},
		{"/huntchess.wasm", "", "plain", "", "application/wasm", 200},
		{"/", "br", "<!doctype html>", "", "text/html; charset=utf-8", 200},
		{"/index.html", "", "<!doctype html>", "", "text/html; charset=utf-8", 200},
		{"/missing.js", "", "404 page not found\n", "", "text/plain; charset=utf-8", 404},
		{"/../serve.go", "", "404 page not found\n", "", "text/plain; charset=utf-8", 404},
	} {
		req := httptest.NewRequest(http.MethodGet, c.path, nil)
		if c.accept != "" {
			req.Header.Set("Accept-Encoding", c.accept)
		}
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, req)
		if rec.Code != c.code || rec.Body.String() != c.body ||
			rec.Header().Get("Content-Encoding") != c.enc || rec.Header().Get("Content-Type") != c.ctype {
			t.Errorf("%s (Accept-Encoding %q): %d %q encoding %q type %q; want %d %q %q %q", c.path, c.accept,
				rec.Code, rec.Body.String(), rec.Header().Get("Content-Encoding"), rec.Header().Get("Content-Type"),
				c.code, c.body, c.enc, c.ctype)
		}
	}
}

func TestHandlerThrottle(t *testing.T) {
	dir := t.TempDir()
	body := make([]byte, 20_000)
	if err := os.WriteFile(filepath.Join(dir, "huntchess.wasm"), body, 0o644); err != nil {
		t.Fatal(err)
	}
	// A fake clock: the throttle's sleeps move it on (a busy machine's
	// pauses cannot change what the test sees).
	now := time.Unix(1_000_000, 0)
	var sleeps []time.Duration
	h := &Handler{Dir: dir, Throttle: 100_000, // 5 000 bytes every 50 ms: 4 writes
		now:   func() time.Time { return now },
		sleep: func(d time.Duration) { sleeps = append(sleeps, d); now = now.Add(max(d, 0)) }}
	rec := httptest.NewRecorder()
	start := now
	h.ServeHTTP(rec, httptest.NewRequest(http.MethodGet, "/huntchess.wasm", nil))
	if d := now.Sub(start); d != 200*time.Millisecond || len(sleeps) != 4 || rec.Body.Len() != len(body) {
		t.Errorf("throttled: %d bytes in %v (sleeps %v); want %d bytes in 4 sleeps of 50 ms", rec.Body.Len(), d, sleeps, len(body))
	}
}

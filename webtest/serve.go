// Package webtest serves the browser build (build/web, written by make web)
// and, with the webtest build tag, drives it in headless Chromium: the
// browser test of make test (browser_test.go). The page driving it shares
// with cmd/webfirstframe and cmd/webexplore (the phone, a finger's taps and
// drags, a script's value) is in phone.go and drive.go.
package webtest

import (
	"mime"
	"net"
	"net/http"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"
)

// Handler serves the static site in dir as a plain static host would, plus
// the precompressed copies make web writes: a request for huntchess.wasm
// from a browser that accepts brotli (or gzip) gets huntchess.wasm.br (.gz)
// with Content-Encoding set. Every response is revalidated (no-cache), so a
// new build is seen at once.
type Handler struct {
	Dir      string
	Requests atomic.Int64 // requests served
	// Throttle, when set, sends huntchess.wasm (or its copy) at that many
	// bytes a second, as a phone's network would: the browser test's view
	// of the loading screen.
	Throttle int
	// Refuse, when set, answers 404 for the paths it names (a table the
	// site does not serve: the browser test's game that Master searches).
	Refuse func(path string) bool
	// now and sleep are the throttle's clock (time.Now, time.Sleep when
	// nil; the tests pass a fake one).
	now   func() time.Time
	sleep func(time.Duration)
}

var types = map[string]string{
	".wasm":        "application/wasm",
	".webmanifest": "application/manifest+json",
	".js":          "text/javascript; charset=utf-8",
	".html":        "text/html; charset=utf-8",
	".json":        "application/json",
	".png":         "image/png",
}

func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.Requests.Add(1)
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	name := path.Clean("/" + r.URL.Path)
	if strings.HasSuffix(name, "/") {
		name += "index.html"
	}
	file := filepath.Join(h.Dir, filepath.FromSlash(name))
	st, err := os.Stat(file)
	if err != nil || st.IsDir() || h.Refuse != nil && h.Refuse(name) {
		http.NotFound(w, r)
		return
	}
	ext := path.Ext(name)
	ctype := types[ext]
	if ctype == "" {
		ctype = mime.TypeByExtension(ext)
	}
	hd := w.Header()
	if ctype != "" {
		hd.Set("Content-Type", ctype)
	}
	hd.Set("Cache-Control", "no-cache")
	hd.Set("Vary", "Accept-Encoding")
	accept := r.Header.Get("Accept-Encoding")
	for _, enc := range []struct{ name, ext string }{{"br", ".br"}, {"gzip", ".gz"}} {
		if !acceptsEncoding(accept, enc.name) {
			continue
		}
		if _, err := os.Stat(file + enc.ext); err == nil {
			hd.Set("Content-Encoding", enc.name)
			file += enc.ext
			break
		}
	}
	f, err := os.Open(file)
	if err != nil {
		http.NotFound(w, r)
		return
	}
	defer f.Close()
	st, err = f.Stat()
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	// ServeContent, not ServeFile: ServeFile redirects …/index.html to …/,
	// and a redirected response cannot answer a navigation from the
	// service worker's cache.
	if h.Throttle > 0 && strings.HasPrefix(path.Base(name), "huntchess.wasm") {
		sw := &slowWriter{ResponseWriter: w, rate: h.Throttle, now: h.now, sleep: h.sleep}
		if sw.now == nil || sw.sleep == nil {
			sw.now, sw.sleep = time.Now, time.Sleep
		}
		w = sw
	}
	http.ServeContent(w, r, name, st.ModTime(), f)
}

// slowWriter writes at most rate bytes a second.
type slowWriter struct {
	http.ResponseWriter
	rate  int
	now   func() time.Time
	sleep func(time.Duration)
	start time.Time
	sent  int
}

func (w *slowWriter) Write(p []byte) (int, error) {
	if w.start.IsZero() {
		w.start = w.now()
	}
	n := 0
	for len(p) > 0 {
		k := min(len(p), max(w.rate/20, 1))
		m, err := w.ResponseWriter.Write(p[:k])
		n += m
		w.sent += m
		if err != nil {
			return n, err
		}
		if f, ok := w.ResponseWriter.(http.Flusher); ok {
			f.Flush()
		}
		// Wait until the bytes sent so far are due.
		due := w.start.Add(time.Duration(float64(w.sent) / float64(w.rate) * float64(time.Second)))
		w.sleep(due.Sub(w.now()))
		p = p[k:]
	}
	return n, nil
}

// acceptsEncoding reports whether an Accept-Encoding header lists enc
// (without q=0).
func acceptsEncoding(header, enc string) bool {
	for _, part := range strings.Split(header, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if !strings.EqualFold(strings.TrimSpace(name), enc) {
			continue
		}
		q := strings.ReplaceAll(params, " ", "")
		return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
	}
	return false
}

// Serve serves h on addr ("127.0.0.1:0": a free port) in the background
// until the server is closed: the server, and the site's address
// (http://HOST:PORT/). The browser test, cmd/webexplore and
// cmd/webfirstframe serve the site they open with it.
func Serve(addr string, h http.Handler) (*http.Server, string, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, "", err
	}
	srv := &http.Server{Handler: h}
	go srv.Serve(ln)
	return srv, "http://" + ln.Addr().String() + "/", nil
}

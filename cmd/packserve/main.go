// Command packserve serves a table pack (make device-tables:
// build/device/pack) on 127.0.0.1 at /pack/, with Range requests, slowed to
// a given rate, for trying the download in the app (and its screenshots):
//
//	go run ./cmd/packserve -dir build/device/pack -addr 127.0.0.1:8090 -rate 2MB -for 10m
//	HUNTCHESS_PACK_URL=http://127.0.0.1:8090/pack/ go run .
//
// It stops by itself after -for.
package main

import (
	"flag"
	"log"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"time"

	"huntchess/internal/bytesize"
	"huntchess/pack"
)

func main() {
	dir := flag.String("dir", "build/device/pack", "the pack (make device-tables)")
	addr := flag.String("addr", "127.0.0.1:8090", "address to listen on (loopback)")
	rate := flag.String("rate", "0", "bytes a second per response, e.g. 500KB, 2MB (0: as fast as it goes)")
	limit := flag.Duration("for", 10*time.Minute, "stop after this long")
	flag.Parse()
	log.SetFlags(0)
	if _, err := os.Stat(filepath.Join(*dir, pack.ManifestName)); err != nil {
		log.Fatalf("packserve: %s has no %s: run make device-tables first", *dir, pack.ManifestName)
	}
	bps, err := bytesize.Parse(*rate)
	if err != nil {
		log.Fatalf("packserve: -rate: %v", err)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatalf("packserve: %v", err)
	}
	if h, _, _ := net.SplitHostPort(ln.Addr().String()); !net.ParseIP(h).IsLoopback() {
		log.Fatalf("packserve: %s is not a loopback address", h)
	}
	log.Printf("packserve: serving %s at http://%s/pack/ (%s/s) for %s", *dir, ln.Addr(), *rate, *limit)
	files := http.StripPrefix("/pack/", http.FileServer(http.Dir(*dir)))
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		log.Printf("packserve: %s %s %s", r.Method, r.URL.Path, r.Header.Get("Range"))
		if bps > 0 {
			w = &slowWriter{ResponseWriter: w, bps: bps}
		}
		files.ServeHTTP(w, r)
	})}
	time.AfterFunc(*limit, func() { _ = srv.Close() })
	if err := srv.Serve(ln); err != nil && err != http.ErrServerClosed {
		log.Fatalf("packserve: %v", err)
	}
}

// slowWriter writes at most bps bytes a second.
type slowWriter struct {
	http.ResponseWriter
	bps int64
}

func (w *slowWriter) Write(p []byte) (int, error) {
	chunk := max(int(w.bps/20), 1) // 20 writes a second
	n := 0
	for len(p) > 0 {
		c := p[:min(len(p), chunk)]
		k, err := w.ResponseWriter.Write(c)
		n += k
		if err != nil {
			return n, err
		}
		if f, ok := w.ResponseWriter.(http.Flusher); ok {
			f.Flush()
		}
		p = p[k:]
		time.Sleep(time.Duration(int64(time.Second) * int64(k) / w.bps))
	}
	return n, nil
}

// Command webserve serves the browser build (make web) on 127.0.0.1 for
// trying it: make serve-web, then open the address it prints.
//
//	go run ./cmd/webserve -dir build/web -addr 127.0.0.1:8080
package main

import (
	"flag"
	"log"
	"net"
	"net/http"
	"os"
	"path/filepath"

	"huntchess/webtest"
)

func main() {
	dir := flag.String("dir", "build/web", "the site (make web)")
	addr := flag.String("addr", "127.0.0.1:8080", "address to listen on")
	flag.Parse()
	log.SetFlags(0)
	if _, err := os.Stat(filepath.Join(*dir, "huntchess.wasm")); err != nil {
		log.Fatalf("webserve: %s has no huntchess.wasm: run make web first", *dir)
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		log.Fatalf("webserve: %v", err)
	}
	log.Printf("webserve: serving %s on http://%s/ (Ctrl+C to stop)", *dir, ln.Addr())
	log.Fatal(http.Serve(ln, &webtest.Handler{Dir: *dir}))
}

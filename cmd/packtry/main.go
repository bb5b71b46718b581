// Command packtry downloads a table pack the way the app does
// (pack.Pack), printing what happens: the manifest, the progress, an
// interruption when asked (-stop-after: the download is cancelled once that
// many bytes are in), the resumed download, the checks (each part's sha256,
// then the whole file's and its rules) and the install.
//
//	go run ./cmd/packtry -url http://127.0.0.1:8090/pack/ -dir /tmp/pack -stop-after 10MB
//
// It leaves the installed pack in -dir (-delete: removes it at the end).
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"time"

	"huntchess/internal/bytesize"
	"huntchess/pack"
)

func main() {
	url := flag.String("url", os.Getenv("HUNTCHESS_PACK_URL"), "the pack's address (default $HUNTCHESS_PACK_URL)")
	dir := flag.String("dir", "", "the pack folder (required)")
	stop := flag.String("stop-after", "0", "cancel the first download once this many bytes are in (e.g. 10MB; 0: never)")
	del := flag.Bool("delete", false, "delete the pack at the end")
	flag.Parse()
	log.SetFlags(0)
	if *url == "" || *dir == "" {
		log.Fatal("packtry: -url and -dir are needed")
	}
	stopAt, err := bytesize.Parse(*stop)
	if err != nil {
		log.Fatalf("packtry: -stop-after: %v", err)
	}
	p := pack.New(*dir, *url)
	m, err := p.FetchManifest(context.Background())
	if err != nil {
		log.Fatalf("packtry: %v", err)
	}
	fmt.Printf("manifest %s (format %d): %d files, %d bytes\n", m.Version, m.Format, len(m.Files), m.Bytes())
	for _, f := range m.Files {
		big := int64(0)
		for _, pc := range f.Pieces() {
			big = max(big, pc.Size)
		}
		fmt.Printf("  %-28s %-18s %10d bytes  sha256 %.16s…  rules %.12s…  %d parts (largest %d bytes)\n",
			f.Name, f.Game, f.Size, f.SHA256, f.Fingerprint, len(f.Pieces()), big)
	}
	run := func(what string, stopAt int64) error {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		t0 := time.Now()
		first, last := int64(-1), int64(0)
		err := p.Download(ctx, m, func(done, total int64) {
			if first < 0 {
				first = done
				fmt.Printf("%s: %d of %d bytes to fetch are in already\n", what, done, total)
			}
			last = done
			if stopAt > 0 && done >= stopAt {
				cancel()
			}
		})
		fmt.Printf("%s: %d bytes fetched in %.2f s (progress %d → %d), error: %v\n",
			what, last-max(first, 0), time.Since(t0).Seconds(), max(first, 0), last, err)
		return err
	}
	if stopAt > 0 {
		_ = run("first try (cancelled)", stopAt)
		ents, _ := os.ReadDir(filepath.Join(*dir, "partial"))
		for _, e := range ents {
			if fi, err := e.Info(); err == nil {
				fmt.Printf("  kept partial/%s: %d bytes\n", e.Name(), fi.Size())
			}
		}
	}
	if err := run("download", 0); err != nil {
		log.Fatalf("packtry: %v", err)
	}
	inst := p.Installed()
	fmt.Printf("installed (sha256 and rules fingerprint checked, tablebase.Open): %d files, %d bytes, games %v\n",
		len(inst.Files), inst.Bytes(), inst.Games())
	if *del {
		if err := p.Delete(); err != nil {
			log.Fatalf("packtry: %v", err)
		}
		fmt.Printf("deleted: %s holds %d bytes\n", *dir, p.Bytes())
	}
}

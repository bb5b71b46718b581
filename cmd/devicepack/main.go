// Command devicepack writes what the app ships and the table pack from
// table files (make device-tables, scripts/device-tables.sh):
//
//	go run ./cmd/devicepack -out build/device -ship "FILE…" -strategy "FILE…" -pack "FILE…" [-budget BYTES] [-part BYTES]
//
// OUT/shipped/ gets the tables and strategy files the app embeds, with
// shipped.json (each file's name, size and sha256), and fails when they
// come to more than -budget bytes (the package may grow by 55 MB: 40 MB for three games, 15 MB for Wolf Carries the Pig). OUT/pack/
// gets the pack's tables as parts of at most -part bytes (NAME.part-000,
// NAME.part-001, …: the bytes of NAME in order) and manifest.json
// (pack.Manifest, format 2: the pack's version, a hash of its files and
// of the part size; each file's game, rules fingerprint, size and sha256,
// and its parts' names, sizes and sha256), ready to be published at the
// pack's address (pack.DefaultURL) on any static host whose limit
// on a file's size is at least -part. Every table is opened with tablebase.Open and
// must be built for the app's rules. The output depends on the input bytes
// alone: no times, no paths, files in name order.
package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/pack"
)

func main() {
	out := flag.String("out", "build/device", "output folder (shipped/ and pack/ in it)")
	ship := flag.String("ship", "", "tables the app embeds (space-separated)")
	strategy := flag.String("strategy", "", "strategy files the app embeds (space-separated)")
	packFiles := flag.String("pack", "", "tables of the pack (space-separated)")
	budget := flag.Int64("budget", 55_000_000, "most bytes the shipped files may take (55 MB)")
	part := flag.Int64("part", PartSize, "most bytes of a pack file's part (24 MiB)")
	flag.Parse()
	if err := run(*out, strings.Fields(*ship), strings.Fields(*strategy), strings.Fields(*packFiles), *budget, *part, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "devicepack:", err)
		os.Exit(1)
	}
}

// PartSize is the most bytes of a pack file's part: 24 MiB, within every
// static host's limit on a file we know of (Cloudflare Pages 25 MiB a
// file; GitHub refuses a file over 100 MB and warns over 50 MB, and a
// Pages site may hold 1 GB), and few enough parts that their requests do
// not count (the 809 MB pack in 34).
const PartSize = 24 << 20

// Shipped is shipped.json: what the app embeds.
type Shipped struct {
	Files []ShippedFile `json:"files"`
}

// ShippedFile is one embedded file.
type ShippedFile struct {
	Name   string `json:"name"`
	Kind   string `json:"kind"`           // "table" or "strategy"
	Game   string `json:"game,omitempty"` // tables
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"`
}

func run(out string, ship, strategy, packFiles []string, budget, partSize int64, log io.Writer) error {
	if partSize <= 0 {
		return fmt.Errorf("-part %d: a part must hold a byte at least", partSize)
	}
	shipDir, packDir := filepath.Join(out, "shipped"), filepath.Join(out, "pack")
	for _, d := range []string{shipDir, packDir} {
		if err := os.RemoveAll(d); err != nil {
			return err
		}
		if err := os.MkdirAll(d, 0o755); err != nil {
			return err
		}
	}
	var sh Shipped
	var shipBytes int64
	for _, kind := range []struct {
		name  string
		files []string
	}{{"table", ship}, {"strategy", strategy}} {
		for _, in := range kind.files {
			f := ShippedFile{Name: filepath.Base(in), Kind: kind.name}
			if kind.name == "table" {
				game, _, err := inspect(in)
				if err != nil {
					return err
				}
				f.Game = game
			}
			var err error
			if f.Size, f.SHA256, err = copyFile(in, filepath.Join(shipDir, f.Name)); err != nil {
				return err
			}
			shipBytes += f.Size
			sh.Files = append(sh.Files, f)
		}
	}
	slices.SortFunc(sh.Files, func(a, b ShippedFile) int { return strings.Compare(a.Name, b.Name) })
	if err := dup(len(sh.Files), func(i int) string { return sh.Files[i].Name }); err != nil {
		return err
	}
	if err := writeJSON(filepath.Join(shipDir, "shipped.json"), sh); err != nil {
		return err
	}

	m := pack.Manifest{Format: 2}
	for _, in := range packFiles {
		game, fp, err := inspect(in)
		if err != nil {
			return err
		}
		f := pack.File{Name: filepath.Base(in), Game: game, Fingerprint: fp}
		if err := splitFile(in, packDir, partSize, &f); err != nil {
			return err
		}
		m.Files = append(m.Files, f)
	}
	slices.SortFunc(m.Files, func(a, b pack.File) int { return strings.Compare(a.Name, b.Name) })
	if err := dup(len(m.Files), func(i int) string { return m.Files[i].Name }); err != nil {
		return err
	}
	h := sha256.New()
	for _, f := range m.Files {
		fmt.Fprintf(h, "%s %s %s\n", f.Name, f.Fingerprint, f.SHA256)
	}
	fmt.Fprintf(h, "parts of %d bytes\n", partSize)
	m.Version = hex.EncodeToString(h.Sum(nil))[:16]
	if err := writeJSON(filepath.Join(packDir, pack.ManifestName), m); err != nil {
		return err
	}
	// What the app will read: the manifest as it parses it.
	data, err := os.ReadFile(filepath.Join(packDir, pack.ManifestName))
	if err != nil {
		return err
	}
	if _, err := pack.ParseManifest(data); err != nil {
		return err
	}

	mb := func(n int64) string { return fmt.Sprintf("%.1f MB", float64(n)/1e6) }
	for _, f := range sh.Files {
		fmt.Fprintf(log, "shipped  %-34s %10d bytes  %s\n", f.Name, f.Size, f.SHA256[:16])
	}
	parts := 0
	for _, f := range m.Files {
		fmt.Fprintf(log, "pack     %-34s %10d bytes  %s  %d parts\n", f.Name, f.Size, f.SHA256[:16], len(f.Parts))
		parts += len(f.Parts)
	}
	fmt.Fprintf(log, "shipped: %d files, %s (budget %s); pack %s: %d files, %s, in %d parts of at most %d bytes\n",
		len(sh.Files), mb(shipBytes), mb(budget), m.Version, len(m.Files), mb(m.Bytes()), parts, partSize)
	if shipBytes > budget {
		return fmt.Errorf("the shipped files take %s, over the budget of %s: move a table to the pack", mb(shipBytes), mb(budget))
	}
	return nil
}

// inspect opens a table and returns its game and rules fingerprint; a table
// built for other rules than this build's is refused.
func inspect(path string) (game, fingerprint string, err error) {
	t, err := tablebase.Open(path)
	if err != nil {
		return "", "", err
	}
	defer t.Close()
	g, err := core.Lookup(t.Game)
	if err != nil {
		return "", "", fmt.Errorf("%s: %w", path, err)
	}
	if want := tablebase.ForGame(g.ID).Fingerprint(); t.Fingerprint != want {
		return "", "", fmt.Errorf("%s: built for other rules (rebuild it)", path)
	}
	return t.Game, t.Fingerprint, nil
}

// copyFile copies src to dst and returns its size and sha256.
func copyFile(src, dst string) (int64, string, error) {
	in, err := os.Open(src)
	if err != nil {
		return 0, "", err
	}
	defer in.Close()
	out, err := os.Create(dst)
	if err != nil {
		return 0, "", err
	}
	h := sha256.New()
	n, err := io.Copy(io.MultiWriter(out, h), in)
	if cerr := out.Close(); err == nil {
		err = cerr
	}
	return n, hex.EncodeToString(h.Sum(nil)), err
}

// splitFile writes src into dir as parts of at most size bytes
// (NAME.part-000, …) and fills in f's size, sha256 and parts.
func splitFile(src, dir string, size int64, f *pack.File) error {
	in, err := os.Open(src)
	if err != nil {
		return err
	}
	defer in.Close()
	whole := sha256.New()
	r := io.TeeReader(in, whole)
	for i := 0; ; i++ {
		pc := pack.Part{Name: fmt.Sprintf("%s.part-%03d", f.Name, i)}
		path := filepath.Join(dir, pc.Name)
		out, err := os.Create(path)
		if err != nil {
			return err
		}
		h := sha256.New()
		n, err := io.Copy(io.MultiWriter(out, h), io.LimitReader(r, size))
		if cerr := out.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
		if n == 0 {
			if err := os.Remove(path); err != nil {
				return err
			}
			break
		}
		pc.Size, pc.SHA256 = n, hex.EncodeToString(h.Sum(nil))
		f.Parts = append(f.Parts, pc)
		f.Size += n
		if n < size {
			break
		}
	}
	if f.Size == 0 {
		return fmt.Errorf("%s: empty", src)
	}
	f.SHA256 = hex.EncodeToString(whole.Sum(nil))
	return nil
}

func dup(n int, name func(int) string) error {
	for i := 1; i < n; i++ {
		if name(i) == name(i-1) {
			return errors.New("two files named " + name(i))
		}
	}
	return nil
}

func writeJSON(path string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}

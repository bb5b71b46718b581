package pack

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"huntchess/core"
)

// DefaultURL is where the app looks for the table pack unless the
// player's setting or the developer's address (both read by the app) say
// otherwise: the project's GitHub Pages site, the host the app's ID
// io.github.huntchess names. It is a static host that serves byte ranges (resuming) over
// HTTPS and refuses files over 100 MB, and `make device-tables` writes
// build/device/pack/ ready to be published there as pack/ (the repository
// huntchess/pack): its files as parts of at most 24 MiB.
const DefaultURL = "https://huntchess.github.io/pack/"

// ManifestName is the manifest's file name, on the site and in the pack folder.
const ManifestName = "manifest.json"

// manifestFormat is the manifest format this build writes (the installed
// pack's) and reads; it reads format 1 too (files served whole, no parts).
// Format 2 added parts: an app that reads format 1 only refuses a format-2
// manifest plainly rather than asking the site for files it does not hold.
const manifestFormat = 2

// Manifest describes a table pack.
type Manifest struct {
	Format int `json:"format"`
	// Version names the pack's content (make device-tables: a hash of its
	// files).
	Version string `json:"version"`
	Files   []File `json:"files"`
}

// File is one file of the pack.
type File struct {
	Name string `json:"name"` // file name (GAME.hctb)
	Game string `json:"game"` // core game ID text
	// Fingerprint is the rules fingerprint of the table
	// (tablebase.Rules.Fingerprint of the game's rules).
	Fingerprint string `json:"fingerprint"`
	Size        int64  `json:"size"`
	SHA256      string `json:"sha256"` // hex, of the whole file
	// Parts are the files the site holds the file as, in order (format 2;
	// none: the site holds it whole, under Name).
	Parts []Part `json:"parts,omitempty"`
}

// Part is one part of a pack file on the site: bytes of the file, in
// order, as a file of its own.
type Part struct {
	Name   string `json:"name"` // file name (GAME.hctb.part-000)
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"` // hex
}

// Pieces are the files to fetch for f, in order: its parts, or the file
// itself as its one part.
func (f File) Pieces() []Part {
	if len(f.Parts) > 0 {
		return f.Parts
	}
	return []Part{{Name: f.Name, Size: f.Size, SHA256: f.SHA256}}
}

// Same reports whether f and g are the same file: the same name, game,
// rules and content (however the site splits it).
func (f File) Same(g File) bool {
	return f.Name == g.Name && f.Game == g.Game && f.Fingerprint == g.Fingerprint && f.Size == g.Size && f.SHA256 == g.SHA256
}

// Bytes is the size of all the pack's files.
func (m *Manifest) Bytes() int64 {
	var n int64
	for _, f := range m.Files {
		n += f.Size
	}
	return n
}

// Games are the games the pack's files are tables of, in the games' order.
func (m *Manifest) Games() []core.GameID {
	var out []core.GameID
	for _, g := range core.Games() {
		if slices.ContainsFunc(m.Files, func(f File) bool { return f.Game == g.Key }) {
			out = append(out, g.ID)
		}
	}
	return out
}

// ParseManifest reads and checks a manifest: its format, and each file's
// name (a plain file name), game, size and sha256, and its parts' (plain
// file names, sizes adding up to the file's).
func ParseManifest(data []byte) (*Manifest, error) {
	var m Manifest
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("table pack manifest: %v", err)
	}
	if m.Format != 1 && m.Format != manifestFormat {
		return nil, fmt.Errorf("table pack manifest format %d, this app reads 1 and %d", m.Format, manifestFormat)
	}
	seen := map[string]bool{}
	name := func(n string) bool {
		ok := n != "" && n == filepath.Base(n) && !strings.ContainsAny(n, `/\`) &&
			!strings.HasPrefix(n, ".") && n != ManifestName && n != remoteName && n != partialDir && !seen[n]
		seen[n] = true
		return ok
	}
	sum := func(s string) bool {
		b, err := hex.DecodeString(s)
		return err == nil && len(b) == sha256.Size
	}
	for _, f := range m.Files {
		if !name(f.Name) {
			return nil, fmt.Errorf("table pack manifest: bad file name %q", f.Name)
		}
		if _, err := core.Lookup(f.Game); err != nil {
			return nil, fmt.Errorf("table pack manifest: %s: %v", f.Name, err)
		}
		if !sum(f.SHA256) {
			return nil, fmt.Errorf("table pack manifest: %s: bad sha256", f.Name)
		}
		if f.Size <= 0 {
			return nil, fmt.Errorf("table pack manifest: %s: bad size", f.Name)
		}
		if f.Size > MaxFileBytes {
			return nil, fmt.Errorf("table pack manifest: %s: a file of %d bytes claimed, at most %d GiB", f.Name, f.Size, MaxFileBytes>>30)
		}
		if len(f.Parts) > 0 && m.Format < 2 {
			return nil, fmt.Errorf("table pack manifest: %s: parts in a format-%d manifest", f.Name, m.Format)
		}
		var n int64
		for _, pt := range f.Parts {
			if !name(pt.Name) {
				return nil, fmt.Errorf("table pack manifest: %s: bad part name %q", f.Name, pt.Name)
			}
			if !sum(pt.SHA256) || pt.Size <= 0 {
				return nil, fmt.Errorf("table pack manifest: %s: %s: bad size or sha256", f.Name, pt.Name)
			}
			if pt.Size > f.Size-n { // checked before it is added: the sum cannot overflow
				return nil, fmt.Errorf("table pack manifest: %s: its parts come to more than the file's %d bytes", f.Name, f.Size)
			}
			n += pt.Size
		}
		if len(f.Parts) > 0 && n != f.Size {
			return nil, fmt.Errorf("table pack manifest: %s: its parts come to %d bytes, the file is %d", f.Name, n, f.Size)
		}
		if len(f.Parts) == 1 && f.Parts[0].SHA256 != f.SHA256 {
			return nil, fmt.Errorf("table pack manifest: %s: its one part is another file", f.Name)
		}
	}
	return &m, nil
}

// Errors of a pack file that fails a check (wrapped with the file's name).
var (
	ErrChecksum = errors.New("the downloaded file is damaged (sha256 mismatch)")
	ErrRules    = errors.New("the table is built for other rules than this app's")
)

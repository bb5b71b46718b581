package pack

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/internal/fileio"
)

// Pack downloads, verifies, installs and deletes the table pack in one
// folder of the app's storage. Its methods are safe to call from one
// goroutine at a time (Job runs them in the background).
type Pack struct {
	Dir  string // <storage>/pack
	Base string // the site's address (PackURL)
	// Client makes the requests (nil: http.DefaultClient).
	Client *http.Client
	// Verify checks a complete file against its entry beyond its sha256
	// (nil: verifyTable, tablebase.Open and the rules fingerprint).
	Verify func(path string, f File) error
}

// New is the pack in dir, downloaded from base. It removes the temporary
// files of a manifest's write that a killed app left in dir.
func New(dir, base string) *Pack {
	fileio.RemoveStaleTemps(filepath.Join(dir, ManifestName))
	fileio.RemoveStaleTemps(filepath.Join(dir, remoteName))
	return &Pack{Dir: dir, Base: base}
}

func (p *Pack) client() *http.Client {
	if p.Client != nil {
		return p.Client
	}
	return packClient
}

// stallTimeout is how long a download may receive nothing before it fails
// (and resumes at the next try).
var stallTimeout = 60 * time.Second

// errStalled is the error of a download that received nothing for
// stallTimeout.
var errStalled = stalledError{}

type stalledError struct{}

func (stalledError) Error() string   { return "the download stalled: nothing received for a while" }
func (stalledError) Timeout() bool   { return true }
func (stalledError) Temporary() bool { return true }

// url is the address of a file of the pack.
func (p *Pack) url(name string) (string, error) {
	base := p.Base
	if !strings.HasSuffix(base, "/") {
		base += "/"
	}
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return "", fmt.Errorf("the table pack address %q is not an http(s) address", p.Base)
	}
	return u.ResolveReference(&url.URL{Path: name}).String(), nil
}

// FetchManifest downloads and checks the site's manifest.
func (p *Pack) FetchManifest(ctx context.Context) (*Manifest, error) {
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	u, err := p.url(ManifestName)
	if err != nil {
		return nil, err
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u, nil)
	if err != nil {
		return nil, err
	}
	resp, err := p.client().Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return nil, statusError{url: u, code: resp.StatusCode, status: resp.Status}
	}
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxManifestBytes+1))
	if err != nil {
		return nil, err
	}
	if len(data) > maxManifestBytes {
		return nil, fmt.Errorf("table pack manifest: more than %d KiB", maxManifestBytes>>10)
	}
	return ParseManifest(data)
}

// statusError is a site's answer other than the one asked for.
type statusError struct {
	url, status string
	code        int
}

func (e statusError) Error() string { return e.url + ": " + e.status }

// partialDir is the pack folder's folder of the downloads under way
// (partial copies and their notes); no pack file may take its name.
const partialDir = "partial"

// remoteName is the site's manifest as last fetched, kept in the pack
// folder so the settings can say the download's size without asking the
// site again.
const remoteName = "remote.json"

// SaveRemote keeps the site's manifest as last fetched.
func (p *Pack) SaveRemote(m *Manifest) error {
	if err := os.MkdirAll(p.Dir, 0o755); err != nil {
		return err
	}
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return fileio.WriteAtomic(filepath.Join(p.Dir, remoteName), append(data, '\n'))
}

// SavedRemote is the site's manifest as last fetched (nil: none, or
// unreadable).
func (p *Pack) SavedRemote() *Manifest { return p.readManifest(remoteName) }

// readManifest reads the manifest in the pack's folder named name (nil:
// none, or unreadable).
func (p *Pack) readManifest(name string) *Manifest {
	data, err := fileio.ReadLimited(filepath.Join(p.Dir, name), maxManifestBytes)
	if err != nil {
		return nil
	}
	m, err := ParseManifest(data)
	if err != nil {
		return nil
	}
	return m
}

// Installed is the installed pack's manifest (nil: none). Entries whose
// file is missing or of another size are left out.
func (p *Pack) Installed() *Manifest {
	m := p.readManifest(ManifestName)
	if m == nil {
		return nil
	}
	kept := m.Files[:0]
	for _, f := range m.Files {
		if fi, err := os.Stat(filepath.Join(p.Dir, f.Name)); err == nil && fi.Size() == f.Size {
			kept = append(kept, f)
		}
	}
	m.Files = kept
	if len(m.Files) == 0 {
		return nil
	}
	return m
}

// TablePath is the installed file of game id's table, GAME.hctb ("" for
// none). A game may have other files in the pack (Beat the Wolf's bound
// tier, beat-the-wolf.bound.hctb): File finds them.
func (p *Pack) TablePath(id core.GameID) string {
	return p.File(tablebase.Path("", id.String()))
}

// File is the installed file of that name ("" for none).
func (p *Pack) File(name string) string {
	if p == nil {
		return ""
	}
	if m := p.Installed(); m != nil {
		for _, f := range m.Files {
			if f.Name == name {
				return filepath.Join(p.Dir, f.Name)
			}
		}
	}
	return ""
}

// Missing is what of m is not installed yet: its files and their bytes.
func (p *Pack) Missing(m *Manifest) ([]File, int64) {
	inst := p.Installed()
	var out []File
	var n int64
	for _, f := range m.Files {
		if inst != nil && slices.ContainsFunc(inst.Files, f.Same) {
			continue
		}
		out = append(out, f)
		n += f.Size
	}
	return out, n
}

// Delete removes the pack: the installed manifest first (so a file is
// never named once gone), then every file and partial copy.
func (p *Pack) Delete() error {
	if err := p.writeInstalled(&Manifest{}); err != nil {
		return err
	}
	err := os.RemoveAll(p.Dir)
	return err
}

// Bytes is the space the pack folder takes (installed files and partial
// copies).
func (p *Pack) Bytes() int64 {
	// (remote.json, a few hundred bytes, is counted too.)
	var n int64
	_ = filepath.WalkDir(p.Dir, func(_ string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() {
			if fi, err := d.Info(); err == nil {
				n += fi.Size()
			}
		}
		return nil
	})
	return n
}

package session

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/storage"
)

// The table pack: the endgame tables too large to ship inside the app,
// downloaded when the player asks (Settings, "Perfect play: download …
// MB") from a static site (PackURL). The site holds manifest.json and the
// files it lists; `make device-tables` writes both (build/device/pack/).
// A file is published as parts (format 2: NAME.part-000, NAME.part-001, …,
// each at most 24 MiB, the manifest giving each part's size and sha256), so
// that a host with a limit on a file's size (GitHub's 100 MB) can serve it;
// a format-1 manifest's files are served whole, and are read still.
//
// In the app's storage (Pack.Dir, <storage>/pack):
//
//	manifest.json        the installed pack: the remote manifest's entries
//	                     of the files installed, written last
//	NAME                 each installed file (GAME.hctb)
//	partial/SHA256.part  a file being downloaded, kept for resuming; named
//	partial/SHA256.etag  by the content it must have (the manifest's
//	                     sha256), with the server's ETag for If-Range
//
//	partial/SHA256.ok    how many of its bytes are verified (whole parts)
//
// A file's parts are fetched in order and appended to its partial copy
// (one copy of the file on the device, never the parts and the file); a
// part is fetched with a Range request from where the partial copy ends
// inside it (If-Range: a server whose part changed sends it whole); a
// server that ignores Range sends the part whole, and the part starts over.
// Each part is checked (its size and sha256) once it is in: a damaged one
// is cut off again and the download fails, the parts before it kept. The
// complete file is checked (its size and sha256, then tablebase.Open and
// its rules fingerprint against the app's rules), synced and renamed into
// place; only then does the installed manifest name it. A file that fails
// a check is removed, never installed.

// DefaultPackURL is where the app looks for the table pack unless the
// player's setting (KeyPackURL) or HUNTCHESS_PACK_URL says otherwise: the
// project's GitHub Pages site, the host the app's ID io.github.huntchess
// names. It is a static host that serves byte ranges (resuming) over
// HTTPS and refuses files over 100 MB, and `make device-tables` writes
// build/device/pack/ ready to be published there as pack/ (the repository
// huntchess/pack): its files as parts of at most 24 MiB.
const DefaultPackURL = "https://huntchess.github.io/pack/"

// PackURLEnv overrides the pack's address (tests, a developer's server:
// cmd/packserve).
const PackURLEnv = "HUNTCHESS_PACK_URL"

// KeyPackURL is the preference holding the player's pack address ("" for
// the default).
const KeyPackURL = "settings.pack_url"

// PackURL is the pack's base address: HUNTCHESS_PACK_URL, else the
// setting, else DefaultPackURL.
func PackURL(p storage.Prefs) string {
	if v := strings.TrimSpace(os.Getenv(PackURLEnv)); v != "" {
		return v
	}
	if p != nil {
		if v := strings.TrimSpace(p.StringWithFallback(KeyPackURL, "")); v != "" {
			return v
		}
	}
	return DefaultPackURL
}

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
	Version string     `json:"version"`
	Files   []PackFile `json:"files"`
}

// PackFile is one file of the pack.
type PackFile struct {
	Name string `json:"name"` // file name (GAME.hctb)
	Game string `json:"game"` // core game ID text
	// Fingerprint is the rules fingerprint of the table
	// (tablebase.Rules.Fingerprint of the game's rules).
	Fingerprint string `json:"fingerprint"`
	Size        int64  `json:"size"`
	SHA256      string `json:"sha256"` // hex, of the whole file
	// Parts are the files the site holds the file as, in order (format 2;
	// none: the site holds it whole, under Name).
	Parts []PackPart `json:"parts,omitempty"`
}

// PackPart is one part of a pack file on the site: bytes of the file, in
// order, as a file of its own.
type PackPart struct {
	Name   string `json:"name"` // file name (GAME.hctb.part-000)
	Size   int64  `json:"size"`
	SHA256 string `json:"sha256"` // hex
}

// Pieces are the files to fetch for f, in order: its parts, or the file
// itself as its one part.
func (f PackFile) Pieces() []PackPart {
	if len(f.Parts) > 0 {
		return f.Parts
	}
	return []PackPart{{Name: f.Name, Size: f.Size, SHA256: f.SHA256}}
}

// Same reports whether f and g are the same file: the same name, game,
// rules and content (however the site splits it).
func (f PackFile) Same(g PackFile) bool {
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
		if slices.ContainsFunc(m.Files, func(f PackFile) bool { return f.Game == g.Key }) {
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
			!strings.HasPrefix(n, ".") && n != ManifestName && n != remoteName && !seen[n]
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
		if f.Size > MaxPackFileBytes {
			return nil, fmt.Errorf("table pack manifest: %s: a file of %d bytes claimed, at most %d GiB", f.Name, f.Size, MaxPackFileBytes>>30)
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
	ErrPackChecksum = errors.New("the downloaded file is damaged (sha256 mismatch)")
	ErrPackRules    = errors.New("the table is built for other rules than this app's")
)

// Pack downloads, verifies, installs and deletes the table pack in one
// folder of the app's storage. Its methods are safe to call from one
// goroutine at a time (PackJob runs them in the background).
type Pack struct {
	Dir  string // <storage>/pack
	Base string // the site's address (PackURL)
	// Client makes the requests (nil: http.DefaultClient).
	Client *http.Client
	// Verify checks a complete file against its entry beyond its sha256
	// (nil: verifyTable, tablebase.Open and the rules fingerprint).
	Verify func(path string, f PackFile) error
}

// NewPack is the pack in dir, downloaded from base.
func NewPack(dir, base string) *Pack { return &Pack{Dir: dir, Base: base} }

func (p *Pack) client() *http.Client {
	if p.Client != nil {
		return p.Client
	}
	return packClient
}

// packClient is http.DefaultClient's transport with a limit on the wait
// for a response's headers: a site that never answers fails instead of
// "looking" for ever (a stalled body: stallTimeout).
var packClient = func() *http.Client {
	tr := http.DefaultTransport.(*http.Transport).Clone()
	tr.ResponseHeaderTimeout = 30 * time.Second
	return &http.Client{Transport: tr}
}()

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
	return storage.WriteAtomic(filepath.Join(p.Dir, remoteName), append(data, '\n'))
}

// SavedRemote is the site's manifest as last fetched (nil: none, or
// unreadable).
func (p *Pack) SavedRemote() *Manifest { return p.readManifest(remoteName) }

// readManifest reads the manifest in the pack's folder named name (nil:
// none, or unreadable).
func (p *Pack) readManifest(name string) *Manifest {
	data, err := readLimited(filepath.Join(p.Dir, name), maxManifestBytes)
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
func (p *Pack) Missing(m *Manifest) ([]PackFile, int64) {
	inst := p.Installed()
	var out []PackFile
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

// Download fetches, verifies and installs every file of m not installed
// yet, telling progress the bytes done and to do over the whole download
// (files already installed are not counted; a resumed file counts from
// where its partial copy ended). A file that fails a check is removed and
// reported, and the others are installed all the same. Cancelling ctx stops
// it; what was fetched of the current file is kept for resuming.
func (p *Pack) Download(ctx context.Context, m *Manifest, progress func(done, total int64)) error {
	if progress == nil {
		progress = func(int64, int64) {}
	}
	if err := os.MkdirAll(filepath.Join(p.Dir, "partial"), 0o755); err != nil {
		return err
	}
	todo, total := p.Missing(m)
	p.removeStalePartials(m)
	var done int64
	var errs []error
	for _, f := range todo {
		if err := checkEntryRules(f); err != nil {
			errs = append(errs, err)
			done += f.Size
			progress(done, total)
			continue
		}
		err := p.fetchFile(ctx, f, func(n int64) { progress(done+n, total) })
		if ctx.Err() != nil {
			return ctx.Err()
		}
		done += f.Size
		progress(done, total)
		if err == nil {
			err = p.install(f)
		}
		if err != nil {
			errs = append(errs, err)
		}
	}
	if len(errs) == 0 {
		p.removeUnlisted(m)
	}
	return errors.Join(errs...)
}

// checkEntryRules refuses an entry built for other rules before a byte of
// it is fetched.
func checkEntryRules(f PackFile) error {
	g, err := core.Lookup(f.Game)
	if err != nil {
		return fmt.Errorf("%s: %w", f.Name, err)
	}
	if want := tablebase.ForGame(g.ID).Fingerprint(); f.Fingerprint != want {
		return fmt.Errorf("%s: %w (fingerprint %.12s…, the app's %.12s…)", f.Name, ErrPackRules, f.Fingerprint, want)
	}
	return nil
}

func (p *Pack) partial(f PackFile) string {
	return filepath.Join(p.Dir, "partial", f.SHA256+".part")
}

// sidecar is the file beside f's partial copy with that suffix: ".etag"
// (the part being fetched and its ETag), ".ok" (how many of its first
// bytes are verified).
func (p *Pack) sidecar(f PackFile, suffix string) string {
	return strings.TrimSuffix(p.partial(f), ".part") + suffix
}

// verified is how many of the first bytes of f's partial copy are checked
// (the parts they hold; 0 when unknown: they are checked again). Bytes, not
// parts: a manifest that splits the same file otherwise still finds the
// parts within them checked.
func (p *Pack) verified(f PackFile) int64 {
	data, err := readLimited(p.sidecar(f, ".ok"), maxSidecarBytes)
	if err != nil {
		return 0
	}
	n, err := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64)
	if err != nil || n < 0 {
		return 0
	}
	return n
}

func (p *Pack) setVerified(f PackFile, n int64) {
	if n == 0 {
		_ = os.Remove(p.sidecar(f, ".ok"))
		return
	}
	_ = os.WriteFile(p.sidecar(f, ".ok"), []byte(strconv.FormatInt(n, 10)+"\n"), 0o644)
}

// fetchFile brings f's partial copy to its full size, part by part,
// resuming where it ends, and checks each part and then the file; done is
// told the bytes of f on disk so far.
func (p *Pack) fetchFile(ctx context.Context, f PackFile, done func(int64)) error {
	part := p.partial(f)
	fh, err := os.OpenFile(part, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return err
	}
	defer fh.Close()
	have, err := fh.Seek(0, io.SeekEnd)
	if err != nil {
		return err
	}
	if have > f.Size { // not this file: start over
		if err := p.cutBack(fh, f, 0); err != nil {
			return err
		}
		have = 0
	}
	done(have)
	pieces := f.Pieces()
	verified := p.verified(f)
	var start int64
	for _, pc := range pieces {
		end := start + pc.Size
		if end <= verified && have >= end {
			start = end
			continue // checked before
		}
		if have < end {
			if err := p.fetchPart(ctx, fh, f, pc, start, have, done); err != nil {
				return err
			}
			have = end
		}
		if err := checkPart(fh, start, pc); err != nil {
			_ = p.cutBack(fh, f, start)
			if len(pieces) == 1 {
				return fmt.Errorf("%s: %w", f.Name, err)
			}
			return fmt.Errorf("%s: %s: %w", f.Name, pc.Name, err)
		}
		verified = end
		p.setVerified(f, verified)
		start = end
	}
	if err := p.check(fh, part, f, len(pieces) == 1); err != nil {
		_ = p.cutBack(fh, f, 0)
		return err
	}
	return nil
}

// fetchPart appends part pc of f (which starts at byte start of f) to the
// partial copy fh, which holds have bytes, have-start of them of pc
// already: it asks for the rest of pc (Range) and copies it in, up to pc's
// end.
func (p *Pack) fetchPart(ctx context.Context, fh *os.File, f PackFile, pc PackPart, start, have int64, done func(int64)) error {
	u, err := p.url(pc.Name)
	if err != nil {
		return err
	}
	off := have - start // of pc, already in
	// The request is cancelled, and fails as stalled, when nothing
	// arrives for stallTimeout.
	rctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stalled := atomic.Bool{}
	watch := time.AfterFunc(stallTimeout, func() { stalled.Store(true); cancel() })
	defer watch.Stop()
	alive := func(n int64) {
		watch.Reset(stallTimeout)
		done(n)
	}
	req, err := http.NewRequestWithContext(rctx, http.MethodGet, u, nil)
	if err != nil {
		return err
	}
	// The ETag kept is of the part it names (its first line).
	etagPath := p.sidecar(f, ".etag")
	var etag string
	if data, err := readLimited(etagPath, maxSidecarBytes); err == nil {
		if name, t, ok := strings.Cut(string(data), "\n"); ok && name == pc.Name {
			etag = t
		}
	}
	if off > 0 {
		req.Header.Set("Range", fmt.Sprintf("bytes=%d-", off))
		if etag != "" {
			req.Header.Set("If-Range", etag)
		}
	}
	resp, err := p.client().Do(req)
	if err != nil {
		if stalled.Load() && ctx.Err() == nil {
			err = errStalled
		}
		return fmt.Errorf("%s: %w", f.Name, err)
	}
	defer resp.Body.Close()
	switch {
	case resp.StatusCode == http.StatusPartialContent && off > 0 && rangeStartsAt(resp.Header.Get("Content-Range"), off, pc.Size):
		// the rest of the part
	case resp.StatusCode == http.StatusOK:
		// the whole part: the server ignored Range, or its part changed
		if err := truncateTo(fh, start); err != nil {
			return err
		}
		have, off = start, 0
		done(have)
	case off > 0 && (resp.StatusCode == http.StatusRequestedRangeNotSatisfiable || resp.StatusCode == http.StatusPartialContent):
		// what is in of the part is not of the server's part: ask again
		// for all of it (without Range, so this happens once)
		if err := truncateTo(fh, start); err != nil {
			return err
		}
		resp.Body.Close()
		return p.fetchPart(ctx, fh, f, pc, start, start, done)
	default:
		return fmt.Errorf("%s: %s", u, resp.Status)
	}
	if t := resp.Header.Get("ETag"); t != "" && !strings.HasPrefix(t, "W/") {
		if off == 0 || etag != t {
			_ = os.WriteFile(etagPath, []byte(pc.Name+"\n"+t), 0o644)
		}
	} else {
		_ = os.Remove(etagPath)
	}
	end := start + pc.Size
	n, err := copyCounting(fh, io.LimitReader(resp.Body, end-have+1), have, alive)
	if serr := fh.Sync(); err == nil {
		err = serr
	}
	if err != nil {
		if stalled.Load() && ctx.Err() == nil {
			err = errStalled
		}
		return fmt.Errorf("%s: %w", f.Name, err)
	}
	switch {
	case n > end: // more than the part: not the manifest's
		_ = truncateTo(fh, start)
		return fmt.Errorf("%s: %s: %w (more than the manifest's %d bytes)", f.Name, pc.Name, ErrPackChecksum, pc.Size)
	case n < end: // the server ended early: resumed next time
		return fmt.Errorf("%s: %s: %w (%d of %d bytes)", f.Name, pc.Name, io.ErrUnexpectedEOF, n-start, pc.Size)
	}
	return nil
}

// checkPart checks the bytes of part pc in fh (from start): its sha256.
func checkPart(fh *os.File, start int64, pc PackPart) error {
	h := sha256.New()
	n, err := io.Copy(h, io.NewSectionReader(fh, start, pc.Size))
	if err != nil {
		return err
	}
	if n != pc.Size || hex.EncodeToString(h.Sum(nil)) != pc.SHA256 {
		return ErrPackChecksum
	}
	return nil
}

// cutBack cuts f's partial copy back to its first start bytes, whole
// parts checked before (or none).
func (p *Pack) cutBack(fh *os.File, f PackFile, start int64) error {
	p.setVerified(f, min(p.verified(f), start))
	return truncateTo(fh, start)
}

// truncateTo cuts a partial copy back to its first n bytes, to be appended to.
func truncateTo(fh *os.File, n int64) error {
	if err := fh.Truncate(n); err != nil {
		return err
	}
	_, err := fh.Seek(n, io.SeekStart)
	return err
}

// rangeStartsAt reports whether a Content-Range header ("bytes 100-199/200")
// sends the rest of a file of size from off.
func rangeStartsAt(cr string, off, size int64) bool {
	first, last, total, ok := parseContentRange(cr)
	return ok && first == off && last == size-1 && total == size
}

// copyCounting appends src to fh (whose size is have), telling done the
// size so far; it returns the size at the end.
func copyCounting(fh *os.File, src io.Reader, have int64, done func(int64)) (int64, error) {
	buf := make([]byte, 256<<10)
	last := time.Time{}
	for {
		n, err := src.Read(buf)
		if n > 0 {
			if _, werr := fh.Write(buf[:n]); werr != nil {
				return have, werr
			}
			have += int64(n)
			if now := time.Now(); now.Sub(last) > 50*time.Millisecond {
				last = now
				done(have)
			}
		}
		if err == io.EOF {
			done(have)
			return have, nil
		}
		if err != nil {
			return have, err
		}
	}
}

// check verifies a complete partial copy: its size and sha256 (unless
// hashed: its one part was the whole file, checked already), then the
// table itself (Verify).
func (p *Pack) check(fh *os.File, path string, f PackFile, hashed bool) error {
	if !hashed {
		h := sha256.New()
		n, err := io.Copy(h, io.NewSectionReader(fh, 0, f.Size+1))
		if err != nil {
			return err
		}
		if n != f.Size || hex.EncodeToString(h.Sum(nil)) != f.SHA256 {
			return fmt.Errorf("%s: %w", f.Name, ErrPackChecksum)
		}
	}
	verify := p.Verify
	if verify == nil {
		verify = verifyTable
	}
	return verify(path, f)
}

// verifyTable opens a table file and checks it is the entry's game, built
// for this app's rules (tablebase.Open checks the header's fingerprint
// against the rules and every block's checksum).
func verifyTable(path string, f PackFile) error {
	g, err := core.Lookup(f.Game)
	if err != nil {
		return fmt.Errorf("%s: %w", f.Name, err)
	}
	t, err := tablebase.Open(path)
	if err != nil {
		if errors.Is(err, tablebase.ErrRules) {
			return fmt.Errorf("%s: %w: %v", f.Name, ErrPackRules, err)
		}
		return fmt.Errorf("%s: %w", f.Name, err)
	}
	defer t.Close()
	if t.Game != f.Game || t.Fingerprint != tablebase.ForGame(g.ID).Fingerprint() || t.Fingerprint != f.Fingerprint {
		return fmt.Errorf("%s: %w (a %s table, fingerprint %.12s…)", f.Name, ErrPackRules, t.Game, t.Fingerprint)
	}
	return nil
}

// install moves a verified partial copy into place and adds it to the
// installed manifest (written last, atomically).
func (p *Pack) install(f PackFile) error {
	dst := filepath.Join(p.Dir, f.Name)
	if err := os.Rename(p.partial(f), dst); err != nil {
		return err
	}
	_ = os.Remove(p.sidecar(f, ".etag"))
	_ = os.Remove(p.sidecar(f, ".ok"))
	syncDir(p.Dir)
	m := p.Installed()
	if m == nil {
		m = &Manifest{Format: manifestFormat}
	}
	m.Files = slices.DeleteFunc(m.Files, func(g PackFile) bool { return g.Name == f.Name })
	m.Files = append(m.Files, f)
	m.Format = manifestFormat
	return p.writeInstalled(m)
}

func (p *Pack) writeInstalled(m *Manifest) error {
	if len(m.Files) == 0 {
		err := os.Remove(filepath.Join(p.Dir, ManifestName))
		if errors.Is(err, fs.ErrNotExist) {
			err = nil
		}
		return err
	}
	slices.SortFunc(m.Files, func(a, b PackFile) int { return strings.Compare(a.Name, b.Name) })
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return storage.WriteAtomic(filepath.Join(p.Dir, ManifestName), append(data, '\n'))
}

func syncDir(dir string) {
	if d, err := os.Open(dir); err == nil {
		_ = d.Sync()
		_ = d.Close()
	}
}

// removeStalePartials removes partial copies of files m does not list (an
// older pack's).
func (p *Pack) removeStalePartials(m *Manifest) {
	keep := map[string]bool{}
	for _, f := range m.Files {
		keep[f.SHA256] = true
	}
	ents, _ := os.ReadDir(filepath.Join(p.Dir, "partial"))
	for _, e := range ents {
		sha, _, _ := strings.Cut(e.Name(), ".")
		if !keep[sha] {
			_ = os.Remove(filepath.Join(p.Dir, "partial", e.Name()))
		}
	}
}

// removeUnlisted removes installed files of an older pack that m no longer
// lists, once m is installed whole.
func (p *Pack) removeUnlisted(m *Manifest) {
	inst := p.Installed()
	if inst == nil {
		return
	}
	inst.Version = m.Version
	kept := inst.Files[:0]
	for _, f := range inst.Files {
		if slices.ContainsFunc(m.Files, f.Same) {
			kept = append(kept, f)
		} else {
			_ = os.Remove(filepath.Join(p.Dir, f.Name))
		}
	}
	inst.Files = kept
	_ = p.writeInstalled(inst)
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

package pack

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
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/internal/fileio"
)

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
	if err := os.MkdirAll(filepath.Join(p.Dir, partialDir), 0o755); err != nil {
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
func checkEntryRules(f File) error {
	g, err := core.Lookup(f.Game)
	if err != nil {
		return fmt.Errorf("%s: %w", f.Name, err)
	}
	if want := tablebase.ForGame(g.ID).Fingerprint(); f.Fingerprint != want {
		return fmt.Errorf("%s: %w (fingerprint %.12s…, the app's %.12s…)", f.Name, ErrRules, f.Fingerprint, want)
	}
	return nil
}

func (p *Pack) partial(f File) string {
	return filepath.Join(p.Dir, partialDir, f.SHA256+".part")
}

// sidecar is the file beside f's partial copy with that suffix: ".etag"
// (the part being fetched and its ETag), ".ok" (how many of its first
// bytes are verified).
func (p *Pack) sidecar(f File, suffix string) string {
	return strings.TrimSuffix(p.partial(f), ".part") + suffix
}

// verified is how many of the first bytes of f's partial copy are checked
// (the parts they hold; 0 when unknown: they are checked again). Bytes, not
// parts: a manifest that splits the same file otherwise still finds the
// parts within them checked.
func (p *Pack) verified(f File) int64 {
	data, err := fileio.ReadLimited(p.sidecar(f, ".ok"), maxSidecarBytes)
	if err != nil {
		return 0
	}
	n, err := strconv.ParseInt(strings.TrimSpace(string(data)), 10, 64)
	if err != nil || n < 0 {
		return 0
	}
	return n
}

func (p *Pack) setVerified(f File, n int64) {
	if n == 0 {
		_ = os.Remove(p.sidecar(f, ".ok"))
		return
	}
	_ = os.WriteFile(p.sidecar(f, ".ok"), []byte(strconv.FormatInt(n, 10)+"\n"), 0o644)
}

// fetchFile brings f's partial copy to its full size, part by part,
// resuming where it ends, and checks each part and then the file; done is
// told the bytes of f on disk so far.
func (p *Pack) fetchFile(ctx context.Context, f File, done func(int64)) error {
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
func (p *Pack) fetchPart(ctx context.Context, fh *os.File, f File, pc Part, start, have int64, done func(int64)) error {
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
	if data, err := fileio.ReadLimited(etagPath, maxSidecarBytes); err == nil {
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
		return fmt.Errorf("%s: %s: %w (more than the manifest's %d bytes)", f.Name, pc.Name, ErrChecksum, pc.Size)
	case n < end: // the server ended early: resumed next time
		return fmt.Errorf("%s: %s: %w (%d of %d bytes)", f.Name, pc.Name, io.ErrUnexpectedEOF, n-start, pc.Size)
	}
	return nil
}

// checkPart checks the bytes of part pc in fh (from start): its sha256.
func checkPart(fh *os.File, start int64, pc Part) error {
	h := sha256.New()
	n, err := io.Copy(h, io.NewSectionReader(fh, start, pc.Size))
	if err != nil {
		return err
	}
	if n != pc.Size || hex.EncodeToString(h.Sum(nil)) != pc.SHA256 {
		return ErrChecksum
	}
	return nil
}

// cutBack cuts f's partial copy back to its first start bytes, whole
// parts checked before (or none).
func (p *Pack) cutBack(fh *os.File, f File, start int64) error {
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
func (p *Pack) check(fh *os.File, path string, f File, hashed bool) error {
	if !hashed {
		h := sha256.New()
		n, err := io.Copy(h, io.NewSectionReader(fh, 0, f.Size+1))
		if err != nil {
			return err
		}
		if n != f.Size || hex.EncodeToString(h.Sum(nil)) != f.SHA256 {
			return fmt.Errorf("%s: %w", f.Name, ErrChecksum)
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
func verifyTable(path string, f File) error {
	g, err := core.Lookup(f.Game)
	if err != nil {
		return fmt.Errorf("%s: %w", f.Name, err)
	}
	t, err := tablebase.Open(path)
	if err != nil {
		if errors.Is(err, tablebase.ErrRules) {
			return fmt.Errorf("%s: %w: %v", f.Name, ErrRules, err)
		}
		return fmt.Errorf("%s: %w", f.Name, err)
	}
	defer t.Close()
	if t.Game != f.Game || t.Fingerprint != tablebase.ForGame(g.ID).Fingerprint() || t.Fingerprint != f.Fingerprint {
		return fmt.Errorf("%s: %w (a %s table, fingerprint %.12s…)", f.Name, ErrRules, t.Game, t.Fingerprint)
	}
	return nil
}

// install moves a verified partial copy into place and adds it to the
// installed manifest (written last, atomically).
func (p *Pack) install(f File) error {
	dst := filepath.Join(p.Dir, f.Name)
	if err := os.Rename(p.partial(f), dst); err != nil {
		return err
	}
	_ = os.Remove(p.sidecar(f, ".etag"))
	_ = os.Remove(p.sidecar(f, ".ok"))
	fileio.SyncDir(p.Dir)
	m := p.Installed()
	if m == nil {
		m = &Manifest{Format: manifestFormat}
	}
	m.Files = slices.DeleteFunc(m.Files, func(g File) bool { return g.Name == f.Name })
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
	slices.SortFunc(m.Files, func(a, b File) int { return strings.Compare(a.Name, b.Name) })
	data, err := json.MarshalIndent(m, "", "  ")
	if err != nil {
		return err
	}
	return fileio.WriteAtomic(filepath.Join(p.Dir, ManifestName), append(data, '\n'))
}

// removeStalePartials removes partial copies of files m does not list (an
// older pack's).
func (p *Pack) removeStalePartials(m *Manifest) {
	keep := map[string]bool{}
	for _, f := range m.Files {
		keep[f.SHA256] = true
	}
	ents, _ := os.ReadDir(filepath.Join(p.Dir, partialDir))
	for _, e := range ents {
		sha, _, _ := strings.Cut(e.Name(), ".")
		if !keep[sha] {
			_ = os.Remove(filepath.Join(p.Dir, partialDir, e.Name()))
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

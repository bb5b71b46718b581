package pack

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
)

// Tables read from a web site block by block. The browser cannot download
// the table pack's bound table whole (Beat the Wolf's is 371 MB), but a
// device table is read a block at a time (tablebase.OpenReaderAt, with a
// bounded cache of unpacked blocks): RangeReader reads just the bytes a
// probe needs with HTTP Range requests from the site serving the page.

// ErrNoRemote is returned by OpenRange where the site has no such file
// (404): no table, not a failure.
var ErrNoRemote = errors.New("not on the site")

// RangeReader is an io.ReaderAt over a file on a web server that serves
// byte ranges, whole or as parts (a table pack's file: OpenRangeParts):
// each ReadAt is one GET with a Range header per part it touches, answered
// by a 206 with the matching Content-Range (a server that ignores Range is
// refused, never read whole). Safe for concurrent use.
type RangeReader struct {
	ctx    context.Context
	client *http.Client
	url    string
	size   int64
	parts  []rangePart // the file's parts on the server, in order
	// Requests and Bytes count the range requests made and the body bytes
	// they brought, the size probe included; Hits the reads the cache
	// answered (SetCache).
	Requests, Bytes, Hits atomic.Int64

	mu    sync.Mutex
	cache rangeCache
}

// rangePart is a file on the server holding the bytes [off, off+size) of
// the file read (a whole file: its one part).
type rangePart struct {
	url       string
	off, size int64
}

// rangeCache keeps the ranges read last, up to budget bytes.
type rangeCache struct {
	budget, bytes int64
	at            map[int64][]byte // by offset
	order         []int64          // offsets, oldest first (may hold stale ones)
}

// SetCache makes the reader keep up to n bytes of the ranges it read (a
// table's compressed blocks, a tenth of their unpacked size or less): a
// block the table's cache of unpacked blocks let go of is read from here
// again, not from the network. 0 (the default) keeps none.
func (r *RangeReader) SetCache(n int64) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.cache.budget = n
	r.cache.evict()
}

// lookup copies the cached bytes at off into p, if it has them all.
func (c *rangeCache) lookup(p []byte, off int64) bool {
	b, ok := c.at[off]
	if !ok || len(b) < len(p) {
		return false
	}
	copy(p, b)
	return true
}

// add keeps a copy of p, read at off.
func (c *rangeCache) add(p []byte, off int64) {
	if int64(len(p)) > c.budget {
		return
	}
	if c.at == nil {
		c.at = map[int64][]byte{}
	}
	if old, ok := c.at[off]; ok {
		c.bytes -= int64(len(old))
	}
	c.at[off] = append([]byte(nil), p...)
	c.bytes += int64(len(p))
	c.order = append(c.order, off)
	c.evict()
}

// evict drops the oldest ranges until the cache is within its budget.
func (c *rangeCache) evict() {
	for c.bytes > c.budget && len(c.order) > 0 {
		off := c.order[0]
		c.order = c.order[1:]
		if b, ok := c.at[off]; ok {
			c.bytes -= int64(len(b))
			delete(c.at, off)
		}
	}
	if len(c.order) > 2*len(c.at)+64 { // stale offsets (added again later)
		seen := map[int64]bool{}
		var keep []int64
		for i := len(c.order) - 1; i >= 0; i-- {
			if off := c.order[i]; !seen[off] {
				seen[off] = true
				keep = append(keep, off)
			}
		}
		slices.Reverse(keep)
		c.order = keep
	}
}

// OpenRange learns the size of the file at url from the Content-Range of
// a reply to "Range: bytes=0-0" (ErrNoRemote for a 404; an error for a
// server that does not serve ranges). ctx bounds every later read too.
func OpenRange(ctx context.Context, client *http.Client, url string) (*RangeReader, error) {
	if client == nil {
		client = http.DefaultClient
	}
	r := &RangeReader{ctx: ctx, client: client, url: url}
	var b [1]byte
	size, err := r.getPart(rangePart{url: url}, b[:], 0)
	if err != nil {
		return nil, err
	}
	r.size = size
	r.parts = []rangePart{{url: url, size: size}}
	return r, nil
}

// OpenRangeParts reads file f of a table pack published as parts (its
// Parts, each a file in the folder at base) as one file, its size the
// manifest's: a read asks each part it touches for its bytes. Nothing is
// asked for until the first read. A file without parts is read whole
// (f.Name).
func OpenRangeParts(ctx context.Context, client *http.Client, base string, f File) (*RangeReader, error) {
	if client == nil {
		client = http.DefaultClient
	}
	ref, err := url.Parse(base)
	if err != nil {
		return nil, err
	}
	if !strings.HasSuffix(ref.Path, "/") {
		ref.Path += "/"
	}
	at := func(name string) string { return ref.ResolveReference(&url.URL{Path: name}).String() }
	r := &RangeReader{ctx: ctx, client: client, url: at(f.Name), size: f.Size}
	var off int64
	for _, pc := range f.Pieces() {
		r.parts = append(r.parts, rangePart{url: at(pc.Name), off: off, size: pc.Size})
		off += pc.Size
	}
	if off != f.Size {
		return nil, fmt.Errorf("%s: its parts come to %d bytes, not %d", f.Name, off, f.Size)
	}
	return r, nil
}

// Size is the file's size in bytes.
func (r *RangeReader) Size() int64 { return r.size }

// URL is the file's address.
func (r *RangeReader) URL() string { return r.url }

// ReadAt reads len(p) bytes at off with one range request per part they
// are in (fewer bytes, with io.EOF, at the end of the file).
func (r *RangeReader) ReadAt(p []byte, off int64) (int, error) {
	if off < 0 {
		return 0, fmt.Errorf("%s: negative offset", r.url)
	}
	if off >= r.size {
		return 0, io.EOF
	}
	want := p
	if rest := r.size - off; int64(len(want)) > rest {
		want = want[:rest]
	}
	if len(want) == 0 {
		return 0, nil
	}
	r.mu.Lock()
	hit := r.cache.budget > 0 && r.cache.lookup(want, off)
	r.mu.Unlock()
	if hit {
		r.Hits.Add(1)
	} else {
		if err := r.get(want, off); err != nil {
			return 0, err
		}
		r.mu.Lock()
		if r.cache.budget > 0 {
			r.cache.add(want, off)
		}
		r.mu.Unlock()
	}
	if len(want) < len(p) {
		return len(want), io.EOF
	}
	return len(p), nil
}

// Close does nothing: every read is a request of its own.
func (r *RangeReader) Close() error { return nil }

// get fills p with the bytes at off (within the file), asking each part
// they are in for its share.
func (r *RangeReader) get(p []byte, off int64) error {
	for _, pt := range r.parts {
		if len(p) == 0 {
			break
		}
		end := pt.off + pt.size
		if off >= end {
			continue
		}
		n := min(int64(len(p)), end-off)
		if _, err := r.getPart(pt, p[:n], off-pt.off); err != nil {
			return err
		}
		p, off = p[n:], off+n
	}
	if len(p) > 0 {
		return fmt.Errorf("%s: bytes %d-%d: past its parts", r.url, off, off+int64(len(p))-1)
	}
	return nil
}

// getPart fills p with the bytes at off of part pt and returns the part's
// size from the reply's Content-Range (which must be pt.size, where known).
func (r *RangeReader) getPart(pt rangePart, p []byte, off int64) (int64, error) {
	req, err := http.NewRequestWithContext(r.ctx, http.MethodGet, pt.url, nil)
	if err != nil {
		return 0, err
	}
	last := off + int64(len(p)) - 1
	req.Header.Set("Range", fmt.Sprintf("bytes=%d-%d", off, last))
	r.Requests.Add(1)
	resp, err := r.client.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	switch resp.StatusCode {
	case http.StatusPartialContent:
	case http.StatusNotFound:
		return 0, fmt.Errorf("%s: %w", pt.url, ErrNoRemote)
	case http.StatusOK:
		return 0, fmt.Errorf("%s: the server does not serve byte ranges", pt.url)
	default:
		return 0, fmt.Errorf("%s: %s", pt.url, resp.Status)
	}
	first, end, size, ok := parseContentRange(resp.Header.Get("Content-Range"))
	if !ok || first != off || end != last || (pt.size != 0 && size != pt.size) {
		return 0, fmt.Errorf("%s: asked for bytes %d-%d, got Content-Range %q", pt.url, off, last, resp.Header.Get("Content-Range"))
	}
	n, err := io.ReadFull(resp.Body, p)
	r.Bytes.Add(int64(n))
	if err != nil {
		return 0, fmt.Errorf("%s: bytes %d-%d: %w", pt.url, off, last, err)
	}
	return size, nil
}

// parseContentRange reads "bytes FIRST-LAST/SIZE".
func parseContentRange(v string) (first, last, size int64, ok bool) {
	rest, found := strings.CutPrefix(v, "bytes ")
	if !found {
		return 0, 0, 0, false
	}
	span, total, found := strings.Cut(rest, "/")
	if !found {
		return 0, 0, 0, false
	}
	a, b, found := strings.Cut(span, "-")
	if !found {
		return 0, 0, 0, false
	}
	var err1, err2, err3 error
	first, err1 = strconv.ParseInt(a, 10, 64)
	last, err2 = strconv.ParseInt(b, 10, 64)
	size, err3 = strconv.ParseInt(total, 10, 64)
	if err1 != nil || err2 != nil || err3 != nil || first < 0 || last < first || size <= last {
		return 0, 0, 0, false
	}
	return first, last, size, true
}

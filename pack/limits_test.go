package pack

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"huntchess/internal/testkit"
)

// The guards of limits.go: a file or reply that claims a huge size is
// refused with an error that says so, having allocated little (measured
// with runtime.MemStats.TotalAlloc, with slack: never anything near the
// claim), and nothing else is lost.

// A manifest that claims a file of 2^62 bytes, or parts whose sizes add up
// to more than the file (an overflow would wrap them back to its size), is
// refused; so is one of more than 1 MiB from the site.
func TestManifestClaimsRefused(t *testing.T) {
	sum := strings.Repeat("ab", 32)
	for _, c := range []struct{ json, want string }{
		{`{"format":2,"files":[{"name":"a.hctb","game":"deer-chess","size":4611686018427387904,"sha256":"` + sum + `"}]}`,
			"a file of 4611686018427387904 bytes claimed, at most 64 GiB"},
		{`{"format":2,"files":[{"name":"a.hctb","game":"deer-chess","size":10,"sha256":"` + sum + `","parts":[` +
			`{"name":"p0","size":9223372036854775807,"sha256":"` + sum + `"},{"name":"p1","size":11,"sha256":"` + sum + `"}]}]}`,
			"its parts come to more than the file's 10 bytes"},
	} {
		m, err := ParseManifest([]byte(c.json))
		if m != nil || err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%.60s…: %v, want %q", c.json, err, c.want)
		}
	}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Write(bytes.Repeat([]byte(" "), 2<<20))
	}))
	defer srv.Close()
	var err error
	if n := testkit.Allocated(func() { _, err = New(t.TempDir(), srv.URL).FetchManifest(context.Background()) }); n > 8<<20 {
		t.Errorf("%d bytes allocated", n)
	}
	if err == nil || !strings.Contains(err.Error(), "more than 1024 KiB") {
		t.Errorf("a manifest of 2 MiB: %v", err)
	}
}

// The pack folder's manifest, and the notes beside a partial download, of
// 1 TiB are not read: no pack installed, nothing verified.
func TestHugePackFilesRefused(t *testing.T) {
	dir := t.TempDir()
	p := New(dir, "http://pack.invalid/")
	testkit.Huge(t, filepath.Join(dir, ManifestName))
	f := File{Name: "deer-chess.hctb", SHA256: strings.Repeat("ab", 32)}
	if err := os.MkdirAll(filepath.Dir(p.partial(f)), 0o755); err != nil {
		t.Fatal(err)
	}
	testkit.Huge(t, p.sidecar(f, ".ok"))
	if n := testkit.Allocated(func() {
		if p.Installed() != nil || p.verified(f) != 0 {
			t.Error("a file of 1 TiB was read")
		}
	}); n > 1<<20 {
		t.Errorf("%d bytes allocated", n)
	}
}

// A download that claims 1 TiB (its Content-Length) is refused before
// anything is allocated for it, and one that runs past the limit is
// refused there.
func TestDownloadClaimRefused(t *testing.T) {
	var err error
	if n := testkit.Allocated(func() { _, err = ReadDownload(strings.NewReader("x"), 1<<40, MaxDownloadBytes, nil) }); n > 1<<20 {
		t.Errorf("%d bytes allocated", n)
	}
	if err == nil || !strings.Contains(err.Error(), "a download of 1099511627776 bytes claimed") {
		t.Errorf("1 TiB claimed: %v", err)
	}
	if n := testkit.Allocated(func() { _, err = ReadDownload(&zeros{n: 1 << 40}, -1, 1<<20, nil) }); n > 8<<20 {
		t.Errorf("%d bytes allocated", n)
	}
	if err == nil || !strings.Contains(err.Error(), "more than the 1 MiB") {
		t.Errorf("an endless body: %v", err)
	}
	var last int64
	data, err := ReadDownload(strings.NewReader("hello"), 5, 1<<20, func(done, total int64) { last = done })
	if err != nil || string(data) != "hello" || last != 5 {
		t.Errorf("a download of 5 bytes: %q %v, progress %d", data, err, last)
	}
}

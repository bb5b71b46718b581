//go:build !ci

package app

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"
)

// Without the tag ci the app's tests that open screens are not built: they
// need Fyne's headless test driver and no sound device (docs/build-tags.md,
// "ci: the headless test build"). A plain `go test ./...` runs the few here
// that test plain functions, and TestScreensNeedTagCi skips naming the
// tag and the number of files left out: go test -v, go test -json and a
// runner that lists skips show it (go test prints nothing more than "ok"
// for a package that passes).

// ciOnly lists this package's test files built only with -tags ci.
func ciOnly(t *testing.T) []string {
	files, err := filepath.Glob("*_test.go")
	if err != nil {
		t.Fatal(err)
	}
	var ci []string
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if bytes.HasPrefix(b, []byte("//go:build ci\n")) {
			ci = append(ci, f)
		}
	}
	return ci
}

// skipped says what a build without the tag leaves out.
func skipped(n int) string {
	return fmt.Sprintf("huntchess/app: %d test files left out: they open screens and need -tags ci "+
		"(go test -tags ci ./app/; make test-short)", n)
}

// TestScreensNeedTagCi is skipped, naming the tag, so that go test -v (and
// a test runner listing skips) shows what a build without it did not run.
func TestScreensNeedTagCi(t *testing.T) {
	n := len(ciOnly(t))
	if n == 0 {
		t.Fatal("no test file of the app is built with the tag ci alone: this file's count is wrong")
	}
	t.Skip(skipped(n))
}

//go:build linux

package testkit

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
)

// inNamespace marks the copy of a test binary that SmallDisk runs in a
// namespace of its own, where it may mount.
const inNamespace = "HUNTCHESS_TEST_USERNS"

// SmallDisk mounts a tmpfs of size bytes on a folder of the test's (Linux)
// and returns the folder: a real file system that fills up, so that writes
// fail with ENOSPC on the same path as on a full phone. Mounting needs
// root; without it the test runs again, alone, in a user and mount
// namespace of its own (unshare -rm), and SmallDisk returns ok false after
// reporting that run's result: the caller returns at once. It skips only
// where neither can mount (not Linux, no unshare, namespaces off), saying so.
func SmallDisk(t *testing.T, size int) (dir string, ok bool) {
	t.Helper()
	dir = filepath.Join(t.TempDir(), "disk")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	err := syscall.Mount("tmpfs", dir, "tmpfs", 0, "size="+strconv.Itoa(size))
	if err == nil {
		t.Cleanup(func() { _ = syscall.Unmount(dir, syscall.MNT_DETACH) })
		return dir, true
	}
	if os.Getenv(inNamespace) != "" || !errors.Is(err, syscall.EPERM) {
		t.Skipf("cannot mount a tmpfs: %v", err)
	}
	unshare, lerr := exec.LookPath("unshare")
	if lerr != nil {
		t.Skipf("cannot mount a tmpfs (%v) and no unshare to try in a namespace", err)
	}
	cmd := exec.Command(unshare, "-rm", os.Args[0], "-test.run", "^"+strings.ReplaceAll(t.Name(), "/", "$/^")+"$", "-test.v", "-test.count=1")
	cmd.Env = append(os.Environ(), inNamespace+"=1")
	out, rerr := cmd.CombinedOutput()
	switch {
	case rerr == nil && strings.Contains(string(out), "--- SKIP"):
		t.Skipf("in a namespace of its own: %s", out)
	case rerr != nil && strings.Contains(string(out), "unshare:"):
		t.Skipf("cannot mount a tmpfs (%v), nor in a namespace: %s", err, out)
	case rerr != nil:
		t.Fatalf("in a namespace of its own (unshare -rm): %v\n%s", rerr, out)
	}
	t.Logf("ran in a namespace of its own (unshare -rm):\n%s", out)
	return "", false
}

// Fill writes a file in dir until the file system is full, and returns it
// (remove it to free the space). It fails the test unless the write ends
// with ENOSPC.
func Fill(t *testing.T, dir string) string {
	t.Helper()
	path := filepath.Join(dir, "filler")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	buf := make([]byte, 4096)
	for {
		if _, err = f.Write(buf); err != nil {
			break
		}
	}
	if !errors.Is(err, syscall.ENOSPC) {
		t.Fatalf("filling the disk ended with %v, not ENOSPC", err)
	}
	return path
}

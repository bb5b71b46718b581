//go:build !linux

package testkit

import "testing"

// SmallDisk is a tmpfs of size bytes (fulldisk_linux.go): Linux only.
func SmallDisk(t *testing.T, size int) (dir string, ok bool) {
	t.Skip("a tmpfs of a given size: Linux only")
	return "", false
}

// Fill fills the file system of dir (fulldisk_linux.go): Linux only.
func Fill(t *testing.T, dir string) string {
	t.Skip("a full file system: Linux only")
	return ""
}

package main

import (
	"os"
	"path/filepath"
	"testing"

	"huntchess/core"
)

// The report takes a game's section from its tier files only where every
// tier is there: not from no folder, an empty one, or one tier alone (a
// file that is not a tier file counts as none).
func TestHaveWhole(t *testing.T) {
	g := core.BeatTheWolf.Info()
	dir := t.TempDir()
	if haveWhole(g, "") || haveWhole(g, dir) {
		t.Fatal("no tier files, yet whole")
	}
	if err := os.MkdirAll(filepath.Join(dir, g.Key+".tiers"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, g.Key+".tiers", "captured-00.tier"), []byte("not a tier"), 0o644); err != nil {
		t.Fatal(err)
	}
	if haveWhole(g, dir) {
		t.Fatal("one bad file, yet whole")
	}
	if _, err := sectionOf(g, dir, dir); err != nil {
		t.Fatalf("the section from the tables (none here): %v", err)
	}
}

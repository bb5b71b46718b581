package main

import (
	"io"
	"os"
	"testing"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/solver"
	"huntchess/core"
	"huntchess/internal/testkit"
)

// solve tiers -verify on Beat the Wolf's 6-dog tier, solved here by the
// compact solver: every 97th entry agrees with its children and the
// samples with a plain search; one entry's byte changed in the file is
// found.
func TestTiersVerify(t *testing.T) {
	g, r, dir := sixDogTier(t)
	rep, err := tiersVerify(g, dir, []int{11}, 97, 40, 5, 2, io.Discard)
	if err != nil {
		t.Fatal(err)
	}
	tv := rep.Tiers[0]
	if rep.Mismatches != 0 || tv.Checked < 50_000 || tv.Searched < 40 {
		t.Fatalf("%d mismatches (%v), %d checked, %d searched", rep.Mismatches, rep.Examples, tv.Checked, tv.Searched)
	}
	// Change the byte of a checked entry: a position not decided by its
	// pieces, whose stored value is a win or a loss.
	path := solver.TierPath(dir, g.Key, 11)
	_, off, err := solver.ReadTierHeader(path, r)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	l := newTierLookup(g, dir)
	defer l.Close()
	layout := tablebase.LayoutFor(r, g.PreyCount-11)
	changed := false
	for idx := int64(97 * 1000); idx < tv.Entries && !changed; idx += 97 {
		pred, prey, side := layout.Position(idx)
		if hole, _ := layout.IsHole(idx, pred, prey, side); hole {
			continue
		}
		p := tablebase.ToCore(r, tablebase.Pos{Pred: pred, Prey: prey, Side: side, Capt: 11})
		if v, _, err := l.value(p); err != nil || v == tablebase.Draw || p.Outcome().Over() {
			continue
		}
		data[off+idx] ^= 0x55
		changed = true
	}
	if !changed {
		t.Fatal("no entry to change")
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if rep, err := tiersVerify(g, dir, []int{11}, 97, 0, 5, 2, io.Discard); err != nil || rep.Mismatches == 0 {
		t.Fatalf("a changed entry went unnoticed (%v)", err)
	}
}

// sixDogTier solves Beat the Wolf's 6-dog tier (captured 11) into a tier
// file in a folder of the test's, with the compact solver (plain runs only:
// seconds).
func sixDogTier(t *testing.T) (*core.GameInfo, *tablebase.Rules, string) {
	t.Helper()
	testkit.PlainOnly(t)
	g := core.BeatTheWolf.Info()
	r := tablebase.ForGame(g.ID)
	dir := t.TempDir()
	s := solver.NewSolver(r)
	s.Threads = 2
	if err := s.RunCompact(dir, []int{11}, nil); err != nil {
		t.Fatal(err)
	}
	return g, r, dir
}

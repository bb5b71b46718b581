package main

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"

	"huntchess/ai/tablebase/solver"
)

// solve tiers -policy on Beat the Wolf's 6-dog tier, solved here (the
// exceptions are TestCheckPolicy's): each tier's counts are its file's (the dogs' wins, the wolf's
// losses, the positions), every win is ended, and the report is written.
func TestTiersPolicy(t *testing.T) {
	g, r, dir := sixDogTier(t)
	if err := tiersPolicy(g, dir, "11", "near-region", 2, io.Discard); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(filepath.Dir(solver.TierPath(dir, g.Key, 0)), g.Key+".tiers.policy-near-region.json"))
	if err != nil {
		t.Fatal(err)
	}
	var rep tierPolicyReport
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatal(err)
	}
	if len(rep.Tiers) != 1 {
		t.Fatalf("%d tiers in the report", len(rep.Tiers))
	}
	for _, pr := range rep.Tiers {
		h, _, err := solver.ReadTierHeader(solver.TierPath(dir, g.Key, pr.Captured), r)
		if err != nil {
			t.Fatal(err)
		}
		st := h.Stats
		if pr.Positions != st.Positions || pr.PreyWins != st.Wins-st.PredatorToMove[0] || pr.PredLosses != st.PredatorToMove[2] {
			t.Errorf("captured %d: %d positions, %d dogs' wins, %d wolf's losses; the file's %d, %d, %d", pr.Captured,
				pr.Positions, pr.PreyWins, pr.PredLosses, st.Positions, st.Wins-st.PredatorToMove[0], st.PredatorToMove[2])
		}
		if pr.PreyWins == 0 || pr.Unended != 0 || pr.ByPolicy+pr.Exceptions > pr.PreyWins {
			t.Errorf("captured %d: %+v", pr.Captured, pr)
		}
	}
}

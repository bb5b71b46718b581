package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"huntchess/ai/tablebase/solver"
	"huntchess/core"
)

// tierPolicyReport is what tiersPolicy found: solver.CheckPolicy's report
// for each tier checked.
type tierPolicyReport struct {
	Game   string                 `json:"game"`
	Policy string                 `json:"policy"`
	Tiers  []*solver.PolicyReport `json:"tiers"`
	Date   string                 `json:"date"`
	Peak   map[string]float64     `json:"peak_gib,omitempty"` // the process's peak memory after each tier, by captured count
}

// tiersPolicy checks policy (solver.PolicyNames) in g's tier files in dir:
// how many of each tier's prey wins it ends with no more than the values,
// and the exceptions the rest need (solver.CheckPolicy). The report goes
// to DIR/GAME.tiers.policy-NAME.json, a tier at a time as each is done.
func tiersPolicy(g *core.GameInfo, dir, tierList, policy string, threads int, w io.Writer) error {
	s, tiers, err := tierSolver(g, tierList, threads)
	if err != nil {
		return err
	}
	r := s.R
	rep := &tierPolicyReport{Game: g.Key, Policy: policy, Date: time.Now().UTC().Format("2006-01-02"), Peak: map[string]float64{}}
	path := filepath.Join(filepath.Dir(solver.TierPath(dir, g.Key, 0)), fmt.Sprintf("%s.tiers.policy-%s.json", g.Key, policy))
	fmt.Fprintf(w, "| dogs | prey wins | by the policy | exceptions | levels with some | ranks 1, 2, 3, … | bits a position | time |\n|---|---|---|---|---|---|---|---|\n")
	for _, c := range tiers {
		tc, err := solver.OpenTierCodes(solver.TierPath(dir, g.Key, c), r)
		if err != nil {
			return err
		}
		pr, err := s.CheckPolicy(c, policy, tc.ReadCodes, nil)
		tc.Close()
		if err != nil {
			return err
		}
		if pr.Unended != 0 {
			return fmt.Errorf("%s captured=%d: %d wins never ended: the tier file is not the game's", g.Key, c, pr.Unended)
		}
		rep.Tiers = append(rep.Tiers, pr)
		rep.Peak[fmt.Sprint(c)] = float64(peakMemory()) / (1 << 30)
		var ranks []string
		for _, k := range pr.Ranks[1:] {
			ranks = append(ranks, fmt.Sprint(k))
		}
		fmt.Fprintf(w, "| %d | %d | %d (%.1f %%) | %d (%.1f %%) | %d | %s | %.3f | %.0f s |\n", r.PreyCount-c, pr.PreyWins,
			pr.ByPolicy, 100*float64(pr.ByPolicy)/float64(max(1, pr.PreyWins)), pr.Exceptions, 100*float64(pr.Exceptions)/float64(max(1, pr.PreyWins)),
			pr.Batches, strings.Join(ranks, ", "), pr.Bits(), pr.Seconds)
		b, err := json.MarshalIndent(rep, "", "  ")
		if err != nil {
			return err
		}
		if err := os.WriteFile(path, append(b, '\n'), 0o644); err != nil {
			return err
		}
	}
	return nil
}

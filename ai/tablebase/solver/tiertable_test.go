package solver

import (
	"math/rand"
	"path/filepath"
	"sync"
	"testing"

	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/internal/testkit"
)

// TierTable reads Beat the Wolf's 6-dog tier, solved here, as the shipped
// endgame table gives it (values and plies), from four goroutines at once;
// a position that is over is valued by its result, one of a tier without
// a file and one of another game are not covered.
func TestTierTable(t *testing.T) {
	testkit.PlainOnly(t)
	g := core.BeatTheWolf.Info()
	dir := t.TempDir()
	s := NewSolver(tablebase.ForGame(g.ID))
	s.Threads = 2
	if err := s.RunCompact(dir, []int{11}, nil); err != nil {
		t.Fatal(err)
	}
	ref, err := tablebase.Open(filepath.Join("..", "..", "..", "tables", "shipped", tablebase.Path("", g.Key)))
	if err != nil {
		t.Fatal(err)
	}
	defer ref.Close()
	tt := NewTierTable(g, dir)
	defer tt.Close()
	if e := tt.Entries(11); e == 0 {
		t.Fatal("the 6-dog tier has no entries")
	}
	var wg sync.WaitGroup
	errs := make(chan string, 4)
	for w := range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			rng := rand.New(rand.NewSource(int64(w)))
			for range 500 {
				p := tablebase.RandomPosition(rng, g, 11, 0)
				v, plies, ok := tt.Probe(p)
				rv, rplies, rok := ref.Probe(p)
				if !ok || !rok || v != rv || plies != rplies {
					errs <- p.String() + ": the tier file and the shipped table differ"
					return
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	if _, _, ok := tt.Probe(g.Start()); ok {
		t.Error("the start (17 dogs, no tier file here) is covered")
	}
	if _, _, err := tt.Value(g.Start()); err == nil {
		t.Error("no error reading a tier without a file")
	}
	if _, _, ok := tt.Probe(core.SurroundTheLion.Info().Start()); ok {
		t.Error("a position of another game is covered")
	}
}

package puzzles

import (
	"testing"

	"huntchess/core"
)

// BenchmarkCheck is the proof of one puzzle by exhaustive search (Check,
// a fresh Solver each time): the hardest Win puzzle of each game (the
// last of the most plies), and each game's whole set with one Solver as
// TestPuzzlesProvedBySearch proves it.
//
//	go test ./puzzles/ -run '^$' -bench Check -benchtime 20x
func BenchmarkCheck(b *testing.B) {
	for _, g := range core.Games() {
		var hard *Puzzle
		for _, p := range For(g.ID) {
			if p.Kind == Win && (hard == nil || p.Plies >= hard.Plies) {
				hard = p
			}
		}
		if hard == nil {
			continue
		}
		b.Run(g.Key+"/hardest", func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				if err := Check(NewSolver(), hard); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(g.Key+"/all", func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				s := NewSolver()
				for _, p := range For(g.ID) {
					if err := Check(s, p); err != nil {
						b.Fatal(err)
					}
				}
			}
		})
	}
}

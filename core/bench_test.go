package core_test

import (
	"math/rand/v2"
	"testing"
	"time"

	"huntchess/core"
	"huntchess/internal/testkit"
)

// samplePositions returns positions met in seeded random play, a few from
// each stage of the game, so the benchmarks do not measure the start alone.
func samplePositions(tb testing.TB, g *core.GameInfo, n int) []core.Position {
	rng := rand.New(rand.NewPCG(7, uint64(g.ID)))
	var out []core.Position
	buf := make([]core.Move, 0, core.MaxMoves)
	for len(out) < n {
		p := g.Start()
		for ply := 0; ply < 60 && len(out) < n; ply++ {
			moves := p.GenMoves(buf)
			if len(moves) == 0 {
				break
			}
			out = append(out, p)
			p = p.After(moves[rng.IntN(len(moves))])
		}
	}
	return out
}

// GenMoves into a caller buffer, After, Apply and Undo allocate nothing.
func TestZeroAllocs(t *testing.T) {
	if testkit.Race {
		t.Skip("the race detector allocates")
	}
	for _, g := range core.Games() {
		positions := samplePositions(t, g, 200)
		buf := make([]core.Move, 0, core.MaxMoves)
		var sink int
		allocs := testing.AllocsPerRun(20, func() {
			for _, p := range positions {
				moves := p.GenMoves(buf)
				for _, m := range moves {
					q := p.After(m)
					u := p.Apply(m)
					sink += int(p.Captured) + int(q.InHand)
					p.Undo(u)
				}
				sink += len(moves)
				_ = p.Outcome()
				_ = p.HasMove()
			}
		})
		if allocs != 0 {
			t.Errorf("%s: %v allocations per run, want 0", g.Key, allocs)
		}
		_ = sink
		p := g.Start()
		if n := testing.AllocsPerRun(10, func() { _ = p.Perft(3) }); n != 0 {
			t.Errorf("%s: Perft allocates %v", g.Key, n)
		}
	}
}

func BenchmarkGenMoves(b *testing.B) {
	for _, g := range core.Games() {
		b.Run(g.Key, func(b *testing.B) {
			positions := samplePositions(b, g, 1024)
			buf := make([]core.Move, 0, core.MaxMoves)
			b.ReportAllocs()
			n := 0
			for i := 0; b.Loop(); i++ {
				n += len(positions[i&1023].GenMoves(buf))
			}
			b.ReportMetric(float64(n)/float64(b.N), "moves/op")
		})
	}
}

func BenchmarkApplyUndo(b *testing.B) {
	for _, g := range core.Games() {
		b.Run(g.Key, func(b *testing.B) {
			positions := samplePositions(b, g, 1024)
			var moves [][]core.Move
			for _, p := range positions {
				moves = append(moves, p.GenMoves(nil))
			}
			b.ReportAllocs()
			for i := 0; b.Loop(); i++ {
				k := i & 1023
				p := &positions[k]
				ms := moves[k]
				u := p.Apply(ms[i%len(ms)])
				p.Undo(u)
			}
		})
	}
}

// perftBenchDepth keeps one perft between about 0.1 and 1 s.
var perftBenchDepth = map[string]int{
	"beat-the-wolf":     7,
	"wolf-carries-pig":  6,
	"surround-the-lion": 7,
	"deer-chess":        7,
}

func BenchmarkPerft(b *testing.B) {
	for _, g := range core.Games() {
		b.Run(g.Key, func(b *testing.B) {
			p := g.Start()
			d := perftBenchDepth[g.Key]
			b.ReportAllocs()
			var nodes uint64
			start := time.Now()
			for b.Loop() {
				nodes += p.Perft(d)
			}
			b.ReportMetric(float64(nodes)/time.Since(start).Seconds(), "nodes/s")
		})
	}
}

package ai

import (
	"context"
	"math/rand"
	"testing"

	"huntchess/core"
)

// benchPositions returns a few middle-game positions of the game (random
// playouts from the start, fixed seed).
func benchPositions(g *core.GameInfo) []core.Position {
	r := rand.New(rand.NewSource(7))
	var out []core.Position
	var buf [core.MaxMoves]core.Move
	for len(out) < 4 {
		p := g.Start()
		plies := 4 + r.Intn(12)
		ok := true
		for i := 0; i < plies; i++ {
			ms := p.GenMoves(buf[:0])
			if len(ms) == 0 {
				ok = false
				break
			}
			p = p.After(ms[r.Intn(len(ms))])
		}
		if ok && !p.Outcome().Over() {
			out = append(out, p)
		}
	}
	return out
}

// BenchmarkSearch reports nodes per second of a fixed-node search per game.
func BenchmarkSearch(b *testing.B) {
	for _, g := range core.Games() {
		b.Run(g.Key, func(b *testing.B) {
			ps := benchPositions(g)
			var nodes int64
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				r := Search(context.Background(), ps[i%len(ps)], Limits{Nodes: 200_000})
				nodes += r.Nodes
			}
			b.ReportMetric(float64(nodes)/b.Elapsed().Seconds(), "nodes/s")
		})
	}
}

// BenchmarkEvaluate times the static evaluation per game.
func BenchmarkEvaluate(b *testing.B) {
	for _, g := range core.Games() {
		b.Run(g.Key, func(b *testing.B) {
			ps := benchPositions(g)
			s := 0
			for i := 0; i < b.N; i++ {
				s += Evaluate(ps[i%len(ps)])
			}
			_ = s
		})
	}
}

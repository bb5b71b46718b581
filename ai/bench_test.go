package ai

import (
	"context"
	"fmt"
	"math/rand"
	"testing"
	"time"

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

// BenchmarkCancel: how soon a search returns after its context is
// cancelled, per game and thread count (ms-after-cancel; it should be well
// under 50 ms: the app cancels the AI when the player leaves a game).
func BenchmarkCancel(b *testing.B) {
	for _, g := range core.Games() {
		for _, threads := range []int{1, 2} {
			b.Run(fmt.Sprintf("%s/threads=%d", g.Key, threads), func(b *testing.B) {
				p := benchPositions(g)[0]
				var worst, sum time.Duration
				for i := 0; i < b.N; i++ {
					d := cancelLatency(b, p, threads)
					sum, worst = sum+d, max(worst, d)
				}
				b.ReportMetric(float64(sum.Microseconds())/1e3/float64(b.N), "ms-after-cancel")
				b.ReportMetric(float64(worst.Microseconds())/1e3, "worst-ms")
			})
		}
	}
}

// BenchmarkTimeLimit: how far past its cap a search with only a 100 ms time
// limit returns (ms-over; it should be within 10 ms; below 0 where it
// stops before the cap, seeing that the next iteration would not finish).
func BenchmarkTimeLimit(b *testing.B) {
	p := benchPositions(core.Games()[0])[1]
	Search(context.Background(), p, Limits{Nodes: 1000}) // warm the table pool
	var over time.Duration
	for i := 0; i < b.N; i++ {
		t0 := time.Now()
		Search(context.Background(), p, Limits{Time: 100 * time.Millisecond})
		over += time.Since(t0) - 100*time.Millisecond
	}
	b.ReportMetric(float64(over.Microseconds())/1e3/float64(b.N), "ms-over")
}

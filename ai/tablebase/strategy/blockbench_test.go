package strategy_test

import (
	"os"
	"testing"

	"huntchess/ai/tablebase/strategy"
)

// BenchmarkSetBlocks reads and unpacks every block of Beat the Wolf's
// shipped set strategy (a cold lookup's work, block by block).
func BenchmarkSetBlocks(b *testing.B) {
	data, err := os.ReadFile("../../../tables/shipped/beat-the-wolf.hcst")
	if err != nil {
		b.Skip(err)
	}
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		s, err := strategy.ReadStrategy(data)
		if err != nil {
			b.Fatal(err)
		}
		s.SetCacheBlocks(1)
		for _, err := range strategy.ReadEveryBlock(s) {
			if err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/875, "ns/block")
}

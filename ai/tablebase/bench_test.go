package tablebase

import (
	"math/rand"
	"os"
	"path/filepath"
	"testing"

	"huntchess/core"
)

// tablesDir is where `make tables` puts the tables (TABLES_DIR overrides).
func tablesDir() string {
	if d := os.Getenv("TABLES_DIR"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "build", "tables")
}

// BenchmarkProbe probes random covered positions of each built table, with
// every block already decompressed ("from memory"). Skipped for a game
// whose table has not been built.
func BenchmarkProbe(b *testing.B) {
	for _, g := range core.Games() {
		b.Run(g.Key, func(b *testing.B) {
			t, err := Open(Path(tablesDir(), g.Key))
			if err != nil {
				b.Skip(err)
			}
			rng := rand.New(rand.NewSource(1))
			var ps []core.Position
			for try := 0; len(ps) < 1<<14 && try < 1<<20; try++ {
				p := randomPosition(rng, g)
				if _, _, ok := t.Probe(p); ok {
					ps = append(ps, p)
				}
			}
			if len(ps) == 0 {
				b.Skip("no covered positions found")
			}
			for _, sec := range t.Sections { // decompress everything first
				for i := range sec.Blocks {
					if _, err := t.load(sec, i); err != nil {
						b.Fatal(err)
					}
				}
			}
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				t.Probe(ps[i%len(ps)])
			}
		})
	}
}

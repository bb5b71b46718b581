package tablebase_test

import (
	"huntchess/ai/tablebase"

	"math/rand"
	"os"
	"path/filepath"
	"sync/atomic"
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
			t, err := tablebase.Open(tablebase.Path(tablesDir(), g.Key))
			if err != nil {
				b.Skip(err)
			}
			ps := coveredPositions(b, t, g)
			unpackAll(b, t)
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				t.Probe(ps[i%len(ps)])
			}
		})
	}
}

// coveredPositions returns up to 1<<14 random positions the table covers.
func coveredPositions(b *testing.B, t *tablebase.Table, g *core.GameInfo) []core.Position {
	rng := rand.New(rand.NewSource(1))
	var ps []core.Position
	for try := 0; len(ps) < 1<<14 && try < 1<<20; try++ {
		p := tablebase.RandomAnyPosition(rng, g)
		if _, _, ok := t.Probe(p); ok {
			ps = append(ps, p)
		}
	}
	if len(ps) == 0 {
		b.Skip("no covered positions found")
	}
	return ps
}

// BenchmarkProbeCold probes random covered positions whose block is not
// unpacked: each probe reads its block, checks and inflates it.
func BenchmarkProbeCold(b *testing.B) {
	for _, g := range core.Games() {
		b.Run(g.Key, func(b *testing.B) {
			t, err := tablebase.Open(tablebase.Path(tablesDir(), g.Key))
			if err != nil {
				b.Skip(err)
			}
			ps := coveredPositions(b, t, g)
			type where struct {
				sec *tablebase.Section
				b   int
			}
			var at []where
			stored := ps[:0]
			for _, p := range ps {
				q, _ := t.FromCore(p)
				sec := t.SectionFor(q.Capt, q.Hand, false)
				if sec == nil || p.Outcome().Over() {
					continue // decided by its pieces: no block
				}
				j, _ := sec.Layout().Index(q.Pred, q.Prey, q.Side)
				at = append(at, where{sec, int(j / int64(sec.BlockSize))})
				stored = append(stored, p)
			}
			ps = stored
			t.SetCacheBytes(0) // only the block read last stays
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if w, v := at[i%len(ps)], at[(i+len(ps)-1)%len(ps)]; w == v {
					continue // the same block as the last probe's
				}
				t.Probe(ps[i%len(ps)])
			}
		})
	}
}

// BenchmarkProbeCached probes random covered positions from two goroutines
// with the default cache (random positions: the worst case for a cache).
func BenchmarkProbeCached(b *testing.B) {
	for _, g := range core.Games() {
		b.Run(g.Key, func(b *testing.B) {
			t, err := tablebase.Open(tablebase.Path(tablesDir(), g.Key))
			if err != nil {
				b.Skip(err)
			}
			probeCached(b, t, coveredPositions(b, t, g))
		})
	}
}

// unpackAll unpacks every block of t into an unbounded cache (warm probes).
func unpackAll(b *testing.B, t *tablebase.Table) {
	t.SetCacheBytes(-1)
	for _, sec := range t.Sections {
		for i := range sec.Blocks {
			if _, _, err := t.Block(sec, i); err != nil {
				b.Fatal(err)
			}
		}
	}
}

// probeCached probes ps from two goroutines through t's cache, warmed with
// ps first, and reports the cache's size and the block reads a probe.
func probeCached(b *testing.B, t *tablebase.Table, ps []core.Position) {
	for _, p := range ps {
		t.Probe(p) // warm what fits
	}
	reads := t.CacheStats().Reads
	b.ResetTimer()
	var next atomic.Int64
	b.SetParallelism(1)
	b.RunParallel(func(pb *testing.PB) {
		for pb.Next() {
			t.Probe(ps[int(next.Add(1))%len(ps)])
		}
	})
	b.ReportMetric(float64(t.CacheStats().Bytes)/1e6, "cacheMB")
	b.ReportMetric(float64(t.CacheStats().Reads-reads)/float64(b.N), "blockreads/op")
}

// BenchmarkLine finds the best line of 40 plies (a hint's: every child of
// every position on it is probed) from random positions, through the
// default cache and with every block kept.
func BenchmarkLine(b *testing.B) {
	g := core.SurroundTheLion.Info()
	for _, c := range []struct {
		name  string
		bytes int64
	}{{"default-cache", tablebase.DefaultCacheBytes}, {"unbounded", -1}} {
		b.Run(c.name, func(b *testing.B) {
			t, err := tablebase.Open(tablebase.Path(tablesDir(), g.Key))
			if err != nil {
				b.Skip(err)
			}
			t.SetCacheBytes(c.bytes)
			rng := rand.New(rand.NewSource(1))
			for i := 0; i < b.N; i++ {
				t.Line(tablebase.RandomPosition(rng, g, 2*rng.Intn(3), 0), 40)
			}
			st := t.CacheStats()
			b.ReportMetric(float64(st.Reads)/float64(b.N), "blockreads/op")
		})
	}
}

// deviceDir is where `solve device` puts the device tables (DEVICE_DIR
// overrides).
func deviceDir() string {
	if d := os.Getenv("DEVICE_DIR"); d != "" {
		return d
	}
	return filepath.Join("..", "..", "build", "devtables")
}

// devicePositions returns up to 1<<14 random positions the device table
// covers that need a block (not decided by their pieces), split by the side
// to move: stored (read from a block) and derived (a one-ply probe).
func devicePositions(b *testing.B, t *tablebase.Table, g *core.GameInfo) (stored, derived []core.Position) {
	for _, p := range coveredPositions(b, t, g) {
		switch {
		case p.Outcome().Over():
		case int(p.ToMove) == t.Device().StoredSide:
			stored = append(stored, p)
		default:
			derived = append(derived, p)
		}
	}
	return stored, derived
}

// BenchmarkDeviceProbe probes random positions of each device table with
// every block unpacked (warm), apart by the side to move: "stored" reads
// one block, "derived" folds its children's (a one-ply probe).
func BenchmarkDeviceProbe(b *testing.B) {
	for _, g := range core.Games() {
		t, err := tablebase.Open(tablebase.Path(deviceDir(), g.Key))
		if err != nil || !t.IsDevice() {
			continue
		}
		stored, derived := devicePositions(b, t, g)
		unpackAll(b, t)
		for _, c := range []struct {
			name string
			ps   []core.Position
		}{{"stored", stored}, {"derived", derived}} {
			b.Run(g.Key+"/"+c.name, func(b *testing.B) {
				for i := 0; i < b.N; i++ {
					t.Probe(c.ps[i%len(c.ps)])
				}
			})
		}
	}
}

// BenchmarkDeviceProbeCold probes random positions of each device table
// with the cache emptied before every probe: each reads from the file
// (whose pages the OS most likely holds in its cache: the benchmark does
// not drop them), checks and unpacks every block it needs — one for a
// stored position, one per child's block for a derived one.
func BenchmarkDeviceProbeCold(b *testing.B) {
	for _, g := range core.Games() {
		t, err := tablebase.Open(tablebase.Path(deviceDir(), g.Key))
		if err != nil || !t.IsDevice() {
			continue
		}
		stored, derived := devicePositions(b, t, g)
		for _, c := range []struct {
			name string
			ps   []core.Position
		}{{"stored", stored}, {"derived", derived}} {
			b.Run(g.Key+"/"+c.name, func(b *testing.B) {
				reads := t.CacheStats().Reads
				for i := 0; i < b.N; i++ {
					b.StopTimer()
					t.SetCacheBytes(0)
					t.SetCacheBytes(tablebase.DefaultCacheBytes)
					b.StartTimer()
					t.Probe(c.ps[i%len(c.ps)])
				}
				b.ReportMetric(float64(t.CacheStats().Reads-reads)/float64(b.N), "blockreads/op")
			})
		}
	}
}

// BenchmarkDeviceProbeCached probes random positions (either side to move)
// of each device table from two goroutines through the default cache, as a
// phone would (random positions: the worst case for a cache).
func BenchmarkDeviceProbeCached(b *testing.B) {
	for _, g := range core.Games() {
		t, err := tablebase.Open(tablebase.Path(deviceDir(), g.Key))
		if err != nil || !t.IsDevice() {
			continue
		}
		b.Run(g.Key, func(b *testing.B) {
			probeCached(b, t, coveredPositions(b, t, g))
		})
	}
}

// BenchmarkDeviceLine is BenchmarkLine on the device table of Surround the
// Lion, through the default cache (a hint's 40 plies, every child of every
// position on the line probed).
func BenchmarkDeviceLine(b *testing.B) {
	g := core.SurroundTheLion.Info()
	t, err := tablebase.Open(tablebase.Path(deviceDir(), g.Key))
	if err != nil || !t.IsDevice() {
		b.Skip("no device table of ", g.Key)
	}
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < b.N; i++ {
		t.Line(tablebase.RandomPosition(rng, g, 2*rng.Intn(3), 0), 40)
	}
	b.ReportMetric(float64(t.CacheStats().Reads)/float64(b.N), "blockreads/op")
}

package tablebase_test

import (
	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/internal/tbwrite"
	"huntchess/ai/tablebase/solver"

	"bytes"
	"math/rand"
	"os"
	"strings"
	"sync"
	"testing"

	"huntchess/core"
	"huntchess/internal/testkit"
)

// writeSmallBlocks solves mini game g and writes its tables in blocks of
// n entries (so a mini table has many blocks); it returns the file's path
// and bytes.
func writeSmallBlocks(t *testing.T, g *mini, n int) (*solver.Solver, string, []byte) {
	t.Helper()
	old := tbwrite.BlockEntries
	tbwrite.BlockEntries = n
	defer func() { tbwrite.BlockEntries = old }()
	return writeMiniFile(t, g)
}

// entry is one stored position of a solved tier and its code.
type entry struct {
	p    tablebase.Pos
	code uint16
}

func entries(s *solver.Solver) []entry {
	var out []entry
	for _, st := range s.Tiers() {
		codes := tierCodes(st)
		for i := int64(0); i < st.Layout.Entries(); i++ {
			if codes[i] == tablebase.CodeNoneV {
				continue
			}
			pred, prey, side := st.Layout.Position(i)
			out = append(out, entry{tablebase.Pos{Pred: pred, Prey: prey, Side: side, Capt: st.Captured, Hand: st.Hand}, codes[i]})
		}
	}
	return out
}

// readAll reads every entry from tab in the given order and reports the
// first difference from the solver's code.
func readAll(t *testing.T, what string, tab *tablebase.Table, es []entry) {
	t.Helper()
	for _, e := range es {
		c, ok, err := tab.Code(e.p, false)
		if err != nil || !ok || c != e.code {
			t.Fatalf("%s: %s read %x %v %v, solved %x", what, tablebase.PosString(e.p), c, ok, err, e.code)
		}
	}
}

// A table read on demand, from a file or bytes, with a cache of any size,
// reads what was solved; the cache keeps within its budget.
func TestOnDemandReader(t *testing.T) {
	testkit.PlainOnly(t)
	const bs = 256
	oneBlock := int64(2*bs + tablebase.BlockOverhead)
	for _, name := range []string{"mini-wolf", "mini-deer"} {
		g := miniGame(name)
		s, path, data := writeSmallBlocks(t, g, bs)
		es := entries(s)
		rng := rand.New(rand.NewSource(1))
		shuffled := append([]entry(nil), es...)
		rng.Shuffle(len(shuffled), func(i, j int) { shuffled[i], shuffled[j] = shuffled[j], shuffled[i] })
		blocks := 0
		open := map[string]func() (*tablebase.Table, error){
			"Open": func() (*tablebase.Table, error) { return tablebase.OpenFile(path, g.R) },
			"Read": func() (*tablebase.Table, error) { return tablebase.ReadFor(data, g.R) },
			"OpenReaderAt unchecked": func() (*tablebase.Table, error) {
				return tablebase.OpenSrc(bytes.NewReader(data), int64(len(data)), g.R, false)
			},
		}
		for how, fn := range open {
			for _, budget := range []int64{-1, 0, 3 * oneBlock, 40 * oneBlock} {
				tab, err := fn()
				if err != nil {
					t.Fatalf("%s %s: %v", name, how, err)
				}
				tab.SetCacheBytes(budget)
				blocks = 0
				for _, sec := range tab.Sections {
					blocks += len(sec.Blocks)
				}
				readAll(t, name+" "+how, tab, es)
				readAll(t, name+" "+how+" shuffled", tab, shuffled)
				st := tab.CacheStats()
				if budget >= oneBlock && st.Bytes > budget {
					t.Errorf("%s %s budget %d: the cache holds %d bytes", name, how, budget, st.Bytes)
				}
				if budget >= 0 && budget < 10*oneBlock && st.Reads <= int64(blocks) {
					t.Errorf("%s %s budget %d: %d block reads for %d blocks, want blocks read again", name, how, budget, st.Reads, blocks)
				}
				if budget < 0 && (st.Reads != int64(blocks) || st.Blocks != blocks) {
					t.Errorf("%s %s unbounded: %d reads, %d blocks kept, want %d", name, how, st.Reads, st.Blocks, blocks)
				}
				tab.Close()
			}
		}
		t.Logf("%s: %d entries in %d blocks of %d", name, len(es), blocks, bs)
	}
}

// Probes from several goroutines through a cache that keeps evicting read
// what was solved (run with -race).
func TestConcurrentProbes(t *testing.T) {
	const bs = 256
	g := miniGame("mini-wolf")
	s, _, data := writeSmallBlocks(t, g, bs)
	es := entries(s)
	tab, err := tablebase.ReadFor(data, g.R)
	if err != nil {
		t.Fatal(err)
	}
	tab.SetCacheBytes(4 * (2*bs + tablebase.BlockOverhead))
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			order := rand.New(rand.NewSource(int64(w))).Perm(len(es))
			if testkit.Race {
				order = order[:len(order)/4]
			}
			for _, i := range order {
				e := es[i]
				c, ok, err := tab.Code(e.p, false)
				if err != nil || !ok || c != e.code {
					t.Errorf("goroutine %d: %s read %x %v %v, solved %x", w, tablebase.PosString(e.p), c, ok, err, e.code)
					return
				}
			}
		}(w)
		if w == 2 {
			tab.SetCacheBytes(2 * (2*bs + tablebase.BlockOverhead)) // a budget cut while probing
		}
	}
	wg.Wait()
}

// A damaged or truncated file read on demand gives errors, never a panic
// or a wrong code.
func TestOnDemandDamage(t *testing.T) {
	testkit.PlainOnly(t)
	const bs = 256
	g := miniGame("mini-wolf")
	s, path, data := writeSmallBlocks(t, g, bs)
	es := entries(s)
	body := len(data) - int(func() int64 { tab, _ := tablebase.ReadFor(data, g.R); return tab.Size() }())

	// walk reads every entry: it fails the test on a wrong code and returns
	// the first error.
	walk := func(what string, tab *tablebase.Table) error {
		var first error
		for _, e := range es {
			c, ok, err := tab.Code(e.p, false)
			switch {
			case err != nil:
				if first == nil {
					first = err
				}
			case !ok || c != e.code:
				t.Fatalf("%s: %s read %x %v, solved %x", what, tablebase.PosString(e.p), c, ok, e.code)
			}
		}
		return first
	}

	// A block flipped, opened without the checks at open: the probes of
	// that block say so.
	d := flip(data, body+(len(data)-body)/2)
	tab, err := tablebase.OpenSrc(bytes.NewReader(d), int64(len(d)), g.R, false)
	if err != nil {
		t.Fatalf("unchecked open: %v", err)
	}
	if err := walk("flipped", tab); err == nil || !strings.Contains(err.Error(), "checksum mismatch") {
		t.Errorf("flipped block: error %v, want a checksum mismatch", err)
	}
	// The same with checks: refused at open.
	if _, err := tablebase.ReadFor(d, g.R); err == nil {
		t.Error("flipped block: checked open passed")
	}

	// The file cut after it was opened: the blocks past the cut fail.
	tab, err = tablebase.OpenFile(path, g.R)
	if err != nil {
		t.Fatal(err)
	}
	tab.SetCacheBytes(0)
	if err := os.Truncate(path, int64(body+(len(data)-body)/2)); err != nil {
		t.Fatal(err)
	}
	if err := walk("truncated", tab); err == nil {
		t.Error("file cut after opening: no error")
	}
	// Closed: the blocks not in the cache fail.
	tab.Close()
	if err := walk("closed", tab); err == nil {
		t.Error("closed table: no error")
	}

	// Random damage, unchecked at open: refused at open or reported by a
	// probe, never a panic; a cut file is refused at open.
	rng := rand.New(rand.NewSource(2))
	for i := 0; i < 200; i++ {
		d := flip(data, rng.Intn(len(data)))
		tab, err := tablebase.OpenSrc(bytes.NewReader(d), int64(len(d)), g.R, false)
		if err == nil {
			tab.SetCacheBytes(0)
			err = walk("random flip", tab)
		}
		if err == nil {
			t.Fatalf("flip %d: damage passed", i)
		}
		c := data[:body+rng.Intn(len(data)-body)]
		if _, err := tablebase.OpenSrc(bytes.NewReader(c), int64(len(c)), g.R, false); err == nil {
			t.Fatalf("cut %d: a truncated file opened", i)
		}
	}
}

// On a real table (when built): probes through a small cache give what the
// fully unpacked table gives. Nearly every probe through the small cache
// unpacks a block (some 1.2 ms each, ten times that under -race): the
// race and short runs probe 1 500 random positions a goroutine (some 3 000
// blocks unpacked and evicted while the other goroutine probes), a plain
// run 20 000.
func TestCacheRealTable(t *testing.T) {
	g := core.SurroundTheLion.Info()
	full, err := tablebase.Open(tablebase.Path(tablesDir(), g.Key))
	if err != nil {
		t.Skip(err)
	}
	full.SetCacheBytes(-1)
	small, err := tablebase.Open(tablebase.Path(tablesDir(), g.Key))
	if err != nil {
		t.Fatal(err)
	}
	small.SetCacheBytes(1 << 20)
	n := 20000
	if testkit.Race || testing.Short() {
		n = 1500
	}
	var wg sync.WaitGroup
	for w := 0; w < 2; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			rng := rand.New(rand.NewSource(int64(w)))
			for i := 0; i < n; i++ {
				p := tablebase.RandomPosition(rng, g, 2*rng.Intn(3), 0)
				v1, d1, ok1, err1 := full.ProbeErr(p)
				v2, d2, ok2, err2 := small.ProbeErr(p)
				if v1 != v2 || d1 != d2 || ok1 != ok2 || err1 != nil || err2 != nil {
					t.Errorf("%s: full %v %d %v %v, small cache %v %d %v %v", p, v1, d1, ok1, err1, v2, d2, ok2, err2)
					return
				}
			}
		}(w)
	}
	wg.Wait()
	if st := small.CacheStats(); st.Bytes > 1<<20 || st.Reads <= int64(st.Blocks) {
		t.Errorf("small cache: %+v", st)
	}
}

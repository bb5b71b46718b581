// Package tabletest holds the table files and sites that the tests of
// pack and tables share: a table file with a given header (TableFile), the
// tests' bound table of Beat the Wolf (BoundFile, BoundPos) and a static
// host serving it with byte ranges (ServeBound). Only tests import it.
package tabletest

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"math/rand/v2"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"huntchess/ai/tablebase"
	"huntchess/core"
)

// BoundFile is the tests' bound table (ai/bound_test.go, BoundTestdata):
// Beat the Wolf's tier with 8 dogs, the dogs' wins without giving up a
// dog, its longest win 33 plies.
var BoundFile = func() string {
	_, file, _, _ := runtime.Caller(0)
	return filepath.Join(filepath.Dir(file), "..", "..", "ai", "testdata", "beat-the-wolf-8dogs.bound.hctb")
}()

// BoundWin33 is a position of BoundFile the dogs win in 33 plies.
const BoundWin33 = "predator:d1 prey:c1,c2,d2,e2,a3,b3,d3,a5 turn:prey captured:9 hand:0"

// BoundPos is BoundWin33 as a position.
func BoundPos(t testing.TB) core.Position {
	t.Helper()
	p, err := core.ParsePosition(core.BeatTheWolf.String(), BoundWin33)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// TableFile is a table file tablebase.Open accepts: the header of game's
// table with the given fingerprint and no sections, then size bytes in all
// of seeded padding (blocks no section reads).
func TableFile(t testing.TB, id core.GameID, fingerprint string, size int, seed uint64) []byte {
	t.Helper()
	r := tablebase.ForGame(id)
	hdr, err := json.Marshal(tablebase.Header{Format: 1, Game: id.String(), Fingerprint: fingerprint,
		Rules: tablebase.RulesVersion, Sections: []*tablebase.Section{}})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	b.WriteString("HCTB\x00\x01")
	_ = binary.Write(&b, binary.LittleEndian, uint32(len(hdr)))
	_ = binary.Write(&b, binary.LittleEndian, crc32.ChecksumIEEE(hdr))
	b.Write(hdr)
	rng := rand.New(rand.NewPCG(seed, 1))
	for b.Len() < size {
		b.WriteByte(byte(rng.Uint32()))
	}
	data := b.Bytes()[:max(size, b.Len())]
	if fingerprint == r.Fingerprint() {
		if _, err := tablebase.Read(data); err != nil {
			t.Fatalf("the test table must open: %v", err)
		}
	}
	return data
}

// ServeBound serves BoundFile at /tables/beat-the-wolf.bound.hctb as a
// static host does (http.ServeContent: byte ranges), counting requests.
func ServeBound(t testing.TB) (*httptest.Server, *atomic.Int64) {
	t.Helper()
	data, err := os.ReadFile(BoundFile)
	if err != nil {
		t.Fatal(err)
	}
	var n atomic.Int64
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		if r.URL.Path != "/tables/beat-the-wolf.bound.hctb" {
			http.NotFound(w, r)
			return
		}
		http.ServeContent(w, r, "beat-the-wolf.bound.hctb", time.Time{}, bytes.NewReader(data))
	}))
	t.Cleanup(srv.Close)
	return srv, &n
}

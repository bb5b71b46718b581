package strategy_test

import (
	"bytes"
	"compress/flate"
	"encoding/json"
	"hash/crc32"
	"testing"

	"huntchess/ai/tablebase/internal/filetest"
	"huntchess/ai/tablebase/strategy"
	"huntchess/ai/tablebase/strategybuild"
	"huntchess/internal/testkit"
)

// The guards of limits.go (as ai/tablebase's limits_test.go for tables): a
// strategy file that claims a huge size or count is refused with an error
// that says so, having allocated little.

// A header that claims 4 GiB (in a file that says it is 1 TiB) is refused
// before it is read.
func TestHeaderClaimRefused(t *testing.T) {
	data := append([]byte(strategy.Magic), 0xff, 0xff, 0xff, 0xff, 0, 0, 0, 0, '{', '}')
	filetest.RefusedSmall(t, "HCST", "a header of 4294967295 bytes claimed", 1<<20, func() error {
		_, err := strategy.OpenStrategy(filetest.ClaimReader(data), 1<<40)
		return err
	})
}

// A format-1 strategy that claims 2^40 nodes, or 4 Mi with a body too
// small for them, or whose body unpacks to far more than its nodes, is
// refused before the nodes are allocated; one read whole that claims a
// file of 1 TiB is refused before it is read.
func TestStrategyClaimRefused(t *testing.T) {
	testkit.PlainOnly(t)
	data := lionEndStrategy(t)
	var h strategy.StrategyHeader
	huge := filetest.WithHeader(t, data, &h, func() { h.Nodes, h.WinnerNodes = 1<<40, 0 })
	filetest.RefusedSmall(t, "2^40 nodes", "1099511627776 nodes claimed", 1<<20, func() error {
		_, err := strategy.ReadStrategy(huge)
		return err
	})
	many := filetest.WithHeader(t, data, &h, func() { h.Nodes, h.WinnerNodes = strategy.MaxStrategyNodes, 0 })
	filetest.RefusedSmall(t, "4 Mi nodes", "4194304 nodes claimed", 1<<20, func() error {
		_, err := strategy.ReadStrategy(many)
		return err
	})
	// A body of 100 MB of zeros, packed into some 100 KB, for 3000 nodes.
	var bomb bytes.Buffer
	zw, _ := flate.NewWriter(&bomb, flate.BestCompression)
	zw.Write(make([]byte, 100<<20))
	zw.Close()
	hdr, _ := filetest.SplitFile(data)
	if err := json.Unmarshal(hdr, &h); err != nil {
		t.Fatal(err)
	}
	h.Nodes, h.WinnerNodes, h.BodyBytes, h.BodyCRC = 3000, 1000, bomb.Len(), crc32.ChecksumIEEE(bomb.Bytes())
	hdr, _ = json.Marshal(h)
	bombFile := filetest.JoinFile(strategy.Magic, hdr, bomb.Bytes())
	filetest.RefusedSmall(t, "bomb", "unpacks to more than 3000 nodes can take", 4<<20, func() error {
		_, err := strategy.ReadStrategy(bombFile)
		return err
	})
	filetest.RefusedSmall(t, "1 TiB file", "format 1 is read whole", 1<<20, func() error {
		_, err := strategy.OpenStrategy(filetest.ClaimReader(data), 1<<40)
		return err
	})
	// The good file still reads, and writes itself back.
	s, err := strategy.ReadStrategy(data)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := strategybuild.Encode(s); err != nil {
		t.Fatal(err)
	}
}

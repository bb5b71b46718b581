package strategy_test

import (
	"bytes"
	"compress/flate"
	"encoding/binary"
	"encoding/json"
	"hash/crc32"
	"io"
	"os"
	"slices"
	"strings"
	"testing"

	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/internal/filetest"
	"huntchess/ai/tablebase/solver"
	"huntchess/ai/tablebase/strategy"
	"huntchess/ai/tablebase/strategybuild"
	"huntchess/core"
)

// Fuzz targets of the strategy readers (as ai/tablebase's fuzz_test.go
// for the tables): whatever the bytes, a reader returns an error or a
// strategy that works. Run one with
// `go test -run '^$' -fuzz '^FuzzStrategyFile$' ./ai/tablebase/strategy/`,
// or all with `make fuzz`; a crasher found lands in testdata/fuzz/ (commit
// it).

// fuzzMaxFile caps an input: the seeds are a few KB.
const fuzzMaxFile = 64 << 10

// lionEndLine is docs/solved.md's line from Surround the Lion's start up
// to the lion lost in 5 (TestStrategySurroundTheLionEnd).
var lionEndLine = strings.Fields("c3-c2 b1-b2 c2-b3 d1-c2 b3-c3 d5-d4 c3-b3 b5-c4 b3-c2 c4-d3 c2-b3 c1-c2 b3-c4 c5-d5 " +
	"c4-b3 c2-c3 b3-a4 a2-b3 a4-a3 c3-c4 a3-a4 c4-b4 a4-a5 a1-a2 a5-a4 d3-c4 a4-a5 b3-a4 a5-b5 a4-a5 b5-a4 b2-b3")

// lionEndStrategy is the dogs' strategy from there (format 1, a few hundred
// bytes), its values from a plain search.
func lionEndStrategy(tb testing.TB) []byte {
	tb.Helper()
	g, err := core.NewGame(core.SurroundTheLion.String())
	if err != nil {
		tb.Fatal(err)
	}
	for _, m := range lionEndLine {
		if err := g.Play(m); err != nil {
			tb.Fatal(m, err)
		}
	}
	s, err := strategybuild.BuildStrategy(tablebase.ForGame(core.SurroundTheLion), g.Position(), func(p core.Position) (tablebase.Value, int, bool) {
		v, d := solver.SearchValue(p, 5)
		return v, d, v != tablebase.Unknown
	}, false)
	if err != nil {
		tb.Fatal(err)
	}
	data, err := strategybuild.Encode(s)
	if err != nil {
		tb.Fatal(err)
	}
	return data
}

// setTestdata is the 8-dog bound tier, and setTestStart its longest dogs'
// win (33 plies), as ai/tablebase/strategybuild's set tests have them.
const (
	setTestdata  = "../../testdata/beat-the-wolf-8dogs.bound.hctb"
	setTestStart = "predator:d1 prey:c1,c2,d2,e2,a3,b3,d3,a5 turn:prey captured:9 hand:0"
)

// fuzzStrategySeeds are real strategy files: the shipped deer chess
// strategy (format 1, 10 KB), the end of Surround the Lion's (format 1, a
// few hundred bytes) and a set strategy (format 2) of the 8-dog tier.
func fuzzStrategySeeds(f *testing.F) [][]byte {
	f.Helper()
	deer, err := os.ReadFile("../../../tables/strategies/deer-chess.hcst")
	if err != nil {
		f.Fatal(err)
	}
	out := [][]byte{deer, lionEndStrategy(f)}
	tb, err := tablebase.Open(setTestdata)
	if err != nil {
		f.Fatal(err)
	}
	defer tb.Close()
	start, err := core.ParsePosition(core.BeatTheWolf.String(), setTestStart)
	if err != nil {
		f.Fatal(err)
	}
	b, err := strategybuild.BuildSetStrategy(tablebase.ForGame(core.BeatTheWolf), start, strategybuild.BoundProbe(tb), nil)
	if err != nil {
		f.Fatal(err)
	}
	set, err := b.Bytes(tablebase.ForGame(core.BeatTheWolf))
	if err != nil {
		f.Fatal(err)
	}
	return append(out, set)
}

func FuzzStrategyFile(f *testing.F) {
	for _, s := range fuzzStrategySeeds(f) {
		f.Add(s)
	}
	f.Add([]byte(strategy.Magic))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > fuzzMaxFile {
			return
		}
		fuzzStrategy(t, data)
	})
}

// fuzzStrategyHeader is both formats' header, as strategybuild.SetBuild.Bytes writes it.
type fuzzStrategyHeader struct {
	strategy.StrategyHeader
	strategy.SetHeader
}

func FuzzStrategyParts(f *testing.F) {
	for _, s := range fuzzStrategySeeds(f) {
		hdr, body := filetest.SplitFile(s)
		var h fuzzStrategyHeader
		if err := json.Unmarshal(hdr, &h); err != nil {
			f.Fatal(err)
		}
		if h.Format == strategy.FormatNodes { // the body unpacked: the target packs it
			raw, err := io.ReadAll(flate.NewReader(bytes.NewReader(body)))
			if err != nil {
				f.Fatal(err)
			}
			f.Add(hdr, raw, true)
		}
		f.Add(hdr, body, false)
	}
	f.Fuzz(func(t *testing.T, hdr, body []byte, pack bool) {
		if len(hdr)+len(body) > fuzzMaxFile {
			return
		}
		var h fuzzStrategyHeader
		if json.Unmarshal(hdr, &h) == nil {
			switch h.Format {
			case strategy.FormatNodes:
				if pack {
					var buf bytes.Buffer
					zw, _ := flate.NewWriter(&buf, flate.BestSpeed)
					zw.Write(body)
					zw.Close()
					body = buf.Bytes()
				}
				h.BodyBytes, h.BodyCRC = len(body), crc32.ChecksumIEEE(body)
			case strategy.FormatSet:
				// The body's length, the index's checksum and each
				// block's, where the index says they lie in the body.
				h.BodyBytes = len(body)
				if h.MemberBlocks >= 0 && h.MemberBlocks <= len(body)/strategy.SetIndexEntry {
					n := h.MemberBlocks * strategy.SetIndexEntry
					body = slices.Clone(body)
					for i := 0; i < h.MemberBlocks; i++ {
						e := body[i*strategy.SetIndexEntry:]
						off, end := int64(binary.LittleEndian.Uint32(e[8:])), int64(len(body))
						if i+1 < h.MemberBlocks {
							end = int64(binary.LittleEndian.Uint32(e[strategy.SetIndexEntry+8:]))
						}
						if off <= end && end <= int64(len(body)) {
							binary.LittleEndian.PutUint32(e[12:], crc32.ChecksumIEEE(body[off:end]))
						}
					}
					h.IndexCRC = crc32.ChecksumIEEE(body[:n])
				}
			}
			var err error
			if hdr, err = json.Marshal(h); err != nil {
				t.Fatal(err)
			}
		}
		fuzzStrategy(t, filetest.JoinFile(strategy.Magic, hdr, body))
	})
}

// fuzzStrategy reads data as a strategy, in memory and through a ReaderAt:
// both refuse it, or both open it and it answers lookups along a line from
// its start. A format-1 strategy writes itself back as a file that reads
// as the same strategy, and that writes the same bytes again.
func fuzzStrategy(t *testing.T, data []byte) {
	s, err := strategy.ReadStrategy(data)
	s2, err2 := strategy.OpenStrategy(bytes.NewReader(data), int64(len(data)))
	if (err == nil) != (err2 == nil) {
		t.Fatalf("ReadStrategy says %v, OpenStrategy %v", err, err2)
	}
	if err != nil {
		if err.Error() == "" || err2.Error() == "" {
			t.Fatal("an error without a text")
		}
		return
	}
	for _, st := range []*strategy.Strategy{s, s2} {
		fuzzStrategyLine(t, st)
	}
	if s.IsSet() {
		for _, err := range strategy.ReadEveryBlock(s) {
			if err != nil && err.Error() == "" {
				t.Fatal("an error without a text")
			}
		}
		return
	}
	out, err := strategybuild.Encode(s)
	if err != nil {
		t.Fatalf("a strategy read does not write: %v", err)
	}
	back, err := strategy.ReadStrategy(out)
	if err != nil {
		t.Fatalf("a strategy written does not read back: %v", err)
	}
	want := s.StrategyHeader // the body's length and checksum are the new file's
	want.BodyBytes, want.BodyCRC = back.BodyBytes, back.BodyCRC
	bk, bp, bm := back.Graph()
	sk, sp, sm := s.Graph()
	if !slices.Equal(bk, sk) || !slices.Equal(bp, sp) || !slices.Equal(bm, sm) || back.StrategyHeader != want {
		t.Fatal("a strategy written reads back as another")
	}
	again, err := strategybuild.Encode(back)
	if err != nil || !bytes.Equal(again, out) {
		t.Fatalf("a strategy read back writes other bytes (%v)", err)
	}
}

// fuzzStrategyLine plays a few plies from the strategy's start: the
// winner's move where it has one, else the loser's first reply.
func fuzzStrategyLine(t *testing.T, s *strategy.Strategy) {
	p := s.Rules().KeyPosition(s.Start)
	for ply := 0; ply < 6 && !p.Outcome().Over(); ply++ {
		v, plies, ok := s.Probe(p)
		if ok && (plies < 0 || (v == tablebase.Win) != (p.ToMove == s.WinnerSide())) {
			t.Fatalf("%s: probe %v in %d plies, the winner %v", p, v, plies, s.WinnerSide())
		}
		if p.ToMove == s.WinnerSide() {
			m, _, ok := s.Move(p)
			if !ok {
				return
			}
			if !slices.Contains(p.GenMoves(nil), m) {
				t.Fatalf("%s: the strategy's move %s is not legal", p, m)
			}
			p = p.After(m)
			continue
		}
		moves, after, ok := s.Replies(p)
		if !ok {
			return
		}
		if len(moves) != len(after) {
			t.Fatalf("%s: %d replies, %d plies", p, len(moves), len(after))
		}
		p = p.After(moves[0])
	}
}

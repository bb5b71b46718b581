package tablebase_test

import (
	"huntchess/ai/tablebase"
	"huntchess/ai/tablebase/solver"

	"bytes"
	"encoding/binary"
	"encoding/json"
	"errors"
	"hash/crc32"
	"math/rand"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"huntchess/core"
)

// writeMini solves a mini game and writes its tables; it returns the bytes.
func writeMini(t *testing.T, g *mini) (*solver.Solver, []byte) {
	t.Helper()
	s, _, data := writeMiniFile(t, g)
	return s, data
}

// writeMiniFile solves a mini game and writes its tables to a file; it
// returns the file's path and bytes.
func writeMiniFile(t *testing.T, g *mini) (*solver.Solver, string, []byte) {
	t.Helper()
	s := solveMini(t, g)
	path := filepath.Join(t.TempDir(), g.Name+tablebase.FileExt)
	if _, err := s.Write(path); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return s, path, data
}

func TestTableRoundTrip(t *testing.T) {
	for _, name := range []string{"mini-wolf", "mini-deer"} {
		g := miniGame(name)
		s, data := writeMini(t, g)
		tab, err := tablebase.ReadFor(data, g.R)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, st := range s.Tiers() {
			codes := tierCodes(st)
			for i := int64(0); i < st.Layout.Entries(); i++ {
				if codes[i] == tablebase.CodeNoneV {
					continue // a hole: its position is read from its own entry
				}
				pred, prey, side := st.Layout.Position(i)
				c, ok, err := tab.Code(tablebase.Pos{Pred: pred, Prey: prey, Side: side, Capt: st.Captured, Hand: st.Hand}, false)
				if err != nil || ok != (codes[i] != tablebase.CodeNoneV) || (ok && c != codes[i]) {
					t.Fatalf("%s tier %d/%d entry %d: read %x %v %v, solved %x", name, st.Captured, st.Hand, i, c, ok, err, codes[i])
				}
				n++
			}
		}
		t.Logf("%s: %d entries read back, file %d bytes", name, n, len(data))
		// Solving again writes the same bytes.
		_, again := writeMini(t, g)
		if !bytes.Equal(data, again) {
			t.Fatalf("%s: a second solve wrote other bytes", name)
		}
	}
}

func TestTableRefusesBadFiles(t *testing.T) {
	g := miniGame("mini-wolf")
	_, data := writeMini(t, g)
	hlen := int(binary.LittleEndian.Uint32(data[len(tablebase.FileMagic):]))
	body := len(tablebase.FileMagic) + 8 + hlen
	cases := map[string]struct {
		data []byte
		want string
	}{
		"empty":          {nil, "bad magic"},
		"not a table":    {[]byte("hello, this is not a table file at all"), "bad magic"},
		"header cut off": {data[:body-10], "truncated"},
		"last block cut": {data[:len(data)-5], "truncated"},
		"header flipped": {flip(data, len(tablebase.FileMagic)+8+hlen/2), "header checksum"},
		"block flipped":  {flip(data, body+(len(data)-body)/2), "checksum mismatch"},
	}
	for name, c := range cases {
		_, err := tablebase.ReadFor(c.data, g.R)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: error %v, want one containing %q", name, err, c.want)
		}
	}
	// Other rules: the same board with another capture count.
	other := miniGame("mini-wolf")
	other.R.CaptureWin = 4
	other.R.SetFingerprint("")
	other.R.Prepare()
	if _, err := tablebase.ReadFor(data, other.R); !errors.Is(err, tablebase.ErrRules) {
		t.Errorf("other rules: error %v, want ErrRules", err)
	}
	// Random damage never panics and never passes.
	rng := rand.New(rand.NewSource(1))
	for i := 0; i < 300; i++ {
		d := flip(data, rng.Intn(len(data)))
		if _, err := tablebase.ReadFor(d, g.R); err == nil {
			t.Fatalf("flip %d: damaged file accepted", i)
		}
		if _, err := tablebase.ReadFor(d[:rng.Intn(len(d))], g.R); err == nil {
			t.Fatalf("cut %d: truncated file accepted", i)
		}
	}
}

func flip(b []byte, i int) []byte {
	c := append([]byte(nil), b...)
	c[i] ^= 0x5a
	return c
}

// A table header written for a real game but with another fingerprint (as
// after a rules change) is refused by Read and Open, with ErrRules.
func TestRealGameWrongRules(t *testing.T) {
	h := tablebase.Header{Format: tablebase.FormatVersion, Game: core.SurroundTheLion.String(), Fingerprint: strings.Repeat("ab", 32), Rules: "old"}
	hdr, _ := json.Marshal(h)
	var f bytes.Buffer
	f.WriteString(tablebase.FileMagic)
	f.Write(binary.LittleEndian.AppendUint32(nil, uint32(len(hdr))))
	f.Write(binary.LittleEndian.AppendUint32(nil, crc32.ChecksumIEEE(hdr)))
	f.Write(hdr)
	if _, err := tablebase.Read(f.Bytes()); !errors.Is(err, tablebase.ErrRules) {
		t.Fatalf("error %v, want ErrRules", err)
	}
	path := filepath.Join(t.TempDir(), "surround-the-lion"+tablebase.FileExt)
	os.WriteFile(path, f.Bytes(), 0o644)
	if _, err := tablebase.Open(path); !errors.Is(err, tablebase.ErrRules) || !strings.Contains(err.Error(), path) {
		t.Fatalf("Open: error %v", err)
	}
	if _, err := tablebase.Open(filepath.Join(t.TempDir(), "missing"+tablebase.FileExt)); err == nil {
		t.Fatal("Open of a missing file: no error")
	}
}

// The rules of the four games: symmetries as docs/RULES.md's boards have them.
func TestGameRules(t *testing.T) {
	want := map[core.GameID]int{core.BeatTheWolf: 8, core.WolfCarriesPig: 8, core.SurroundTheLion: 8, core.DeerChess: 2}
	for id, n := range want {
		r := tablebase.ForGame(id)
		if len(r.Syms) != n {
			t.Errorf("%s: %d symmetries, want %d", r.Name, len(r.Syms), n)
		}
		// The solver's moves are core's moves, on random positions.
		rng := rand.New(rand.NewSource(int64(id)))
		g := id.Info()
		for i := 0; i < 300; i++ {
			p := tablebase.RandomAnyPosition(rng, g)
			q := tablebase.Pos{Pred: p.Pred, Prey: p.Prey, Side: int(p.ToMove), Capt: int(p.Captured), Hand: int(p.InHand)}
			var mine []string
			r.Children(q, false, func(c tablebase.Pos, _ int) {
				mine = append(mine, tablebase.PosString(c))
			})
			var theirs []string
			for _, m := range p.GenMoves(nil) {
				c := p.After(m)
				theirs = append(theirs, tablebase.PosString(tablebase.Pos{Pred: c.Pred, Prey: c.Prey, Side: int(c.ToMove), Capt: int(c.Captured), Hand: int(c.InHand)}))
			}
			if strings.Join(tablebase.Sorted(mine), " ") != strings.Join(tablebase.Sorted(theirs), " ") {
				t.Fatalf("%s %s: solver moves %v, core %v", r.Name, p, mine, theirs)
			}
		}
	}
}

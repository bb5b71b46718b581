package solver

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"huntchess/ai/tablebase"
	"huntchess/core"
)

// solveCompact solves the moving tiers of r from captured most down to
// least (every tier captures reach must be among them or end the game),
// each in one byte an entry, keeping the prey half of each for the next.
func solveCompact(_ *testing.T, s *Solver, tiers []int) map[int]*CompactTier {
	whole := map[int]*CompactTier{}
	lower := map[int]*CompactTier{}
	for _, c := range tiers {
		t, err := s.SolveCompactTier(c, lower)
		if err != nil {
			panic(err)
		}
		whole[c] = t
		lower[c] = t.PreyHalf()
	}
	return whole
}

// compareCompact checks every entry of the compact tiers against
// SolveTier's codes, and their counts.
func compareCompact(t *testing.T, name string, ref *Solver, got map[int]*CompactTier) {
	t.Helper()
	for c, ct := range got {
		st := ref.tiers[TierKey{c, 0}]
		if st == nil {
			t.Fatalf("%s: no reference for captured %d", name, c)
		}
		n := ct.Layout.Entries()
		for i := int64(0); i < n; i++ {
			if a, b := ct.Code(i), st.codes[i]; a != b {
				pred, prey, side := ct.Layout.Position(i)
				va, da := tablebase.Decode(a)
				vb, db := tablebase.Decode(b)
				t.Fatalf("%s captured %d entry %d (pred %x prey %x side %d): compact %v %d, SolveTier %v %d", name, c, i, pred, prey, side, va, da, vb, db)
			}
		}
		want := st.stats
		gotSt := ct.Stats
		want.Seconds, gotSt.Seconds, want.Levels, gotSt.Levels = 0, 0, 0, 0
		if fmt.Sprint(want) != fmt.Sprint(gotSt) {
			t.Errorf("%s captured %d: counts %+v, SolveTier's %+v", name, c, gotSt, want)
		}
		// The prey half reads the same.
		h := ct.PreyHalf()
		for i := n / 2; i < n; i += 7 {
			if h.Code(i) != ct.Code(i) {
				t.Fatalf("%s captured %d: the prey half differs at %d", name, c, i)
			}
		}
	}
}

func movingTiers(r *tablebase.Rules, step int) []int {
	var out []int
	for c := r.CaptureWin - 1; c >= 0; c-- {
		if r.PreyCount-r.InHand-c >= 0 && c%step == 0 {
			out = append(out, c)
		}
	}
	return out
}

// The compact solver gives SolveTier's codes, entry for entry, on every
// mini game's moving phase, with the plies wrapping every 254 and every 6
// (the epoch bits).
func TestCompactAgainstSolveTier(t *testing.T) {
	for _, wrap := range []int{254, 6} {
		for _, g := range miniGames() {
			if g.Hand > 0 || !CompactSolvable(g.R) {
				continue // the placement phase, traps and a cliff are not the compact solver's
			}
			name := fmt.Sprintf("%s/wrap%d", g.Name, wrap)
			t.Run(name, func(t *testing.T) {
				defer func(w int) { compactWrap = w }(compactWrap)
				compactWrap = wrap
				tiers := movingTiers(g.R, 1)
				ref := NewSolver(g.R)
				ref.Threads = 2
				for _, c := range tiers {
					ref.SolveTier(c, false)
				}
				s := NewSolver(g.R)
				s.Threads = 2
				got := solveCompact(t, s, tiers)
				compareCompact(t, name, ref, got)
			})
		}
	}
}

// On the real game: Beat the Wolf's tiers with 6 to 8 dogs (the wolf's
// wins through captures into the tier below), entry for entry.
func TestCompactRealGames(t *testing.T) {
	if os.Getenv("HUNTCHESS_SOLVER_LONG") == "" {
		t.Skip("solves 100 million entries twice (minutes): HUNTCHESS_SOLVER_LONG=1, make test-solver-long")
	}
	for _, tc := range []struct {
		id    core.GameID
		tiers []int
	}{
		{core.BeatTheWolf, []int{11, 10, 9}},
	} {
		r := tablebase.ForGame(tc.id)
		ref := NewSolver(r)
		for _, c := range tc.tiers {
			ref.SolveTier(c, false)
		}
		s := NewSolver(r)
		got := solveCompact(t, s, tc.tiers)
		compareCompact(t, r.Name, ref, got)
	}
}

// RunCompact writes each tier as it is solved and, run again, resumes
// after the tiers whole on disk: a missing or cut tier is solved again,
// and the table written from the tier files has SolveTier's codes.
func TestRunCompactResumes(t *testing.T) {
	g := miniGame("mini-wolf")
	tiers := movingTiers(g.R, 1)
	ref := NewSolver(g.R)
	for _, c := range tiers {
		ref.SolveTier(c, false)
	}
	dir := t.TempDir()
	run := func() map[int]bool {
		s := NewSolver(g.R)
		s.Threads = 2
		resumed := map[int]bool{}
		if err := s.RunCompact(dir, tiers, func(h *TierFileHeader, res bool) { resumed[h.Captured] = res }); err != nil {
			t.Fatal(err)
		}
		return resumed
	}
	for c, res := range run() {
		if res {
			t.Fatalf("captured %d found on the first run", c)
		}
	}
	// The last tier lost, the one before it cut short.
	last, cut := tiers[len(tiers)-1], tiers[len(tiers)-2]
	if err := os.Remove(TierPath(dir, g.R.Name, last)); err != nil {
		t.Fatal(err)
	}
	p := TierPath(dir, g.R.Name, cut)
	fi, _ := os.Stat(p)
	if err := os.Truncate(p, fi.Size()-1); err != nil {
		t.Fatal(err)
	}
	res := run()
	for _, c := range tiers {
		if want := c != last && c != cut; res[c] != want {
			t.Errorf("captured %d: resumed %v, want %v", c, res[c], want)
		}
	}
	got := map[int]*CompactTier{}
	for _, c := range tiers {
		ct, err := ReadTierFile(TierPath(dir, g.R.Name, c), g.R, false)
		if err != nil {
			t.Fatal(err)
		}
		got[c] = ct
	}
	compareCompact(t, g.Name, ref, got)

	// The table file from the tier files is SolveTier's, byte for byte (the
	// levels counted as the compact solver counts them).
	path := tablebase.Path(dir, g.R.Name)
	if _, err := WriteCompactTable(path, dir, g.R, tiers, 2); err != nil {
		t.Fatal(err)
	}
	for _, c := range tiers {
		ref.tiers[TierKey{c, 0}].stats.Levels = got[c].Stats.Levels
	}
	refPath := filepath.Join(t.TempDir(), "ref.hctb")
	if _, err := ref.Write(refPath); err != nil {
		t.Fatal(err)
	}
	a, _ := os.ReadFile(path)
	b, _ := os.ReadFile(refPath)
	if len(a) == 0 || !bytes.Equal(a, b) {
		t.Errorf("the table from the tier files (%d bytes) is not SolveTier's (%d bytes)", len(a), len(b))
	}
}

// A tier file of other rules, or of another wrap, is refused.
func TestTierFileRefusesOtherRules(t *testing.T) {
	g := miniGame("mini-wolf")
	dir := t.TempDir()
	s := NewSolver(g.R)
	if err := s.RunCompact(dir, movingTiers(g.R, 1)[:1], nil); err != nil {
		t.Fatal(err)
	}
	c := movingTiers(g.R, 1)[0]
	p := TierPath(dir, g.R.Name, c)
	if _, _, err := ReadTierHeader(p, g.R); err != nil {
		t.Fatal(err)
	}
	other := miniGame("mini-pigs")
	if _, _, err := ReadTierHeader(p, other.R); err == nil {
		t.Error("a tier file of mini-wolf read as mini-pigs'")
	}
	defer func(w int) { compactWrap = w }(compactWrap)
	compactWrap = 6
	if _, _, err := ReadTierHeader(p, g.R); err == nil {
		t.Error("a tier file of wrap 254 read with wrap 6")
	}
}

// A tier stopped after a level goes on from its part: the codes, counts
// and levels are those of a run never stopped, with the plies wrapping
// every 254 and every 6, stopped at the first level and at one past the
// middle; a part cut short or of another wrap is not read (the tier is
// solved from its start), and RunCompact deletes the part with the tier
// file written.
func TestCompactGoesOnFromPart(t *testing.T) {
	defer func(w int) { compactWrap = w }(compactWrap)
	g := miniGame("mini-wolf")
	tiers := movingTiers(g.R, 1)
	// lowerOf is the prey halves of the tiers below c.
	lowerOf := func(ref map[int]*CompactTier, c int) map[int]*CompactTier {
		lower := map[int]*CompactTier{}
		for lc, t := range ref {
			if lc > c {
				lower[lc] = t.PreyHalf()
			}
		}
		return lower
	}
	// stop solves tier c into a part at path, stopped after level at.
	stop := func(c, at int, lower map[int]*CompactTier, path string) {
		t.Helper()
		s := NewSolver(g.R)
		s.Threads = 2
		s.PartPath = func(int) string { return path }
		s.stopAt = func(d int) bool { return d == at }
		if _, err := s.SolveCompactTier(c, lower); err != ErrStopped {
			t.Fatalf("wrap %d captured %d: stopping after level %d: %v", compactWrap, c, at, err)
		}
		if _, err := os.Stat(path); err != nil {
			t.Fatalf("wrap %d captured %d: no part after level %d: %v", compactWrap, c, at, err)
		}
	}
	// goOn solves tier c again from the part at path and returns it with
	// the run's first note.
	goOn := func(c int, lower map[int]*CompactTier, path string) (*CompactTier, string) {
		t.Helper()
		var notes []string
		s := NewSolver(g.R)
		s.Threads = 2
		s.PartPath = func(int) string { return path }
		s.OnEvent = func(e Event) {
			if e.Kind == Note {
				notes = append(notes, e.Text)
			}
		}
		got, err := s.SolveCompactTier(c, lower)
		if err != nil {
			t.Fatal(err)
		}
		return got, strings.Join(append(notes, "")[:1], "")
	}
	for _, wrap := range []int{254, 6} {
		compactWrap = wrap
		ref := solveCompact(t, NewSolver(g.R), tiers)
		for _, c := range tiers {
			for _, at := range []int{0, ref[c].Stats.Levels / 2} {
				path := filepath.Join(t.TempDir(), "p.part")
				lower := lowerOf(ref, c)
				stop(c, at, lower, path)
				got, note := goOn(c, lower, path)
				if !strings.Contains(note, fmt.Sprintf("going on from its part at level %d", at+1)) {
					t.Errorf("wrap %d captured %d: the run after the stop said %q", wrap, c, note)
				}
				sameTier(t, fmt.Sprintf("wrap %d captured %d stopped after %d", wrap, c, at), ref[c], got)
			}
		}
	}

	compactWrap = 254
	ref := solveCompact(t, NewSolver(g.R), tiers)
	c := tiers[len(tiers)-1]
	for name, spoil := range map[string]func(path string){
		"cut": func(p string) {
			fi, _ := os.Stat(p)
			os.Truncate(p, fi.Size()-1)
		},
		"another wrap": func(string) { compactWrap = 6 },
	} {
		compactWrap = 254
		path := filepath.Join(t.TempDir(), "p.part")
		lower := lowerOf(ref, c)
		stop(c, 1, lower, path)
		spoil(path)
		got, note := goOn(c, lower, path)
		if !strings.Contains(note, "solving the tier from its start") {
			t.Errorf("%s part: the run said %q", name, note)
		}
		if name == "cut" {
			sameTier(t, "after a cut part", ref[c], got)
		}
	}
	compactWrap = 254

	// Stop, asked from another goroutine at a level's end (a signal's),
	// stops RunCompact after that level with the part written; run again,
	// it goes on from the part to the same tier.
	dir0 := t.TempDir()
	s := NewSolver(g.R)
	asked := -1
	s.OnEvent = func(e Event) {
		if e.Kind == LevelDone && e.Tier.Captured == c && e.Level == 0 {
			asked = e.Level
			go s.Stop()
			time.Sleep(10 * time.Millisecond) // the level's end is not waited for: any level after it will do
		}
	}
	if err := s.RunCompact(dir0, tiers, nil); err != ErrStopped {
		t.Fatalf("RunCompact after Stop: %v", err)
	}
	pi, err := ReadPartInfo(PartPath(dir0, g.R.Name, c), g.R)
	if err != nil || asked < 0 || pi.Level <= asked {
		t.Fatalf("after Stop at level %d: part %+v, %v", asked, pi, err)
	}
	if err := NewSolver(g.R).RunCompact(dir0, tiers, nil); err != nil {
		t.Fatal(err)
	}
	again, err := ReadTierFile(TierPath(dir0, g.R.Name, c), g.R, false)
	if ref[c].Stats.Levels < 2 {
		t.Fatalf("captured %d has %d levels: nothing to go on with after the first", c, ref[c].Stats.Levels)
	}
	if err != nil {
		t.Fatal(err)
	}
	sameTier(t, "after Stop", ref[c], again)

	// RunCompact keeps no part once a tier's file is written.
	dir := t.TempDir()
	if err := NewSolver(g.R).RunCompact(dir, tiers, nil); err != nil {
		t.Fatal(err)
	}
	for _, c := range tiers {
		if _, err := os.Stat(PartPath(dir, g.R.Name, c)); !os.IsNotExist(err) {
			t.Errorf("captured %d: the part is left beside its tier file (%v)", c, err)
		}
	}
}

// sameTier fails unless two solves of a tier agree on every code, the
// counts and the levels.
func sameTier(t *testing.T, name string, want, got *CompactTier) {
	t.Helper()
	n := want.Layout.Entries()
	for i := int64(0); i < n; i++ {
		if a, b := got.Code(i), want.Code(i); a != b {
			t.Fatalf("%s: entry %d: %x, want %x", name, i, a, b)
		}
	}
	a, b := got.Stats, want.Stats
	a.Seconds, b.Seconds = 0, 0
	if fmt.Sprint(a) != fmt.Sprint(b) || got.MaxPlies != want.MaxPlies {
		t.Errorf("%s: counts %+v (most %d), want %+v (most %d)", name, a, got.MaxPlies, b, want.MaxPlies)
	}
}

// TestCompactCountIsCodes: the count of a solved tier's entries a word at a
// time equals TierStats.Count over their codes, entry by entry, with holes,
// draws, both epochs and a range that ends inside a word.
func TestCompactCountIsCodes(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	const n = 64*1000 + 37
	w := &compactWork{CompactTier: &CompactTier{b: newByteTable(n)}, tent: make([]uint64, (n+63)/64)}
	w.ep[0] = make([]uint64, (n+63)/64)
	w.ep[1] = make([]uint64, (n+63)/64)
	for i := int64(0); i < n; i++ {
		var v uint8
		switch x := rng.IntN(10); {
		case x < 3: // a draw
		case x == 3:
			v = boundHole
		default:
			v = w.setPlies(i, rng.IntN(compactWrap<<compactEpochBits))
		}
		w.b[i>>3] |= uint64(v) << (8 * uint(i&7))
	}
	half := int64(n / 2)
	for _, r := range [][2]int64{{0, n}, {0, 64}, {640, 64 * 500}, {64 * 999, n}} {
		var got, want tablebase.TierStats
		most := w.count(r[0], r[1], half, &got)
		m := 0
		for i := r[0]; i < r[1]; i++ {
			c := w.Code(i)
			want.Count(c, i < half)
			if v, d := tablebase.Decode(c); v == tablebase.Win || v == tablebase.Loss {
				m = max(m, d)
			}
		}
		if got != want || most != m {
			t.Fatalf("entries %d to %d: count %+v (most %d), codes %+v (most %d)", r[0], r[1], got, most, want, m)
		}
	}
	w.tent[5] = 1 << 3
	defer func() {
		if recover() == nil {
			t.Fatal("a candidate left after the levels: no panic")
		}
	}()
	var st tablebase.TierStats
	w.count(0, n, half, &st)
}

// TestPreyParentsAreParents checks the solver's parents of a
// predator-to-move position (one PreyMover) against Rules.Parents and
// Layout.Index: the same positions and entries, on random positions of
// Beat the Wolf's layouts and the mini games', crowded ones (where the prey
// is often stuck and passed) among them.
func TestPreyParentsAreParents(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 5))
	type game struct {
		r  *tablebase.Rules
		ks []int
	}
	games := []game{{tablebase.ForGame(core.BeatTheWolf), []int{6, 12, 17, 24, 31, 32}}}
	for _, g := range miniGames() {
		games = append(games, game{g.R, []int{1, g.Prey}})
	}
	passes := 0
	for _, g := range games {
		r := g.r
		for _, k := range g.ks {
			if k > r.NP-r.PredCount {
				continue
			}
			l := tablebase.LayoutFor(r, k)
			if !l.HasPreyMover() {
				continue
			}
			for range 400 {
				pts := rng.Perm(r.NP)
				pred := uint64(1) << uint(pts[0])
				var prey uint64
				for _, p := range pts[1 : 1+k] {
					prey |= 1 << uint(p)
				}
				got := preyParents(r, l, pred, prey, 2, nil)
				var want []parentRef
				r.Parents(tablebase.Pos{Pred: pred, Prey: prey, Side: 0, Capt: 2}, func(q tablebase.Pos) {
					j, _ := l.Index(q.Pred, q.Prey, q.Side)
					want = append(want, parentRef{q, j})
					if q.Prey == prey {
						passes++
					}
				})
				// The same order: the prey's pieces, then their steps back.
				if !slices.Equal(got, want) {
					t.Fatalf("%s k=%d pred %b prey %b: preyParents %v, Parents %v", r.Name, k, pred, prey, got, want)
				}
			}
		}
	}
	if passes == 0 {
		t.Fatal("no pass looked at")
	}
}

package core_test

import (
	"fmt"
	"math/bits"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"huntchess/core"
)

func info(t testing.TB, key string) *core.GameInfo {
	t.Helper()
	g, err := core.Lookup(key)
	require.NoError(t, err)
	return g
}

// lineBetween returns the kind of the line a–b of the board and whether it exists.
func lineBetween(t testing.TB, b *core.Board, a, c string) (core.LineKind, bool) {
	t.Helper()
	ia, ok := b.Index(a)
	require.True(t, ok, "no point %s", a)
	ic, ok := b.Index(c)
	require.True(t, ok, "no point %s", c)
	for _, l := range b.Lines {
		if l.A == ia && l.B == ic || l.A == ic && l.B == ia {
			return l.Kind, true
		}
	}
	return 0, false
}

// straight reports whether the points, in order, lie on one straight line of
// the board: each joined to the next by a line, all in the same direction.
func straight(t testing.TB, b *core.Board, names ...string) bool {
	t.Helper()
	idx := make([]int, len(names))
	for i, n := range names {
		var ok bool
		idx[i], ok = b.Index(n)
		require.True(t, ok, "no point %s", n)
	}
	for d := core.Direction(0); d < core.NumDirections; d++ {
		all := true
		for i := 0; i+1 < len(idx); i++ {
			q, _, ok := b.Neighbor(idx[i], d)
			if !ok || q != idx[i+1] {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

var refKind = map[string]core.LineKind{
	"orth": core.LineOrthogonal, "diag": core.LineDiagonal, "wolf": core.LineWolfDiagonal,
	"trap": core.LineTrap, "cliff": core.LineCliff,
}

func TestBoardPointCounts(t *testing.T) {
	want := map[string]struct{ board, trap, cliff int }{
		"beat-the-wolf":     {33, 0, 0},
		"wolf-carries-pig":  {25, 0, 0},
		"surround-the-lion": {25, 4, 0},
		"deer-chess":        {25, 0, 4},
	}
	for _, g := range core.Games() {
		b := g.Board
		w := want[g.Key]
		assert.Equal(t, w.board+w.trap+w.cliff, b.NumPoints(), g.Key)
		assert.Equal(t, w.trap, bits.OnesCount64(b.TrapMask()), g.Key)
		assert.Equal(t, w.cliff, bits.OnesCount64(b.CliffMask()), g.Key)
		assert.Equal(t, w.board, bits.OnesCount64(b.PreyMask()), g.Key)
		assert.Equal(t, b.NumPoints(), bits.OnesCount64(b.Mask()), g.Key)
	}
}

// The engine's boards are exactly the reference's boards (built from docs/RULES.md):
// the same names, positions, regions, lines and line kinds.
func TestBoardsMatchRulesText(t *testing.T) {
	for _, g := range core.Games() {
		t.Run(g.Key, func(t *testing.T) {
			b, rb := g.Board, refBoards[g.Key]
			require.Equal(t, len(rb.at), b.NumPoints())
			for i, p := range b.Points {
				at, ok := rb.at[p.Name]
				require.True(t, ok, "engine point %s not in docs/RULES.md", p.Name)
				assert.Equal(t, at, refXY{p.X, p.Y}, p.Name)
				region := map[core.Region]string{core.RegionBoard: "board", core.RegionTrap: "trap", core.RegionCliff: "cliff"}[p.Region]
				assert.Equal(t, rb.region[p.Name], region, p.Name)
				j, ok := b.Index(p.Name)
				assert.True(t, ok)
				assert.Equal(t, i, j)
			}
			require.Equal(t, len(rb.lines), len(b.Lines), "number of lines")
			for _, l := range b.Lines {
				a, c := b.Points[l.A].Name, b.Points[l.B].Name
				k, ok := rb.lines[refPair(a, c)]
				if assert.True(t, ok, "engine line %s-%s not in docs/RULES.md", a, c) {
					assert.Equal(t, refKind[k], l.Kind, "kind of %s-%s", a, c)
				}
			}
			assert.LessOrEqual(t, b.MinX, b.MaxX)
			for _, p := range b.Points {
				assert.True(t, p.X >= b.MinX && p.X <= b.MaxX && p.Y >= b.MinY && p.Y <= b.MaxY, p.Name)
			}
		})
	}
}

// Neighbor agrees with Lines, both ways, with opposite directions.
func TestNeighborMatchesLines(t *testing.T) {
	for _, g := range core.Games() {
		b := g.Board
		n := 0
		for p := range b.Points {
			for d := core.Direction(0); d < core.NumDirections; d++ {
				q, kind, ok := b.Neighbor(p, d)
				if !ok {
					continue
				}
				n++
				k, has := lineBetween(t, b, b.Points[p].Name, b.Points[q].Name)
				assert.True(t, has)
				assert.Equal(t, k, kind)
				back, _, ok := b.Neighbor(q, d.Opposite())
				assert.True(t, ok)
				assert.Equal(t, p, back)
				dx, dy := d.Delta()
				assert.Equal(t, b.Points[p].X+dx, b.Points[q].X, "%s %s", g.Key, b.Points[p].Name)
				assert.Equal(t, b.Points[p].Y+dy, b.Points[q].Y, "%s %s", g.Key, b.Points[p].Name)
			}
		}
		assert.Equal(t, 2*len(b.Lines), n, g.Key)
	}
}

func TestBeatTheWolfBoard(t *testing.T) {
	b := info(t, "beat-the-wolf").Board
	// A point exists where its file is c–e or its rank is 3–5.
	for f := 0; f < 7; f++ {
		for r := 0; r < 7; r++ {
			_, ok := b.Index(refName(f, r))
			assert.Equal(t, f >= 2 && f <= 4 || r >= 2 && r <= 4, ok, refName(f, r))
		}
	}
	for _, c := range []struct {
		a, b string
		kind core.LineKind
		ok   bool
	}{
		{"d4", "d5", core.LineOrthogonal, true},
		{"a3", "b3", core.LineOrthogonal, true},
		{"c1", "c2", core.LineOrthogonal, true},
		{"d4", "e5", core.LineWolfDiagonal, true},
		{"c1", "d2", core.LineWolfDiagonal, true},
		{"d1", "c2", core.LineWolfDiagonal, true},
		{"a3", "b4", core.LineWolfDiagonal, true},
		{"f5", "g4", core.LineWolfDiagonal, true},
		{"b3", "c2", 0, false}, // c2–b3 is not a line: its square lies outside the cross
		{"c2", "b3", 0, false},
		{"e2", "f3", 0, false},
		{"b5", "c6", 0, false},
		{"e6", "f5", 0, false},
		{"c1", "e1", 0, false},
	} {
		k, ok := lineBetween(t, b, c.a, c.b)
		assert.Equal(t, c.ok, ok, "%s-%s", c.a, c.b)
		if ok {
			assert.Equal(t, c.kind, k, "%s-%s", c.a, c.b)
		}
	}
	// Orthogonal: 3 full rows and 3 full columns of 6 segments, plus the arms'
	// 4×2 rows/columns of 2 segments; diagonals: both in each of the 20 unit squares.
	kinds := map[core.LineKind]int{}
	for _, l := range b.Lines {
		kinds[l.Kind]++
	}
	assert.Equal(t, 52, kinds[core.LineOrthogonal])
	assert.Equal(t, 40, kinds[core.LineWolfDiagonal])
	assert.Len(t, kinds, 2)
	assert.Equal(t, -1, b.Gate)
}

func TestWolfCarriesPigBoard(t *testing.T) {
	b := info(t, "wolf-carries-pig").Board
	for f := 0; f < 5; f++ {
		for r := 0; r < 5; r++ {
			p, _ := b.Index(refName(f, r))
			n := 0
			for d := core.Direction(0); d < core.NumDirections; d++ {
				if _, _, ok := b.Neighbor(p, d); ok {
					n++
				}
			}
			inside := func(v int) int {
				if v == 0 || v == 4 {
					return 2
				}
				return 3
			}
			assert.Equal(t, inside(f)*inside(r)-1, n, "every point is joined to all its neighbours: %s", refName(f, r))
		}
	}
	assert.Len(t, b.Lines, 40+32)
	assert.True(t, straight(t, b, "a1", "b2", "c3", "d4", "e5"))
	assert.True(t, straight(t, b, "e1", "d2", "c3", "b4", "a5"))
}

func TestSurroundTheLionBoard(t *testing.T) {
	b := info(t, "surround-the-lion").Board
	// Diagonal segments exist exactly where f+r is odd.
	for f := 0; f < 5; f++ {
		for r := 0; r < 5; r++ {
			for _, d := range [][2]int{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
				f2, r2 := f+d[0], r+d[1]
				if f2 < 0 || f2 > 4 || r2 < 0 || r2 > 4 {
					continue
				}
				k, ok := lineBetween(t, b, refName(f, r), refName(f2, r2))
				assert.Equal(t, (f+r)%2 == 1, ok, "%s-%s", refName(f, r), refName(f2, r2))
				if ok {
					assert.Equal(t, core.LineDiagonal, k)
				}
			}
		}
	}
	// The points with diagonals, as docs/RULES.md lists them; c3 and the corners have none.
	var withDiag []string
	for _, p := range b.Points {
		for _, d := range []core.Direction{core.NorthEast, core.NorthWest, core.SouthEast, core.SouthWest} {
			i, _ := b.Index(p.Name)
			if q, k, ok := b.Neighbor(i, d); ok && k == core.LineDiagonal && b.Points[q].Region == core.RegionBoard {
				withDiag = append(withDiag, p.Name)
				break
			}
		}
	}
	assert.ElementsMatch(t, strings.Fields("b1 d1 a2 c2 e2 b3 d3 a4 c4 e4 b5 d5"), withDiag)
	// Traps and their lines.
	for trap, ends := range map[string]string{"N": "b5 c5 d5", "S": "b1 c1 d1", "W": "a2 a3 a4", "E": "e2 e3 e4"} {
		i, ok := b.Index(trap)
		require.True(t, ok)
		assert.Equal(t, core.RegionTrap, b.Points[i].Region)
		var got []string
		for _, l := range b.Lines {
			if l.A == i || l.B == i {
				assert.Equal(t, core.LineTrap, l.Kind)
				o := l.A + l.B - i
				got = append(got, b.Points[o].Name)
			}
		}
		assert.ElementsMatch(t, strings.Fields(ends), got, trap)
	}
	// Each trap line continues a line of the board.
	for _, s := range []string{
		"a4 b5 N", "c4 c5 N", "e4 d5 N",
		"a2 b1 S", "c2 c1 S", "e2 d1 S",
		"b1 a2 W", "c3 b3 a3 W", "b5 a4 W",
		"d1 e2 E", "c3 d3 e3 E", "d5 e4 E",
	} {
		assert.True(t, straight(t, b, strings.Fields(s)...), s)
	}
	assert.Equal(t, 40+16+12, len(b.Lines)) // each unit square has one diagonal: the one between its odd corners
}

func TestDeerChessBoard(t *testing.T) {
	g := info(t, "deer-chess")
	b := g.Board
	for f := 0; f < 5; f++ {
		for r := 0; r < 5; r++ {
			for _, d := range [][2]int{{1, 1}, {1, -1}} {
				f2, r2 := f+d[0], r+d[1]
				if f2 > 4 || r2 < 0 || r2 > 4 {
					continue
				}
				_, ok := lineBetween(t, b, refName(f, r), refName(f2, r2))
				assert.Equal(t, (f+r)%2 == 0, ok, "%s-%s", refName(f, r), refName(f2, r2))
			}
		}
	}
	gate, ok := b.Index("c5")
	require.True(t, ok)
	assert.Equal(t, gate, b.Gate)
	assert.Equal(t, core.RegionBoard, b.Points[gate].Region)
	for _, n := range strings.Fields("b6 c6 d6 c7") {
		i, ok := b.Index(n)
		require.True(t, ok)
		assert.Equal(t, core.RegionCliff, b.Points[i].Region, n)
		assert.Zero(t, b.PreyMask()&(1<<uint(i)), n)
	}
	for _, l := range strings.Fields("c5-b6 c5-c6 c5-d6 b6-c6 c6-d6 b6-c7 c6-c7 d6-c7") {
		a, c, _ := strings.Cut(l, "-")
		k, ok := lineBetween(t, b, a, c)
		assert.True(t, ok, l)
		assert.Equal(t, core.LineCliff, k, l)
	}
	n := 0
	for _, l := range b.Lines {
		if l.Kind == core.LineCliff {
			n++
		}
	}
	assert.Equal(t, 8, n)
	for _, s := range []string{"c4 c5 c6 c7", "b4 c5 d6", "d4 c5 b6", "b6 c6 d6", "c1 c2 c3 c4 c5 c6 c7", "a3 b4 c5 d6", "e3 d4 c5 b6"} {
		assert.True(t, straight(t, b, strings.Fields(s)...), s)
	}
	// Not straight: the cliff's sides bend.
	for _, s := range []string{"c5 b6 c7", "c5 d6 c7", "b5 c6", "d5 c6"} {
		assert.False(t, straight(t, b, strings.Fields(s)...), s)
	}
	assert.Equal(t, 40+16+8, len(b.Lines))
}

func TestLookupAndInfo(t *testing.T) {
	keys := []string{"beat-the-wolf", "wolf-carries-pig", "surround-the-lion", "deer-chess"}
	require.Len(t, core.Games(), 4)
	for i, g := range core.Games() {
		assert.Equal(t, keys[i], g.Key)
		assert.Equal(t, core.GameID(i), g.ID)
		assert.Equal(t, g, g.ID.Info())
		assert.Equal(t, keys[i], g.ID.String())
		l, err := core.Lookup(keys[i])
		require.NoError(t, err)
		assert.Same(t, g, l)
	}
	_, err := core.Lookup("chess")
	assert.ErrorContains(t, err, "unknown game")
	facts := []struct {
		pred, prey       string
		np, nprey, hand  int
		first            core.Side
		win              int
		jump, lion, plac bool
	}{
		{"wolf", "dog", 1, 17, 0, core.Predator, 12, true, false, false},
		{"wolf", "pig", 3, 15, 0, core.Prey, 7, true, false, false},
		{"lion", "dog", 1, 16, 0, core.Predator, 6, false, true, false},
		{"deer", "dog", 1, 20, 12, core.Predator, 7, true, false, true},
	}
	for i, g := range core.Games() {
		f := facts[i]
		got := fmt.Sprint(g.Predator, g.Prey, g.PredatorCount, g.PreyCount, g.PreyInHand, g.First, g.CapturesToWin, g.CanJump(), g.LionCapture(), g.HasPlacement())
		assert.Equal(t, fmt.Sprint(f.pred, f.prey, f.np, f.nprey, f.hand, f.first, f.win, f.jump, f.lion, f.plac), got, g.Key)
		assert.Equal(t, g.Predator, g.PiecesOf(core.Predator))
		assert.Equal(t, g.Prey, g.PiecesOf(core.Prey))
	}
	assert.Equal(t, core.Prey, core.Predator.Other())
	assert.Equal(t, core.Predator, core.Prey.Other())
}

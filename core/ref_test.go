package core_test

// A second, deliberately simple move generator, written from the text of
// docs/RULES.md alone: points are names with grid coordinates, lines are
// a set of name pairs, positions are maps. It shares no tables and no code
// path with the engine; the tests compare the two (perft counts, legal move
// lists, successor positions and outcomes).

import (
	"fmt"
	"sort"
	"strconv"
	"strings"
)

type refXY struct{ x, y int }

type refBoard struct {
	game   string
	at     map[string]refXY
	name   map[refXY]string
	region map[string]string            // "board", "trap" or "cliff"
	lines  map[[2]string]string         // sorted name pair → kind: "orth", "diag", "wolf", "trap", "cliff"
	adj    map[string]map[string]string // name → neighbour → line kind
	order  []string                     // every point name, sorted
	// rules
	captureWin int
	lion       bool // captures are the lion's flanking pairs, nobody jumps
	preyPasses bool
}

func refName(x, y int) string { return string(rune('a'+x)) + strconv.Itoa(y+1) }

func newRefBoard(game string) *refBoard {
	return &refBoard{game: game, at: map[string]refXY{}, name: map[refXY]string{},
		region: map[string]string{}, lines: map[[2]string]string{}, adj: map[string]map[string]string{}}
}

func (b *refBoard) addPoint(n string, x, y int, region string) {
	b.at[n] = refXY{x, y}
	b.name[refXY{x, y}] = n
	b.region[n] = region
	b.adj[n] = map[string]string{}
	b.order = append(b.order, n)
	sort.Strings(b.order)
}

func refPair(a, c string) [2]string {
	if a > c {
		a, c = c, a
	}
	return [2]string{a, c}
}

func (b *refBoard) addLine(a, c, kind string) {
	if _, ok := b.at[a]; !ok {
		panic("ref: no point " + a)
	}
	if _, ok := b.at[c]; !ok {
		panic("ref: no point " + c)
	}
	b.lines[refPair(a, c)] = kind
	b.adj[a][c] = kind
	b.adj[c][a] = kind
}

// lineKind returns the kind of the line a–c, or "" when there is none.
func (b *refBoard) lineKind(a, c string) string { return b.lines[refPair(a, c)] }

// beyond returns the point R with R - Q == Q - P (the next point on the same
// straight line), or "" when there is no point there.
func (b *refBoard) beyond(p, q string) string {
	P, Q := b.at[p], b.at[q]
	return b.name[refXY{2*Q.x - P.x, 2*Q.y - P.y}]
}

// The four boards, from docs/RULES.md.

func refBeatTheWolf() *refBoard {
	b := newRefBoard("beat-the-wolf")
	// "a 7×7 grid (files a–g, ranks 1–7) … A point exists where its file is c–e or its rank is 3–5."
	exists := func(x, y int) bool {
		return x >= 0 && x <= 6 && y >= 0 && y <= 6 && (x >= 2 && x <= 4 || y >= 2 && y <= 4)
	}
	for x := 0; x < 7; x++ {
		for y := 0; y < 7; y++ {
			if exists(x, y) {
				b.addPoint(refName(x, y), x, y, "board")
			}
		}
	}
	for x := 0; x < 7; x++ {
		for y := 0; y < 7; y++ {
			if !exists(x, y) {
				continue
			}
			// "orthogonal lines join every two orthogonally adjacent points"
			if exists(x+1, y) {
				b.addLine(refName(x, y), refName(x+1, y), "orth")
			}
			if exists(x, y+1) {
				b.addLine(refName(x, y), refName(x, y+1), "orth")
			}
			// "Every unit square whose four corners are all points has both diagonals drawn"
			if exists(x+1, y) && exists(x, y+1) && exists(x+1, y+1) {
				b.addLine(refName(x, y), refName(x+1, y+1), "wolf")
				b.addLine(refName(x+1, y), refName(x, y+1), "wolf")
			}
		}
	}
	b.captureWin, b.preyPasses = 12, true
	return b
}

func refFive(b *refBoard, diag func(x, y int) bool, kind string) {
	for x := 0; x < 5; x++ {
		for y := 0; y < 5; y++ {
			b.addPoint(refName(x, y), x, y, "board")
		}
	}
	for x := 0; x < 5; x++ {
		for y := 0; y < 5; y++ {
			if x < 4 {
				b.addLine(refName(x, y), refName(x+1, y), "orth")
			}
			if y < 4 {
				b.addLine(refName(x, y), refName(x, y+1), "orth")
			}
			for _, d := range []refXY{{1, 1}, {1, -1}, {-1, 1}, {-1, -1}} {
				x2, y2 := x+d.x, y+d.y
				if x2 >= 0 && x2 < 5 && y2 >= 0 && y2 < 5 && diag(x, y) {
					b.addLine(refName(x, y), refName(x2, y2), kind)
				}
			}
		}
	}
}

func refWolfCarriesPig() *refBoard {
	b := newRefBoard("wolf-carries-pig")
	// "every point is joined to all its up to 8 neighbours"
	refFive(b, func(int, int) bool { return true }, "diag")
	b.captureWin, b.preyPasses = 7, true
	return b
}

func refSurroundTheLion() *refBoard {
	b := newRefBoard("surround-the-lion")
	// "the diagonal segment between (f, r) and (f±1, r±1) exists when f + r is odd"
	refFive(b, func(x, y int) bool { return (x+y)%2 == 1 }, "diag")
	// "N above c5, S below c1, W left of a3, E right of e3"
	b.addPoint("N", 2, 5, "trap")
	b.addPoint("S", 2, -1, "trap")
	b.addPoint("W", -1, 2, "trap")
	b.addPoint("E", 5, 2, "trap")
	for _, l := range strings.Fields("N-b5 N-c5 N-d5 S-b1 S-c1 S-d1 W-a2 W-a3 W-a4 E-e2 E-e3 E-e4") {
		a, c, _ := strings.Cut(l, "-")
		b.addLine(a, c, "trap")
	}
	b.captureWin, b.lion = 6, true
	return b
}

func refDeerChess() *refBoard {
	b := newRefBoard("deer-chess")
	// "diagonals through the points where f + r is even"
	refFive(b, func(x, y int) bool { return (x+y)%2 == 0 }, "diag")
	// "Cliff: a diamond above the gate: points b6, c6, d6, c7."
	b.addPoint("b6", 1, 5, "cliff")
	b.addPoint("c6", 2, 5, "cliff")
	b.addPoint("d6", 3, 5, "cliff")
	b.addPoint("c7", 2, 6, "cliff")
	for _, l := range strings.Fields("c5-b6 c5-c6 c5-d6 b6-c6 c6-d6 b6-c7 c6-c7 d6-c7") {
		a, c, _ := strings.Cut(l, "-")
		b.addLine(a, c, "cliff")
	}
	b.captureWin, b.preyPasses = 7, true
	return b
}

var refBoards = map[string]*refBoard{
	"beat-the-wolf":     refBeatTheWolf(),
	"wolf-carries-pig":  refWolfCarriesPig(),
	"surround-the-lion": refSurroundTheLion(),
	"deer-chess":        refDeerChess(),
}

// refPos is a position of the reference: sets of point names.
type refPos struct {
	pred, prey map[string]bool
	predToMove bool
	captured   int
	hand       int
}

func (p refPos) clone() refPos {
	q := p
	q.pred, q.prey = map[string]bool{}, map[string]bool{}
	for k := range p.pred {
		q.pred[k] = true
	}
	for k := range p.prey {
		q.prey[k] = true
	}
	return q
}

func (p refPos) empty(n string) bool { return !p.pred[n] && !p.prey[n] }

func refSorted(m map[string]bool) []string {
	var s []string
	for k := range m {
		s = append(s, k)
	}
	sort.Strings(s)
	return s
}

// String writes the position in a canonical form of its own (sorted names).
func (p refPos) String() string {
	names := func(m map[string]bool) string {
		if len(m) == 0 {
			return "-"
		}
		return strings.Join(refSorted(m), ",")
	}
	turn := "prey"
	if p.predToMove {
		turn = "predator"
	}
	return fmt.Sprintf("predator:%s prey:%s turn:%s captured:%d hand:%d", names(p.pred), names(p.prey), turn, p.captured, p.hand)
}

// refParse reads the position notation ("predator:d4 prey:c1,d1 turn:predator
// captured:0 hand:0") with no validation beyond what the reference needs.
func refParse(s string) refPos {
	p := refPos{pred: map[string]bool{}, prey: map[string]bool{}}
	for _, f := range strings.Fields(s) {
		k, v, _ := strings.Cut(f, ":")
		switch k {
		case "predator", "prey":
			if v == "-" {
				continue
			}
			for _, n := range strings.Split(v, ",") {
				if k == "predator" {
					p.pred[n] = true
				} else {
					p.prey[n] = true
				}
			}
		case "turn":
			p.predToMove = v == "predator"
		case "captured":
			p.captured, _ = strconv.Atoi(v)
		case "hand":
			p.hand, _ = strconv.Atoi(v)
		}
	}
	return p
}

// refStart is each game's start, written from docs/RULES.md.
var refStart = map[string]string{
	"beat-the-wolf":     "predator:d4 prey:c1,d1,e1,c2,d2,e2,a3,b3,c3,d3,e3,f3,g3,a4,a5,g4,g5 turn:predator captured:0 hand:0",
	"wolf-carries-pig":  "predator:b5,c5,d5 prey:a1,b1,c1,d1,e1,a2,b2,c2,d2,e2,a3,b3,c3,d3,e3 turn:prey captured:0 hand:0",
	"surround-the-lion": "predator:c3 prey:a1,b1,c1,d1,e1,a2,e2,a3,e3,a4,e4,a5,b5,c5,d5,e5 turn:predator captured:0 hand:0",
	"deer-chess":        "predator:c5 prey:b2,c2,d2,b3,d3,b4,c4,d4 turn:predator captured:0 hand:12",
}

type refMove struct {
	text string
	next refPos
}

// terminal: a win decided by the pieces alone.
func (b *refBoard) terminal(p refPos) (string, bool) {
	if p.captured >= b.captureWin {
		return "predator wins/captures", true // the deer's 7th capture wins even in the cliff
	}
	for n := range p.pred {
		switch b.region[n] {
		case "trap":
			return "prey wins/lion-trapped", true
		case "cliff":
			return "prey wins/deer-in-cliff", true
		}
	}
	return "", false
}

// rawMoves lists the moves of the side to move, ignoring the end of the game and passes.
func (b *refBoard) rawMoves(p refPos) []refMove {
	var out []refMove
	if p.predToMove {
		for _, from := range refSorted(p.pred) {
			for to := range b.adj[from] {
				if p.empty(to) {
					n := p.clone()
					delete(n.pred, from)
					n.pred[to] = true
					if b.lion {
						// Every line through `to`: the two neighbours on it both dogs → both captured.
						for q := range b.adj[to] {
							r := b.beyond(q, to) // the point on the other side of `to`
							if q < r && r != "" && b.lineKind(to, r) != "" && p.prey[q] && p.prey[r] {
								delete(n.prey, q)
								delete(n.prey, r)
								n.captured += 2
							}
						}
					}
					n.predToMove = false
					out = append(out, refMove{from + "-" + to, n})
					continue
				}
				if b.lion || !p.prey[to] {
					continue
				}
				land := b.beyond(from, to)
				if land == "" || b.lineKind(to, land) == "" || !p.empty(land) {
					continue
				}
				n := p.clone()
				delete(n.pred, from)
				n.pred[land] = true
				delete(n.prey, to)
				n.captured++
				n.predToMove = false
				out = append(out, refMove{from + "-" + land, n})
			}
		}
		return out
	}
	if p.hand > 0 {
		for _, to := range b.order {
			if b.region[to] == "board" && p.empty(to) {
				n := p.clone()
				n.prey[to] = true
				n.hand--
				n.predToMove = true
				out = append(out, refMove{"@" + to, n})
			}
		}
		return out
	}
	for _, from := range refSorted(p.prey) {
		for to, kind := range b.adj[from] {
			if !p.empty(to) || b.region[to] != "board" {
				continue // dogs never enter traps or the cliff
			}
			if b.game == "beat-the-wolf" && kind != "orth" {
				continue // dogs step orthogonally only
			}
			n := p.clone()
			delete(n.prey, from)
			n.prey[to] = true
			n.predToMove = true
			out = append(out, refMove{from + "-" + to, n})
		}
	}
	return out
}

// moves lists the legal moves, sorted by text.
func (b *refBoard) moves(p refPos) []refMove {
	if _, over := b.terminal(p); over {
		return nil
	}
	out := b.rawMoves(p)
	if len(out) == 0 && !p.predToMove && b.preyPasses {
		n := p.clone()
		n.predToMove = true
		out = append(out, refMove{"pass", n})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].text < out[j].text })
	return out
}

// outcome returns "" while the game goes on, else "result/reason".
func (b *refBoard) outcome(p refPos) string {
	if o, over := b.terminal(p); over {
		return o
	}
	if len(b.rawMoves(p)) > 0 {
		return ""
	}
	switch {
	case b.lion:
		return "draw/no-move-draw"
	case p.predToMove:
		return "prey wins/predator-stuck"
	}
	return "" // the prey passes
}

func (b *refBoard) perft(p refPos, depth int) uint64 {
	if depth == 0 {
		return 1
	}
	ms := b.moves(p)
	if depth == 1 {
		return uint64(len(ms))
	}
	var n uint64
	for _, m := range ms {
		n += b.perft(m.next, depth-1)
	}
	return n
}

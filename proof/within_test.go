package proof

import (
	"bufio"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"huntchess/core"
	"huntchess/internal/testkit"
)

// puzzle is a Win puzzle of puzzles/data: its position and its plies.
type puzzle struct {
	p     core.Position
	plies int
}

// winPuzzles reads game's Win puzzles from the puzzles' data (the package
// puzzles, which uses Within, cannot be imported here).
func winPuzzles(t testing.TB, game core.GameID) []puzzle {
	t.Helper()
	f, err := os.Open(filepath.Join("..", "puzzles", "data", game.String()+".txt"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []puzzle
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fields := strings.SplitN(sc.Text(), " ", 4)
		if len(fields) < 4 || fields[0] != "win" {
			continue
		}
		n, err := strconv.Atoi(fields[1])
		if err != nil {
			t.Fatal(err)
		}
		p, err := core.ParsePosition(game.String(), fields[3])
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, puzzle{p, n})
	}
	if len(out) == 0 {
		t.Fatalf("%v: no Win puzzles", game)
	}
	return out
}

// Within's ways of searching agree: on every game's Win puzzles (a forced
// win in exactly Plies plies, proven on the board alone), the puzzles'
// search (every ply, the first win, captures first, each move in turn,
// a memo) and the bridge's (the fewest plies at the shallowest depth; with
// a memo, and without one up to 5 plies) all find the win within Plies and none within Plies-1, and the
// bridge's plies are Plies; the winner's move they find wins (the loser
// then loses within Plies-1).
func TestWithinModesAgree(t *testing.T) {
	for _, g := range core.Games() {
		for i, pz := range winPuzzles(t, g.ID) {
			if (testing.Short() || testkit.Race) && i%4 != 0 {
				continue // a quarter of them (the race build runs some ten times slower)
			}
			winner := pz.p.ToMove
			memo := NewMemo(0)
			fast := Within{Winner: winner, Judge: OnBoard(winner), EveryPly: true, First: true, CapturesFirst: true, EachInTurn: true, Memo: memo}
			plain := Within{Winner: winner, Judge: OnBoard(winner), EveryPly: true, Memo: NewMemo(0)}
			modes := []Within{fast, plain}
			if pz.plies <= 5 { // without a memo the longest take seconds
				modes = append(modes, Within{Winner: winner, Judge: OnBoard(winner), EveryPly: true})
			}
			for _, w := range modes {
				m, d, ok := w.Win(pz.p, pz.plies)
				if !ok {
					t.Fatalf("%v %s: no win within %d (First %v)", g.ID, pz.p, pz.plies, w.First)
				}
				if !w.First && d != pz.plies {
					t.Fatalf("%v %s: won in %d plies, the puzzle says %d", g.ID, pz.p, d, pz.plies)
				}
				if _, _, ok := w.Win(pz.p, pz.plies-1); ok {
					t.Fatalf("%v %s: a win within %d plies (First %v)", g.ID, pz.p, pz.plies-1, w.First)
				}
				if c := pz.p.After(m); !c.Outcome().Over() {
					if _, ok := plain.Loss(c, pz.plies-1); !ok {
						t.Fatalf("%v %s: %v does not win within %d", g.ID, pz.p, m, pz.plies)
					}
				}
			}
			if memo.Len() == 0 && pz.plies > 1 {
				t.Fatalf("%v %s: the memo kept nothing", g.ID, pz.p)
			}
		}
	}
}

// A spent budget answers no, and says so (Budget.Out); the same search
// with room proves the win.
func TestWithinBudget(t *testing.T) {
	var pz puzzle
	for _, q := range winPuzzles(t, core.WolfCarriesPig) {
		if q.plies >= 5 {
			pz = q
			break
		}
	}
	winner := pz.p.ToMove
	b := &Budget{Limit: 10}
	w := Within{Winner: winner, Judge: OnBoard(winner), EveryPly: true, First: true, Memo: NewMemo(0), Budget: b}
	if _, _, ok := w.Win(pz.p, pz.plies); ok || !b.Out() {
		t.Fatalf("within 10 positions: won %v, budget out %v (%d used)", ok, b.Out(), b.Used)
	}
	b2 := &Budget{}
	w.Budget, w.Memo = b2, NewMemo(0)
	if _, _, ok := w.Win(pz.p, pz.plies); !ok || b2.Out() || b2.Used <= 10 {
		t.Fatalf("without a bound: won %v, %d positions", ok, b2.Used)
	}
}

// A memo bounded in size starts again empty when full, and the search
// still proves what it proves without one.
func TestWithinMemoMax(t *testing.T) {
	for _, pz := range winPuzzles(t, core.DeerChess) {
		if pz.plies < 5 {
			continue
		}
		winner := pz.p.ToMove
		memo := NewMemo(50)
		w := Within{Winner: winner, Judge: OnBoard(winner), EveryPly: true, First: true, Memo: memo}
		if _, _, ok := w.Win(pz.p, pz.plies); !ok {
			t.Fatalf("%s: no win within %d with a memo of 50", pz.p, pz.plies)
		}
		if memo.Len() > 50 {
			t.Fatalf("%s: the memo holds %d positions, at most 50", pz.p, memo.Len())
		}
		return
	}
	t.Fatal("no deer chess puzzle of 5 plies or more")
}

// BenchmarkWithin is one puzzle's win (each game's longest Win puzzle)
// by the puzzles' search (a fresh memo each time) and by the bridge's
// (no memo, the fewest plies).
//
//	go test ./proof/ -run '^$' -bench Within -benchtime 20x
func BenchmarkWithin(b *testing.B) {
	for _, g := range core.Games() {
		var hard puzzle
		for _, pz := range winPuzzles(b, g.ID) {
			if pz.plies >= hard.plies {
				hard = pz
			}
		}
		winner := hard.p.ToMove
		b.Run(g.Key+"/puzzles", func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				w := Within{Winner: winner, Judge: OnBoard(winner), EveryPly: true, First: true, CapturesFirst: true, EachInTurn: true, Memo: NewMemo(0)}
				if _, _, ok := w.Win(hard.p, hard.plies); !ok {
					b.Fatal("no win")
				}
			}
		})
		if hard.plies > 7 {
			continue // without a memo, the longest take seconds
		}
		b.Run(g.Key+"/fewest", func(b *testing.B) {
			for i := 0; i < b.N; i++ {
				w := Within{Winner: winner, Judge: OnBoard(winner), EveryPly: true}
				if _, _, ok := w.Win(hard.p, hard.plies); !ok {
					b.Fatal("no win")
				}
			}
		})
	}
}

package ai

import (
	"context"
	"math/rand"
	"testing"
	"time"

	"huntchess/core"
	"huntchess/internal/testkit"
	"huntchess/match"
)

func legal(p core.Position, m core.Move) bool {
	var buf [core.MaxMoves]core.Move
	for _, l := range p.GenMoves(buf[:0]) {
		if l == m {
			return true
		}
	}
	return false
}

// randomPositions plays random playouts of every game and returns the
// positions met on the way (finished ones included).
func randomPositions(n int, seed int64) []core.Position {
	r := rand.New(rand.NewSource(seed))
	var out []core.Position
	var buf [core.MaxMoves]core.Move
	for len(out) < n {
		for _, g := range core.Games() {
			p := g.Start()
			for i := 0; i < 200 && len(out) < n; i++ {
				if r.Intn(3) == 0 {
					out = append(out, p)
				}
				ms := p.GenMoves(buf[:0])
				if len(ms) == 0 {
					break
				}
				// Prefer captures half of the time, so late positions appear too.
				m := ms[r.Intn(len(ms))]
				if r.Intn(2) == 0 {
					for _, c := range ms {
						if c.Capt != 0 {
							m = c
							break
						}
					}
				}
				p = p.After(m)
			}
		}
	}
	return out
}

func TestAlwaysLegal(t *testing.T) {
	testkit.PlainOnly(t) // 3 000 searches on one goroutine: a third of the package's time under -race
	n := 3000
	if testing.Short() {
		n = 600
	}
	var buf [core.MaxMoves]core.Move
	for i, p := range randomPositions(n, 1) {
		lim := Limits{Nodes: int64(50 + i%7*40), Seed: int64(i), Noise: (i % 3) * 20, RootNoise: (i % 4) * 50, Lapse: (i % 5) * 20}
		r := Search(context.Background(), p, lim)
		moves := p.GenMoves(buf[:0])
		if len(moves) == 0 {
			if r.Move.Kind != core.MoveNone {
				t.Fatalf("%v: no legal move, but the search returned %v", p, r.Move)
			}
			continue
		}
		if !legal(p, r.Move) {
			t.Fatalf("%v: illegal move %v (%+v)", p, r.Move, r.Move)
		}
		if len(r.PV) == 0 || r.PV[0] != r.Move {
			t.Fatalf("%v: PV %v does not start with the move %v", p, r.PV, r.Move)
		}
		// The PV is a legal line.
		q := p
		for _, m := range r.PV {
			if !legal(q, m) {
				t.Fatalf("%v: PV %v has an illegal move %v", p, r.PV, m)
			}
			q = q.After(m)
		}
	}
}

// searchTwice searches p twice with lim and reports it when the two results
// differ (the same position, limits and seed must give the same search) or
// the move is illegal. It returns the first result.
func searchTwice(t *testing.T, p core.Position, lim Limits) Result {
	t.Helper()
	a := Search(context.Background(), p, lim)
	b := Search(context.Background(), p, lim)
	if a.Move != b.Move || a.Score != b.Score || a.Nodes != b.Nodes || a.Depth != b.Depth {
		t.Errorf("%v %+v: two searches differ: %v %d %d/%d vs %v %d %d/%d", p, lim,
			a.Move, a.Score, a.Depth, a.Nodes, b.Move, b.Score, b.Depth, b.Nodes)
	}
	if len(p.GenMoves(nil)) > 0 && !legal(p, a.Move) {
		t.Errorf("%v: illegal move %v", p, a.Move)
	}
	return a
}

// choicePositions returns the positions of randomPositions(n, seed) that
// are not over and give the side to move a choice.
func choicePositions(n int, seed int64) []core.Position {
	var out []core.Position
	for _, p := range randomPositions(n, seed) {
		if len(p.GenMoves(nil)) >= 2 && !p.Outcome().Over() {
			out = append(out, p)
		}
	}
	return out
}

func TestDeterministic(t *testing.T) {
	testkit.PlainOnly(t) // searches on one goroutine (TestCancel and TestThinkAndHint race two threads)
	for _, g := range core.Games() {
		for _, p := range benchPositions(g) {
			searchTwice(t, p, Limits{Nodes: 20_000, Seed: 42, Noise: 10})
		}
	}
}

// cancelLatency starts a search without limits, cancels it after 30 ms and
// returns how long Search took to return after the cancel, failing if its
// move is illegal or it does not return at all (only a hang takes a minute).
func cancelLatency(tb testing.TB, p core.Position, threads int) time.Duration {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan Result)
	go func() { done <- Search(ctx, p, Limits{Threads: threads}) }()
	time.Sleep(30 * time.Millisecond)
	cancel()
	t0 := time.Now()
	select {
	case r := <-done:
		d := time.Since(t0)
		if !legal(p, r.Move) {
			tb.Errorf("%v: illegal move %v after cancel", p, r.Move)
		}
		return d
	case <-time.After(time.Minute):
		tb.Fatalf("%v: search did not stop after cancel", p)
	}
	return 0
}

// A cancelled search stops and plays a legal move, with one thread or two.
// (How soon it stops is BenchmarkCancel's figure: well under 50 ms.)
func TestCancel(t *testing.T) {
	for _, g := range core.Games() {
		p := benchPositions(g)[0]
		for _, threads := range []int{1, 2} {
			cancelLatency(t, p, threads)
		}
	}
}

// A search capped by time alone returns, with a legal move. (How far past
// its cap it returns is BenchmarkTimeLimit's figure: within 10 ms.)
func TestTimeLimit(t *testing.T) {
	p := benchPositions(core.Games()[0])[1]
	done := make(chan Result)
	go func() { done <- Search(context.Background(), p, Limits{Time: 100 * time.Millisecond}) }()
	select {
	case r := <-done:
		if !legal(p, r.Move) {
			t.Errorf("illegal move %v", r.Move)
		}
	case <-time.After(time.Minute): // only a hang takes this long
		t.Fatal("a 100 ms search did not return")
	}
}

func TestLevels(t *testing.T) {
	for _, l := range match.Levels() {
		if got, ok := match.ParseLevel(l.String()); !ok || got != l {
			t.Errorf("ParseLevel(%q) = %v, %v", l.String(), got, ok)
		}
	}
	if _, ok := match.ParseLevel("grandmaster"); ok {
		t.Error("ParseLevel accepted grandmaster")
	}
}

func TestThinkAndHint(t *testing.T) {
	for _, g := range core.Games() {
		gm, err := core.NewGame(g.Key)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i < 6 && !gm.Outcome().Over(); i++ {
			ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
			r := Engine{}.Think(ctx, gm, match.Level(i%4))
			cancel()
			if err := gm.PlayMove(r.Move); err != nil {
				t.Fatalf("%s: %v", g.Key, err)
			}
		}
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		h := Engine{}.Hint(ctx, gm)
		cancel()
		if !gm.Outcome().Over() && !legal(gm.Position(), h.Move) {
			t.Errorf("%s: hint %v is illegal", g.Key, h.Move)
		}
	}
}

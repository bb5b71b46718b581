package puzzles

import (
	"os"
	"path/filepath"
	"testing"
	"time"

	"huntchess/ai/tablebase"
	"huntchess/core"
)

// Every game has at least 20 puzzles, graded easy to hard, each written as
// it is read, with its own ID.
func TestPuzzlesLoad(t *testing.T) {
	ids := map[string]bool{}
	for _, g := range core.Games() {
		ps := For(g.ID)
		if len(ps) < 20 {
			t.Errorf("%s: %d puzzles, want at least 20", g.Key, len(ps))
		}
		sides := map[core.Side]bool{}
		for i, p := range ps {
			if p.Number != i+1 {
				t.Errorf("%s: puzzle %d numbered %d", g.Key, i+1, p.Number)
			}
			if i > 0 && Difficulty(p) < Difficulty(ps[i-1]) {
				t.Errorf("%s: puzzle %d is easier than puzzle %d", g.Key, p.Number, i)
			}
			q, err := ParseLine(g.ID, p.Line())
			if err != nil || q.Line() != p.Line() || q.Position != p.Position {
				t.Errorf("%s: puzzle %d does not read back: %v", g.Key, p.Number, err)
			}
			if ids[p.ID()] {
				t.Errorf("%s: puzzle %d: ID %s twice", g.Key, p.Number, p.ID())
			}
			ids[p.ID()] = true
			sides[p.Side()] = true
		}
		if len(sides) != 2 {
			t.Errorf("%s: the puzzles are all for one side", g.Key)
		}
	}
}

// Every puzzle is proved by exhaustive search, without any table: the
// answer is the only first move that wins that fast, or the only one that
// does not lose within the puzzle's plies.
func TestPuzzlesProvedBySearch(t *testing.T) {
	for _, g := range core.Games() {
		start := time.Now()
		s := NewSolver()
		for _, p := range For(g.ID) {
			if err := Check(s, p); err != nil {
				t.Errorf("%s puzzle %d (%s): %v", g.Key, p.Number, p.Line(), err)
			}
		}
		t.Logf("%s: %d puzzles proved in %v (%d positions)", g.Key, len(For(g.ID)), time.Since(start).Round(time.Millisecond), s.Nodes)
	}
}

// tablesDir is where the solved tables are: $TABLES_DIR, else the
// repository's build/tables.
func tablesDir() string {
	if d := os.Getenv("TABLES_DIR"); d != "" {
		return d
	}
	return filepath.Join("..", "build", "tables")
}

// Every puzzle agrees with its game's solved table, where there is one (CI
// builds the Surround the Lion table): a Win puzzle's answer is the only
// move that wins at all, a Hold puzzle's the only one that does not lose.
// Beat the Wolf's puzzles with more than ten dogs lie outside its tables
// (proved by search only).
func TestPuzzlesAgainstTables(t *testing.T) {
	for _, g := range core.Games() {
		path := tablebase.Path(tablesDir(), g.Key)
		if _, err := os.Stat(path); err != nil {
			t.Logf("%s: no table at %s", g.Key, path)
			continue
		}
		tb, err := tablebase.Open(path)
		if err != nil {
			t.Fatalf("%s: %v", g.Key, err)
		}
		checked := 0
		for _, p := range For(g.ID) {
			if _, _, ok := tb.Probe(p.Position); !ok && g.ID == core.BeatTheWolf {
				continue
			}
			checked++
			if err := CheckTable(tb, p); err != nil {
				t.Errorf("%s puzzle %d (%s): %v", g.Key, p.Number, p.Line(), err)
			}
		}
		t.Logf("%s: %d puzzles checked against the table", g.Key, checked)
		// The replies from the table, as the app plays them when it has it,
		// hold out as long as the search's.
		s := NewSolver()
		for _, p := range For(g.ID) {
			if p.Kind != Win {
				continue
			}
			if n := playThrough(t, g.Key, p, s, tb, func(r *Run) (core.Move, bool) { return r.Solution(), true }); n != p.Plies {
				t.Errorf("%s puzzle %d: with the table's replies won after %d plies, want %d", g.Key, p.Number, n, p.Plies)
			}
		}
	}
}

// Played through with the perfect replies the app plays (Resist), and the
// first winning move each time, every Win puzzle ends in the player's win
// after exactly its plies.
func TestPuzzlesPlayThrough(t *testing.T) {
	for _, g := range core.Games() {
		s := NewSolver()
		for _, p := range For(g.ID) {
			if p.Kind != Win {
				continue
			}
			first := func(r *Run) (core.Move, bool) {
				if len(r.accept) == 0 {
					return core.Move{}, false
				}
				return r.accept[0], true
			}
			if n := playThrough(t, g.Key, p, s, nil, first); n != p.Plies {
				t.Errorf("%s puzzle %d: won after %d plies, want %d", g.Key, p.Number, n, p.Plies)
			}
		}
	}
}

// playThrough plays a Win puzzle's answer, then the replies Reply gives
// (from tb, or by search where tb is nil) and the player's move that next
// picks, until the puzzle is solved; it returns the plies played.
func playThrough(t *testing.T, game string, p *Puzzle, s *Solver, tb *tablebase.Table, next func(*Run) (core.Move, bool)) int {
	t.Helper()
	r := NewRun(p)
	if err := r.Try(p.Answer); err != nil {
		t.Fatalf("%s puzzle %d: the answer: %v", game, p.Number, err)
	}
	for !r.Solved() {
		if err := r.Reply(s, tb); err != nil {
			t.Fatalf("%s puzzle %d: %v", game, p.Number, err)
		}
		if r.Solved() {
			break
		}
		m, ok := next(r)
		if !ok {
			t.Fatalf("%s puzzle %d: no winning move at %s", game, p.Number, r.Position())
		}
		if err := r.Try(m); err != nil {
			t.Fatalf("%s puzzle %d: %v", game, p.Number, err)
		}
	}
	return len(r.Played())
}

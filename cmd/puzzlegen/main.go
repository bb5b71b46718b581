// Command puzzlegen chooses the puzzles of puzzles/data from the solved
// tables: positions met in games played from the start (each side mostly
// playing moves that keep the table's value, now and then any move), where
// exactly one move wins (a win within -max plies; the side to move has at
// least three moves) or exactly one move does not lose (the table's only
// drawing move; every other move loses within -hold plies). Each is proved
// by exhaustive search as the tests do (puzzles.Check, within a node budget,
// so the tests stay fast), then graded easy to hard by its plies. The same
// seed and tables give the same files.
//
//	go run ./cmd/puzzlegen -tables build/tables -out puzzles/data [-game deer-chess]
package main

import (
	"context"
	"flag"
	"fmt"
	"log"
	"math/rand"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"huntchess/ai"
	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/puzzles"
)

func main() {
	dir := flag.String("tables", "build/tables", "folder of the solved tables (GAME.hctb)")
	out := flag.String("out", "puzzles/data", "folder to write GAME.txt to")
	only := flag.String("game", "", "one game only (default: every game)")
	seed := flag.Int64("seed", 1, "random seed of the games played")
	games := flag.Int("games", 0, "games played per game (default: each game's own, see gamesOf)")
	maxWin := flag.Int("max", 9, "longest win, in plies")
	maxHold := flag.Int("hold", 8, "longest refutation of a wrong move in a hold puzzle, in plies")
	budget := flag.Int64("budget", 3_000_000, "search budget (positions) of a puzzle's proof")
	flag.Parse()
	for _, g := range core.Games() {
		if *only != "" && g.Key != *only {
			continue
		}
		start := time.Now()
		t, err := tablebase.Open(tablebase.Path(*dir, g.Key))
		if err != nil {
			log.Fatal(err)
		}
		gen := &generator{g: g, t: t, rng: rand.New(rand.NewSource(*seed)), maxWin: *maxWin, maxHold: *maxHold, budget: *budget,
			seen: map[uint64]bool{}}
		n := *games
		if n == 0 {
			n = gamesOf[g.ID]
		}
		for i := 0; i < n; i++ {
			gen.play()
		}
		picked := gen.pick()
		path := filepath.Join(*out, g.Key+".txt")
		if err := os.WriteFile(path, []byte(gen.file(picked, *seed)), 0o644); err != nil {
			log.Fatal(err)
		}
		log.Printf("%s: %d candidates, %d puzzles (%s) in %.0f s -> %s", g.Key, len(gen.cands), len(picked), summary(picked),
			time.Since(start).Seconds(), path)
	}
}

// gamesOf is how many games are played per game: enough for 24 puzzles,
// about a minute or two each (Beat the Wolf searches before its tables).
var gamesOf = [core.NumGames]int{
	core.BeatTheWolf:     800,
	core.WolfCarriesPig:  1000,
	core.SurroundTheLion: 3000,
	core.DeerChess:       2500,
}

type generator struct {
	g               *core.GameInfo
	t               *tablebase.Table
	rng             *rand.Rand
	maxWin, maxHold int
	budget          int64
	seen            map[uint64]bool
	cands           []*puzzles.Puzzle
}

// play plays one game from the start and keeps the candidates it meets.
func (gen *generator) play() {
	p := gen.g.Start()
	// How often each side plays a move that keeps the table's value: its
	// strength in this game (weaker play reaches more varied positions, and
	// a weak side gives the other its wins).
	keep := [2]float64{gen.rng.Float64(), gen.rng.Float64()}
	for ply := 0; ply < 160; ply++ {
		if p.Outcome().Over() {
			return
		}
		var buf [core.MaxMoves]core.Move
		moves := append([]core.Move(nil), p.GenMoves(buf[:0])...)
		v, _, covered := gen.t.Probe(p)
		if covered {
			gen.consider(p, moves)
		}
		var keepers []core.Move
		if covered {
			for _, m := range moves {
				cv, _, ok := gen.t.Probe(p.After(m))
				if ok && (v == tablebase.Win && cv == tablebase.Loss || v == tablebase.Draw && cv == tablebase.Draw ||
					v == tablebase.Loss) {
					keepers = append(keepers, m)
				}
			}
		} else {
			// Before the tables (Beat the Wolf with more than ten dogs): a
			// short search plays the strong moves; puzzles come from search.
			gen.considerSearch(p, moves)
			res := ai.Search(context.Background(), p, ai.Limits{Depth: 3, Nodes: 4000, Seed: gen.rng.Int63()})
			if res.Move.Kind != core.MoveNone {
				keepers = append(keepers, res.Move)
			}
		}
		if len(keepers) > 0 && gen.rng.Float64() < keep[p.ToMove] {
			p = p.After(keepers[gen.rng.Intn(len(keepers))])
		} else {
			p = p.After(moves[gen.rng.Intn(len(moves))])
		}
	}
}

// consider keeps p when exactly one move wins (within maxWin) or exactly one
// move draws and every other loses (within maxHold).
func (gen *generator) consider(p core.Position, moves []core.Move) {
	if len(moves) < 3 || gen.seen[p.Key] {
		return
	}
	gen.seen[p.Key] = true
	v, d, _ := gen.t.Probe(p)
	if v == tablebase.Loss || v == tablebase.Win && d > gen.maxWin {
		return
	}
	var answer core.Move
	n, longest := 0, 0
	for _, m := range moves {
		cv, cd, ok := gen.t.Probe(p.After(m))
		if !ok {
			return
		}
		switch {
		case v == tablebase.Win && cv == tablebase.Loss, v == tablebase.Draw && cv == tablebase.Draw:
			answer = m
			n++
		case v == tablebase.Draw && cv == tablebase.Win:
			longest = max(longest, cd+1)
		case v == tablebase.Draw:
			return // a move that wins: not a hold puzzle
		}
	}
	if n != 1 {
		return
	}
	pz := &puzzles.Puzzle{Game: gen.g.ID, Kind: puzzles.Win, Plies: d, Position: p, Answer: answer}
	if v == tablebase.Draw {
		if longest > gen.maxHold || longest < 2 {
			return
		}
		pz.Kind, pz.Plies = puzzles.Hold, longest
	}
	gen.cands = append(gen.cands, pz)
}

// considerSearch keeps p, which no table covers, when exhaustive search finds
// a win within maxWin plies and exactly one first move that wins that fast.
// Only positions where the predator is nearly stuck are searched (the wins
// of the prey outside the tables: trapping it).
func (gen *generator) considerSearch(p core.Position, moves []core.Move) {
	if len(moves) < 3 || gen.seen[p.Key] || p.ToMove != core.Prey {
		return
	}
	gen.seen[p.Key] = true
	q := p
	q.ToMove = core.Predator
	var buf [core.MaxMoves]core.Move
	if len(q.GenMoves(buf[:0])) > 2 {
		return
	}
	s := puzzles.NewSolver()
	s.Budget = 100_000 // most candidates fail; let them fail fast
	d, ok, err := s.WinDistance(p, gen.maxWin)
	if err != nil || !ok || d == 0 {
		return
	}
	win, err := s.WinningMoves(p, d)
	if err != nil || len(win) != 1 {
		return
	}
	gen.cands = append(gen.cands, &puzzles.Puzzle{Game: gen.g.ID, Kind: puzzles.Win, Plies: d, Position: p, Answer: win[0]})
}

// bucket groups candidates of one kind, plies and side.
type bucket struct {
	kind  puzzles.Kind
	plies int
	side  core.Side
}

// pick chooses about 24 puzzles: wins of every length up to maxWin (more of
// the middle lengths), both sides in turn, and five hold puzzles; each proved
// by search within the budget.
func (gen *generator) pick() []*puzzles.Puzzle {
	by := map[bucket][]*puzzles.Puzzle{}
	for _, c := range gen.cands {
		b := bucket{c.Kind, c.Plies, c.Side()}
		by[b] = append(by[b], c)
	}
	// In a fixed order, so the same seed gives the same puzzles.
	keys := make([]bucket, 0, len(by))
	for b := range by {
		keys = append(keys, b)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, b := keys[i], keys[j]
		if a.kind != b.kind {
			return a.kind < b.kind
		}
		if a.plies != b.plies {
			return a.plies < b.plies
		}
		return a.side < b.side
	})
	for _, b := range keys {
		cs := by[b]
		if os.Getenv("PUZZLEGEN_DEBUG") != "" {
			log.Printf("bucket %v: %d", b, len(cs))
		}
		gen.rng.Shuffle(len(cs), func(i, j int) { cs[i], cs[j] = cs[j], cs[i] })
	}
	used := map[bucket]int{}
	take := func(b bucket) *puzzles.Puzzle {
		cs := by[b]
		for used[b] < len(cs) {
			c := cs[used[b]]
			used[b]++
			s := puzzles.NewSolver()
			s.Budget = gen.budget
			if err := puzzles.Check(s, c); err != nil {
				log.Printf("%s: skipped %s: %v", gen.g.Key, c.Line(), err)
				continue
			}
			return c
		}
		return nil
	}
	// How many of each length (odd and even plies share a slot).
	plan := []struct {
		kind   puzzles.Kind
		lo, hi int
		n      int
	}{
		{puzzles.Win, 1, 2, 3},
		{puzzles.Win, 3, 4, 5},
		{puzzles.Win, 5, 6, 5},
		{puzzles.Win, 7, 8, 4},
		{puzzles.Win, 9, 10, 2},
		{puzzles.Hold, 2, 3, 1},
		{puzzles.Hold, 4, 5, 2},
		{puzzles.Hold, 6, gen.maxHold, 2},
	}
	var out []*puzzles.Puzzle
	short := 0
	for _, slot := range plan {
		want := slot.n + short
		got := 0
		side := core.Side(gen.rng.Intn(2))
		for tries := 0; got < want && tries < 4*want+8; tries++ {
			found := false
			// Plies from lo to hi, this side first, then the other.
			for _, s := range []core.Side{side, side.Other()} {
				for pl := slot.lo; pl <= min(slot.hi, max(gen.maxWin, gen.maxHold)) && !found; pl++ {
					if c := take(bucket{slot.kind, pl, s}); c != nil {
						out = append(out, c)
						got++
						found = true
					}
				}
				if found {
					break
				}
			}
			if !found {
				break
			}
			side = side.Other()
		}
		short = want - got
	}
	sort.SliceStable(out, func(i, j int) bool {
		if di, dj := puzzles.Difficulty(out[i]), puzzles.Difficulty(out[j]); di != dj {
			return di < dj
		}
		return out[i].Kind < out[j].Kind
	})
	return out
}

func (gen *generator) file(ps []*puzzles.Puzzle, seed int64) string {
	var b strings.Builder
	fmt.Fprintf(&b, "# Puzzles of %s, easy to hard: written by cmd/puzzlegen -seed %d (make puzzles)\n", gen.g.Key, seed)
	b.WriteString("# from the solved table; do not edit by hand. One a line: kind, plies, answer, position.\n")
	b.WriteString("#   win N M   the side to move wins in N plies; M is the only move that wins\n")
	b.WriteString("#   hold N M  M is the only move that does not lose (it draws); every other loses within N plies\n")
	for _, p := range ps {
		b.WriteString(p.Line() + "\n")
	}
	return b.String()
}

func summary(ps []*puzzles.Puzzle) string {
	count := map[string]int{}
	var keys []string
	for _, p := range ps {
		k := fmt.Sprintf("%s %d %s", p.Kind, p.Plies, p.Side())
		if count[k] == 0 {
			keys = append(keys, k)
		}
		count[k]++
	}
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s ×%d", k, count[k]))
	}
	return strings.Join(parts, ", ")
}

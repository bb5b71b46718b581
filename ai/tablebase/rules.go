// Package tablebase holds the hunt games' endgame tables: the games as
// positions (Rules, Pos, Layout), the values and codes, and the table files,
// full and device, written and read. The retrograde solver that fills them
// is ai/tablebase/solver.
//
// A position's value is win, loss or draw for the side to move, with the
// number of plies to the end under best play: the winner takes the shortest
// way, the loser the longest. A position from which neither side can force a
// result is a draw; under docs/RULES.md's threefold-repetition rule such a game
// ends drawn, and a winner that plays distance-decreasing moves never repeats
// a position, so the tables' wins are wins under that rule too.
//
// The package knows the rules only through core (its boards and games); it
// knows nothing of the AI's search.
package tablebase

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"math/bits"
	"strings"

	"huntchess/core"
)

// RulesVersion names the rules contract the tables are built for. Change it
// whenever a rule changes without the board changing: tables built for other
// rules are then refused.
// Its text names the contract as "RULES.md" (now docs/RULES.md); it is part
// of every table's fingerprint, so it stays as it is.
const RulesVersion = "RULES.md 2026-11: pass when stuck (wolf/pigs/deer dogs), lion stuck draw, 7th capture wins in the cliff"

// Jump is one predator jump: over a prey piece onto an empty point.
type Jump struct{ Over, Land uint64 }

// Rules is a game as the solver sees it: the board as bitmasks and the few
// facts of the rules that decide values. Rules for the four games come from
// core (ForGame); the tests build small ones of their own.
type Rules struct {
	Name string // game ID text ("surround-the-lion") or a test name
	N    int    // points
	// Prey pieces stand on points 0…NP-1; predators outside that range have
	// lost (a trap, the cliff), so stored positions have every piece there.
	NP         int
	PredStep   [core.MaxPoints]uint64
	PreyStep   [core.MaxPoints]uint64
	Jumps      [core.MaxPoints][]Jump
	LionPairs  [core.MaxPoints][]uint64 // neighbour pairs the lion captures by stepping to a point
	PredCount  int
	PreyCount  int // prey pieces in all
	InHand     int // of which start in hand
	CaptureWin int // captures that win for the predator
	// PreyPasses: a prey side without a move passes and a predator without
	// one has lost. Otherwise (Surround the Lion) either side without a move
	// is a draw.
	PreyPasses bool
	// Syms are the board's symmetries as point permutations, identity first.
	Syms []Perm

	lion        bool // captures are the lion's pairs
	game        core.GameID
	hasGame     bool
	fingerprint string
}

// Perm is a symmetry of the board: point i goes to P[i].
type Perm struct {
	P   []int8
	tab [5][256]uint64 // mask images byte by byte
}

// NewPerm returns the symmetry taking point i to p[i].
func NewPerm(p []int8) Perm {
	q := Perm{P: p}
	for b := 0; b < 5; b++ {
		for v := 0; v < 256; v++ {
			var m uint64
			for i := 0; i < 8; i++ {
				if v&(1<<i) != 0 && b*8+i < len(p) {
					m |= 1 << uint(p[b*8+i])
				}
			}
			q.tab[b][v] = m
		}
	}
	return q
}

// Apply returns the image of a point mask.
func (q *Perm) Apply(m uint64) uint64 {
	return q.tab[0][m&0xff] | q.tab[1][(m>>8)&0xff] | q.tab[2][(m>>16)&0xff] | q.tab[3][(m>>24)&0xff] | q.tab[4][(m>>32)&0xff]
}

// Game returns the core game of rules made by ForGame.
func (r *Rules) Game() (core.GameID, bool) { return r.game, r.hasGame }

var gameRules [core.NumGames]*Rules

// ForGame returns the rules of one of the four games, derived from core.
func ForGame(id core.GameID) *Rules {
	if gameRules[id] == nil {
		gameRules[id] = buildRules(id.Info())
	}
	return gameRules[id]
}

func init() {
	for _, g := range core.Games() {
		ForGame(g.ID)
	}
}

func buildRules(g *core.GameInfo) *Rules {
	b := g.Board
	r := &Rules{Name: g.Key, N: b.NumPoints(), PredCount: g.PredatorCount, PreyCount: g.PreyCount,
		InHand: g.PreyInHand, CaptureWin: g.CapturesToWin, PreyPasses: g.PreyPasses(), game: g.ID, hasGame: true}
	prey := b.PreyMask()
	r.NP = bits.OnesCount64(prey)
	if prey != 1<<uint(r.NP)-1 {
		panic("tablebase: prey points of " + g.Key + " are not the first points")
	}
	for p := 0; p < r.N; p++ {
		r.PredStep[p] = b.PredStepMask(p)
		r.PreyStep[p] = b.PreyStepMask(p)
		for d := core.Direction(0); d < core.NumDirections; d++ {
			if over, land := b.Jump(p, d); g.CanJump() && over != 0 {
				r.Jumps[p] = append(r.Jumps[p], Jump{over, land})
			}
		}
		if g.LionCapture() {
			for a := 0; a < 4; a++ {
				if pair := b.AxisPair(p, a); pair != 0 {
					r.LionPairs[p] = append(r.LionPairs[p], pair)
				}
			}
		}
	}
	r.Syms = boardSymmetries(b)
	r.fingerprint = fingerprint(g, r)
	r.Prepare()
	return r
}

// boardSymmetries finds the rotations and reflections of the drawing that map
// the board onto itself: points to points of the same region, lines to lines
// of the same kind, the gate to the gate. Identity first.
func boardSymmetries(b *core.Board) []Perm {
	cx, cy := b.MinX+b.MaxX, b.MinY+b.MaxY // twice the centre
	at := map[[2]int]int{}
	for i, p := range b.Points {
		at[[2]int{p.X, p.Y}] = i
	}
	maps := []func(u, v int) (int, int){
		func(u, v int) (int, int) { return u, v },
		func(u, v int) (int, int) { return -v, u },
		func(u, v int) (int, int) { return -u, -v },
		func(u, v int) (int, int) { return v, -u },
		func(u, v int) (int, int) { return -u, v },
		func(u, v int) (int, int) { return u, -v },
		func(u, v int) (int, int) { return v, u },
		func(u, v int) (int, int) { return -v, -u },
	}
	var out []Perm
next:
	for _, f := range maps {
		perm := make([]int8, len(b.Points))
		for i, p := range b.Points {
			u, v := f(2*p.X-cx, 2*p.Y-cy)
			if (u+cx)%2 != 0 || (v+cy)%2 != 0 {
				continue next
			}
			j, ok := at[[2]int{(u + cx) / 2, (v + cy) / 2}]
			if !ok || b.Points[j].Region != p.Region {
				continue next
			}
			perm[i] = int8(j)
		}
		if b.Gate >= 0 && int(perm[b.Gate]) != b.Gate {
			continue
		}
		lines := map[[2]int]core.LineKind{}
		for _, l := range b.Lines {
			lines[[2]int{min(l.A, l.B), max(l.A, l.B)}] = l.Kind
		}
		for _, l := range b.Lines {
			a, c := int(perm[l.A]), int(perm[l.B])
			if k, ok := lines[[2]int{min(a, c), max(a, c)}]; !ok || k != l.Kind {
				continue next
			}
		}
		out = append(out, NewPerm(perm))
	}
	return out
}

// fingerprint hashes everything about a game that a table's values depend on.
func fingerprint(g *core.GameInfo, r *Rules) string {
	var sb strings.Builder
	fmt.Fprintf(&sb, "hunt-chess tablebase\n%s\n%s\n", RulesVersion, g.Key)
	fmt.Fprintf(&sb, "pred %d prey %d hand %d win %d first %d jump %v lion %v passes %v\n",
		g.PredatorCount, g.PreyCount, g.PreyInHand, g.CapturesToWin, g.First, g.CanJump(), g.LionCapture(), g.PreyPasses())
	for _, p := range g.Board.Points {
		fmt.Fprintf(&sb, "point %s %d %d %d\n", p.Name, p.X, p.Y, p.Region)
	}
	for _, l := range g.Board.Lines {
		fmt.Fprintf(&sb, "line %d %d %s\n", l.A, l.B, l.Kind)
	}
	for i := 0; i < r.N; i++ {
		fmt.Fprintf(&sb, "step %d %x %x\n", i, r.PredStep[i], r.PreyStep[i])
	}
	fmt.Fprintf(&sb, "syms %d\n", len(r.Syms))
	h := sha256.Sum256([]byte(sb.String()))
	return hex.EncodeToString(h[:])
}

// Fingerprint is the hash of the game's geometry and rules that every table
// of the game carries; a table with another one is refused.
func (r *Rules) Fingerprint() string { return r.fingerprint }

// Prepare derives what the solver needs from the exported fields; rules
// made by hand (tests) get a fingerprint from those fields.
func (r *Rules) Prepare() {
	r.lion = r.hasLionPairs()
	if r.fingerprint == "" {
		var sb strings.Builder
		fmt.Fprintf(&sb, "hunt-chess tablebase\n%s\n%s %d %d %d %d %d %d %v\n", RulesVersion, r.Name, r.N, r.NP,
			r.PredCount, r.PreyCount, r.InHand, r.CaptureWin, r.PreyPasses)
		for i := 0; i < r.N; i++ {
			fmt.Fprintf(&sb, "%d %x %x %v %v\n", i, r.PredStep[i], r.PreyStep[i], r.Jumps[i], r.LionPairs[i])
		}
		for _, s := range r.Syms {
			fmt.Fprintf(&sb, "sym %v\n", s.P)
		}
		h := sha256.Sum256([]byte(sb.String()))
		r.fingerprint = hex.EncodeToString(h[:])
	}
}

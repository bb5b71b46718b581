package ai

import (
	"context"
	"strings"
	"time"

	"huntchess/core"
)

// Level is a difficulty level of the computer opponent.
type Level int

// The four levels, weakest first.
const (
	Easy Level = iota
	Medium
	Hard
	Master
)

var levelNames = [...]string{"easy", "medium", "hard", "master"}

func (l Level) String() string {
	if l >= 0 && int(l) < len(levelNames) {
		return levelNames[l]
	}
	return "level?"
}

// ParseLevel reads a level name ("easy", "medium", "hard", "master"; case-insensitive).
func ParseLevel(s string) (Level, bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	for i, n := range levelNames {
		if n == s {
			return Level(i), true
		}
	}
	return Easy, false
}

// Levels returns the four levels, weakest first.
func Levels() []Level { return []Level{Easy, Medium, Hard, Master} }

// LevelLimits returns the level's search budget at full time scale. A level is
// defined by its depth, node budget and noise; the time is only a cap (the
// per-move budget on a 2-core machine, which matters on slower devices), so a
// match can be played at a reduced time scale with ScaleLimits and the levels
// keep their character.
//
//   - Easy: 1 ply plus the capture search, with evaluation noise: it takes a
//     free capture and sees a piece left en prise, but misses deeper tactics.
//   - Medium: 4 plies plus the capture search, some noise, a 60 000-node cap
//     (a 20 000 cap was tried so that Hard's budget at the arena's 0.05 scale
//     stays above it; it changed no Hard–Medium result and cost Medium its
//     margin over Easy in Beat the Wolf).
//   - Hard: iterative deepening on a node budget (about 0.2 s here), 1 s cap.
//   - Master: ten times Hard's node budget on two threads sharing the table, 3 s cap.
func LevelLimits(l Level) Limits {
	switch l {
	case Easy:
		return Limits{Depth: 1, Nodes: 20_000, Time: 200 * time.Millisecond, Noise: 60, Contempt: 30}
	case Medium:
		return Limits{Depth: 4, Nodes: 60_000, Time: 500 * time.Millisecond, Noise: 20, Contempt: 30}
	case Hard:
		return Limits{Nodes: 1_000_000, Time: time.Second, Noise: 8, Contempt: 30}
	default:
		return Limits{Nodes: 10_000_000, Time: 3 * time.Second, Threads: 2, Contempt: 30}
	}
}

// ScaleLimits returns a level budget at a reduced (or increased) time scale:
// the time cap, and the node budget of the levels defined by nodes (no depth
// limit), are multiplied by scale. Depth-limited levels keep their node cap.
func ScaleLimits(lim Limits, scale float64) Limits {
	if scale <= 0 || scale == 1 {
		return lim
	}
	if lim.Nodes > 0 && lim.Depth == 0 {
		lim.Nodes = max(int64(float64(lim.Nodes)*scale), 500)
	}
	if lim.Time > 0 && lim.Depth == 0 {
		lim.Time = max(time.Duration(float64(lim.Time)*scale), time.Millisecond)
	}
	return lim
}

// GameLimits returns the limits for the side to move of g at the given level:
// the level's budget with g's history for repetitions and a seed derived from
// the position (so the same position and level give the same move).
func GameLimits(g *core.Game, level Level) Limits {
	lim := LevelLimits(level)
	lim.History = g.History()
	pos := g.Position()
	lim.Seed = int64(pos.Key ^ uint64(level+1)*0x9e3779b97f4a7c15)
	return lim
}

// Think searches for the side to move of g at the given level. It is safe to
// call from a goroutine while g is not being changed; cancel ctx to stop it
// early (it returns within a few milliseconds with the best move so far).
func Think(ctx context.Context, g *core.Game, level Level) Result {
	return Search(ctx, g.Position(), GameLimits(g, level))
}

// Hint suggests a move for the player to move in g: the same search as the
// computer's, at the Hard level budget.
func Hint(ctx context.Context, g *core.Game) Result {
	return Think(ctx, g, Hard)
}

// HintAt is Hint at a chosen level.
func HintAt(ctx context.Context, g *core.Game, level Level) Result {
	return Think(ctx, g, level)
}

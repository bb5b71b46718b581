// Package match holds what a game is set up with beside its rules: who
// plays which side, a person or the engine (Mode), and the engine's
// difficulty (Level). The engine (ai), the stored games (storage), the
// session and the screens all use them; it imports only core.
package match

import (
	"strings"

	"huntchess/core"
)

// Mode is who plays which side, a person or the engine: what a new game is
// started with, saved and shown.
type Mode string

// The game modes. Their values are stored (the saved game, the history):
// they never change.
const (
	ModeVsAIAsPredator Mode = "vs-ai-predator" // the person plays the predator
	ModeVsAIAsPrey     Mode = "vs-ai-prey"     // the person plays the prey
	ModeTwoPlayers     Mode = "two-players"    // pass and play on one device
	ModeWatch          Mode = "watch"          // the engine plays both sides
)

// Modes lists the modes in menu order.
var Modes = []Mode{ModeVsAIAsPredator, ModeVsAIAsPrey, ModeTwoPlayers, ModeWatch}

// Valid reports whether m is a known mode.
func (m Mode) Valid() bool {
	for _, x := range Modes {
		if m == x {
			return true
		}
	}
	return false
}

// AIPlays reports whether the engine plays side s in this mode.
func (m Mode) AIPlays(s core.Side) bool {
	switch m {
	case ModeVsAIAsPredator:
		return s == core.Prey
	case ModeVsAIAsPrey:
		return s == core.Predator
	case ModeWatch:
		return true
	}
	return false
}

// VsAI reports whether one person plays against the engine.
func (m Mode) VsAI() bool { return m == ModeVsAIAsPredator || m == ModeVsAIAsPrey }

// HumanSide is the side the person has against the engine (VsAI modes only).
func (m Mode) HumanSide() core.Side {
	if m == ModeVsAIAsPrey {
		return core.Prey
	}
	return core.Predator
}

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

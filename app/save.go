package app

import (
	"encoding/json"
	"errors"
	"fmt"

	"fyne.io/fyne/v2"

	"huntchess/ai"
	"huntchess/core"
)

// Mode is who plays which side.
type Mode string

// The game modes.
const (
	ModeVsAIAsPredator Mode = "vs-ai-predator" // the human plays the predator
	ModeVsAIAsPrey     Mode = "vs-ai-prey"     // the human plays the prey
	ModeTwoPlayers     Mode = "two-players"    // pass and play on one device
	ModeWatch          Mode = "watch"          // the AI plays both sides
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

// AIPlays reports whether the AI plays side s in this mode.
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

// VsAI reports whether one human plays against the AI.
func (m Mode) VsAI() bool { return m == ModeVsAIAsPredator || m == ModeVsAIAsPrey }

// HumanSide is the side the player has against the AI (VsAI modes only).
func (m Mode) HumanSide() core.Side {
	if m == ModeVsAIAsPrey {
		return core.Prey
	}
	return core.Predator
}

// savedGame is what is stored under KeySavedGame to resume a game.
type savedGame struct {
	Version int    `json:"v"`
	Game    string `json:"game"`   // core GameInfo.Key
	Mode    Mode   `json:"mode"`   // Mode
	Level   string `json:"level"`  // ai.Level.String()
	Record  string `json:"record"` // core Game.Record()
	// TimeLeftMs is what was left on the turn timer (0: timer off or not running).
	TimeLeftMs int64 `json:"time_left_ms"`
}

const saveVersion = 1

// resumable is a decoded and validated saved game.
type resumable struct {
	game     *core.Game
	mode     Mode
	level    ai.Level
	timeLeft int64 // ms
}

var errNoSave = errors.New("no saved game")

// loadSaved reads the saved game. It returns errNoSave when there is none,
// and another error when the stored value is corrupt in any way.
func loadSaved(p fyne.Preferences) (*resumable, error) {
	raw := p.StringWithFallback(KeySavedGame, "")
	if raw == "" {
		return nil, errNoSave
	}
	var s savedGame
	if err := json.Unmarshal([]byte(raw), &s); err != nil {
		return nil, fmt.Errorf("saved game: %w", err)
	}
	if s.Version != saveVersion {
		return nil, fmt.Errorf("saved game: version %d", s.Version)
	}
	if !s.Mode.Valid() {
		return nil, fmt.Errorf("saved game: mode %q", s.Mode)
	}
	lv, ok := ai.ParseLevel(s.Level)
	if !ok {
		return nil, fmt.Errorf("saved game: level %q", s.Level)
	}
	g, err := core.LoadRecord(s.Game, s.Record)
	if err != nil {
		return nil, fmt.Errorf("saved game: %w", err)
	}
	if g.Outcome().Over() {
		return nil, errors.New("saved game: already over")
	}
	if s.TimeLeftMs < 0 || s.TimeLeftMs > 3600_000 {
		s.TimeLeftMs = 0
	}
	return &resumable{game: g, mode: s.Mode, level: lv, timeLeft: s.TimeLeftMs}, nil
}

// storeSaved writes a game to resume.
func storeSaved(p fyne.Preferences, g *core.Game, mode Mode, level ai.Level, timeLeftMs int64) {
	b, err := json.Marshal(savedGame{
		Version: saveVersion, Game: g.Info().Key, Mode: mode, Level: level.String(),
		Record: g.Record(), TimeLeftMs: timeLeftMs,
	})
	if err != nil {
		return
	}
	p.SetString(KeySavedGame, string(b))
}

// clearSaved forgets the saved game.
func clearSaved(p fyne.Preferences) { p.RemoveValue(KeySavedGame) }

package app

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

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

// savedGame is what is stored to resume a game: the JSON of the save file
// (and, before issue 13, of the preference KeySavedGame, still read).
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
	// partial: the record had a bad move; game holds the legal moves before it.
	partial bool
}

var errNoSave = errors.New("no saved game")

// decodeSaved reads a saved game. A record with a bad move keeps its legal
// moves before it (partial); a record of which no move can be read, or that
// is over, is an error, like any other damage.
func decodeSaved(raw []byte) (*resumable, error) {
	var s savedGame
	if err := json.Unmarshal(raw, &s); err != nil {
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
	g, partial, err := loadPrefix(s.Game, s.Record)
	if err != nil {
		return nil, fmt.Errorf("saved game: %w", err)
	}
	if g.Outcome().Over() {
		return nil, errors.New("saved game: already over")
	}
	if s.TimeLeftMs < 0 || s.TimeLeftMs > 3600_000 || partial {
		s.TimeLeftMs = 0
	}
	return &resumable{game: g, mode: s.Mode, level: lv, timeLeft: s.TimeLeftMs, partial: partial}, nil
}

// loadPrefix replays a record like core.LoadRecord, but stops at the first
// move it cannot play and keeps the moves before it (partial is then true).
// It fails for an unknown game and when not even the first move is legal.
func loadPrefix(id, record string) (g *core.Game, partial bool, err error) {
	g, err = core.NewGame(id)
	if err != nil {
		return nil, false, err
	}
	for i, mv := range strings.Fields(record) {
		err := g.Play(mv)
		if err != nil && mv == "pass" && !g.Outcome().Over() {
			err = g.Timeout()
		}
		if err != nil {
			if i == 0 {
				return nil, false, fmt.Errorf("move 1: %w", err)
			}
			return g, true, nil
		}
	}
	return g, false, nil
}

// saveStore keeps the game to resume in its own file in the app's storage
// (not in the preferences, which Fyne rewrites in place: a damaged
// preferences file must not lose the game). Each save is written to a
// temporary file and renamed over the old one, whose content is kept as
// saved-game.prev.json first; loading falls back to that copy, then to the
// preference of older versions.
type saveStore struct {
	dir   string // "" when the app has no storage: the preferences hold it
	prefs fyne.Preferences
}

const (
	saveFile     = "saved-game.json"
	prevSaveFile = "saved-game.prev.json"
)

func (st saveStore) path(name string) string { return filepath.Join(st.dir, name) }

// load reads the saved game: errNoSave when there is none, another error when
// every copy is damaged.
func (st saveStore) load() (*resumable, error) {
	var damaged error
	try := func(raw []byte) *resumable {
		r, err := decodeSaved(raw)
		if err != nil {
			if damaged == nil {
				damaged = err
			}
			return nil
		}
		return r
	}
	if st.dir != "" {
		for _, name := range []string{saveFile, prevSaveFile} {
			raw, err := os.ReadFile(st.path(name))
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			if err != nil {
				if damaged == nil {
					damaged = fmt.Errorf("saved game: %w", err)
				}
				continue
			}
			if r := try(raw); r != nil {
				return r, nil
			}
		}
	}
	if raw := st.prefs.StringWithFallback(KeySavedGame, ""); raw != "" {
		if r := try([]byte(raw)); r != nil {
			return r, nil
		}
	}
	if damaged != nil {
		return nil, damaged
	}
	return nil, errNoSave
}

// store writes a game to resume.
func (st saveStore) store(g *core.Game, mode Mode, level ai.Level, timeLeftMs int64) error {
	b, err := json.Marshal(savedGame{
		Version: saveVersion, Game: g.Info().Key, Mode: mode, Level: level.String(),
		Record: g.Record(), TimeLeftMs: timeLeftMs,
	})
	if err != nil {
		return err
	}
	if st.dir == "" {
		st.prefs.SetString(KeySavedGame, string(b))
		return nil
	}
	if err := os.MkdirAll(st.dir, 0o755); err != nil {
		return err
	}
	if old, err := os.ReadFile(st.path(saveFile)); err == nil {
		if bytes.Equal(old, b) {
			return nil
		}
		if _, err := decodeSaved(old); err == nil { // keep the last good copy
			if err := writeAtomic(st.path(prevSaveFile), old); err != nil {
				return err
			}
		}
	}
	if err := writeAtomic(st.path(saveFile), b); err != nil {
		return err
	}
	st.prefs.RemoveValue(KeySavedGame) // the save of an older version, if any
	return nil
}

// clear forgets the saved game, every copy of it.
func (st saveStore) clear() {
	if st.dir != "" {
		_ = os.Remove(st.path(saveFile))
		_ = os.Remove(st.path(prevSaveFile))
	}
	st.prefs.RemoveValue(KeySavedGame)
}

// writeAtomic writes data to a temporary file in the same directory, syncs
// it and renames it to name: a reader sees the old file or the new one, never
// a part of it.
func writeAtomic(name string, data []byte) error {
	f, err := os.CreateTemp(filepath.Dir(name), "."+filepath.Base(name)+".tmp-*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	_, err = f.Write(data)
	if err == nil {
		err = f.Sync()
	}
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(tmp, name)
	}
	if err != nil {
		_ = os.Remove(tmp)
	}
	return err
}

package storage

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"huntchess/ai"
	"huntchess/core"
	"huntchess/internal/fileio"
)

// saveRecord is what is stored to resume a game: the JSON of the save file
// (and, before issue 13, of the preference KeySavedGame, still read).
type saveRecord struct {
	Version int     `json:"v"`
	Game    string  `json:"game"`   // core GameInfo.Key
	Mode    ai.Mode `json:"mode"`   // who plays which side
	Level   string  `json:"level"`  // ai.Level.String()
	Record  string  `json:"record"` // core Game.Record()
	// TimeLeftMs is what was left on the turn timer (0: timer off or not running).
	TimeLeftMs int64 `json:"time_left_ms"`
	// Sum is the checksum of the rest (savesum.go); "" in older files.
	Sum string `json:"sum,omitempty"`
}

const saveVersion = 1

// Resumable is a decoded and validated saved game.
type Resumable struct {
	Game     *core.Game
	Mode     ai.Mode
	Level    ai.Level
	TimeLeft int64 // ms
	// Partial: the record had a bad move; Game holds the legal moves before it.
	Partial bool
}

// ErrNoSave is SavedGame.Load's answer when no game is saved.
var ErrNoSave = errors.New("no saved game")

// DecodeSaved reads a saved game. A record with a bad move keeps its legal
// moves before it (partial); a record of which no move can be read, or that
// is over, is an error, like any other damage.
func DecodeSaved(raw []byte) (*Resumable, error) {
	var s saveRecord
	if err := json.Unmarshal(raw, &s); err != nil {
		return nil, fmt.Errorf("saved game: %w", err)
	}
	if err := s.checkSum(); err != nil {
		return nil, err
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
	return &Resumable{Game: g, Mode: s.Mode, Level: lv, TimeLeft: s.TimeLeftMs, Partial: partial}, nil
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

// Prefs is the part of the app's preferences (fyne.Preferences) that
// storage reads and writes: the Vault is one, over Fyne's.
type Prefs interface {
	StringWithFallback(key, fallback string) string
	SetString(key, value string)
	IntWithFallback(key string, fallback int) int
	SetInt(key string, value int)
	BoolWithFallback(key string, fallback bool) bool
	SetBool(key string, value bool)
	FloatWithFallback(key string, fallback float64) float64
	SetFloat(key string, value float64)
	RemoveValue(key string)
}

// KeySavedGame is the preference of older versions that held the saved
// game (JSON of saveRecord); now it is a file.
const KeySavedGame = "resume.game"

// SavedGame keeps the game to resume in its own file in the app's storage
// (not in the preferences, which Fyne rewrites in place: a damaged
// preferences file must not lose the game). Each save is written to a
// temporary file and renamed over the old one, whose content is kept as
// saved-game.prev.json first; loading falls back to that copy, then to the
// preference of older versions.
//
// Writes happen off the caller's goroutine (the UI's), in order (slot):
// Store and Clear return at once; Load and Flush wait for the writes before
// them.
type SavedGame struct {
	dir   string // "" when the app has no storage: the preferences hold it
	prefs Prefs
	file  *slot // nil without dir
}

// OpenSavedGame keeps the saved game in dir ("" for none: in prefs).
func OpenSavedGame(dir string, prefs Prefs) *SavedGame {
	st := &SavedGame{dir: dir, prefs: prefs}
	if dir != "" {
		st.file = newSlot(st.path(SaveFile), st.path(PrevSaveFile), func(b []byte) bool {
			_, err := DecodeSaved(b)
			return err == nil
		})
	}
	return st
}

// Flush waits until every save so far is written, and returns the last
// write's error.
func (st *SavedGame) Flush() error {
	if st.file == nil {
		return nil
	}
	return st.file.flush()
}

const (
	SaveFile     = "saved-game.json"
	PrevSaveFile = "saved-game.prev.json"
)

func (st *SavedGame) path(name string) string { return filepath.Join(st.dir, name) }

// Load reads the saved game: ErrNoSave when there is none, another error when
// every copy is damaged.
func (st *SavedGame) Load() (*Resumable, error) {
	r, _, err := st.load()
	return r, err
}

// GroupSavedGame names the saved game in a Recovery (SavedGame.Recover).
const GroupSavedGame = "saved_game"

// Recover reads the saved game once at the app's start, to tell the player
// in the same notice as the vault's and the history's recoveries what
// became of a damaged one: nil when it is good or there is none; Restored
// when a damaged copy was passed over for a good one (the game is on
// offer); not Restored when every copy was damaged — the copies are then
// cleared, and err says what was wrong with the first.
func (st *SavedGame) Recover() (*Recovery, error) {
	r, damaged, err := st.load()
	switch {
	case err == ErrNoSave:
		return nil, nil
	case err != nil:
		st.Clear()
		return &Recovery{Group: GroupSavedGame}, err
	case r != nil && damaged != nil:
		return &Recovery{Group: GroupSavedGame, Restored: true}, damaged
	}
	return nil, nil
}

// load is Load, with the damage of a copy passed over (nil for none).
func (st *SavedGame) load() (r *Resumable, damaged error, err error) {
	try := func(raw []byte) *Resumable {
		r, err := DecodeSaved(raw)
		if err != nil {
			if damaged == nil {
				damaged = err
			}
			return nil
		}
		return r
	}
	if st.dir != "" {
		st.file.flush()
		for _, name := range []string{SaveFile, PrevSaveFile} {
			raw, err := fileio.ReadLimited(st.path(name), maxStoredBytes)
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
				return r, damaged, nil
			}
		}
	}
	if raw := st.prefs.StringWithFallback(KeySavedGame, ""); raw != "" {
		if r := try([]byte(raw)); r != nil {
			return r, damaged, nil
		}
	}
	if damaged != nil {
		return nil, damaged, damaged
	}
	return nil, nil, ErrNoSave
}

// encodeSaved is the saved game's file (DecodeSaved reads it).
func encodeSaved(g *core.Game, mode ai.Mode, level ai.Level, timeLeftMs int64) ([]byte, error) {
	return json.Marshal(saveRecord{
		Version: saveVersion, Game: g.Info().Key, Mode: mode, Level: level.String(),
		Record: g.Record(), TimeLeftMs: timeLeftMs,
	}.sealed())
}

// Store writes a game to resume.
func (st *SavedGame) Store(g *core.Game, mode ai.Mode, level ai.Level, timeLeftMs int64) error {
	b, err := encodeSaved(g, mode, level, timeLeftMs)
	if err != nil {
		return err
	}
	if st.dir == "" {
		st.prefs.SetString(KeySavedGame, string(b))
		return nil
	}
	st.file.put(slotOp{data: b})
	if st.prefs.StringWithFallback(KeySavedGame, "") != "" {
		st.prefs.RemoveValue(KeySavedGame) // the save of an older version
	}
	return nil
}

// Clear forgets the saved game, every copy of it.
func (st *SavedGame) Clear() {
	if st.file != nil {
		st.file.put(slotOp{remove: true})
	}
	st.prefs.RemoveValue(KeySavedGame)
}

package storage

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"huntchess/core"
	"huntchess/match"
)

// saveRecord is what is stored to resume a game: the JSON of the save file
// (and, before issue 13, of the preference KeySavedGame, still read).
type saveRecord struct {
	Version int        `json:"v"`
	Game    string     `json:"game"`   // core GameInfo.Key
	Mode    match.Mode `json:"mode"`   // who plays which side
	Level   string     `json:"level"`  // match.Level.String()
	Record  string     `json:"record"` // core Game.Record()
	// Start is the position the game began at in core's notation
	// (Position.String), for a game begun elsewhere than the game's start
	// (issue 45: Play from here); "" (left out) for the game's start.
	Start string `json:"start,omitempty"`
	// TimeLeftMs is what was left on the turn timer (0: timer off or not running).
	TimeLeftMs int64 `json:"time_left_ms"`
	// SavedMs is when it was saved, Unix ms (0 in older files): the home
	// screen and the offer at the start take the newest game first.
	SavedMs int64 `json:"saved,omitempty"`
	// Sum is the checksum of the rest (savesum.go); "" in older files.
	Sum string `json:"sum,omitempty"`
}

const saveVersion = 1

// Resumable is a decoded and validated saved game.
type Resumable struct {
	Game     *core.Game
	Mode     match.Mode
	Level    match.Level
	TimeLeft int64 // ms
	// Partial: the record had a bad move; Game holds the legal moves before it.
	Partial bool
	// Saved is when it was saved (zero for a file of an older version).
	Saved time.Time
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
	lv, ok := match.ParseLevel(s.Level)
	if !ok {
		return nil, fmt.Errorf("saved game: level %q", s.Level)
	}
	g, partial, err := loadPrefix(s.Game, s.Start, s.Record)
	if err != nil {
		return nil, fmt.Errorf("saved game: %w", err)
	}
	if g.Outcome().Over() {
		return nil, errors.New("saved game: already over")
	}
	if s.TimeLeftMs < 0 || s.TimeLeftMs > 3600_000 || partial {
		s.TimeLeftMs = 0
	}
	r := &Resumable{Game: g, Mode: s.Mode, Level: lv, TimeLeft: s.TimeLeftMs, Partial: partial}
	if s.SavedMs > 0 {
		r.Saved = time.UnixMilli(s.SavedMs).UTC()
	}
	return r, nil
}

// loadPrefix replays a record like core.LoadRecord, but stops at the first
// move it cannot play and keeps the moves before it (partial is then true).
// It fails for an unknown game and when not even the first move is legal.
func loadPrefix(id, start, record string) (g *core.Game, partial bool, err error) {
	g, err = newGameAt(id, start)
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

// newGameAt is a new game of id at start, a position in core's notation
// ("" for the game's start).
func newGameAt(id, start string) (*core.Game, error) {
	if start == "" {
		return core.NewGame(id)
	}
	p, err := core.ParsePosition(id, start)
	if err != nil {
		return nil, err
	}
	return core.NewGameFrom(p), nil
}

// startText is what a save or the history keeps of g's start: "" for the
// game's own start, else the position in core's notation.
func startText(g *core.Game) string {
	if g.Start() == g.Info().Start() {
		return ""
	}
	return g.Start().String()
}

// loadRecordAt replays a record like core.LoadRecord from start (startText).
func loadRecordAt(id, start, record string) (*core.Game, error) {
	if start == "" {
		return core.LoadRecord(id, record)
	}
	g, err := newGameAt(id, start)
	if err != nil {
		return nil, err
	}
	for i, mv := range strings.Fields(record) {
		err := g.Play(mv)
		if err != nil && mv == "pass" && !g.Outcome().Over() {
			err = g.Timeout()
		}
		if err != nil {
			return nil, &core.RecordError{Move: i + 1, Text: mv, Err: err}
		}
	}
	return g, nil
}

package storage

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"time"

	"huntchess/core"
	"huntchess/internal/fileio"
	"huntchess/match"
)

// The files of the unfinished games: one per game, its key in the name
// (SaveFileOf), with its previous good copy (PrevSaveFileOf).
func SaveFileOf(game string) string     { return "saved-game." + game + ".json" }
func PrevSaveFileOf(game string) string { return "saved-game." + game + ".prev.json" }

// The one saved game of older versions (before each game kept its own),
// taken over by OpenSaves: its file, the previous copy of it, and before
// those (issue 13) the preference.
const (
	LegacySaveFile     = "saved-game.json"
	LegacyPrevSaveFile = "saved-game.prev.json"
	KeySavedGame       = "resume.game"
)

// KeySavedGameOf is the preference that holds a game's unfinished game
// where the app has no storage folder (the browser).
func KeySavedGameOf(game string) string { return KeySavedGame + "." + game }

// Saves keeps each game's unfinished game: a SavedGame per game of
// core.Games(), each a file of its own, so that starting one game keeps the
// others'.
type Saves struct {
	games map[string]*SavedGame
	// migrated is what became of the older versions' one saved game when
	// it was taken over (nil: nothing to say); Recover tells it once.
	migrated *Recovery
	migErr   error
	// now stamps each save (Resumable.Saved): the newest comes first.
	now func() time.Time
}

// OpenSaves keeps the unfinished games in dir ("" for none: in prefs), and
// takes over the one saved game of an older version (migrate).
func OpenSaves(dir string, prefs Prefs) *Saves {
	s := &Saves{games: map[string]*SavedGame{}, now: time.Now}
	for _, info := range core.Games() {
		s.games[info.Key] = openSavedGame(dir, info.Key, prefs, s)
	}
	s.migrate(dir, prefs)
	return s
}

// SetClock sets the clock that stamps each save (tests).
func (s *Saves) SetClock(now func() time.Time) { s.now = now }

// Of is game's unfinished game (game: core GameInfo.Key); nil for no game
// of that key.
func (s *Saves) Of(game string) *SavedGame { return s.games[game] }

// Unfinished is a game's unfinished game, as Saves.Unfinished lists them.
type Unfinished struct {
	Key string // the game's key (core GameInfo.Key)
	*Resumable
}

// Unfinished lists the games that have an unfinished game to resume, the
// newest save first (those of older versions, without a time, last, in the
// games' order). A damaged one (every copy) is not listed.
func (s *Saves) Unfinished() []Unfinished {
	var out []Unfinished
	for _, info := range core.Games() {
		if r, err := s.games[info.Key].Load(); err == nil {
			out = append(out, Unfinished{Key: info.Key, Resumable: r})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Saved.After(out[j].Saved) })
	return out
}

// Latest is the newest unfinished game (Unfinished's first); false when
// there is none.
func (s *Saves) Latest() (Unfinished, bool) {
	if u := s.Unfinished(); len(u) > 0 {
		return u[0], true
	}
	return Unfinished{}, false
}

// Flush waits until every game's saves so far are written, and returns the
// first error of the last writes.
func (s *Saves) Flush() error {
	var first error
	for _, info := range core.Games() {
		if err := s.games[info.Key].Flush(); err != nil && first == nil {
			first = err
		}
	}
	return first
}

// RecoveredGame is what Saves.Recover tells of a damaged unfinished game.
type RecoveredGame struct {
	Recovery       // Game: the game's key
	Err      error // what was wrong with the damaged copy
}

// Recover reads every game's unfinished game once at the app's start (as
// SavedGame.Recover), and what became of the older versions' saved game
// when it was taken over: one entry a damaged game, in the games' order.
func (s *Saves) Recover() []RecoveredGame {
	var out []RecoveredGame
	if s.migrated != nil {
		out = append(out, RecoveredGame{Recovery: *s.migrated, Err: s.migErr})
		s.migrated, s.migErr = nil, nil
	}
	for _, info := range core.Games() {
		if r, err := s.games[info.Key].Recover(); r != nil {
			out = append(out, RecoveredGame{Recovery: *r, Err: err})
		}
	}
	return out
}

// SavedGame keeps one game's unfinished game in its own file in the app's
// storage (not in the preferences, which Fyne rewrites in place: a damaged
// preferences file must not lose the game). Each save is written to a
// temporary file and renamed over the old one, whose content is kept as the
// previous copy first; loading falls back to that copy.
//
// Writes happen off the caller's goroutine (the UI's), in order (slot):
// Store and Clear return at once; Load and Flush wait for the writes before
// them.
type SavedGame struct {
	dir   string // "" when the app has no storage: the preferences hold it
	game  string // the game's key
	prefs Prefs
	file  *slot // nil without dir
	saves *Saves
}

func openSavedGame(dir, game string, prefs Prefs, saves *Saves) *SavedGame {
	st := &SavedGame{dir: dir, game: game, prefs: prefs, saves: saves}
	if dir != "" {
		st.file = newSlot(st.path(SaveFileOf(game)), st.path(PrevSaveFileOf(game)), func(b []byte) bool {
			r, err := DecodeSaved(b)
			return err == nil && r.Game.Info().Key == game
		})
		st.file.same = sameSave
	}
	return st
}

// Game is the key of the game kept.
func (st *SavedGame) Game() string { return st.game }

// Flush waits until every save so far is written, and returns the last
// write's error.
func (st *SavedGame) Flush() error {
	if st.file == nil {
		return nil
	}
	return st.file.flush()
}

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
		return &Recovery{Group: GroupSavedGame, Game: st.game}, err
	case r != nil && damaged != nil:
		return &Recovery{Group: GroupSavedGame, Game: st.game, Restored: true}, damaged
	}
	return nil, nil
}

// decode is DecodeSaved for this game: a saved game of another is damage.
func (st *SavedGame) decode(raw []byte) (*Resumable, error) {
	r, err := DecodeSaved(raw)
	if err == nil && r.Game.Info().Key != st.game {
		return nil, fmt.Errorf("saved game: of %s in the file of %s", r.Game.Info().Key, st.game)
	}
	return r, err
}

// load is Load, with the damage of a copy passed over (nil for none).
func (st *SavedGame) load() (r *Resumable, damaged error, err error) {
	try := func(raw []byte) *Resumable {
		r, err := st.decode(raw)
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
		for _, name := range []string{SaveFileOf(st.game), PrevSaveFileOf(st.game)} {
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
	} else if raw := st.prefs.StringWithFallback(KeySavedGameOf(st.game), ""); raw != "" {
		if r := try([]byte(raw)); r != nil {
			return r, damaged, nil
		}
	}
	if damaged != nil {
		return nil, damaged, damaged
	}
	return nil, nil, ErrNoSave
}

// sameSave reports whether two saved games differ only in when they were
// saved: the same game saved again (on going home, on quitting) is not
// written, so the previous copy stays the move before, and the time is
// the time of the last change.
func sameSave(a, b []byte) bool {
	var ra, rb saveRecord
	if json.Unmarshal(a, &ra) != nil || json.Unmarshal(b, &rb) != nil || ra.checkSum() != nil || rb.checkSum() != nil {
		return false
	}
	ra.SavedMs, rb.SavedMs, ra.Sum, rb.Sum = 0, 0, "", ""
	return ra == rb
}

// encodeSaved is the saved game's file (DecodeSaved reads it); savedMs is
// when it is saved (Unix ms).
func encodeSaved(g *core.Game, mode match.Mode, level match.Level, timeLeftMs, savedMs int64) ([]byte, error) {
	return json.Marshal(saveRecord{
		Version: saveVersion, Game: g.Info().Key, Mode: mode, Level: level.String(),
		Record: g.Record(), Start: startText(g), TimeLeftMs: timeLeftMs, SavedMs: savedMs,
	}.sealed())
}

// Store writes a game to resume; it must be of this SavedGame's game.
func (st *SavedGame) Store(g *core.Game, mode match.Mode, level match.Level, timeLeftMs int64) error {
	if g.Info().Key != st.game {
		return fmt.Errorf("saved game: a game of %s stored as %s's", g.Info().Key, st.game)
	}
	now := time.Now
	if st.saves != nil && st.saves.now != nil {
		now = st.saves.now
	}
	b, err := encodeSaved(g, mode, level, timeLeftMs, now().UnixMilli())
	if err != nil {
		return err
	}
	if st.dir == "" {
		st.prefs.SetString(KeySavedGameOf(st.game), string(b))
		return nil
	}
	st.file.put(slotOp{data: b})
	return nil
}

// Clear forgets the saved game, every copy of it.
func (st *SavedGame) Clear() {
	if st.file != nil {
		st.file.put(slotOp{remove: true})
		return
	}
	st.prefs.RemoveValue(KeySavedGameOf(st.game))
}

package storage

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"huntchess/internal/fileio"
)

// migrateStep, if set, is called after each step of the migration that
// changes a file (tests: a kill there must lose nothing); false stops it
// as a SIGKILL would.
var migrateStep func(step string) bool

// migrate takes over the one saved game of older versions (the files
// LegacySaveFile and LegacyPrevSaveFile; before them the preference
// KeySavedGame) into its game's own file, so that an update loses nothing.
//
// It never overwrites a game that has a copy of its own: the new version
// writes a game's file only after the migration removed the old ones, so
// such a copy is the migration's or newer. The game's file is written whole
// (WriteAtomic) first, then its previous copy, then the old files go, their
// previous copy first (as SavedGame.Clear): killed at any step, the next
// start finds every move in one place or the other and finishes the work.
func (s *Saves) migrate(dir string, prefs Prefs) {
	if dir == "" {
		s.migratePref(prefs, func(game string, raw []byte) bool {
			prefs.SetString(KeySavedGameOf(game), string(raw))
			return true
		})
		return
	}
	cur, curErr := readLegacy(filepath.Join(dir, LegacySaveFile))
	prev, prevErr := readLegacy(filepath.Join(dir, LegacyPrevSaveFile))
	if cur != nil || prev != nil || (curErr != nil && !errors.Is(curErr, fs.ErrNotExist)) || (prevErr != nil && !errors.Is(prevErr, fs.ErrNotExist)) {
		if !s.migrateFiles(dir, cur, prev, curErr) {
			return
		}
	}
	s.migratePref(prefs, func(game string, raw []byte) bool {
		if err := fileio.WriteAtomic(filepath.Join(dir, SaveFileOf(game)), raw); err != nil {
			return false // the preference stays: tried again at the next start
		}
		return step("pref-copied")
	})
}

// readLegacy reads an old file: its content, or nil and the error.
func readLegacy(path string) ([]byte, error) {
	raw, err := fileio.ReadLimited(path, maxStoredBytes)
	if err != nil {
		return nil, err
	}
	return raw, nil
}

// step reports a step done to the tests' hook: false stops the migration.
func step(name string) bool { return migrateStep == nil || migrateStep(name) }

// hasGood reports whether game has a good copy of its own.
func (s *Saves) hasGood(game string) bool {
	_, err := s.games[game].Load()
	return err == nil
}

// migrateFiles moves the old files' game into its game's files, then
// removes the old files; false when it stopped (a test's kill) or could
// not write (the old files then stay, for the next start).
func (s *Saves) migrateFiles(dir string, cur, prev []byte, curErr error) bool {
	rc, errC := DecodeSaved(cur)
	if cur == nil {
		errC = curErr
	}
	rp, errP := DecodeSaved(prev)
	newest, newestRaw := rc, cur
	if rc == nil {
		newest, newestRaw = rp, prev
	}
	switch {
	case newest == nil:
		// Every copy damaged (or unreadable): the older versions cleared it
		// and said so; so does this one, once (Recover).
		if cur != nil || !errors.Is(errC, fs.ErrNotExist) {
			s.migrated, s.migErr = &Recovery{Group: GroupSavedGame}, errC
		} else if prev != nil {
			s.migrated, s.migErr = &Recovery{Group: GroupSavedGame}, errP
		}
	default:
		game := newest.Game.Info().Key
		own, ownPrev := filepath.Join(dir, SaveFileOf(game)), filepath.Join(dir, PrevSaveFileOf(game))
		ownRaw, ownErr := fileio.ReadLimited(own, maxStoredBytes)
		_, prevErr := os.Stat(ownPrev)
		fresh := errors.Is(ownErr, fs.ErrNotExist) && errors.Is(prevErr, fs.ErrNotExist)
		if fresh {
			if err := fileio.WriteAtomic(own, newestRaw); err != nil {
				return false
			}
			if !step("copied") {
				return false
			}
			if rc == nil && (cur != nil || !errors.Is(errC, fs.ErrNotExist)) {
				s.migrated = &Recovery{Group: GroupSavedGame, Game: game, Restored: true}
				s.migErr = errC
			}
		}
		// Its previous copy, where the game's file is the one copied (now,
		// or by a start killed before it got here).
		if rc != nil && rp != nil && rp.Game.Info().Key == game && (fresh || bytes.Equal(ownRaw, newestRaw) && errors.Is(prevErr, fs.ErrNotExist)) {
			if err := fileio.WriteAtomic(ownPrev, prev); err != nil {
				return false
			}
			if !step("prev-copied") {
				return false
			}
		}
	}
	for _, name := range []string{LegacyPrevSaveFile, LegacySaveFile} {
		if err := os.Remove(filepath.Join(dir, name)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return false
		}
		fileio.SyncDir(dir)
		if !step("removed " + name) {
			return false
		}
	}
	return true
}

// migratePref moves the preference of the oldest versions into its game's
// place (put), unless the game has a good copy of its own; then removes the
// preference.
func (s *Saves) migratePref(prefs Prefs, put func(game string, raw []byte) bool) {
	raw := prefs.StringWithFallback(KeySavedGame, "")
	if raw == "" {
		return
	}
	r, err := DecodeSaved([]byte(raw))
	switch {
	case err != nil:
		s.migrated, s.migErr = &Recovery{Group: GroupSavedGame}, fmt.Errorf("the preference %s: %w", KeySavedGame, err)
	case !s.hasGood(r.Game.Info().Key):
		if !put(r.Game.Info().Key, []byte(raw)) {
			return
		}
	}
	prefs.RemoveValue(KeySavedGame)
}

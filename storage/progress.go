package storage

import (
	"slices"
	"strings"

	"huntchess/core"
	"huntchess/lessons"
	"huntchess/puzzles"
)

// Progress: the lessons completed (KeyLessons) and each game's puzzles
// solved (KeyPuzzlesSolved + game ID), kept in the preferences.

// LessonsDone reads the completed lessons from p: only keys of existing
// lessons count (a corrupt or old value loses nothing else).
func LessonsDone(p Prefs) map[string]bool {
	done := map[string]bool{}
	for _, k := range strings.Split(p.StringWithFallback(KeyLessons, ""), ",") {
		if lessons.Find(k) != nil {
			done[k] = true
		}
	}
	return done
}

// MarkLessonDone stores lesson key as completed.
func MarkLessonDone(p Prefs, key string) {
	done := LessonsDone(p)
	if done[key] {
		return
	}
	done[key] = true
	var keys []string
	for _, l := range lessons.All() { // in course order
		if done[l.Key()] {
			keys = append(keys, l.Key())
		}
	}
	p.SetString(KeyLessons, strings.Join(keys, ","))
}

// SolvedPuzzles returns the IDs of game id's puzzles solved.
func SolvedPuzzles(p Prefs, id core.GameID) map[string]bool {
	out := map[string]bool{}
	for _, s := range strings.Split(p.StringWithFallback(KeyPuzzlesSolved+id.String(), ""), ",") {
		if s = strings.TrimSpace(s); s != "" {
			out[s] = true
		}
	}
	return out
}

// MarkPuzzleSolved stores that puzzle pz has been solved.
func MarkPuzzleSolved(p Prefs, pz *puzzles.Puzzle) {
	done := SolvedPuzzles(p, pz.Game)
	if done[pz.ID()] {
		return
	}
	done[pz.ID()] = true
	ids := make([]string, 0, len(done))
	for id := range done {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	p.SetString(KeyPuzzlesSolved+pz.Game.String(), strings.Join(ids, ","))
}

// PuzzleProgress counts game id's puzzles and those solved (IDs of puzzles
// no longer in the list are not counted).
func PuzzleProgress(p Prefs, id core.GameID) (solved, total int) {
	done := SolvedPuzzles(p, id)
	for _, pz := range puzzles.For(id) {
		if done[pz.ID()] {
			solved++
		}
	}
	return solved, len(puzzles.For(id))
}

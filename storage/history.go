package storage

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sync"
	"time"

	"huntchess/core"
	"huntchess/match"
)

// HistoryLimit is how many finished games the history keeps: the newest.
const HistoryLimit = 100

// History files in the app's storage.
const (
	HistoryFile     = "history.json"
	PrevHistoryFile = "history.prev.json"
)

// KeyHistory is the preference that keeps the history where the app has no
// storage folder (the browser).
const KeyHistory = "history.v1"

// Finished is one finished game of the history: when it ended, the game,
// who played (the mode and the engine's level), the moves and the result.
type Finished struct {
	When   time.Time  `json:"when"`
	Game   string     `json:"game"`  // core GameInfo.Key
	Mode   match.Mode `json:"mode"`  // who played which side
	Level  string     `json:"level"` // match.Level.String(), the engine's level
	Record string     `json:"record"`
	// Start is the position the game began at (core's notation), for a
	// game begun elsewhere than the game's start (issue 45: Play from
	// here); "" (left out) for the game's start.
	Start string `json:"start,omitempty"`
	// Result is "predator", "prey" (the winner) or "draw"; Reason is the
	// core.Reason's name ("captures", "resigned", "agreed" …).
	Result string `json:"result"`
	Reason string `json:"reason"`
}

// Result names of Finished.Result.
const (
	ResultPredator = "predator"
	ResultPrey     = "prey"
	ResultDraw     = "draw"
)

// historyFile is the history's file: the games, oldest first.
type historyFile struct {
	Version int        `json:"v"`
	Games   []Finished `json:"games"`
}

const historyVersion = 1

// FinishedOf is the history's entry for a finished game g played in mode at
// level, ended at when; ok is false for a game still going on.
func FinishedOf(g *core.Game, mode match.Mode, level match.Level, when time.Time) (Finished, bool) {
	o := g.Outcome()
	if !o.Over() {
		return Finished{}, false
	}
	f := Finished{When: when.UTC().Truncate(time.Second), Game: g.Info().Key, Mode: mode, Level: level.String(),
		Record: g.Record(), Start: startText(g), Result: ResultDraw, Reason: o.Reason.String()}
	if w, ok := o.Winner(); ok {
		f.Result = ResultPredator
		if w == core.Prey {
			f.Result = ResultPrey
		}
	}
	return f, true
}

// Replay is the finished game as a core.Game, over again (a resignation or
// an agreed draw too); an error for a damaged entry.
func (f Finished) Replay() (*core.Game, error) {
	g, err := loadRecordAt(f.Game, f.Start, f.Record)
	if err != nil {
		return nil, err
	}
	switch f.Reason {
	case core.ReasonResigned.String():
		loser := core.Predator
		if f.Result == ResultPredator {
			loser = core.Prey
		}
		err = g.Resign(loser)
	case core.ReasonAgreed.String():
		err = g.AgreeDraw()
	}
	if err != nil {
		return nil, err
	}
	if !g.Outcome().Over() {
		return nil, errors.New("history: the game is not over")
	}
	return g, nil
}

// EngineLevel is the level the engine played at.
func (f Finished) EngineLevel() match.Level {
	lv, ok := match.ParseLevel(f.Level)
	if !ok {
		return match.Medium
	}
	return lv
}

// Winner is the side that won; ok is false for a draw.
func (f Finished) Winner() (core.Side, bool) {
	switch f.Result {
	case ResultPredator:
		return core.Predator, true
	case ResultPrey:
		return core.Prey, true
	}
	return 0, false
}

// valid reports whether the entry replays to a finished game of its result.
func (f Finished) valid() bool {
	if !f.Mode.Valid() {
		return false
	}
	if _, ok := match.ParseLevel(f.Level); !ok {
		return false
	}
	g, err := f.Replay()
	if err != nil {
		return false
	}
	again, _ := FinishedOf(g, f.Mode, f.EngineLevel(), f.When)
	return again.Result == f.Result && again.Reason == f.Reason
}

// Count counts the finished game in the statistics st, when a person
// played the engine (the statistics are of those games); it reports
// whether it counted it.
func (f Finished) Count(st Stats) bool {
	if !f.Mode.VsAI() {
		return false
	}
	me := f.Mode.HumanSide()
	key := StatKey(f.Game, me, f.EngineLevel())
	w, won := f.Winner()
	st.Add(key, won && w == me, won && w != me)
	if f.Reason == core.ReasonAgreed.String() {
		l := st[key]
		l.Agreed++
		st[key] = l
	}
	return true
}

// History keeps the finished games, the newest HistoryLimit of them, in a
// file of its own in the app's storage, written like the saved game: off the
// caller's goroutine, in order, atomically, with the previous good copy kept
// as history.prev.json and read when the file is damaged. Without a storage
// folder the preferences keep it.
type History struct {
	dir   string
	prefs Prefs
	file  *slot

	mu    sync.Mutex
	games []Finished // oldest first
	rec   *Recovery  // how a damaged file was read at opening
}

// GroupHistory names the history in a Recovery.
const GroupHistory = "history"

// Recoveries says how a damaged history file was read at opening: from its
// previous copy, or not at all (none: all was well).
func (h *History) Recoveries() []Recovery {
	if h.rec == nil {
		return nil
	}
	return []Recovery{*h.rec}
}

// OpenHistory reads the history in dir ("" for none: in prefs). Damaged
// entries are dropped; a damaged file is read from its previous copy.
func OpenHistory(dir string, prefs Prefs) *History {
	h := &History{dir: dir, prefs: prefs}
	if dir == "" {
		h.games, _ = decodeHistory([]byte(prefs.StringWithFallback(KeyHistory, "")))
		return h
	}
	h.file = newSlot(filepath.Join(dir, HistoryFile), filepath.Join(dir, PrevHistoryFile), func(b []byte) bool {
		_, err := decodeHistory(b)
		return err == nil
	})
	cur, prev, curExists, prevExists := h.file.read()
	games, err := decodeHistory(cur)
	if err != nil {
		var perr error
		games, perr = decodeHistory(prev)
		switch {
		case curExists && perr == nil:
			h.rec = &Recovery{Group: GroupHistory, Restored: true}
		case curExists || prevExists:
			h.rec = &Recovery{Group: GroupHistory, Restored: false}
		}
	}
	h.games = games
	return h
}

// decodeHistory reads a history file: its valid entries, oldest first.
func decodeHistory(raw []byte) ([]Finished, error) {
	if len(raw) == 0 {
		return nil, fs.ErrNotExist
	}
	var f historyFile
	if err := json.Unmarshal(raw, &f); err != nil {
		return nil, fmt.Errorf("history: %w", err)
	}
	if f.Version != historyVersion {
		return nil, fmt.Errorf("history: version %d", f.Version)
	}
	var out []Finished
	for _, g := range f.Games {
		if g.valid() {
			out = append(out, g)
		}
	}
	if len(out) > HistoryLimit {
		out = out[len(out)-HistoryLimit:]
	}
	return out, nil
}

// Games are the finished games kept, newest first.
func (h *History) Games() []Finished {
	h.mu.Lock()
	defer h.mu.Unlock()
	out := make([]Finished, len(h.games))
	for i, g := range h.games {
		out[len(h.games)-1-i] = g
	}
	return out
}

// Len is the number of games kept.
func (h *History) Len() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.games)
}

// Add keeps a finished game (the oldest goes beyond HistoryLimit) and
// writes the history.
func (h *History) Add(f Finished) {
	h.mu.Lock()
	h.games = append(h.games, f)
	if len(h.games) > HistoryLimit {
		h.games = append([]Finished(nil), h.games[len(h.games)-HistoryLimit:]...)
	}
	h.writeLocked()
	h.mu.Unlock()
}

// Clear forgets every game.
func (h *History) Clear() {
	h.mu.Lock()
	h.games = nil
	h.writeLocked()
	h.mu.Unlock()
}

func (h *History) writeLocked() {
	b, _ := json.Marshal(historyFile{Version: historyVersion, Games: h.games})
	if h.file == nil {
		h.prefs.SetString(KeyHistory, string(b))
		return
	}
	h.file.put(slotOp{data: b})
}

// Flush waits until every write so far is on disk, and returns the last
// write's error.
func (h *History) Flush() error {
	if h.file == nil {
		return nil
	}
	return h.file.flush()
}

// Stats are the statistics of the games kept (those against the engine).
func (h *History) Stats() Stats {
	st := Stats{}
	for _, g := range h.Games() {
		g.Count(st)
	}
	return st
}

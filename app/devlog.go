package app

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"huntchess/core"
	"huntchess/session"
)

// The developer log and the scripted runs of make crash-test
// (cmd/crashtest), from environment variables (see Dev):
//
//	HUNTCHESS_LOG=1      lines on stderr, "huntchess: log: …": what each
//	                     group of the vault and the saved game read at
//	                     start, every stored file handed to its writer
//	                     ("put") and once it is on disk ("wrote",
//	                     "removed"), the endgame tables' states
//	HUNTCHESS_RESUME=1   the saved game is continued at start without asking
//	HUNTCHESS_AUTOPLAY=1 a person's moves are played at random, one every
//	                     HUNTCHESS_AUTOPLAY_MS (default 150)
//	HUNTCHESS_WATCH_MS   the least time per move in watch mode (default 700)

func init() {
	if os.Getenv("HUNTCHESS_LOG") == "1" {
		session.SlotHook = devSlotLog
	}
}

func devLogf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "huntchess: log: "+format+"\n", args...)
}

// devSlotLog logs a stored file's write: a saved game by its record, a
// vault file by its checksum.
func devSlotLog(event, path string, data []byte, err error) {
	name := filepath.Base(path)
	switch {
	case err != nil:
		devLogf("%s %s %v", event, name, err)
	case data == nil:
		devLogf("%s %s remove", event, name)
	case strings.HasPrefix(name, "saved-game"):
		devLogf("%s %s %s", event, name, devSaveText(data))
	default:
		var f struct{ Sum string }
		_ = json.Unmarshal(data, &f)
		devLogf("%s %s sum=%s", event, name, f.Sum)
	}
}

// devSaveText is a saved game for the log; the record last (it has spaces).
func devSaveText(data []byte) string {
	var g struct{ Game, Mode, Level, Record string }
	if err := json.Unmarshal(data, &g); err != nil {
		return "unreadable"
	}
	return fmt.Sprintf("game=%s mode=%s level=%s moves=%d record=%s", g.Game, g.Mode, g.Level, len(strings.Fields(g.Record)), g.Record)
}

// devLogStart logs what the app read at start, and follows the tables.
func (a *App) devLogStart() {
	if os.Getenv("HUNTCHESS_LOG") != "1" {
		return
	}
	devLogf("start pid=%d", os.Getpid())
	for _, g := range session.Groups {
		devLogf("read %s sum=%s", g, a.prefs.Sum(g))
	}
	r, err := a.saves.Load()
	switch {
	case err == session.ErrNoSave:
		devLogf("offered none")
	case err != nil:
		devLogf("offered damaged %v", err)
	default:
		devLogf("offered game=%s mode=%s level=%s moves=%d partial=%t record=%s", r.Game.Info().Key, r.Mode, r.Level,
			r.Game.Len(), r.Partial, r.Game.Record())
	}
	if a.tables != nil {
		last := map[core.GameID]string{}
		a.tables.Subscribe(func(id core.GameID) {
			st, err := a.tables.StateName(id)
			if st == last[id] {
				return
			}
			last[id] = st
			if err != nil {
				devLogf("table %s %s %v", id, st, err)
			} else {
				devLogf("table %s %s", id, st)
			}
		})
	}
	if os.Getenv("HUNTCHESS_AUTOPLAY") == "1" {
		every, err := strconv.Atoi(os.Getenv("HUNTCHESS_AUTOPLAY_MS"))
		if err != nil || every <= 0 {
			every = 150
		}
		go a.devAutoplay(time.Duration(every) * time.Millisecond)
	}
}

// devAutoResume continues the saved game on offer (HUNTCHESS_RESUME=1).
func (a *App) devAutoResume() {
	if os.Getenv("HUNTCHESS_RESUME") == "1" {
		a.resumeSaved()
	}
}

// devWatchDelay is HUNTCHESS_WATCH_MS as a duration (0: not set).
func devWatchDelay() time.Duration {
	ms, err := strconv.Atoi(os.Getenv("HUNTCHESS_WATCH_MS"))
	if err != nil || ms <= 0 {
		return 0
	}
	return time.Duration(ms) * time.Millisecond
}

// devAutoplay plays a random legal move whenever a person is to move in the
// game shown (HUNTCHESS_AUTOPLAY=1), as a click on the board would.
func (a *App) devAutoplay(every time.Duration) {
	for range time.Tick(every) {
		if a.stopping.Load() {
			return
		}
		a.do(func() {
			g, ok := a.top().(*gameScreen)
			if !ok || g.sess.Closed() || !g.sess.HumanTurn() || g.sess.Hinting() {
				return
			}
			if moves := g.sess.Game().LegalMoves(); len(moves) > 0 {
				g.sess.HumanMove(moves[rand.IntN(len(moves))])
			}
		})
	}
}

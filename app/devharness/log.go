package devharness

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"time"

	"huntchess/app"
	"huntchess/core"
	"huntchess/storage"
)

// The developer log and the scripted runs of make crash-test
// (cmd/crashtest):
//
//	HUNTCHESS_LOG=1      lines on stderr, "huntchess: log: …": what each
//	                     group of the vault and each game's unfinished
//	                     game read at start ("offered FILE …"), every stored file handed to its writer
//	                     ("put") and once it is on disk ("wrote",
//	                     "removed"), the endgame tables' states, and
//	                     each list of moves with their values the
//	                     explorer shows ("explore moves=… proven=…")
//	HUNTCHESS_RESUME=1   the newest unfinished game is continued at start
//	                     without asking; =GAME (a game's key) that game's
//	HUNTCHESS_AUTOPLAY=1 a person's moves are played at random, one every
//	                     HUNTCHESS_AUTOPLAY_MS (default 150)
//	HUNTCHESS_WATCH_MS   the least time per move in watch mode (default 700)

func logf(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "huntchess: log: "+format+"\n", args...)
}

// slotLog logs a stored file's write: a saved game by its record, a
// vault file by its checksum.
func slotLog(event, path string, data []byte, err error) {
	name := filepath.Base(path)
	switch {
	case err != nil:
		logf("%s %s %v", event, name, err)
	case data == nil:
		logf("%s %s remove", event, name)
	case strings.HasPrefix(name, "saved-game"):
		logf("%s %s %s", event, name, saveText(data))
	default:
		var f struct{ Sum string }
		_ = json.Unmarshal(data, &f)
		logf("%s %s sum=%s", event, name, f.Sum)
	}
}

// saveText is a saved game for the log; the record last (it has spaces).
func saveText(data []byte) string {
	var g struct{ Game, Mode, Level, Record string }
	if err := json.Unmarshal(data, &g); err != nil {
		return "unreadable"
	}
	return fmt.Sprintf("game=%s mode=%s level=%s moves=%d record=%s", g.Game, g.Mode, g.Level, len(strings.Fields(g.Record)), g.Record)
}

// logStart logs what the app read at start, and follows the tables: their
// states and the problems of their files (tables.Owner.Problems).
func logStart(c app.Control) {
	logf("start pid=%d", os.Getpid())
	for _, g := range storage.Groups {
		logf("read %s sum=%s", g, c.Vault().Sum(g))
	}
	// Each game's unfinished game, by its file ("offered FILE STATE").
	for _, info := range core.Games() {
		file := storage.SaveFileOf(info.Key)
		r, err := c.Saves().Of(info.Key).Load()
		switch {
		case err == storage.ErrNoSave:
			logf("offered %s none", file)
		case err != nil:
			logf("offered %s damaged %v", file, err)
		default:
			logf("offered %s game=%s mode=%s level=%s moves=%d partial=%t record=%s", file, r.Game.Info().Key, r.Mode, r.Level,
				r.Game.Len(), r.Partial, r.Game.Record())
		}
	}
	// What the explorer shows, each time its values arrive (the browser's
	// benchmark of the explorer times these lines: cmd/webexplore).
	c.OnExplored(func(x app.Explored) {
		logf("explore moves=%d proven=%d judged=%d searching=%t took=%.1fms line=%s", x.Moves, x.Proven, x.Judged, x.Searching,
			float64(x.Took.Microseconds())/1000, x.Line)
	})
	if t := c.Tables(); t != nil {
		last := map[core.GameID]string{}
		logged := 0 // the problems written so far (tables.Problem.Seq)
		t.Subscribe(func(id core.GameID) {
			for _, p := range t.Problems() {
				if p.Seq > logged {
					logged = p.Seq
					logf("table-problem %s", p)
				}
			}
			st, err := t.StateName(id)
			if st == last[id] {
				return
			}
			last[id] = st
			if err != nil {
				logf("table %s %s %v", id, st, err)
			} else {
				logf("table %s %s", id, st)
			}
		})
	}
}

// autoplay plays a random legal move whenever a person is to move in the
// game shown (HUNTCHESS_AUTOPLAY=1), as a click on the board would.
func autoplay(c app.Control, every time.Duration) {
	for range time.Tick(every) {
		if c.Stopping() {
			return
		}
		c.Do(func() {
			g := c.Playing()
			if g == nil || g.Closed() || !g.HumanTurn() || g.Hinting() {
				return
			}
			if moves := g.Game().LegalMoves(); len(moves) > 0 {
				g.HumanMove(moves[rand.IntN(len(moves))])
			}
		})
	}
}

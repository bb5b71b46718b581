package main

import (
	"strings"
	"time"

	"huntchess/core"
	"huntchess/storage"
)

// saveFiles are the games' save files (storage.SaveFileOf), in the games'
// order.
var saveFiles = func() []string {
	var out []string
	for _, info := range core.Games() {
		out = append(out, storage.SaveFileOf(info.Key))
	}
	return out
}()

// isSaveFile reports whether a stored file is a game's save file (not its
// previous copy).
func isSaveFile(name string) bool {
	for _, f := range saveFiles {
		if name == f {
			return true
		}
	}
	return false
}

// What the app says on stderr (app/devharness/log.go, app/app.go).
const (
	logPrefix = "huntchess: log: "
	recPrefix = "huntchess: recovery: "
	none      = "none" // no saved game
)

// event is one line of the developer log, parsed.
type event struct {
	kind string // start, read, offered, put, wrote, removed, failed, table, recovery
	file string // put…failed: the file's name; read: the group; table: the game
	val  string // saved game: its state (saveState); vault: its sum; table: its state
	line string
	at   time.Time
}

// parse reads a line of the app's output ("" kind: not a log line).
func parse(line string) event {
	ev := event{line: line, at: time.Now()}
	switch {
	case strings.HasPrefix(line, recPrefix):
		ev.kind = "recovery"
		rest := strings.TrimPrefix(line, recPrefix)
		if strings.HasPrefix(rest, "the saved game") {
			// "the saved game of GAME could not be read …" (the older
			// versions' one saved game: no game)
			ev.file, ev.val = "saved-game", "discarded"
			if g, ok := strings.CutPrefix(rest, "the saved game of "); ok {
				g, _, _ = strings.Cut(g, " ")
				ev.file = storage.SaveFileOf(g)
			}
			if strings.Contains(rest, "restored") { // a damaged copy passed over
				ev.val = "restored"
			}
		} else {
			ev.file, _, _ = strings.Cut(rest, " ")
			ev.val = "reset"
			if strings.Contains(rest, "restored") {
				ev.val = "restored"
			}
		}
		return ev
	case !strings.HasPrefix(line, logPrefix):
		return ev
	}
	f := strings.SplitN(strings.TrimPrefix(line, logPrefix), " ", 3)
	ev.kind = f[0]
	if len(f) > 1 {
		ev.file = f[1]
	}
	rest := ""
	if len(f) > 2 {
		rest = f[2]
	}
	switch ev.kind {
	case "read":
		ev.val = strings.TrimPrefix(rest, "sum=")
	case "offered":
		// "offered FILE none", "offered FILE damaged …", "offered FILE game=… record=…"
		ev.val, _, _ = strings.Cut(rest, " ")
		if strings.HasPrefix(rest, "game=") {
			ev.val = saveState(rest)
		}
	case "put", "wrote", "removed", "failed":
		switch {
		case rest == "remove":
			ev.val = none
		case strings.HasPrefix(rest, "sum="):
			ev.val = strings.TrimPrefix(rest, "sum=")
		case strings.HasPrefix(rest, "game="):
			ev.val = saveState(rest)
		default:
			ev.val = rest
		}
	case "table":
		ev.val, _, _ = strings.Cut(rest, " ")
	}
	return ev
}

// saveState is a saved game as compared: "game|mode|level|record", from
// "game=… mode=… level=… moves=… [partial=…] record=…" (the record last).
func saveState(s string) string {
	head, record, _ := strings.Cut(s, " record=")
	var game, mode, level string
	for _, kv := range strings.Fields(head) {
		k, v, _ := strings.Cut(kv, "=")
		switch k {
		case "game":
			game = v
		case "mode":
			mode = v
		case "level":
			level = v
		}
	}
	return game + "|" + mode + "|" + level + "|" + strings.TrimPrefix(record, "record=")
}

// stateMoves is the number of moves of a saved game's state (0 for none).
func stateMoves(st string) int {
	if st == none {
		return 0
	}
	p := strings.SplitN(st, "|", 4)
	if len(p) < 4 {
		return 0
	}
	return len(strings.Fields(p[3]))
}

// isPrefix reports whether saved game a is b or b before some of its moves.
func isPrefix(a, b string) bool {
	pa, pb := strings.SplitN(a, "|", 4), strings.SplitN(b, "|", 4)
	if len(pa) < 4 || len(pb) < 4 || pa[0] != pb[0] || pa[1] != pb[1] || pa[2] != pb[2] {
		return false
	}
	ma, mb := strings.Fields(pa[3]), strings.Fields(pb[3])
	if len(ma) > len(mb) {
		return false
	}
	for i := range ma {
		if ma[i] != mb[i] {
			return false
		}
	}
	return true
}

// fileTrack follows one stored file through a run: what was on disk at
// start, every content handed to its writer, and the newest one written.
type fileTrack struct {
	start    string   // read at start
	puts     []string // in order
	putAt    []time.Time
	wroteIdx int // index in puts of the newest content written; -1: none yet
	failed   []string
}

func newTrack(start string) *fileTrack { return &fileTrack{start: start, wroteIdx: -1} }

func (t *fileTrack) put(val string, at time.Time) {
	t.puts = append(t.puts, val)
	t.putAt = append(t.putAt, at)
}

func (t *fileTrack) wrote(val string) {
	for i := len(t.puts) - 1; i > t.wroteIdx; i-- {
		if t.puts[i] == val {
			t.wroteIdx = i
			return
		}
	}
}

// inFlight reports whether some content put was not yet seen written.
func (t *fileTrack) inFlight() bool { return len(t.puts) > t.wroteIdx+1 }

// check judges what the next start read (got) after a kill at killAt: it
// must be the newest content written or one put after it; missing is the
// number of puts after it (the writes in flight), and stale reports a
// content put (not the last) more than grace before the kill that was
// lost.
func (t *fileTrack) check(got string, killAt time.Time, grace time.Duration) (ok bool, missing int, stale bool) {
	idx := -2 // -1: the content at start
	for i := len(t.puts) - 1; i >= max(t.wroteIdx, 0); i-- {
		if t.puts[i] == got {
			idx = i
			break
		}
	}
	if idx == -2 && t.wroteIdx == -1 && got == t.start {
		idx = -1
	}
	if idx == -2 {
		return false, 0, false
	}
	missing = len(t.puts) - 1 - idx
	if missing >= 2 && killAt.Sub(t.putAt[idx+1]) > grace {
		stale = true
	}
	return true, missing, stale
}

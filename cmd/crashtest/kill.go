package main

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"time"

	"huntchess/ai/tablebase"
	"huntchess/storage"
)

// inFlightGrace is how long a save may take to be written under load
// (fsync on a busy disk): a move put longer before the kill that is missing
// while a later one is missing too counts as lost.
const inFlightGrace = time.Second

var groups = []string{"settings", "statistics", "progress"}

const lion = "surround-the-lion"

// runState is what one run said: what it read at start, and each stored
// file's writes.
type runState struct {
	r           *appRun
	reads       map[string]string     // group → sum read
	offered     map[string]string     // each game's save file → its game on offer: a state, "none", "damaged"
	haveOffered bool                  // every game's said
	game        string                // the game this run plays (its key)
	tracks      map[string]*fileTrack // by file name
	tables      map[string]string     // game → table state
	recoveries  []event
	nputs       int
	killAt      time.Time
	started     bool // the "start" line
	fatal       []string
	skips       []string // saves that do not follow the one before by a move
}

func newRunState(r *appRun) *runState {
	return &runState{r: r, reads: map[string]string{}, offered: map[string]string{}, tracks: map[string]*fileTrack{}, tables: map[string]string{}}
}

// readUntil takes in the run's lines until done, asked after each line's
// event, says so, the run's output ends, or within has passed.
func (s *runState) readUntil(within time.Duration, done func(ev event) bool) {
	deadline := time.After(within)
	for {
		select {
		case line, ok := <-s.r.lines:
			if !ok {
				return
			}
			if done(s.apply(line)) {
				return
			}
		case <-deadline:
			return
		}
	}
}

// apply takes in one line; it returns the parsed event.
func (s *runState) apply(line string) event {
	ev := parse(line)
	if strings.Contains(line, "panic:") || strings.Contains(line, "fatal error:") || strings.Contains(line, "DATA RACE") {
		s.fatal = append(s.fatal, line)
	}
	switch ev.kind {
	case "start":
		s.started = true
	case "read":
		s.reads[ev.file] = ev.val
	case "offered":
		if len(s.offered) == 0 {
			for _, g := range groups {
				s.tracks[g+".json"] = newTrack(s.reads[g])
			}
		}
		s.offered[ev.file] = ev.val
		s.tracks[ev.file] = newTrack(ev.val)
		s.haveOffered = len(s.offered) == len(saveFiles)
	case "put", "wrote", "removed", "failed":
		t := s.tracks[ev.file]
		if t == nil {
			t = newTrack("?")
			s.tracks[ev.file] = t
		}
		switch ev.kind {
		case "put":
			if isSaveFile(ev.file) {
				s.checkStep(t, ev.val)
			}
			t.put(ev.val, ev.at)
			s.nputs++
		case "failed":
			t.failed = append(t.failed, ev.line)
		default:
			t.wrote(ev.val)
		}
	case "table":
		s.tables[ev.file] = ev.val
	case "recovery":
		s.recoveries = append(s.recoveries, ev)
	}
	return ev
}

// checkStep checks that a save follows the one before it by one move at
// most (these runs neither undo nor change the level): every move
// completed was handed to the writer, none skipped.
func (s *runState) checkStep(t *fileTrack, val string) {
	p := t.start
	if len(t.puts) > 0 {
		p = t.puts[len(t.puts)-1]
	}
	if val == none || p == none || p == "?" || p == "damaged" || strings.SplitN(p, "|", 4)[0] != strings.SplitN(val, "|", 4)[0] {
		return // the end, or another game
	}
	if stateMoves(val) == 1 && stateMoves(p) != 0 && !isPrefix(p, val) {
		return // a new game of the same kind
	}
	if d := stateMoves(val) - stateMoves(p); d < 0 || d > 1 || !isPrefix(p, val) {
		s.skips = append(s.skips, fmt.Sprintf("%s followed by %s", short(p), short(val)))
	}
}

// latest is the newest saved game of the game this run plays that it knows
// of (put, else on offer).
func (s *runState) latest() string {
	file := storage.SaveFileOf(s.game)
	if t := s.tracks[file]; t != nil {
		if len(t.puts) > 0 {
			return t.puts[len(t.puts)-1]
		}
		return t.start
	}
	if o, ok := s.offered[file]; ok {
		return o
	}
	return none
}

// killStats counts the kills by what they interrupted.
type killStats struct {
	kills, inFlight, saveInFlight, vaultInFlight, duringSolve, lionSolve int
	missing1, missing2                                                   int
	maxAge2                                                              time.Duration // the oldest of those put
	byGame                                                               map[string]int
	resumes                                                              int
}

// killPhase plays and kills n times; it returns the number of kills.
func (h *harness) killPhase(n, solveKills int, solveFinish bool) int {
	ks := killStats{byGame: map[string]int{}}
	games := []string{"beat-the-wolf", "wolf-carries-pig", lion, "deer-chess"}
	modes := []string{"watch", "vs-ai-predator", "vs-ai-prey"}
	var prev *runState
	round, roundLeft, game := 0, 0, lion
	solved := false // the lion's table has been seen solved and cached
	solvePhase := solveKills
	finishPending := solveFinish
	t0 := time.Now()
	for i := 1; i <= n+1; i++ {
		last := i == n+1 // only checks the last kill
		strat := h.pickStrategy()
		switch {
		case last:
			strat = "check"
		case solvePhase > 0:
			strat = "solve"
		case finishPending:
			strat = "finish"
		}
		var env []string
		label := ""
		newRound := prev == nil || roundLeft <= 0 || prev.latest() == none || prev.latest() == "damaged"
		if strat == "solve" || strat == "finish" {
			newRound = prev == nil || prev.latest() == none || !strings.HasPrefix(prev.latest(), lion+"|")
		}
		switch {
		case last:
			label = "check"
		case newRound:
			if strat != "solve" && strat != "finish" {
				game = games[round%len(games)]
			} else {
				game = lion
			}
			mode := modes[(round/len(games))%len(modes)]
			if round == 0 {
				mode = "watch"
			}
			round++
			roundLeft = 1 + h.rng.IntN(min(4, max(2, n/25))) // short runs: every game soon
			env = []string{"HUNTCHESS_SCREEN=game", "HUNTCHESS_GAME=" + game, "HUNTCHESS_MODE=" + mode, "HUNTCHESS_AUTOPLAY=1"}
			label = "new " + game + " " + mode
		default:
			game = prev.game
			env = []string{"HUNTCHESS_RESUME=" + game, "HUNTCHESS_AUTOPLAY=1"}
			label = "resume " + game
			ks.resumes++
		}
		roundLeft--
		label += " · " + strat
		// The shipped tables are off (HUNTCHESS_SHIPPED=off) while the
		// lion's table is to be solved on first use, and, once it is cached,
		// in half of the lion's runs: those must take it from the cache, the
		// others from the shipped table; none may solve it again.
		if strat == "solve" || strat == "finish" || (solved && game == lion && h.rng.IntN(2) == 0) {
			env = append(env, "HUNTCHESS_SHIPPED=off")
			label += " · shipped off"
		}
		r, err := h.launch(label, env...)
		if err != nil {
			h.loss(nil, "cannot start the app: %v", err)
			return ks.kills
		}
		s := newRunState(r)
		s.game = game
		verified := false
		verify := func() {
			if verified || !s.haveOffered || len(s.reads) < len(groups) {
				return
			}
			verified = true
			h.verifyKill(prev, s, &ks)
		}
		h.drive(s, strat, verify)
		if strat == "solve" {
			solvePhase--
		}
		if strat == "finish" && s.tables[lion] == "ready" {
			finishPending = false
			solved = true
		} else if strat == "finish" {
			h.loss(r, "Surround the Lion's table was not solved within the time allowed (states seen: %v)", s.tables)
			finishPending = false
		}
		if !verified {
			if s.haveOffered {
				verify()
			} else if s.nputs > 0 {
				h.loss(r, "the run wrote before saying what it read")
			} else {
				// Killed before it said what it read: the next run checks.
				s = prev
			}
		}
		if last {
			if len(r.output()) > 0 && s != nil {
				h.checkRun(s, "the last check")
			}
			break
		}
		ks.kills++
		if s != nil && s.r == r {
			h.classify(s, &ks, game)
			h.checkRun(s, "")
			if solved && s.tables[lion] == "building" {
				h.loss(r, "Surround the Lion's table was solved again after it had been cached")
			}
		}
		h.checkTables()
		if s != nil {
			prev = s
		}
		h.progress(i, n, t0, r, strat)
	}
	h.notef("kills: %d (%d resuming the saved game); a write in flight at %d (a save at %d, settings/statistics/progress at %d); a table being solved at %d (Surround the Lion's on first use: %d)",
		ks.kills, ks.resumes, ks.inFlight, ks.saveInFlight, ks.vaultInFlight, ks.duringSolve, ks.lionSolve)
	h.notef("kills by game: %s; the move in flight missing after %d, two moves in flight missing after %d (the older put %s before the kill at most; lost if over %s)",
		fmtCounts(ks.byGame), ks.missing1, ks.missing2, ks.maxAge2.Round(time.Millisecond), inFlightGrace)
	if tmp := h.storageTemps(); len(tmp) > 0 {
		h.notef("temporary files of interrupted writes left in the storage: %d (%s)", len(tmp), strings.Join(tmp, ", "))
	}
	if left := h.tableLeftovers(); left != "" {
		h.notef("left in the tables folder: %s", left)
	}
	return ks.kills
}

func fmtCounts(m map[string]int) string {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%s %d", k, m[k]))
	}
	return strings.Join(parts, ", ")
}

func (h *harness) progress(i, n int, t0 time.Time, r *appRun, strat string) {
	el := time.Since(t0)
	eta := time.Duration(float64(el) / float64(i) * float64(n-i))
	fmt.Printf("crashtest: kill %d/%d (%s) after %.2fs · %s elapsed, ~%s left · %d lost\n", i, n, r.label,
		r.killAtSecs, el.Round(time.Second), eta.Round(time.Second), h.lost)
}

// pickStrategy chooses when to kill a run.
func (h *harness) pickStrategy() string {
	switch x := h.rng.IntN(100); {
	case x < 40:
		return "in-flight" // within a few ms of a write handed to the writer
	case x < 52:
		return "result" // right after a result or the game's end
	case x < 58:
		return "startup" // while starting
	default:
		return "time" // at a random time
	}
}

// drive reads the run's output and kills it as strat says; verify is called
// after each line (it checks the previous kill once the reads are in).
func (h *harness) drive(s *runState, strat string, verify func()) {
	r := s.r
	var deadline time.Time
	trigger := 0 // in-flight: the put to kill after
	switch strat {
	case "in-flight":
		trigger = 1 + h.rng.IntN(20)
		deadline = r.start.Add(8 * time.Second)
	case "result":
		deadline = r.start.Add(6 * time.Second)
	case "startup":
		deadline = r.start.Add(time.Duration(h.rng.IntN(400)) * time.Millisecond)
	case "time":
		deadline = r.start.Add(200*time.Millisecond + time.Duration(h.rng.Int64N(int64(4*time.Second))))
	case "solve":
		deadline = r.start.Add(60 * time.Second) // the solve must start by then
	case "finish":
		deadline = r.start.Add(300 * time.Second)
	case "check":
		deadline = r.start.Add(20 * time.Second)
	}
	soon := func() { // kill within 0–4 ms
		time.Sleep(time.Duration(h.rng.IntN(4000)) * time.Microsecond)
	}
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	defer func() {
		s.killAt = time.Now()
		r.killAtSecs = s.killAt.Sub(r.start).Seconds()
		if !r.kill() {
			h.loss(r, "the app died by itself (%v) before the kill", r.err)
		}
		for line := range r.lines { // the rest of its output
			s.apply(line)
		}
		verify()
	}()
	for {
		select {
		case line, ok := <-r.lines:
			if !ok {
				return
			}
			ev := s.apply(line)
			verify()
			switch strat {
			case "in-flight":
				if ev.kind == "put" && s.nputs >= trigger {
					soon()
					return
				}
			case "result":
				if ev.kind == "put" && (ev.file == "statistics.json" || ev.val == none) {
					soon()
					return
				}
			case "solve":
				if ev.kind == "table" && ev.file == lion && ev.val == "building" {
					timer.Reset(300*time.Millisecond + time.Duration(h.rng.Int64N(int64(15*time.Second))))
				}
				if ev.kind == "table" && ev.file == lion && ev.val == "ready" {
					return // solved before the kill came: a kill at once
				}
			case "finish":
				if ev.kind == "table" && ev.file == lion && (ev.val == "ready" || ev.val == "failed") {
					timer.Reset(time.Duration(h.rng.IntN(1500)) * time.Millisecond)
				}
			case "check":
				if ev.kind == "offered" && s.haveOffered {
					return
				}
			}
		case <-timer.C:
			return
		}
	}
}

// verifyKill checks what run s read at start against what the killed run
// prev had written.
func (h *harness) verifyKill(prev, s *runState, ks *killStats) {
	r := s.r
	for _, rec := range s.recoveries {
		h.loss(r, "after a kill: %s", rec.line)
	}
	for _, file := range saveFiles {
		if s.offered[file] == "damaged" {
			h.loss(r, "after a kill the saved game in %s could not be read", file)
		}
	}
	if prev == nil {
		return
	}
	const grace = inFlightGrace
	for _, file := range append(append([]string(nil), saveFiles...), groups[0]+".json", groups[1]+".json", groups[2]+".json") {
		t := prev.tracks[file]
		if t == nil {
			continue
		}
		got := s.offered[file]
		if !isSaveFile(file) {
			got = s.reads[strings.TrimSuffix(file, ".json")]
		}
		ok, missing, stale := t.check(got, prev.killAt, grace)
		switch {
		case !ok:
			h.loss(r, "%s after the kill of run %d holds %s, not the last written (%s) or newer",
				file, prev.r.n, short(got), short(lastWritten(t)))
		case stale:
			h.loss(r, "%s after the kill of run %d lacks %d completed moves (the first more than %s before the kill)",
				file, prev.r.n, missing, grace)
		}
		if isSaveFile(file) && ok {
			switch {
			case missing == 1:
				ks.missing1++
			case missing >= 2:
				ks.missing2++
				age := prev.killAt.Sub(t.putAt[len(t.puts)-missing])
				ks.maxAge2 = max(ks.maxAge2, age)
				if h.verbose {
					h.notef("run %d: %d moves in flight at the kill, the first put %s before it", prev.r.n, missing, age.Round(10*time.Microsecond))
				}
			}
		}
		for _, f := range t.failed {
			h.loss(prev.r, "a write failed: %s", f)
		}
	}
}

func lastWritten(t *fileTrack) string {
	if t.wroteIdx >= 0 {
		return t.puts[t.wroteIdx]
	}
	return t.start
}

func short(s string) string {
	if len(s) > 90 {
		return s[:60] + "…" + s[len(s)-25:]
	}
	return s
}

// classify counts what the kill of s interrupted.
func (h *harness) classify(s *runState, ks *killStats, game string) {
	flight, save, vault := false, false, false
	for file, t := range s.tracks {
		if t.inFlight() {
			flight = true
			if isSaveFile(file) {
				save = true
			} else {
				vault = true
			}
		}
	}
	if flight {
		ks.inFlight++
	}
	if save {
		ks.saveInFlight++
	}
	if vault {
		ks.vaultInFlight++
	}
	solving := false
	for _, st := range s.tables {
		solving = solving || st == "building"
	}
	if solving {
		ks.duringSolve++
	}
	if s.tables[lion] == "building" {
		ks.lionSolve++
	}
	g := game
	if l := s.latest(); l != none && l != "damaged" {
		g = strings.SplitN(l, "|", 2)[0]
	}
	ks.byGame[g]++
}

// checkRun looks for crashes in a run's output and failed tables.
func (h *harness) checkRun(s *runState, what string) {
	for _, sk := range s.skips {
		h.loss(s.r, "a completed move was not saved on its own: %s", sk)
	}
	for _, f := range s.fatal {
		h.loss(s.r, "the app crashed %s: %s", what, f)
	}
	for game, st := range s.tables {
		if st == "failed" {
			h.loss(s.r, "the %s table failed", game)
		}
	}
}

// checkTables opens every table in the storage's tables folder: none may be
// half written.
func (h *harness) checkTables() {
	dir := filepath.Join(h.storage(), "tables")
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if !strings.HasSuffix(e.Name(), tablebase.FileExt) {
			continue
		}
		info, err := e.Info()
		if err != nil {
			continue
		}
		key := fmt.Sprintf("%s %d %d", e.Name(), info.Size(), info.ModTime().UnixNano())
		if h.tablesOK[key] {
			continue
		}
		if _, err := tablebase.Open(filepath.Join(dir, e.Name())); err != nil {
			h.loss(nil, "a table in the storage does not open: %v", err)
			continue
		}
		h.tablesOK[key] = true
	}
}

// tableLeftovers lists the files of the tables folder that are not tables.
func (h *harness) tableLeftovers() string {
	ents, _ := os.ReadDir(filepath.Join(h.storage(), "tables"))
	var out []string
	for _, e := range ents {
		info, err := e.Info()
		if err != nil {
			continue
		}
		out = append(out, fmt.Sprintf("%s (%d bytes)", e.Name(), info.Size()))
	}
	return strings.Join(out, ", ")
}

// storageTemps lists the temporary files of WriteAtomic in the storage.
func (h *harness) storageTemps() []string {
	m, _ := filepath.Glob(filepath.Join(h.storage(), ".*.tmp-*"))
	for i := range m {
		m[i] = filepath.Base(m[i])
	}
	return m
}

// term asks the app to quit (SIGTERM, as on logging out) and waits.
func (r *appRun) term(d time.Duration) bool {
	_ = r.cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-r.done:
		return true
	case <-time.After(d):
		// A hang: Go's SIGQUIT writes every goroutine's stack to the app's
		// stderr, which crashtest.log keeps, before it ends the process.
		_ = r.cmd.Process.Signal(syscall.SIGQUIT)
		select {
		case <-r.done:
		case <-time.After(5 * time.Second):
			r.kill()
		}
		return false
	}
}

package main

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"time"

	"huntchess/core"
	"huntchess/storage"
)

// vaultValues and vaultSum read a vault file as storage.Vault writes it
// (kept apart from its code, so that the test judges it).
type vaultValues struct {
	S map[string]string  `json:"s,omitempty"`
	I map[string]int     `json:"i,omitempty"`
	B map[string]bool    `json:"b,omitempty"`
	F map[string]float64 `json:"f,omitempty"`
}

func valuesSum(v vaultValues) string {
	b, _ := json.Marshal(v)
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

// vaultSum is the checksum of a vault file's values; ok when it matches.
func vaultSum(raw []byte) (string, bool) {
	var f struct {
		Sum    string      `json:"sum"`
		Values vaultValues `json:"values"`
	}
	if json.Unmarshal(raw, &f) != nil || f.Sum == "" {
		return "", false
	}
	s := valuesSum(f.Values)
	return s, s == f.Sum
}

var emptySum = valuesSum(vaultValues{})

// saveOf is a saved game's state as compared ("" when it cannot be read).
func saveOf(raw []byte) string {
	r, err := storage.DecodeSaved(raw)
	if err != nil {
		return ""
	}
	return r.Game.Info().Key + "|" + string(r.Mode) + "|" + r.Level.String() + "|" + r.Game.Record()
}

// baseHas reports whether Fyne's preferences.json holds a key of group.
func baseHas(raw []byte, group string) bool {
	var m map[string]any
	if json.Unmarshal(raw, &m) != nil {
		return false
	}
	for k := range m {
		switch {
		case group == "settings" && (strings.HasPrefix(k, "settings.") || strings.HasPrefix(k, "window.")),
			group == "statistics" && k == "stats.v1",
			group == "progress" && (k == "lessons.done" || strings.HasPrefix(k, "puzzles.solved.")):
			return true
		}
	}
	return false
}

// setup gives the app settings, statistics and progress that are not the
// defaults, through the app itself: settings in Fyne's preferences as an
// older version left them (the vault takes them over), statistics, lessons
// and puzzles through the developer variables, twice (so each file has a
// previous copy), then a plain start and quit (the window size: a second
// settings write).
func (h *harness) setup() error {
	st := h.storage()
	if err := os.MkdirAll(st, 0o755); err != nil {
		return err
	}
	prefs := `{"settings.level":"easy","settings.theme":"dark","settings.timer":30,"settings.show_legal":false,"settings.sound":false,"settings.animations":false}`
	if err := os.WriteFile(filepath.Join(st, "preferences.json"), []byte(prefs), 0o600); err != nil {
		return err
	}
	runs := [][]string{
		{"HUNTCHESS_SCREEN=home", "HUNTCHESS_GAME=deer-chess", "HUNTCHESS_SOLVED=2", "HUNTCHESS_LESSONS_DONE=beat-the-wolf/1",
			`HUNTCHESS_STATS={"beat-the-wolf/predator/easy":{"played":5,"won":3,"lost":1,"drawn":1}}`},
		{"HUNTCHESS_SCREEN=home", "HUNTCHESS_GAME=surround-the-lion", "HUNTCHESS_SOLVED=3", "HUNTCHESS_LESSONS_DONE=beat-the-wolf/1,beat-the-wolf/2",
			`HUNTCHESS_STATS={"beat-the-wolf/predator/easy":{"played":6,"won":3,"lost":2,"drawn":1},"deer-chess/prey/hard":{"played":2,"won":1,"lost":1,"drawn":0}}`},
		nil,
	}
	for i, env := range runs {
		r, err := h.launch(fmt.Sprintf("setup %d", i+1), env...)
		if err != nil {
			return err
		}
		s := newRunState(r)
		if !h.window(r, 30*time.Second) {
			r.kill()
			return fmt.Errorf("no window:\n%s", r.tail(20))
		}
		// Until the writes are done and it has been quiet for a while.
		quiet := time.NewTimer(1500 * time.Millisecond)
	wait:
		for {
			select {
			case line := <-r.lines:
				s.apply(line)
				quiet.Reset(1500 * time.Millisecond)
			case <-quiet.C:
				break wait
			}
		}
		if !r.term(15 * time.Second) {
			time.Sleep(300 * time.Millisecond) // the last of its output
			hang := filepath.Join(h.dir, fmt.Sprintf("hang-setup-%d.log", i+1))
			_ = os.WriteFile(hang, []byte(strings.Join(r.output(), "\n")), 0o644)
			return fmt.Errorf("setup %d: did not quit within 15 s of SIGTERM (its output and goroutines, from SIGQUIT: %s):\n%s", i+1, hang, r.tail(30))
		}
		for line := range r.lines {
			s.apply(line)
		}
		if len(s.fatal) > 0 || len(s.recoveries) > 0 {
			return fmt.Errorf("setup %d:\n%s", i+1, r.tail(20))
		}
	}
	for _, g := range groups {
		raw, err := os.ReadFile(filepath.Join(st, g+".json"))
		sum, ok := vaultSum(raw)
		if err != nil || !ok || sum == emptySum {
			return fmt.Errorf("%s.json was not written with values: %v", g, err)
		}
	}
	h.notef("setup: %s", h.listStorage())
	return nil
}

// listStorage names the files of the storage folder, with their sizes.
func (h *harness) listStorage() string {
	ents, _ := os.ReadDir(h.storage())
	var out []string
	for _, e := range ents {
		if info, err := e.Info(); err == nil && !e.IsDir() {
			out = append(out, fmt.Sprintf("%s %d B", e.Name(), info.Size()))
		}
	}
	return strings.Join(out, ", ")
}

// damageCase is one start on damaged files.
type damageCase struct {
	damaged map[string]string // file → how
	before  map[string][]byte // the baseline's files
}

// damagePhase starts the app n times on damaged copies of a baseline; it
// returns the number of files damaged.
func (h *harness) damagePhase(n int) int {
	if n <= 0 {
		return 0
	}
	base, err := h.baseline()
	if err != nil {
		h.loss(nil, "damage phase: %v", err)
		return 0
	}
	var names []string
	for name := range base {
		names = append(names, name)
	}
	sort.Strings(names)
	h.notef("damage phase on %s", h.listStorage())
	// Each game's unfinished game (those the kill phase left, and the
	// baseline's) is a thing of its own: its file and previous copy.
	things := map[string][]string{}
	var thingNames []string
	for _, info := range core.Games() {
		cur, prev := storage.SaveFileOf(info.Key), storage.PrevSaveFileOf(info.Key)
		if _, ok := base[cur]; ok {
			things[cur] = []string{cur, prev}
			thingNames = append(thingNames, cur)
		}
	}
	for _, g := range groups {
		things[g] = []string{g + ".json", g + ".prev.json", "preferences.json"}
	}
	thingNames = append(thingNames, groups...)
	h.legacyStart(base)
	files, resets, restored, discarded := 0, 0, 0, 0
	t0 := time.Now()
	for c := 1; c <= n; c++ {
		dc := damageCase{damaged: map[string]string{}, before: base}
		var targets []string
		if c <= len(names) { // each file once first
			targets = []string{names[c-1]}
		} else if h.rng.IntN(100) < 30 { // every copy of one thing
			for _, f := range things[thingNames[h.rng.IntN(len(thingNames))]] {
				if _, ok := base[f]; ok {
					targets = append(targets, f)
				}
			}
		} else {
			targets = []string{names[h.rng.IntN(len(names))]}
		}
		if err := h.restore(base); err != nil {
			h.loss(nil, "restoring the baseline: %v", err)
			return files
		}
		for _, f := range targets {
			dc.damaged[f] = h.damage(filepath.Join(h.storage(), f), base[f])
			files++
		}
		res := h.startDamaged(c, dc)
		resets += res.resets
		restored += res.restored
		if res.discarded {
			discarded++
		}
		el := time.Since(t0)
		fmt.Printf("crashtest: damage %d/%d: %s · %s · %s elapsed, ~%s left · %d lost\n", c, n, describe(dc.damaged), res.said,
			el.Round(time.Second), (el / time.Duration(c) * time.Duration(n-c)).Round(time.Second), h.lost)
	}
	h.notef("damaged files: %d in %d starts; groups restored %d times, reset (and said) %d times; saved game discarded (and said) %d times",
		files, n, restored, resets, discarded)
	return files
}

func describe(d map[string]string) string {
	var parts []string
	for f, how := range d {
		parts = append(parts, f+" "+how)
	}
	sort.Strings(parts)
	return strings.Join(parts, ", ")
}

// baselineGame is the game the baseline plays; baselineSave its file.
const baselineGame = "beat-the-wolf"

var baselineSave = storage.SaveFileOf(baselineGame)

// baseline makes the state the damage starts from: a game in progress
// (its save and its previous copy) beside the other games' the kill phase
// left, over the settings, statistics and progress of the setup.
func (h *harness) baseline() (map[string][]byte, error) {
	r, err := h.launch("baseline", "HUNTCHESS_SCREEN=game", "HUNTCHESS_GAME="+baselineGame, "HUNTCHESS_MODE=watch")
	if err != nil {
		return nil, err
	}
	s := newRunState(r)
	writes := 0
	s.readUntil(60*time.Second, func(ev event) bool {
		if ev.kind == "wrote" && ev.file == baselineSave {
			writes++
		}
		return writes >= 12
	})
	r.kill()
	for line := range r.lines {
		s.apply(line)
	}
	base := map[string][]byte{}
	ents, err := os.ReadDir(h.storage())
	if err != nil {
		return nil, err
	}
	for _, e := range ents {
		if e.IsDir() || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(h.storage(), e.Name()))
		if err != nil {
			return nil, err
		}
		base[e.Name()] = b
	}
	if saveOf(base[baselineSave]) == "" || saveOf(base[storage.PrevSaveFileOf(baselineGame)]) == "" {
		return nil, fmt.Errorf("the baseline has no saved game with a previous copy (%d writes):\n%s", writes, r.tail(10))
	}
	return base, nil
}

// restore puts the baseline's files back (the tables stay).
func (h *harness) restore(base map[string][]byte) error {
	ents, err := os.ReadDir(h.storage())
	if err != nil {
		return err
	}
	for _, e := range ents {
		if !e.IsDir() {
			if err := os.Remove(filepath.Join(h.storage(), e.Name())); err != nil {
				return err
			}
		}
	}
	for name, b := range base {
		if err := os.WriteFile(filepath.Join(h.storage(), name), b, 0o600); err != nil {
			return err
		}
	}
	return nil
}

// damage truncates the file or garbles one byte of it, at a random offset.
func (h *harness) damage(path string, b []byte) string {
	if len(b) == 0 {
		_ = os.WriteFile(path, []byte{0xff}, 0o600)
		return "garbled (was empty)"
	}
	off := h.rng.IntN(len(b))
	if h.rng.IntN(2) == 0 {
		_ = os.WriteFile(path, b[:off], 0o600)
		return fmt.Sprintf("truncated at %d/%d", off, len(b))
	}
	mask := byte(1 + h.rng.IntN(255))
	c := append([]byte(nil), b...)
	c[off] ^= mask
	_ = os.WriteFile(path, c, 0o600)
	return fmt.Sprintf("byte %d/%d ^0x%02x", off, len(b), mask)
}

type damageResult struct {
	said             string
	resets, restored int
	discarded        bool
}

// startDamaged starts the app on the damaged files and judges what it read.
func (h *harness) startDamaged(c int, dc damageCase) damageResult {
	var res damageResult
	st := h.storage()
	read := func(name string) ([]byte, bool) {
		b, err := os.ReadFile(filepath.Join(st, name))
		return b, err == nil
	}
	prefsRaw, _ := read("preferences.json")
	// Each group's copies as the app finds them (it rewrites what it repairs).
	type copies struct {
		curSum, prevSum string
		curOK, prevOK   bool
	}
	found := map[string]copies{}
	for _, g := range groups {
		var c copies
		cur, curThere := read(g + ".json")
		prev, prevThere := read(g + ".prev.json")
		c.curSum, c.curOK = vaultSum(cur)
		c.prevSum, c.prevOK = vaultSum(prev)
		c.curOK = c.curOK && curThere
		c.prevOK = c.prevOK && prevThere
		found[g] = c
	}
	r, err := h.launch(fmt.Sprintf("damage %d: %s", c, describe(dc.damaged)))
	if err != nil {
		h.loss(nil, "cannot start the app: %v", err)
		return res
	}
	s := newRunState(r)
	s.readUntil(30*time.Second, func(event) bool { return s.haveOffered && len(s.reads) == len(groups) })
	visible := h.window(r, 30*time.Second)
	time.Sleep(time.Second)
	alive := r.alive()
	r.kill()
	for line := range r.lines {
		s.apply(line)
	}
	h.checkRun(s, "on damaged files")
	if !visible || !alive {
		h.loss(r, "the app did not start (window %v, running a second later %v): %s", visible, alive, r.tail(5))
		return res
	}
	if !s.haveOffered || len(s.reads) < len(groups) {
		h.loss(r, "the app did not say what it read")
		return res
	}
	said := map[string]string{}
	for _, rec := range s.recoveries {
		said[rec.file] = rec.val
	}
	var notes []string
	for f, v := range said {
		notes = append(notes, f+" "+v)
	}
	sort.Strings(notes)
	res.said = "said: " + strings.Join(notes, ", ")
	if len(notes) == 0 {
		res.said = "nothing to say"
	}

	// Settings, statistics, progress.
	for _, g := range groups {
		got := s.reads[g]
		c := found[g]
		curSum, curOK, prevSum, prevOK := c.curSum, c.curOK, c.prevSum, c.prevOK
		line := said[g]
		switch {
		case curOK:
			if got != curSum {
				h.loss(r, "%s: the file was good but the app read other values", g)
			}
			if line != "" {
				res.said += " (" + g + ": a needless notice)"
			}
		case prevOK:
			if got != prevSum {
				h.loss(r, "%s: the previous copy was good but was not taken", g)
			} else if line != "restored" {
				h.loss(r, "%s: restored from the previous copy without saying so (%q)", g, line)
			}
			res.restored++
		default:
			switch line {
			case "":
				h.loss(r, "%s: no good copy, and nothing said", g)
			case "restored":
				res.restored++
				_, baseHit := dc.damaged["preferences.json"]
				switch {
				case h.seenSum(g, got):
				case baseHit: // from a garbled preferences.json: no copy was good
					res.said += " (" + g + ": restored from a damaged preferences.json)"
				default:
					h.loss(r, "%s: 'restored' to values it never had", g)
				}
			case "reset":
				res.resets++
				if got != emptySum {
					h.loss(r, "%s: said reset, but read values", g)
				}
				if baseHas(prefsRaw, g) {
					h.loss(r, "%s: reset although preferences.json still held them", g)
				}
			}
		}
	}

	// Each game's unfinished game.
	for _, info := range core.Games() {
		h.judgeSaved(r, s, dc, said, info.Key, &res)
	}
	return res
}

// judgeSaved judges what a start on damaged files offered of game's
// unfinished game: the newest undamaged copy's moves at least, never a game
// not played, and a loss said.
func (h *harness) judgeSaved(r *appRun, s *runState, dc damageCase, said map[string]string, game string, res *damageResult) {
	curF, prevF := storage.SaveFileOf(game), storage.PrevSaveFileOf(game)
	_, hadCur := dc.before[curF]
	_, hadPrev := dc.before[prevF]
	o := s.offered[curF]
	if !hadCur && !hadPrev {
		if o != none {
			h.loss(r, "%s: offered %s though none was saved", game, short(o))
		}
		return
	}
	baseCur, basePrev := saveOf(dc.before[curF]), saveOf(dc.before[prevF])
	// best is the newest undamaged copy: the current one, else the previous.
	// Not the one with more moves: after a new game of the same kind the
	// previous copy is the older game's, longer maybe, and rightly not offered.
	best := ""
	for _, f := range []string{curF, prevF} {
		if _, hit := dc.damaged[f]; !hit {
			if st := saveOf(dc.before[f]); st != "" {
				best = st
				break
			}
		}
	}
	switch {
	case o != none && o != "damaged":
		if !isPrefix(o, baseCur) && !isPrefix(o, basePrev) {
			h.loss(r, "%s: offered a game that was never played: %s (saved: %s)", game, short(o), short(baseCur))
		} else if best != "" && stateMoves(o) < stateMoves(best) {
			h.loss(r, "%s: offered %d moves where an undamaged copy had %d", game, stateMoves(o), stateMoves(best))
		}
	case best != "":
		h.loss(r, "%s: the saved game was not offered though a copy was undamaged (%s)", game, o)
	default:
		res.discarded = true
		if said[curF] != "discarded" {
			h.loss(r, "%s: every copy of the saved game was damaged and it was dropped without a word", game)
		}
	}
}

// legacyStart starts the app on the baseline with its game's saved game in
// the older versions' one file (saved-game.json, saved-game.prev.json), as
// an update finds it: the same game must be on offer, from its own file,
// and the old files gone.
func (h *harness) legacyStart(base map[string][]byte) {
	if err := h.restore(base); err != nil {
		h.loss(nil, "restoring the baseline: %v", err)
		return
	}
	st := h.storage()
	for from, to := range map[string]string{baselineSave: storage.LegacySaveFile, storage.PrevSaveFileOf(baselineGame): storage.LegacyPrevSaveFile} {
		if err := os.Rename(filepath.Join(st, from), filepath.Join(st, to)); err != nil {
			h.loss(nil, "the older versions' files: %v", err)
			return
		}
	}
	r, err := h.launch("an older version's saved game")
	if err != nil {
		h.loss(nil, "cannot start the app: %v", err)
		return
	}
	s := newRunState(r)
	s.readUntil(30*time.Second, func(event) bool { return s.haveOffered })
	r.kill()
	for line := range r.lines {
		s.apply(line)
	}
	h.checkRun(s, "on an older version's saved game")
	want := saveOf(base[baselineSave])
	switch got := s.offered[baselineSave]; {
	case !s.haveOffered:
		h.loss(r, "the app did not say what it read")
	case got != want:
		h.loss(r, "an older version's saved game: offered %s, want %s", short(got), short(want))
	default:
		h.notef("an older version's saved game: taken over, %d moves on offer from %s", stateMoves(got), baselineSave)
	}
	for _, f := range []string{storage.LegacySaveFile, storage.LegacyPrevSaveFile} {
		if _, err := os.Stat(filepath.Join(st, f)); err == nil {
			h.loss(r, "%s left after it was taken over", f)
		}
	}
	for _, f := range []string{baselineSave, storage.PrevSaveFileOf(baselineGame)} {
		if b, err := os.ReadFile(filepath.Join(st, f)); err != nil || string(b) != string(base[f]) {
			h.loss(r, "%s after the takeover differs from the older version's file (%v)", f, err)
		}
	}
}

// seenSum reports whether the group had those values at some time in the
// test (read or written by some run).
func (h *harness) seenSum(group, sum string) bool {
	h.logM.Lock()
	defer h.logM.Unlock()
	return h.sums[group+".json "+sum]
}

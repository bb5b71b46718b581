// Package devharness is the developer harness of Hunt Chess: hidden
// settings, read from environment variables (in the browser, from the
// page's query), that open the app on a given screen for the screenshot
// scripts, log what is stored (the crash test), play moves at random and
// measure memory. main hands FromEnv's harness to app.New as Options.Dev;
// the app calls it through the app.Dev interface and it acts through an
// app.Control. None of it is needed to play.
//
// The screen (screens.go):
//
//	HUNTCHESS_SCREEN  home | newgame | game | gameover | rules | settings |
//	                  resume (home with the offer to resume the saved game) |
//	                  resign, leave (the question on Resign, on Back) |
//	                  browse (the move list showing the middle of the game) |
//	                  paste-error (Paste with a bad record on the clipboard) |
//	                  watch-paused (watch mode, paused) | about | stats |
//	                  confirm (a game in progress, then New game → Start: the
//	                  question before discarding it) | review (the
//	                  review of the game, after its endgame table loads) |
//	                  lessons (the game's course) | lesson (one lesson) |
//	                  puzzles (the game's puzzle list) | puzzle (a puzzle:
//	                  HUNTCHESS_PUZZLE) | puzzle-wrong (after a wrong
//	                  move) | puzzle-solved (that puzzle solved) |
//	                  history (the finished games) | replay (the newest
//	                  of them, at HUNTCHESS_PLIES moves; default its end) |
//	                  confirm-move (a game with move confirmation on, its
//	                  first legal move waiting for Play it / Cancel) |
//	                  hint (a game, the hint for the person's side shown
//	                  once the endgame table has loaded, as the Hint
//	                  button shows it) | draw-offer, draw-agreed (a draw
//	                  offered between two players; then accepted) |
//	                  recovery (the settings file torn as a crash would
//	                  leave it: the notice of what was recovered) |
//	                  explore (the explorer at the game's position, after
//	                  the tables load) | explore-paste (the same, then
//	                  HUNTCHESS_LINE pasted and explored) |
//	                  explore-paste-error (the same, a
//	                  bad position pasted: its reason) | setup (the
//	                  position editor, opened from the explorer, with
//	                  HUNTCHESS_EDIT's edits made) | setup-refused (the
//	                  same, then Done: a position the rules cannot reach
//	                  refused with its reason)
//	HUNTCHESS_EDIT    the editor's edits, spaces or commas between them:
//	                  piece@point (piece predator, prey or empty, a tap
//	                  with it), captured=N, hand=N, turn=predator|prey
//	HUNTCHESS_LINE    the position line explore-paste pastes (default a
//	                  Surround the Lion position, four dogs taken)
//	HUNTCHESS_PUZZLE  the puzzle's number in its game's list (default 1)
//	HUNTCHESS_SOLVED  the number of the game's first puzzles to mark solved (saved)
//	HUNTCHESS_GAME    game ID (default beat-the-wolf)
//	HUNTCHESS_LANG    en | zh-Hans | zh-Hant (this run only; not saved)
//	HUNTCHESS_MODE    game mode (default vs-ai-predator)
//	HUNTCHESS_MOVES   a move record to start the game from (spaces or commas)
//	HUNTCHESS_PLIES   or: number of plies a quick fixed search plays first
//	HUNTCHESS_SIZE    the window's size for this run, WIDTHxHEIGHT in Fyne's
//	                  units (dp), e.g. 390x844 or 1024x720 (the simulated
//	                  phone, -tags mobile, draws it at scale 2: 780x1688
//	                  pixels); not remembered. Alone it opens no screen:
//	                  the app starts as usual, with the offer to resume.
//	HUNTCHESS_TIMER   seconds per turn, one of TimerChoices (this run only)
//	HUNTCHESS_TEXT    text size, one of TextScales (this run only)
//	HUNTCHESS_FACE    1: face to face on (this run only)
//	HUNTCHESS_STATS   statistics to show, as stored (JSON of Stats)
//	HUNTCHESS_LESSON  the lesson's number in the course (from 1; default 1)
//	HUNTCHESS_LESSON_STATE  start | wrong (its first named wrong move) |
//	                  retry (that move, then Try again: the move to make shown) |
//	                  success (every step made) (default start)
//	HUNTCHESS_LESSONS_DONE  lessons completed, as stored (beat-the-wolf/1,…)
//	HUNTCHESS_HISTORY  this many finished games to add to the history first
//	                  (played by a quick search, each game in turn, from HUNTCHESS_GAME)
//	HUNTCHESS_BOARD   board style, wood | paper (this run only)
//	HUNTCHESS_PIECES  piece style, characters | shapes (this run only)
//	HUNTCHESS_CONFIRM 1: move confirmation on (this run only)
//	HUNTCHESS_LEVEL   easy | medium | hard | master (this run only; not saved)
//	HUNTCHESS_REVEAL  1: once the hint (or the review) is shown, open its
//	                  Details and scroll the panel to its end (screenshots
//	                  of a phone, where they lie below the fold)
//
// Any of these but HUNTCHESS_SIZE (and the memory's, mem.go) opens that
// screen instead of the offer to resume a saved game, and the window's size
// is not remembered.
// The log and the scripted runs (log.go) do not skip the offer:
// HUNTCHESS_LOG=1 logs on stderr what is read at start and every write of
// a stored file, HUNTCHESS_RESUME=1 continues the newest unfinished game
// without asking (=GAME, that game's), HUNTCHESS_AUTOPLAY=1 plays a person's moves at random,
// HUNTCHESS_WATCH_MS sets watch mode's least time per move. The table
// pack's settings (scripts/pack-shots.sh): HUNTCHESS_PACK_START=1 starts
// the download as the settings open, HUNTCHESS_PACK_CHECK=1 asks the site.
//
// The tables' own variables (HUNTCHESS_TABLES, HUNTCHESS_SHIPPED,
// HUNTCHESS_PACK_URL) are not the harness's: the app reads them.
package devharness

import (
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"fyne.io/fyne/v2"

	"huntchess/ai"
	"huntchess/app"
	"huntchess/session"
	"huntchess/storage"
)

// screen is what opens the app on a given screen, and the memory's tools:
// the variables that skip the offer to resume.
type screen struct {
	Screen, Game, Lang, Mode, Moves string
	Plies                           int
	Width, Height                   float32
	Timer                           int // -1: the setting
	TextScale                       float64
	FaceToFace                      bool
	Stats                           string
	Lesson                          int
	LessonState, LessonsDone        string
	Puzzle, Solved                  int
	History                         int
	Board, Pieces                   string
	Edit                            string
	Line                            string // HUNTCHESS_LINE
	Confirm                         bool
	// Reveal (HUNTCHESS_REVEAL): once the hint or the review is shown,
	// open every disclosure (the hint's Details) and scroll the screen's
	// panel to its end: what lies below a phone's fold, for screenshots.
	Reveal                       bool
	Level                        string
	MemProfile                   string  // heap profiles on SIGUSR1, into this folder
	DevLog, WatchLoop, WatchWait bool    // move log; watch mode from game to game; paused until the table
	ThinkScale                   float64 // the AI's time and node budgets times this
}

// Harness is the developer settings of one run; it implements app.Dev.
type Harness struct {
	screen
	scripted   bool          // a screen variable is set
	log        bool          // HUNTCHESS_LOG
	resume     string        // HUNTCHESS_RESUME: "1", or a game's key
	autoplay   time.Duration // HUNTCHESS_AUTOPLAY (and _MS); 0: off
	watchDelay time.Duration // HUNTCHESS_WATCH_MS; 0: not set
	pack       string        // HUNTCHESS_PACK_START, HUNTCHESS_PACK_CHECK
	packDone   atomic.Bool   // the pack's action was taken (once a run)
}

var _ app.Dev = (*Harness)(nil)

// FromEnv reads the developer settings; nil when none is set. With
// HUNTCHESS_LOG=1 it sets storage.WriteHook: call it before the app opens
// any store.
func FromEnv() app.Dev {
	h := &Harness{screen: screenFromEnv()}
	// The window's size alone opens no screen: the app starts as a player
	// sees it, with the offer to resume a saved game (app.Dev.WindowSize).
	h.scripted = h.screen != screen{Timer: -1, Width: h.Width, Height: h.Height}
	h.log = os.Getenv("HUNTCHESS_LOG") == "1"
	h.resume = os.Getenv("HUNTCHESS_RESUME")
	if os.Getenv("HUNTCHESS_AUTOPLAY") == "1" {
		h.autoplay = 150 * time.Millisecond
		if ms, err := strconv.Atoi(os.Getenv("HUNTCHESS_AUTOPLAY_MS")); err == nil && ms > 0 {
			h.autoplay = time.Duration(ms) * time.Millisecond
		}
	}
	if ms, err := strconv.Atoi(os.Getenv("HUNTCHESS_WATCH_MS")); err == nil && ms > 0 {
		h.watchDelay = time.Duration(ms) * time.Millisecond
	}
	switch {
	case os.Getenv("HUNTCHESS_PACK_START") == "1":
		h.pack = "start"
	case os.Getenv("HUNTCHESS_PACK_CHECK") == "1":
		h.pack = "check"
	}
	if !h.scripted && h.Width == 0 && !h.log && h.resume == "" && h.autoplay == 0 && h.watchDelay == 0 && h.pack == "" {
		return nil
	}
	if h.log {
		storage.WriteHook = slotLog
	}
	return h
}

// screenFromEnv reads the screen's variables.
func screenFromEnv() screen {
	d := screen{
		Screen: os.Getenv("HUNTCHESS_SCREEN"),
		Game:   os.Getenv("HUNTCHESS_GAME"),
		Lang:   os.Getenv("HUNTCHESS_LANG"),
		Mode:   os.Getenv("HUNTCHESS_MODE"),
		Moves:  strings.ReplaceAll(os.Getenv("HUNTCHESS_MOVES"), ",", " "),
	}
	d.Plies, _ = strconv.Atoi(os.Getenv("HUNTCHESS_PLIES"))
	d.TextScale, _ = strconv.ParseFloat(os.Getenv("HUNTCHESS_TEXT"), 64)
	d.FaceToFace = os.Getenv("HUNTCHESS_FACE") == "1"
	d.Stats = os.Getenv("HUNTCHESS_STATS")
	d.Lesson, _ = strconv.Atoi(os.Getenv("HUNTCHESS_LESSON"))
	d.LessonState = os.Getenv("HUNTCHESS_LESSON_STATE")
	d.LessonsDone = os.Getenv("HUNTCHESS_LESSONS_DONE")
	d.Puzzle, _ = strconv.Atoi(os.Getenv("HUNTCHESS_PUZZLE"))
	d.Solved, _ = strconv.Atoi(os.Getenv("HUNTCHESS_SOLVED"))
	d.History, _ = strconv.Atoi(os.Getenv("HUNTCHESS_HISTORY"))
	d.Board, d.Pieces = os.Getenv("HUNTCHESS_BOARD"), os.Getenv("HUNTCHESS_PIECES")
	d.Confirm = os.Getenv("HUNTCHESS_CONFIRM") == "1"
	d.Edit = strings.ReplaceAll(os.Getenv("HUNTCHESS_EDIT"), ",", " ")
	d.Line = os.Getenv("HUNTCHESS_LINE")
	d.Reveal = os.Getenv("HUNTCHESS_REVEAL") == "1"
	d.Level = os.Getenv("HUNTCHESS_LEVEL")
	d.MemProfile = os.Getenv("HUNTCHESS_MEMPROFILE")
	d.DevLog = os.Getenv("HUNTCHESS_DEVLOG") == "1"
	d.WatchLoop = os.Getenv("HUNTCHESS_WATCH_LOOP") == "1"
	d.WatchWait = os.Getenv("HUNTCHESS_WATCH_WAIT") == "1"
	d.ThinkScale, _ = strconv.ParseFloat(os.Getenv("HUNTCHESS_THINK_SCALE"), 64)
	d.Timer = -1
	if t, err := strconv.Atoi(os.Getenv("HUNTCHESS_TIMER")); err == nil {
		d.Timer = t
	}
	if w, h, ok := strings.Cut(os.Getenv("HUNTCHESS_SIZE"), "x"); ok {
		wf, err1 := strconv.ParseFloat(w, 32)
		hf, err2 := strconv.ParseFloat(h, 32)
		if err1 == nil && err2 == nil && wf > 0 && hf > 0 {
			d.Width, d.Height = float32(wf), float32(hf)
		}
	}
	return d
}

// Prepare tears the settings file for the "recovery" screen.
func (h *Harness) Prepare(dir string, prefs fyne.Preferences) {
	if h.Screen == "recovery" && dir != "" {
		tearSettings(dir, prefs)
	}
}

// WatchDelay is HUNTCHESS_WATCH_MS (0: not set).
func (h *Harness) WatchDelay() time.Duration { return h.watchDelay }

// Think is the search with its budgets scaled (HUNTCHESS_THINK_SCALE; mem.go).
func (h *Harness) Think(engine ai.Engine) session.ThinkFunc { return scaledThink(h.ThinkScale, engine) }

// Opened logs what the app read at start and starts the autoplay, both
// with HUNTCHESS_LOG=1 only (log.go).
func (h *Harness) Opened(c app.Control) {
	if !h.log {
		return
	}
	logStart(c)
	if h.autoplay > 0 {
		go autoplay(c, h.autoplay)
	}
}

// WindowSize is HUNTCHESS_SIZE (zero: not set).
func (h *Harness) WindowSize() fyne.Size { return fyne.NewSize(h.Width, h.Height) }

// Scripted reports whether a screen's variable is set.
func (h *Harness) Scripted() bool { return h.scripted }

// Start opens the screen asked for and starts the memory's tools.
func (h *Harness) Start(c app.Control) {
	if !h.scripted {
		return
	}
	h.open(c)
	h.startTools(c)
}

// AutoResume is HUNTCHESS_RESUME: 1 continues the newest unfinished game,
// a game's key (beat-the-wolf) that game's.
func (h *Harness) AutoResume() (game string, ok bool) {
	switch h.resume {
	case "":
		return "", false
	case "1":
		return "", true
	}
	return h.resume, true
}

// PackAction is the pack's action, the first time only.
func (h *Harness) PackAction() string {
	if h.pack == "" || !h.packDone.CompareAndSwap(false, true) {
		return ""
	}
	return h.pack
}

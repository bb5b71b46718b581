package app

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"

	"huntchess/ai"
	"huntchess/core"
	"huntchess/session"
	"huntchess/translations"
	"huntchess/widgets"
)

// Dev holds hidden developer settings that open the app on a given screen,
// for scripts/screenshots.sh. They come from environment variables:
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
//	                  button shows it)
//	HUNTCHESS_PUZZLE  the puzzle's number in its game's list (default 1)
//	HUNTCHESS_SOLVED  the number of the game's first puzzles to mark solved (saved)
//	HUNTCHESS_GAME    game ID (default beat-the-wolf)
//	HUNTCHESS_LANG    en | zh-Hans (this run only; not saved)
//	HUNTCHESS_MODE    game mode (default vs-ai-predator)
//	HUNTCHESS_MOVES   a move record to start the game from (spaces or commas)
//	HUNTCHESS_PLIES   or: number of plies a quick fixed search plays first
//	HUNTCHESS_SIZE    window size, e.g. 390x844
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
//
// Apart from these (app/devlog.go; they do not skip the offer to resume):
// HUNTCHESS_LOG=1 logs on stderr what is read at start and every write of
// a stored file, HUNTCHESS_RESUME=1 continues the saved game without
// asking, HUNTCHESS_AUTOPLAY=1 plays a person's moves at random,
// HUNTCHESS_WATCH_MS sets watch mode's least time per move.
//
//	HUNTCHESS_LEVEL   easy | medium | hard | master (this run only; not saved)
//	HUNTCHESS_MEMPROFILE, HUNTCHESS_DEVLOG, HUNTCHESS_WATCH_LOOP,
//	HUNTCHESS_WATCH_WAIT, HUNTCHESS_THINK_SCALE  memory measurement
//	                  (devmem.go, scripts/memory.sh)
//
// The tables come from these (session.Tables, read once at start):
//
//	HUNTCHESS_TABLES  folders of developer tables (make tables / solve-all),
//	                  separated like PATH, used before any other
//	HUNTCHESS_SHIPPED off: the tables shipped inside the app are not used,
//	                  so a table is solved on first use as on a device
//	                  without them (the crash test's and make memory's
//	                  solving stages)
//	HUNTCHESS_PACK_URL  the table pack's address (session.PackURLEnv)
type Dev struct {
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
	Confirm                         bool
	Level                           string
	MemProfile                      string  // heap profiles on SIGUSR1, into this folder
	DevLog, WatchLoop, WatchWait    bool    // move log; watch mode from game to game; paused until the table
	ThinkScale                      float64 // the AI's time and node budgets times this
}

// DevFromEnv reads the developer settings; nil when none is set.
func DevFromEnv() *Dev {
	d := &Dev{
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
	if *d == (Dev{Timer: -1}) {
		return nil
	}
	return d
}

// applyDev opens the screen the developer settings ask for. It reports
// whether it did anything beyond the window size and language.
func (a *App) applyDev(d *Dev) {
	if d.Width > 0 {
		a.win.Resize(fyne.NewSize(d.Width, d.Height))
	}
	if l := translations.Lang(d.Lang); l.Valid() {
		translations.SetLanguage(l)
	}
	if slices.Contains(session.TimerChoices, d.Timer) {
		a.settings.Timer = d.Timer // not saved
	}
	if slices.Contains(session.TextScales, d.TextScale) {
		a.settings.TextScale = d.TextScale // not saved
		a.fa.Settings().SetTheme(themeFor(a.settings))
	}
	if d.FaceToFace {
		a.settings.FaceToFace = true // not saved
	}
	if d.Confirm {
		a.settings.ConfirmMoves = true // not saved
	}
	if d.Board != "" || d.Pieces != "" { // not saved
		if d.Board != "" {
			a.settings.BoardStyle = d.Board
		}
		if d.Pieces != "" {
			a.settings.PieceStyle = d.Pieces
		}
		widgets.SetStyle(boardStyle(a.settings))
		a.fa.Settings().SetTheme(themeFor(a.settings))
	}
	if l, ok := ai.ParseLevel(d.Level); ok {
		a.settings.Level = l // not saved
	}
	if d.Stats != "" {
		a.prefs.SetString(session.KeyStats, d.Stats)
	}
	if d.LessonsDone != "" {
		a.prefs.SetString(session.KeyLessons, d.LessonsDone)
		a.render() // the home cards show it
	}
	info, err := core.Lookup(d.Game)
	if err != nil {
		info = core.Games()[0]
	}
	mode := session.Mode(d.Mode)
	if !mode.Valid() {
		mode = session.ModeVsAIAsPredator
	}
	game := func() *core.Game {
		g, err := core.LoadRecord(info.Key, d.Moves)
		if err != nil {
			g = core.NewGameFrom(info.Start())
		}
		for i := 0; i < d.Plies && !g.Outcome().Over(); i++ {
			res := ai.Search(context.Background(), g.Position(), ai.Limits{Depth: 3, Nodes: 5000, History: g.History()})
			if g.PlayMove(res.Move) != nil {
				break
			}
		}
		return g
	}
	devMarkSolved(a, info, d.Solved)
	devHistory(a, info, d.History)
	switch d.Screen {
	case "history":
		a.showHistory()
	case "confirm-move":
		a.settings.ConfirmMoves = true // not saved
		s := newGameScreen(a, game(), mode, a.settings.Level, 0)
		a.replace(s)
		if s.sess.HumanTurn() {
			s.chooseMove(s.sess.Game().LegalMoves()[0])
		}
	case "replay":
		a.showHistory()
		if games := a.history.Games(); len(games) > 0 {
			a.showReplay(games[0])
			if r, ok := a.top().(*replayScreen); ok && d.Plies > 0 {
				r.show(d.Plies)
			}
		}
	case "newgame":
		a.showNewGame(info)
	case "game", "gameover":
		a.replace(newGameScreen(a, game(), mode, a.settings.Level, 0))
	case "rules":
		a.showRules(info)
	case "about":
		a.showAbout()
	case "stats":
		a.showStats()
	case "settings":
		a.showSettings()
	case "resume":
		a.offerResume()
	case "review": // the game's review, once the endgame table has loaded
		g := game()
		gs := newGameScreen(a, g, mode, a.settings.Level, 0)
		a.replace(gs)
		go func() {
			if a.tables != nil {
				a.tables.Wait()
			}
			a.do(func() {
				gs.dismissGameOver() // as the dialog's Review button does
				a.showReview(g)
			})
		}()
	case "hint": // the hint, once the endgame table has loaded (scripts/store-shots.sh)
		gs := newGameScreen(a, game(), mode, a.settings.Level, 0)
		a.replace(gs)
		go func() {
			if a.tables != nil {
				a.tables.Wait()
			}
			a.do(gs.hint)
		}()
	case "draw-offer", "draw-agreed":
		s := newGameScreen(a, game(), mode, a.settings.Level, 0)
		a.replace(s)
		s.sess.OfferDraw() // two players: the other one is asked
		if d.Screen == "draw-agreed" {
			s.dismissDraw()
			s.sess.AnswerDraw(true)
		}
	case "resign", "leave", "browse", "paste-error", "watch-paused":
		s := newGameScreen(a, game(), mode, a.settings.Level, 0)
		a.replace(s)
		devGameAction(s, d.Screen)
	case "lessons":
		a.showLessons(info)
	case "lesson":
		a.showLessons(info)
		devLesson(a.showLesson(info, max(d.Lesson, 1)-1), d.LessonState)
	case "puzzles", "puzzle", "puzzle-wrong", "puzzle-solved":
		devPuzzle(a, info, d.Screen, d.Puzzle)
	case "confirm":
		a.replace(newGameScreen(a, game(), mode, a.settings.Level, 0))
		setup := newSetupScreen(a, info)
		a.push(setup)
		setup.start()
	}
}

// devGameAction opens what the screens resign … watch-paused show over a game.
func devGameAction(s *gameScreen, screen string) {
	switch screen {
	case "resign":
		s.confirmResign()
	case "leave":
		s.leave()
	case "browse":
		s.showPly(s.sess.Game().Len() / 2)
	case "paste-error":
		s.a.fa.Clipboard().SetContent("d4-d5 c3-c9")
		s.pasteRecord()
	case "watch-paused":
		s.sess.Hold()
	}
}

// devTearSettings prepares the "recovery" screen: the settings file in dir
// is written twice (so a previous copy exists), then torn in half, as a
// crash in the middle of a write would leave it without the atomic write.
func devTearSettings(dir string, base session.Prefs) {
	vt := session.OpenVault(dir, base)
	s := session.LoadSettings(vt)
	s.Save(vt)
	vt.Flush()
	s.Sound = !s.Sound
	s.Save(vt)
	s.Sound = !s.Sound
	s.Save(vt)
	vt.Flush()
	path := filepath.Join(dir, session.VaultFile(session.GroupSettings))
	if raw, err := os.ReadFile(path); err == nil {
		_ = os.WriteFile(path, raw[:len(raw)/2], 0o644)
	}
}

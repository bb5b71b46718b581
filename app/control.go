package app

import (
	"fmt"
	"time"

	"fyne.io/fyne/v2"

	"huntchess/ai"
	"huntchess/core"
	"huntchess/match"
	"huntchess/session"
	"huntchess/storage"
	"huntchess/tables"
	"huntchess/widgets"
)

// Dev is the developer harness (package app/devharness): it opens the app
// on a given screen for the screenshot scripts, logs what is stored, plays
// moves at random and measures memory. New calls it at the points below, in
// this order, and it acts on the app through a Control. Options.Dev is nil
// in a player's build: main sets it in a developer's (tag dev) only.
type Dev interface {
	// Prepare runs first, before anything is read from the storage folder
	// dir ("" without one) or from prefs.
	Prepare(dir string, prefs fyne.Preferences)
	// WatchDelay is watch mode's least time per move (0: the app's).
	WatchDelay() time.Duration
	// Think replaces the AI's move search, given the app's engine
	// (nil: the app's own search).
	Think(engine ai.Engine) session.ThinkFunc
	// Opened runs once the window and the stores are open, before a
	// damaged saved game is cleared.
	Opened(c Control)
	// Scripted reports whether Start opens the first screen: the app then
	// neither offers to resume the saved game nor remembers the window's
	// size.
	Scripted() bool
	// WindowSize is the window's size for this run (HUNTCHESS_SIZE; zero:
	// the size remembered). It alone opens no screen (the offer to resume
	// a saved game still comes), and the app does not remember it.
	WindowSize() fyne.Size
	// Start runs once the home screen is shown.
	Start(c Control)
	// AutoResume reports whether an unfinished game is continued at once,
	// and which game's ("": the newest).
	AutoResume() (game string, ok bool)
	// PackAction is what the table pack's settings view does as it opens:
	// "start" (download), "check" (ask the site) or "" (nothing).
	PackAction() string
}

// Control is what the developer harness may do to the running app: read
// its stores, and do what a person can do on screen. Call it on the UI
// goroutine (Do hands a function there), except Do and Stopping.
type Control struct{ a *App }

// Window is the app's window.
func (c Control) Window() fyne.Window { return c.a.win }

// Do runs f on the UI goroutine, unless the app is stopping.
func (c Control) Do(f func()) { c.a.do(f) }

// Stopping reports whether the app is going away.
func (c Control) Stopping() bool { return c.a.stopping.Load() }

// Vault holds the settings, statistics and progress.
func (c Control) Vault() *storage.Vault { return c.a.prefs }

// Saves holds each game's unfinished game.
func (c Control) Saves() *storage.Saves { return c.a.saves }

// History holds the finished games.
func (c Control) History() *storage.History { return c.a.history }

// Tables is the owner of the endgame tables (nil: none).
func (c Control) Tables() *tables.Owner { return c.a.tables }

// Override changes the settings for this run only (they are not saved)
// and applies the text size and the board's look at once.
func (c Control) Override(change func(*storage.Settings)) {
	a := c.a
	old := a.settings
	change(&a.settings)
	s := a.settings
	restyle := s.BoardStyle != old.BoardStyle || s.PieceStyle != old.PieceStyle
	if restyle {
		widgets.SetStyle(boardStyle(s))
	}
	if s.TextScale != old.TextScale || restyle {
		a.applyTheme(s)
	}
}

// Explored is what the explorer shows of a position once its values
// arrive: the position as a line (explore.Line), its moves, how many of
// them a proof covers and how many the search judged, and whether the
// search is still at the rest; Took is the time from the position shown
// (the tap, on the UI goroutine) to its values on the list.
type Explored struct {
	Line                  string
	Moves, Proven, Judged int
	Searching             bool
	Took                  time.Duration
}

// OnExplored calls f on the UI goroutine each time the explorer has shown
// a position's values on screen (the proofs' values, then the search's);
// nil stops it. The developer log writes a line for each (HUNTCHESS_LOG=1),
// which the browser's benchmark of the explorer times (cmd/webexplore).
func (c Control) OnExplored(f func(Explored)) { c.a.explored = f }

// Refresh builds the screen shown again (after a store changed).
func (c Control) Refresh() { c.a.render() }

// Playing is the game of the game screen shown, nil when none is.
func (c Control) Playing() *session.Session {
	if g, ok := c.a.top().(*gameScreen); ok {
		return g.sess
	}
	return nil
}

// OpenGame shows g, played on in mode at the set level, as the only screen.
func (c Control) OpenGame(g *core.Game, mode match.Mode) {
	c.a.replace(newGameScreen(c.a, g, mode, c.a.settings.Level, 0))
}

// playing is the game screen shown, nil when none is.
func (c Control) playing() *gameScreen {
	g, _ := c.a.top().(*gameScreen)
	return g
}

// onGame runs f on the game screen shown, if one is.
func (c Control) onGame(f func(*gameScreen)) {
	if g := c.playing(); g != nil {
		f(g)
	}
}

// ChooseMove plays m as a tap on the board does (or waits for Play it).
func (c Control) ChooseMove(m core.Move) { c.onGame(func(g *gameScreen) { g.chooseMove(m) }) }

// Hint asks for a hint, as the Hint button does.
func (c Control) Hint() { c.onGame((*gameScreen).hint) }

// Resign asks whether to resign, as the Resign button does.
func (c Control) Resign() { c.onGame((*gameScreen).confirmResign) }

// Leave leaves the game, as Back does (asking first in an unfinished game).
func (c Control) Leave() { c.onGame((*gameScreen).leave) }

// ShowPly shows the position after n moves in the move list.
func (c Control) ShowPly(n int) { c.onGame(func(g *gameScreen) { g.showPly(n) }) }

// Paste pastes the clipboard's record, as the Paste button does.
func (c Control) Paste() { c.onGame((*gameScreen).pasteRecord) }

// AcceptDraw closes the question of a draw offer and accepts it.
func (c Control) AcceptDraw() {
	c.onGame(func(g *gameScreen) {
		g.dismissDraw()
		g.sess.AnswerDraw(true)
	})
}

// PlayAgain starts the same game again, as the game-over dialog does.
func (c Control) PlayAgain() { c.onGame((*gameScreen).playAgain) }

// Review opens the review of the game shown, as the game-over dialog's
// Review button does.
func (c Control) Review() {
	c.onGame(func(g *gameScreen) {
		g.dismissGameOver()
		c.a.showReview(g.sess.Game())
	})
}

// ShowHistory shows the finished games.
func (c Control) ShowHistory() { c.a.showHistory() }

// ShowReplay shows the replay of f at n moves (n ≤ 0: its end).
func (c Control) ShowReplay(f storage.Finished, n int) {
	c.a.showReplay(f)
	if r, ok := c.a.top().(*replayScreen); ok && n > 0 {
		r.show(n)
	}
}

// ShowNewGame shows the new-game screen.
func (c Control) ShowNewGame(info *core.GameInfo) { c.a.showNewGame(info) }

// StartNewGame shows the new-game screen and taps Start.
func (c Control) StartNewGame(info *core.GameInfo) {
	setup := newSetupScreen(c.a, info)
	c.a.push(setup)
	setup.start()
}

// ShowRules shows the game's rules.
func (c Control) ShowRules(info *core.GameInfo) { c.a.showRules(info) }

// ShowAbout shows the About screen.
func (c Control) ShowAbout() { c.a.showAbout() }

// ShowStats shows the statistics.
func (c Control) ShowStats() { c.a.showStats() }

// ShowSettings shows the settings.
func (c Control) ShowSettings() { c.a.showSettings() }

// OfferResume offers to resume the saved game, if there is one.
func (c Control) OfferResume() { c.a.offerResume() }

// ShowLessons shows the game's course.
func (c Control) ShowLessons(info *core.GameInfo) { c.a.showLessons(info) }

// ShowLesson shows lesson n (from 1) of the game's course in state:
// "wrong" (its first named wrong move made), "retry" (that move taken back
// by Try again), "success" (every step made), or else its start.
func (c Control) ShowLesson(info *core.GameInfo, n int, state string) {
	c.a.showLessons(info)
	c.a.showLesson(info, max(n, 1)-1).skipTo(state)
}

// ShowPuzzles shows the game's puzzles.
func (c Control) ShowPuzzles(info *core.GameInfo) { c.a.showPuzzles(info) }

// ShowPuzzle shows puzzle n (from 1, within the list) over the list, in
// state: "wrong" (after a wrong first move), "solved" (its moves played, the
// replies from the table or by search) or else its start.
func (c Control) ShowPuzzle(info *core.GameInfo, n int, state string) {
	c.a.showPuzzles(info)
	c.a.showPuzzleIn(info, n, state)
}

// ShowExplore opens the explorer on g's moves at its last position.
func (c Control) ShowExplore(g *core.Game) { c.a.showExploreGame(g, g.Len()) }

// PastePosition pastes text as a position into the explorer shown.
func (c Control) PastePosition(text string) {
	if e, ok := c.a.top().(*exploreScreen); ok {
		e.pasteText(text) // as from the clipboard (Xvfb's may hold nothing)
	}
}

// SetUp opens the position editor from the explorer shown (its Set up).
func (c Control) SetUp() {
	if e, ok := c.a.top().(*exploreScreen); ok {
		e.setUp()
	}
}

// EditPosition makes edits on the position editor shown: each
// "piece@point", piece predator, prey or empty (as a tap with that piece
// chosen: the same piece again takes it off), "captured=N" or
// "hand=N", or "turn=predator|prey". It reports the first edit it cannot
// read.
func (c Control) EditPosition(edits []string) error {
	u, ok := c.a.top().(*editorScreen)
	if !ok {
		return fmt.Errorf("the position editor is not shown")
	}
	return u.edit(edits)
}

// EditorDone is the position editor's Done.
func (c Control) EditorDone() {
	if u, ok := c.a.top().(*editorScreen); ok {
		u.finish()
	}
}

// Package session is a game in progress without any widget: the flow of the
// turns with a player per side (a person or the engine), hints, the turn
// timer's logic, undo and redo, resigning, watch mode, saving each move and
// recording the end (in storage), the review's verdicts and the puzzles'
// flow; the endgame tables are the tables package's. The app's screens
// show it through hooks; everything here runs under plain `go test`.
package session

import (
	"context"
	"time"

	"huntchess/ai"
	"huntchess/core"
	"huntchess/match"
	"huntchess/storage"
)

// ThinkFunc chooses the engine's move. It must return promptly once ctx is done.
type ThinkFunc func(ctx context.Context, g *core.Game, level match.Level) ai.Result

// HintFunc chooses a move to suggest to the player.
type HintFunc func(ctx context.Context, g *core.Game) ai.Result

// Session is the flow of a game's turns: whose turn it is, the engine's
// search, hints, the turn timer, the timeout pass, undo and redo, the notice
// under the turn line, pausing. The game screen shows it (through Hooks)
// and saves it; tests drive it alone (session_test.go).
//
// Each side has a Player (player.go): a Person moves on the board, an
// Engine searches. The turn loop asks the player of the side to move to
// take its turn (and to resume it, or to answer a draw offer); nothing
// else branches on the mode or on who plays.
//
// Turn timer: it runs on a person's turns only. On the engine's turn it is
// stopped (its budget is at most 3 s), in every mode.
//
// Searches (the engine's move and hints) run in goroutines on a copy of the
// game. Every change of the game bumps gen and cancels them; a result whose
// gen is stale is dropped. Results come back through Env.Do (the app's
// guarded fyne.Do).
type Session struct {
	game    *core.Game
	mode    match.Mode
	players [2]Player
	level   match.Level
	timer   Timer
	env     Env
	// Hooks tell the view what changed; set them before Start.
	Hooks Hooks

	gen      uint64
	cancels  []context.CancelFunc
	thinking bool // the engine is searching for its move
	hinting  bool // a hint search is running
	paused   bool // another screen covers the game
	closed   bool
	// resumeHint, resumeDraw: a hint search, the engine's thinking over a
	// draw offered to it, that Pause stopped; Resume starts it again (a
	// move, undo or redo meanwhile drops it).
	resumeHint, resumeDraw bool
	// firstLimit, if set, is the time left for the first human turn (resume).
	firstLimit time.Duration
	// noticeID is a message shown under the turn line ("" for none), with
	// its template data noticeData. It stays until the player's next action.
	noticeID   string
	noticeData map[string]any
	// held: watch mode is paused by the player (watch.go); watchSpeed is
	// the chosen least time per move (0: Env.WatchDelay).
	held       bool
	watchSpeed time.Duration
	// draw is a draw offer under way (draw.go).
	draw drawState
}

// Timer is the turn countdown the view shows (widgets.Timer). It calls
// back, through whoever owns it, Session.Expired when it runs out.
type Timer interface {
	Start(limit time.Duration) // 0: off
	Pause()
	Resume()
	Stop()
	Remaining() time.Duration
}

// Env is what the session needs from the app.
type Env struct {
	Think        ThinkFunc    // the engine's move
	Hint         HintFunc     // a hint
	Do           func(func()) // run on the UI goroutine (the app's do)
	WatchDelay   time.Duration
	TimerSeconds func() int // the timer setting now; 0: off
	// AcceptsDraw decides a draw offered to the engine playing side
	// (ai.Engine.AcceptsDraw); nil: the engine declines every offer and
	// makes none.
	AcceptsDraw func(ctx context.Context, g *core.Game, side core.Side) bool
	// Saves, if set, keeps the game: every completed move (a person's, the
	// engine's, a pass), undo, redo, change of level or end is saved to it
	// at once, so that a killed app loses nothing (nil: the owner saves).
	Saves *storage.SavedGame
}

// Hooks tell the view what changed. Nil hooks are skipped.
type Hooks struct {
	Position func(last core.Move) // the game changed (move, undo, redo)
	ReadOnly func(bool)           // whether the board takes moves
	Refresh  func()               // texts and buttons
	Over     func()               // the game is over
	Hint     func(ai.Result)      // a hint was found: the whole search result
	// DrawOffered: side offers a draw to a person, who answers through
	// AnswerDraw (or plays on).
	DrawOffered func(by core.Side)
}

func (h Hooks) drawOffered(by core.Side) {
	if h.DrawOffered != nil {
		h.DrawOffered(by)
	}
}

func (h Hooks) position(last core.Move) {
	if h.Position != nil {
		h.Position(last)
	}
}

func (h Hooks) readOnly(on bool) {
	if h.ReadOnly != nil {
		h.ReadOnly(on)
	}
}

func (h Hooks) refresh() {
	if h.Refresh != nil {
		h.Refresh()
	}
}

func (h Hooks) over() {
	if h.Over != nil {
		h.Over()
	}
}

func (h Hooks) hint(r ai.Result) {
	if h.Hint != nil {
		h.Hint(r)
	}
}

// New makes the session of g, the mode's players on each side; call Start to
// begin the first turn. timeLeft, if set, is the time left on the first
// person's turn (a resumed game).
func New(g *core.Game, mode match.Mode, level match.Level, timer Timer, env Env, timeLeft time.Duration) *Session {
	return &Session{game: g, mode: mode, players: playersFor(mode), level: level, timer: timer, env: env, firstLimit: timeLeft,
		draw: drawState{lastPly: -1}}
}

// Game is the game record (the view reads it; only the session changes it).
func (s *Session) Game() *core.Game { return s.game }

// Mode is who plays which side.
func (s *Session) Mode() match.Mode { return s.mode }

// Level is the engine's level.
func (s *Session) Level() match.Level { return s.level }

// SetLevel changes the engine's level from its next move.
func (s *Session) SetLevel(l match.Level) {
	if l != s.level {
		s.level = l
		s.persist()
	}
}

// Thinking reports whether the engine is searching for its move.
func (s *Session) Thinking() bool { return s.thinking }

// Hinting reports whether a hint search is running.
func (s *Session) Hinting() bool { return s.hinting }

// Paused reports whether another screen covers the game.
func (s *Session) Paused() bool { return s.paused }

// Closed reports whether Stop was called.
func (s *Session) Closed() bool { return s.closed }

// Notice is the message under the turn line: its ID ("" for none) and data.
func (s *Session) Notice() (id string, data map[string]any) { return s.noticeID, s.noticeData }

// Start begins the turn of the side to move.
func (s *Session) Start() { s.turn() }

// Stop ends the flow for good: searches are cancelled, the timer stops.
func (s *Session) Stop() {
	if s.closed {
		return
	}
	s.stopSearches()
	s.resumeHint, s.resumeDraw = false, false
	s.timer.Stop()
	s.closed = true
}

// Save stores the game to resume it later, with the time left on the
// player's timer; a finished or empty game is forgotten instead.
func (s *Session) Save(st *storage.SavedGame) {
	if s.Over() || s.game.Len() == 0 {
		st.Clear()
		return
	}
	var left int64
	if s.HumanTurn() && s.env.TimerSeconds() > 0 {
		left = s.timer.Remaining().Milliseconds()
	}
	// The write happens later, off this goroutine; if it fails, the stores
	// keep the failure and the app tells the player (storage.Failures).
	_ = st.Store(s.game, s.mode, s.level, left)
}

// persist saves the game to Env.Saves, if set (the write itself happens off
// this goroutine: storage.SavedGame.Store).
func (s *Session) persist() {
	if s.env.Saves != nil && !s.closed {
		s.Save(s.env.Saves)
	}
}

// engine reports whether side's moves come from elsewhere than the board
// (its player is the engine).
func (s *Session) engine(side core.Side) bool { return !s.players[side].atBoard() }

// HumanTurn reports whether a person is to move now.
func (s *Session) HumanTurn() bool {
	return !s.Over() && !s.engine(s.game.ToMove())
}

// EngineTurn reports whether the engine is to move now.
func (s *Session) EngineTurn() bool { return !s.Over() && s.engine(s.game.ToMove()) }

// ForcedPass reports whether the only legal move is a pass.
func (s *Session) ForcedPass() bool {
	m := s.game.LegalMoves()
	return len(m) == 1 && m[0].Kind == core.MovePass
}

// stopSearches cancels running searches and makes their results stale.
func (s *Session) stopSearches() {
	s.gen++
	for _, c := range s.cancels {
		c()
	}
	s.cancels = nil
	s.thinking, s.hinting, s.draw.deciding = false, false, false
}

// advance tells the view the game changed (a move, undo, redo), then starts
// the next turn.
func (s *Session) advance(last core.Move) {
	s.stopSearches()
	s.resumeHint, s.resumeDraw = false, false
	s.playedOn()
	s.Hooks.position(last)
	s.turn()
	s.persist()
}

// turn starts the turn of the side to move: the end of the game (the view's
// Over hook), or the turn of the side's player (the engine's search, the
// person's board and timer: Player).
func (s *Session) turn() {
	s.timer.Start(0) // off ("—") until a person's turn starts it
	if s.Over() {
		s.Hooks.readOnly(true)
		s.Hooks.refresh()
		s.Hooks.over()
		return
	}
	s.players[s.game.ToMove()].turn(s)
}

// HumanMove plays a move chosen on the board.
func (s *Session) HumanMove(m core.Move) {
	if !s.HumanTurn() {
		return
	}
	if err := s.game.PlayMove(m); err != nil {
		return
	}
	s.ClearNotice()
	s.advance(m)
}

// Play plays m for the side to move whoever its player is, as if that
// player had chosen it (a search under way is dropped): a move from outside
// the players, for scripts and tests.
func (s *Session) Play(m core.Move) error {
	if err := s.game.PlayMove(m); err != nil {
		return err
	}
	s.ClearNotice()
	s.advance(m)
	return nil
}

// Pass plays the forced pass of a person.
func (s *Session) Pass() {
	if !s.HumanTurn() || !s.ForcedPass() {
		return
	}
	m := s.game.LegalMoves()[0]
	if s.game.PlayMove(m) == nil {
		s.ClearNotice()
		s.advance(m)
	}
}

// Expired is the turn timer running out: the turn passes.
func (s *Session) Expired() {
	if s.closed || !s.HumanTurn() {
		return
	}
	if s.game.Timeout() != nil {
		return
	}
	s.noticeID, s.noticeData = "game.pass_timeout", nil
	s.advance(s.game.LastMove())
}

// SetNotice shows message id (with template data) under the turn line until
// the player's next action.
func (s *Session) SetNotice(id string, data map[string]any) {
	s.noticeID, s.noticeData = id, data
	s.Hooks.refresh()
}

// ClearNotice removes the notice.
func (s *Session) ClearNotice() { s.noticeID, s.noticeData = "", nil }

// Hint searches for a move for the player to move; the view's Hint hook
// shows it.
func (s *Session) Hint() {
	if !s.HumanTurn() || s.hinting || s.Watching() {
		return
	}
	s.ClearNotice()
	ctx, cancel := context.WithCancel(context.Background())
	s.cancels = append(s.cancels, cancel)
	s.hinting = true
	gen, clone := s.gen, s.game.Clone()
	hintFn, do := s.env.Hint, s.env.Do
	go func() {
		res := hintFn(ctx, clone)
		if ctx.Err() != nil {
			return
		}
		do(func() {
			if s.closed || gen != s.gen {
				return
			}
			s.hinting = false
			if res.Move.Kind != core.MoveNone && res.Move.Kind != core.MovePass {
				s.Hooks.hint(res)
			}
			s.Hooks.refresh()
		})
	}()
	s.Hooks.refresh()
}

// CanTakeBack reports whether undo and redo are open to the players: not
// while the engine plays both sides, nor after a resignation.
func (s *Session) CanTakeBack() bool {
	return !s.Watching() && !s.Resigned()
}

// Undo takes back the last move; against the engine, back to the person's
// own turn.
func (s *Session) Undo() {
	if !s.game.CanUndo() || !s.CanTakeBack() {
		return
	}
	s.stopSearches()
	s.game.Undo()
	for s.game.CanUndo() && s.engine(s.game.ToMove()) {
		s.game.Undo()
	}
	s.ClearNotice()
	s.advance(core.Move{})
}

// Redo plays an undone move again; against the engine, up to the person's
// turn.
func (s *Session) Redo() {
	if !s.game.CanRedo() || !s.CanTakeBack() {
		return
	}
	s.stopSearches()
	s.game.Redo()
	for s.game.CanRedo() && s.engine(s.game.ToMove()) {
		s.game.Redo()
	}
	s.ClearNotice()
	s.advance(s.game.LastMove())
}

// Pause holds the flow while another screen or a dialog covers the game:
// the timer pauses with the time left, searches stop (the engine's move, a
// hint, the engine's answer to a draw offer) and Resume starts them again.
func (s *Session) Pause() {
	s.paused = true
	s.timer.Pause()
	if s.thinking || s.hinting || s.draw.deciding {
		hint, decide := s.hinting, s.draw.deciding
		s.stopSearches()
		s.resumeHint = s.resumeHint || hint
		s.resumeDraw = s.resumeDraw || decide
	}
}

// Resume goes on after Pause: the timer runs again with the time it had
// left, the engine searches again, a stopped hint or draw decision starts
// again.
func (s *Session) Resume() {
	s.paused = false
	if s.Over() {
		s.resumeHint, s.resumeDraw = false, false
		return
	}
	s.players[s.game.ToMove()].resume(s)
	s.Hooks.refresh()
}

package app

import (
	"context"
	"time"

	"huntchess/ai"
	"huntchess/core"
)

// turns is the flow of a game's turns, without any widget: whose turn it is,
// the AI's search, hints, the turn timer, the timeout pass, undo and redo,
// the notice under the turn line, pausing. The game screen shows it (through
// hooks) and saves it; tests drive it alone (turns_test.go).
//
// Turn timer: it runs on human turns only. On the AI's turn it is stopped
// (the AI's budget is at most 3 s), in every mode.
//
// Searches (the AI's move and hints) run in goroutines on a copy of the game.
// Every change of the game bumps gen and cancels them; a result whose gen is
// stale is dropped. Results come back through env.do (App.do, fyne.Do).
type turns struct {
	game  *core.Game
	mode  Mode
	level ai.Level
	timer turnTimer
	env   turnEnv
	hooks turnHooks

	gen      uint64
	cancels  []context.CancelFunc
	thinking bool // the AI is searching for its move
	hinting  bool // a hint search is running
	paused   bool // another screen covers the game
	closed   bool
	// firstLimit, if set, is the time left for the first human turn (resume).
	firstLimit time.Duration
	// noticeID is a message shown under the turn line ("" for none), with
	// its template data noticeData. It stays until the player's next action.
	noticeID   string
	noticeData map[string]any
	// resigned: a side gave up (resign.go); the game is over.
	resigned   bool
	resignSide core.Side
	// held: watch mode is paused by the player (watch.go); watchSpeed is
	// the chosen least time per move (0: env.watchDelay).
	held       bool
	watchSpeed time.Duration
}

// turnTimer is the turn countdown (widgets.Timer). It calls back, through
// whoever owns it, turns.expired when it runs out.
type turnTimer interface {
	Start(limit time.Duration) // 0: off
	Pause()
	Resume()
	Stop()
	Remaining() time.Duration
}

// turnEnv is what the turn flow needs from the app.
type turnEnv struct {
	think        ThinkFunc
	hint         HintFunc
	do           func(func()) // run on the UI goroutine (App.do)
	watchDelay   time.Duration
	timerSeconds func() int // the timer setting now; 0: off
}

// turnHooks tell the view what changed. Nil hooks are skipped.
type turnHooks struct {
	Position func(last core.Move) // the game changed (move, undo, redo)
	ReadOnly func(bool)           // whether the board takes moves
	Refresh  func()               // texts and buttons
	Over     func()               // the game is over
	Hint     func(core.Move)      // a hint was found
}

func (h turnHooks) position(last core.Move) {
	if h.Position != nil {
		h.Position(last)
	}
}

func (h turnHooks) readOnly(on bool) {
	if h.ReadOnly != nil {
		h.ReadOnly(on)
	}
}

func (h turnHooks) refresh() {
	if h.Refresh != nil {
		h.Refresh()
	}
}

func (h turnHooks) over() {
	if h.Over != nil {
		h.Over()
	}
}

func (h turnHooks) hint(m core.Move) {
	if h.Hint != nil {
		h.Hint(m)
	}
}

// newTurns makes the turn flow of g; call start to begin the first turn.
func newTurns(g *core.Game, mode Mode, level ai.Level, timer turnTimer, env turnEnv, timeLeft time.Duration) *turns {
	return &turns{game: g, mode: mode, level: level, timer: timer, env: env, firstLimit: timeLeft}
}

// start begins the turn of the side to move.
func (t *turns) start() { t.turn() }

// stop ends the flow for good: searches are cancelled, the timer stops.
func (t *turns) stop() {
	if t.closed {
		return
	}
	t.stopSearches()
	t.timer.Stop()
	t.closed = true
}

// save stores the game to resume it later, with the time left on the
// player's timer; a finished or empty game is forgotten instead.
func (t *turns) save(st saveStore) {
	if t.over() || t.game.Len() == 0 {
		st.clear()
		return
	}
	var left int64
	if t.humanTurn() && t.env.timerSeconds() > 0 {
		left = t.timer.Remaining().Milliseconds()
	}
	_ = st.store(t.game, t.mode, t.level, left)
}

// humanTurn reports whether a person is to move now.
func (t *turns) humanTurn() bool {
	return !t.over() && !t.mode.AIPlays(t.game.ToMove())
}

// forcedPass reports whether the only legal move is a pass.
func (t *turns) forcedPass() bool {
	m := t.game.LegalMoves()
	return len(m) == 1 && m[0].Kind == core.MovePass
}

// stopSearches cancels running searches and makes their results stale.
func (t *turns) stopSearches() {
	t.gen++
	for _, c := range t.cancels {
		c()
	}
	t.cancels = nil
	t.thinking, t.hinting = false, false
}

// advance tells the view the game changed (a move, undo, redo), then starts
// the next turn.
func (t *turns) advance(last core.Move) {
	t.stopSearches()
	t.hooks.position(last)
	t.turn()
}

// turn starts the turn of the side to move: the end of the game (the view's
// Over hook), the AI's search, or the human's timer.
func (t *turns) turn() {
	t.timer.Start(0) // off ("—") until a human turn starts it
	if t.over() {
		t.hooks.readOnly(true)
		t.hooks.refresh()
		t.hooks.over()
		return
	}
	if t.mode.AIPlays(t.game.ToMove()) {
		t.hooks.readOnly(true)
		if !t.paused && !t.held {
			t.startAI()
		}
		t.hooks.refresh()
		return
	}
	t.hooks.readOnly(false)
	limit := time.Duration(t.env.timerSeconds()) * time.Second
	if t.firstLimit > 0 && limit > 0 {
		limit = min(t.firstLimit, limit)
	}
	t.firstLimit = 0
	if limit > 0 {
		t.timer.Start(limit)
		if t.paused {
			t.timer.Pause()
		}
	}
	t.hooks.refresh()
}

// humanMove plays a move chosen on the board.
func (t *turns) humanMove(m core.Move) {
	if !t.humanTurn() {
		return
	}
	if err := t.game.PlayMove(m); err != nil {
		return
	}
	t.clearNotice()
	t.advance(m)
}

// pass plays the forced pass of a human player.
func (t *turns) pass() {
	if !t.humanTurn() || !t.forcedPass() {
		return
	}
	m := t.game.LegalMoves()[0]
	if t.game.PlayMove(m) == nil {
		t.clearNotice()
		t.advance(m)
	}
}

// expired is the turn timer running out: the turn passes.
func (t *turns) expired() {
	if t.closed || !t.humanTurn() {
		return
	}
	if t.game.Timeout() != nil {
		return
	}
	t.noticeID, t.noticeData = "game.pass_timeout", nil
	t.advance(t.game.LastMove())
}

// setNotice shows message id (with template data) under the turn line until
// the player's next action.
func (t *turns) setNotice(id string, data map[string]any) {
	t.noticeID, t.noticeData = id, data
	t.hooks.refresh()
}

// clearNotice removes the notice.
func (t *turns) clearNotice() { t.noticeID, t.noticeData = "", nil }

// startAI starts the AI's search for its move. A forced pass is played at once.
func (t *turns) startAI() {
	if t.forcedPass() {
		m := t.game.LegalMoves()[0]
		// Play it from the event queue, so that turn() is not re-entered.
		gen := t.gen
		t.thinking = true
		go t.env.do(func() { t.aiDone(gen, ai.Result{Move: m}) })
		return
	}
	ctx, cancel := context.WithCancel(context.Background())
	t.cancels = append(t.cancels, cancel)
	t.thinking = true
	gen, clone, level := t.gen, t.game.Clone(), t.level
	think, do := t.env.think, t.env.do
	delay := time.Duration(0)
	if t.mode == ModeWatch {
		delay = t.watchDelay()
	}
	go func() {
		start := time.Now()
		res := think(ctx, clone, level)
		if wait := delay - time.Since(start); wait > 0 {
			select {
			case <-ctx.Done():
			case <-time.After(wait):
			}
		}
		if ctx.Err() != nil {
			return
		}
		do(func() { t.aiDone(gen, res) })
	}()
}

// aiDone plays the AI's move, unless the search has gone stale.
func (t *turns) aiDone(gen uint64, res ai.Result) {
	if t.closed || gen != t.gen || !t.thinking {
		return
	}
	t.thinking = false
	m := res.Move
	if t.game.PlayMove(m) != nil {
		// No usable move came back: play the first legal one rather than stall.
		moves := t.game.LegalMoves()
		if len(moves) == 0 {
			t.turn()
			return
		}
		m = moves[0]
		_ = t.game.PlayMove(m)
	}
	// The AI's move leaves the notice alone: a notice (the player's time ran
	// out) stays until the player's own next action.
	t.advance(m)
}

// hint searches for a move for the player to move; the view's Hint hook
// shows it.
func (t *turns) hint() {
	if !t.humanTurn() || t.hinting || t.mode == ModeWatch {
		return
	}
	t.clearNotice()
	ctx, cancel := context.WithCancel(context.Background())
	t.cancels = append(t.cancels, cancel)
	t.hinting = true
	gen, clone := t.gen, t.game.Clone()
	hintFn, do := t.env.hint, t.env.do
	go func() {
		res := hintFn(ctx, clone)
		if ctx.Err() != nil {
			return
		}
		do(func() {
			if t.closed || gen != t.gen {
				return
			}
			t.hinting = false
			if res.Move.Kind != core.MoveNone && res.Move.Kind != core.MovePass {
				t.hooks.hint(res.Move)
			}
			t.hooks.refresh()
		})
	}()
	t.hooks.refresh()
}

// undo takes back the last move; against the AI, back to the player's own turn.
func (t *turns) undo() {
	if !t.game.CanUndo() || t.mode == ModeWatch || t.resigned {
		return
	}
	t.stopSearches()
	t.game.Undo()
	if t.mode.VsAI() {
		for t.game.CanUndo() && t.mode.AIPlays(t.game.ToMove()) {
			t.game.Undo()
		}
	}
	t.clearNotice()
	t.advance(core.Move{})
}

// redo plays an undone move again; against the AI, up to the player's turn.
func (t *turns) redo() {
	if !t.game.CanRedo() || t.mode == ModeWatch || t.resigned {
		return
	}
	t.stopSearches()
	t.game.Redo()
	if t.mode.VsAI() {
		for t.game.CanRedo() && t.mode.AIPlays(t.game.ToMove()) {
			t.game.Redo()
		}
	}
	t.clearNotice()
	t.advance(t.game.LastMove())
}

// pause holds the flow while another screen covers the game: the timer
// pauses, searches stop.
func (t *turns) pause() {
	t.paused = true
	t.timer.Pause()
	if t.thinking || t.hinting {
		t.stopSearches()
	}
}

// resume goes on after pause: the timer runs again, the AI searches again.
func (t *turns) resume() {
	t.paused = false
	if t.over() {
		return
	}
	if t.mode.AIPlays(t.game.ToMove()) {
		if !t.thinking && !t.held {
			t.startAI()
		}
	} else {
		t.timer.Resume()
	}
	t.hooks.refresh()
}

package session

import (
	"context"
	"time"

	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/puzzles"
)

// Puzzle is one puzzle's play, without any widget: the player's tries
// (a wrong move is told and taken back), the other side's perfect replies
// worked out off the UI goroutine and played through do, the message to
// show, and the puzzle kept as solved. The puzzle screen shows it (hooks).
//
// The replies hold out longest: from the game's endgame table when the app
// has it loaded (Tables.Table) and it covers the position, else by
// exhaustive search (puzzles.Solver), quick at a puzzle's few plies.
type Puzzle struct {
	pz    *puzzles.Puzzle
	run   *puzzles.Run
	do    func(func()) // run on the UI goroutine (the app's do)
	table func() *tablebase.Table
	delay time.Duration // the least time before a reply, so the player's move is seen
	// solved is told once the puzzle is solved (it stores it).
	solved func(*puzzles.Puzzle)
	// Hooks tell the view what changed; set them before the first Try.
	Hooks PuzzleHooks

	gen    uint64 // bumped by a restart or close: a late reply is dropped
	closed bool
	// ctx is done once the flow is closed: a reply being worked out stops
	// waiting and is dropped.
	ctx    context.Context
	cancel context.CancelFunc
	// the message: its ID, its data and the plural count (-1: none)
	noticeID    string
	noticeData  map[string]any
	noticeCount int
	wrong       bool // the message tells a wrong move
}

// PuzzleHooks tell the view what changed. Nil hooks are skipped.
type PuzzleHooks struct {
	Position func(pos core.Position, last core.Move) // the board changed
	Refresh  func()                                  // texts and buttons
	Hint     func(core.Move)                         // show the move to play
}

func NewPuzzle(pz *puzzles.Puzzle, do func(func()), table func() *tablebase.Table, delay time.Duration,
	solved func(*puzzles.Puzzle)) *Puzzle {
	f := &Puzzle{pz: pz, do: do, table: table, delay: delay, solved: solved}
	f.ctx, f.cancel = context.WithCancel(context.Background())
	f.reset()
	return f
}

func (f *Puzzle) reset() {
	f.gen++
	f.run = puzzles.NewRun(f.pz)
	f.setNotice("puzzle.your_move", nil, -1)
}

func (f *Puzzle) setNotice(id string, data map[string]any, count int) {
	f.noticeID, f.noticeData, f.noticeCount, f.wrong = id, data, count, false
}

// Notice is the message to show: its ID, template data and plural count
// (-1: none), and whether it tells a wrong move. A move in the data is a
// core.Move (its String is the notation; the app writes it as its move
// list does, a capture with ×).
func (f *Puzzle) Notice() (id string, data map[string]any, count int, wrong bool) {
	return f.noticeID, f.noticeData, f.noticeCount, f.wrong
}

// Puzzle is the puzzle played.
func (f *Puzzle) Puzzle() *puzzles.Puzzle { return f.pz }

// Run is the puzzle's play so far.
func (f *Puzzle) Run() *puzzles.Run { return f.run }

// playerTurn reports whether the board takes the player's move.
func (f *Puzzle) PlayerTurn() bool { return !f.closed && !f.run.Solved() && !f.run.Waiting() }

func (f *Puzzle) position(last core.Move) {
	if f.Hooks.Position != nil {
		f.Hooks.Position(f.run.Position(), last)
	}
}

func (f *Puzzle) refresh() {
	if f.Hooks.Refresh != nil {
		f.Hooks.Refresh()
	}
}

// restart starts the puzzle again.
func (f *Puzzle) Restart() {
	f.reset()
	f.position(core.Move{})
	f.refresh()
}

// close drops any reply still being worked out.
func (f *Puzzle) Close() {
	f.closed = true
	f.gen++
	f.cancel()
}

// try plays the player's move m: a wrong one is told (the board stays), a
// right one is played and answered.
func (f *Puzzle) Try(m core.Move) {
	if !f.PlayerTurn() {
		return
	}
	pos := f.run.Position()
	if err := f.run.Try(m); err != nil {
		if f.pz.Kind == puzzles.Hold {
			f.setNotice("puzzle.wrong_hold", map[string]any{"Move": m}, -1)
		} else {
			f.setNotice("puzzle.wrong_win", map[string]any{"Move": m}, (f.run.Left()+1)/2)
		}
		f.wrong = true
		f.Hooks.position(pos)
		f.refresh()
		return
	}
	f.position(m)
	if f.run.Solved() {
		f.finish()
		return
	}
	f.setNotice("puzzle.replying", nil, -1)
	f.refresh()
	f.startReply()
}

func (h PuzzleHooks) position(pos core.Position) {
	if h.Position != nil {
		h.Position(pos, core.Move{})
	}
}

// startReply works out the other side's reply in a goroutine.
func (f *Puzzle) startReply() {
	gen, pos, left, ctx := f.gen, f.run.Position(), f.run.Left(), f.ctx
	var t *tablebase.Table
	if f.table != nil {
		t = f.table()
	}
	go func() {
		start := time.Now()
		rep, err := puzzles.NextReply(puzzles.NewSolver(), t, pos, left)
		if wait := f.delay - time.Since(start); wait > 0 {
			// Off the UI goroutine: the player's move is seen first.
			select {
			case <-ctx.Done():
			case <-time.After(wait):
			}
		}
		if ctx.Err() != nil {
			return // the screen closed
		}
		f.do(func() { f.replied(gen, rep, err) })
	}()
}

// replied plays the reply (on the UI goroutine), unless it is stale.
func (f *Puzzle) replied(gen uint64, rep puzzles.Reply, err error) {
	if f.closed || gen != f.gen || !f.run.Waiting() {
		return
	}
	if err == nil {
		err = f.run.Apply(rep)
	}
	if err != nil { // a puzzle its tests prove never gets here: start again
		f.Restart()
		return
	}
	f.position(rep.Move)
	if f.run.Solved() {
		f.finish()
		return
	}
	f.setNotice("puzzle.right", nil, -1)
	f.refresh()
}

func (f *Puzzle) finish() {
	id := "puzzle.solved_win"
	if f.pz.Kind == puzzles.Hold {
		id = "puzzle.solved_hold"
	}
	f.setNotice(id, nil, -1)
	if f.solved != nil {
		f.solved(f.pz)
	}
	f.refresh()
}

// show marks the move to play on the board.
func (f *Puzzle) Show() {
	if m := f.run.Solution(); m.Kind != core.MoveNone {
		f.setNotice("puzzle.shown", nil, -1)
		if f.Hooks.Hint != nil {
			f.Hooks.Hint(m)
		}
		f.refresh()
	}
}

// PlayOut plays the puzzle to its end at once, the solution against the
// perfect replies from t (nil: by search), as if the player had found it
// (the developer screens show a solved puzzle so).
func (f *Puzzle) PlayOut(t *tablebase.Table) {
	solver := puzzles.NewSolver()
	for !f.run.Solved() {
		if f.run.Try(f.run.Solution()) != nil {
			return
		}
		if f.run.Waiting() && f.run.Reply(solver, t) != nil {
			return
		}
	}
	played := f.run.Played()
	f.position(played[len(played)-1])
	f.finish()
}

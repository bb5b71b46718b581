//go:build ci

package app

import (
	"context"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"huntchess/ai"
	"huntchess/core"
)

// fakeTurnTimer records what the turn flow asks of the timer.
type fakeTurnTimer struct {
	limit   time.Duration
	running bool
	paused  bool
}

func (f *fakeTurnTimer) Start(d time.Duration) { f.limit, f.running, f.paused = d, d > 0, false }
func (f *fakeTurnTimer) Pause()                { f.paused = true }
func (f *fakeTurnTimer) Resume()               { f.paused = false }
func (f *fakeTurnTimer) Stop()                 { f.running = false }
func (f *fakeTurnTimer) Remaining() time.Duration {
	if !f.running {
		return 0
	}
	return f.limit - time.Second // a second has gone
}

// turnRig runs a turn flow with no widgets: results of its goroutines queue
// up and run when the test calls settle.
type turnRig struct {
	t      *testing.T
	turns  *turns
	timer  *fakeTurnTimer
	q      chan func()
	events []string
	hint   core.Move
}

func newTurnRig(t *testing.T, game string, mode Mode, timer int) *turnRig {
	t.Helper()
	g, err := core.NewGame(game)
	if err != nil {
		t.Fatal(err)
	}
	r := &turnRig{t: t, timer: &fakeTurnTimer{}, q: make(chan func(), 64)}
	r.turns = newTurns(g, mode, ai.Easy, r.timer, turnEnv{
		think: fastThink, hint: fastHint, do: func(f func()) { r.q <- f },
		timerSeconds: func() int { return timer },
	}, 0)
	r.turns.hooks = turnHooks{
		Position: func(core.Move) { r.events = append(r.events, "position") },
		Over:     func() { r.events = append(r.events, "over") },
		Hint:     func(m core.Move) { r.hint = m },
	}
	r.turns.start()
	t.Cleanup(r.turns.stop)
	return r
}

// settle runs queued results until cond holds.
func (r *turnRig) settle(what string, cond func() bool) {
	r.t.Helper()
	deadline := time.After(20 * time.Second)
	for !cond() {
		select {
		case f := <-r.q:
			f()
		case <-deadline:
			r.t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// The turn flow alone: a move against the AI, the AI's answer, the timeout
// pass and its notice (kept over the AI's answer until the player acts), a
// hint, undo back to the player's turn, a stale result dropped.
func TestTurnsAgainstAI(t *testing.T) {
	r := newTurnRig(t, "beat-the-wolf", ModeVsAIAsPredator, 30)
	tu := r.turns
	if !tu.humanTurn() || !r.timer.running || r.timer.limit != 30*time.Second {
		t.Fatalf("the player's timed turn first: timer %+v", r.timer)
	}
	tu.humanMove(tu.game.LegalMoves()[0])
	if !tu.thinking || r.timer.running {
		t.Fatal("the AI thinks, untimed")
	}
	r.settle("the AI's answer", func() bool { return tu.game.Len() == 2 })
	if !tu.humanTurn() || !r.timer.running {
		t.Fatal("back to the player, timed")
	}

	tu.expired() // the player's time runs out
	if tu.game.LastMove().Kind != core.MovePass || tu.noticeID != "game.pass_timeout" {
		t.Fatalf("timeout: record %q, notice %q", tu.game.Record(), tu.noticeID)
	}
	r.settle("the AI's answer", func() bool { return tu.game.Len() == 4 })
	if tu.noticeID != "game.pass_timeout" {
		t.Fatal("the notice stays after the AI's answer")
	}
	tu.hint()
	if tu.noticeID != "" || !tu.hinting {
		t.Fatal("asking for a hint is the player's action: the notice goes")
	}
	r.settle("the hint", func() bool { return !tu.hinting })
	if r.hint.Kind == core.MoveNone {
		t.Fatal("the hint reaches the view")
	}

	tu.undo()
	if tu.game.Len() != 2 || !tu.humanTurn() {
		t.Fatalf("undo: len %d, want the player's turn at 2", tu.game.Len())
	}
	tu.humanMove(tu.game.LegalMoves()[0])
	stale := tu.gen
	tu.undo() // cancels the search
	tu.aiDone(stale, ai.Result{Move: tu.game.LegalMoves()[0]})
	if tu.game.Len() != 2 {
		t.Fatal("a stale AI result was played")
	}
}

// Covered by another screen, the flow holds: the timer pauses, the AI's
// search stops and starts again on resume.
func TestTurnsPauseResume(t *testing.T) {
	block := make(chan struct{})
	r := newTurnRig(t, "wolf-carries-pig", ModeWatch, 0)
	tu := r.turns
	tu.env.think = func(ctx context.Context, g *core.Game, _ ai.Level) ai.Result {
		select {
		case <-ctx.Done():
		case <-block:
		}
		return ai.Result{Move: g.LegalMoves()[0]}
	}
	tu.stopSearches()
	tu.turn()
	if !tu.thinking {
		t.Fatal("watching: the AI thinks")
	}
	tu.pause()
	if tu.thinking || !tu.paused {
		t.Fatal("paused: no search")
	}
	close(block)
	tu.resume()
	r.settle("the AI's move", func() bool { return tu.game.Len() == 1 })
}

// Saving: the record, the mode, the level and the player's time left; a game
// with no move is not kept.
func TestTurnsSave(t *testing.T) {
	st := saveStore{dir: t.TempDir(), prefs: test.NewTempApp(t).Preferences()}
	r := newTurnRig(t, "surround-the-lion", ModeTwoPlayers, 30)
	tu := r.turns
	tu.save(st)
	if _, err := st.load(); err != errNoSave {
		t.Fatalf("an empty game is not saved: %v", err)
	}
	tu.humanMove(tu.game.LegalMoves()[0])
	tu.save(st)
	got, err := st.load()
	if err != nil {
		t.Fatal(err)
	}
	if got.game.Record() != tu.game.Record() || got.mode != ModeTwoPlayers || got.level != ai.Easy || got.timeLeft != 29_000 {
		t.Fatalf("saved %q %v %v %d ms", got.game.Record(), got.mode, got.level, got.timeLeft)
	}
}

package session

import (
	"context"
	"testing"
	"time"

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
	turns  *Session
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
	r.turns = New(g, mode, ai.Easy, r.timer, Env{
		Think: fastThink, Hint: fastHint, Do: func(f func()) { r.q <- f },
		TimerSeconds: func() int { return timer },
	}, 0)
	r.turns.Hooks = Hooks{
		Position: func(core.Move) { r.events = append(r.events, "position") },
		Over:     func() { r.events = append(r.events, "over") },
		Hint:     func(res ai.Result) { r.hint = res.Move },
	}
	r.turns.Start()
	t.Cleanup(r.turns.Stop)
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
	if !tu.HumanTurn() || !r.timer.running || r.timer.limit != 30*time.Second {
		t.Fatalf("the player's timed turn first: timer %+v", r.timer)
	}
	tu.HumanMove(tu.game.LegalMoves()[0])
	if !tu.thinking || r.timer.running {
		t.Fatal("the AI thinks, untimed")
	}
	r.settle("the AI's answer", func() bool { return tu.game.Len() == 2 })
	if !tu.HumanTurn() || !r.timer.running {
		t.Fatal("back to the player, timed")
	}

	tu.Expired() // the player's time runs out
	if tu.game.LastMove().Kind != core.MovePass || tu.noticeID != "game.pass_timeout" {
		t.Fatalf("timeout: record %q, notice %q", tu.game.Record(), tu.noticeID)
	}
	r.settle("the AI's answer", func() bool { return tu.game.Len() == 4 })
	if tu.noticeID != "game.pass_timeout" {
		t.Fatal("the notice stays after the AI's answer")
	}
	tu.Hint()
	if tu.noticeID != "" || !tu.hinting {
		t.Fatal("asking for a hint is the player's action: the notice goes")
	}
	r.settle("the hint", func() bool { return !tu.hinting })
	if r.hint.Kind == core.MoveNone {
		t.Fatal("the hint reaches the view")
	}

	tu.Undo()
	if tu.game.Len() != 2 || !tu.HumanTurn() {
		t.Fatalf("undo: len %d, want the player's turn at 2", tu.game.Len())
	}
	tu.HumanMove(tu.game.LegalMoves()[0])
	stale := tu.gen
	tu.Undo() // cancels the search
	tu.engineDone(stale, ai.Result{Move: tu.game.LegalMoves()[0]})
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
	tu.env.Think = func(ctx context.Context, g *core.Game, _ ai.Level) ai.Result {
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
	tu.Pause()
	if tu.thinking || !tu.paused {
		t.Fatal("paused: no search")
	}
	close(block)
	tu.Resume()
	r.settle("the AI's move", func() bool { return tu.game.Len() == 1 })
}

// Saving: the record, the mode, the level and the player's time left; a game
// with no move is not kept.
func TestTurnsSave(t *testing.T) {
	st := NewStore(t.TempDir(), newMemPrefs())
	r := newTurnRig(t, "surround-the-lion", ModeTwoPlayers, 30)
	tu := r.turns
	tu.Save(st)
	if _, err := st.Load(); err != ErrNoSave {
		t.Fatalf("an empty game is not saved: %v", err)
	}
	tu.HumanMove(tu.game.LegalMoves()[0])
	tu.Save(st)
	got, err := st.Load()
	if err != nil {
		t.Fatal(err)
	}
	if got.Game.Record() != tu.game.Record() || got.Mode != ModeTwoPlayers || got.Level != ai.Easy || got.TimeLeft != 29_000 {
		t.Fatalf("saved %q %v %v %d ms", got.Game.Record(), got.Mode, got.Level, got.TimeLeft)
	}
}

// fastThink is a quick, deterministic search in place of the real levels.
func fastThink(ctx context.Context, g *core.Game, _ ai.Level) ai.Result {
	return ai.Search(ctx, g.Position(), ai.Limits{Depth: 2, Nodes: 3000, History: g.History()})
}

func fastHint(ctx context.Context, g *core.Game) ai.Result { return fastThink(ctx, g, ai.Easy) }

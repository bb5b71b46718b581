package session

import (
	"context"
	"testing"
	"time"

	"huntchess/ai"
	"huntchess/core"
	"huntchess/internal/testkit"
	"huntchess/match"
	"huntchess/storage"
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

func newTurnRig(t *testing.T, game string, mode match.Mode, timer int) *turnRig {
	t.Helper()
	g, err := core.NewGame(game)
	if err != nil {
		t.Fatal(err)
	}
	r := &turnRig{t: t, timer: &fakeTurnTimer{}, q: make(chan func(), 64)}
	r.turns = New(g, mode, match.Easy, r.timer, Env{
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
	deadline := time.After(2 * time.Minute) // only a hang takes this long
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
	r := newTurnRig(t, "beat-the-wolf", match.ModeVsAIAsPredator, 30)
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
	r := newTurnRig(t, "wolf-carries-pig", match.ModeWatch, 0)
	tu := r.turns
	tu.env.Think = func(ctx context.Context, g *core.Game, _ match.Level) ai.Result {
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
	st := storage.OpenSaves(t.TempDir(), testkit.NewMemPrefs()).Of("surround-the-lion")
	r := newTurnRig(t, "surround-the-lion", match.ModeTwoPlayers, 30)
	tu := r.turns
	tu.Save(st)
	if _, err := st.Load(); err != storage.ErrNoSave {
		t.Fatalf("an empty game is not saved: %v", err)
	}
	tu.HumanMove(tu.game.LegalMoves()[0])
	tu.Save(st)
	got, err := st.Load()
	if err != nil {
		t.Fatal(err)
	}
	if got.Game.Record() != tu.game.Record() || got.Mode != match.ModeTwoPlayers || got.Level != match.Easy || got.TimeLeft != 29_000 {
		t.Fatalf("saved %q %v %v %d ms", got.Game.Record(), got.Mode, got.Level, got.TimeLeft)
	}
}

// fastThink is a quick, deterministic search in place of the real levels.
func fastThink(ctx context.Context, g *core.Game, _ match.Level) ai.Result {
	return ai.Search(ctx, g.Position(), ai.Limits{Depth: 2, Nodes: 3000, History: g.History()})
}

func fastHint(ctx context.Context, g *core.Game) ai.Result { return fastThink(ctx, g, match.Easy) }

// Draws by agreement: between two people the other one answers; against
// the engine it decides; playing on declines; the statistics count it.
func TestDrawByAgreement(t *testing.T) {
	r := newTurnRig(t, "wolf-carries-pig", match.ModeTwoPlayers, 0)
	tu := r.turns
	offered := -1
	tu.Hooks.DrawOffered = func(by core.Side) { offered = int(by) }
	if tu.CanOfferDraw() {
		t.Fatal("no offer before the first move")
	}
	tu.HumanMove(tu.game.LegalMoves()[0])
	by := tu.game.ToMove()
	tu.OfferDraw()
	if offered != int(by) {
		t.Fatalf("the offer reaches the other player: %d", offered)
	}
	tu.AnswerDraw(false)
	if id, _ := tu.Notice(); id != "draw.declined_person" || tu.Over() {
		t.Fatalf("declined: notice %q over %v", id, tu.Over())
	}
	tu.OfferDraw()
	tu.HumanMove(tu.game.LegalMoves()[0]) // playing on declines it
	if _, open := tu.DrawOffer(); open {
		t.Fatal("a move closes the offer")
	}
	tu.OfferDraw()
	tu.AnswerDraw(true)
	if o := tu.game.Outcome(); o != (core.Outcome{Result: core.Draw, Reason: core.ReasonAgreed}) || !tu.Over() {
		t.Fatalf("accepted: %+v", o)
	}
	if !contains(r.events, "over") {
		t.Fatal("the view is told the game is over")
	}

	// Against the engine: it decides.
	for _, accept := range []bool{false, true} {
		r := newTurnRig(t, "wolf-carries-pig", match.ModeVsAIAsPredator, 0)
		tu := r.turns
		asked := -1
		tu.env.AcceptsDraw = func(_ context.Context, g *core.Game, side core.Side) bool {
			asked = int(side)
			return accept
		}
		tu.HumanMove(tu.game.LegalMoves()[0])
		r.settle("the engine's answer", func() bool { return tu.HumanTurn() })
		tu.OfferDraw()
		if !tu.DrawDeciding() {
			t.Fatal("the engine thinks the offer over")
		}
		r.settle("the engine's decision", func() bool { return !tu.DrawDeciding() })
		if asked != int(core.Prey) {
			t.Fatalf("the engine was asked as the pigs: %d", asked)
		}
		if tu.Over() != accept {
			t.Fatalf("accept %v: over %v", accept, tu.Over())
		}
		if id, _ := tu.Notice(); !accept && id != "draw.declined" {
			t.Fatalf("declined: notice %q", id)
		}
		if accept {
			p := testkit.NewMemPrefs()
			if !tu.CountResult(p) {
				t.Fatal("an agreed draw against the engine is counted")
			}
			if l := storage.LoadStats(p)[storage.StatKey("wolf-carries-pig", core.Predator, match.Easy)]; l != (storage.StatLine{Played: 1, Drawn: 1, Agreed: 1}) {
				t.Fatalf("statistics %+v", l)
			}
		}
	}
}

// The engine offers a draw itself after a long stretch without a capture
// when its search sees nothing better, and not again straight away.
func TestEngineOffersDraw(t *testing.T) {
	r := newTurnRig(t, "wolf-carries-pig", match.ModeVsAIAsPredator, 0) // the engine has the pigs
	tu := r.turns
	tu.env.AcceptsDraw = func(context.Context, *core.Game, core.Side) bool { return true }
	tu.env.Think = func(ctx context.Context, g *core.Game, _ match.Level) ai.Result {
		return ai.Result{Move: quietMove(g), Score: 0}
	}
	offers := 0
	tu.Hooks.DrawOffered = func(by core.Side) {
		if by != core.Prey {
			t.Errorf("offered by %v", by)
		}
		offers++
	}
	for tu.game.Len() < DrawOfferPlies+DrawOfferPlies/2 && !tu.Over() {
		r.settle("the engine", func() bool { return tu.HumanTurn() || tu.Over() })
		if !tu.Over() {
			tu.HumanMove(quietMove(tu.game))
		}
	}
	if n := ai.PliesSinceCapture(tu.game); n < DrawOfferPlies || offers != 1 {
		t.Fatalf("%d offers in %d quiet plies (over: %v), want one after %d", offers, n, tu.game.Outcome(), DrawOfferPlies)
	}
}

// quietMove is a move of g that captures nothing and repeats no position,
// where there is one (else the first legal move).
func quietMove(g *core.Game) core.Move {
	moves := g.LegalMoves()
	for _, m := range moves {
		if m.Capt != 0 {
			continue
		}
		c := g.Clone()
		if c.PlayMove(m) == nil && c.Repetitions() < 2 {
			return m
		}
	}
	return moves[0]
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

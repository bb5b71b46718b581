package session

import (
	"context"
	"testing"

	"huntchess/ai"
	"huntchess/core"
	"huntchess/match"
)

// A dialog or screen over the game pauses it (Pause) and closing
// it resumes it (Resume). What the engine was thinking about is not lost on
// the way: a hint search and the engine's answer to a draw offer stopped by
// Pause start again on Resume; a move, undo or redo meanwhile drops them.
func TestPauseRestartsHintAndDrawDecision(t *testing.T) {
	r := newTurnRig(t, "beat-the-wolf", match.ModeVsAIAsPredator, 30) // the player's wolf opens
	tu := r.turns
	hints := make(chan context.Context, 4)
	release := make(chan struct{}) // the hints found, once closed
	tu.env.Hint = func(ctx context.Context, g *core.Game) ai.Result {
		hints <- ctx
		select {
		case <-ctx.Done():
		case <-release:
		}
		return ai.Result{Move: g.LegalMoves()[0]}
	}
	defer close(release)
	tu.Hint()
	first := <-hints
	tu.Pause()
	if tu.Hinting() || !r.timer.paused {
		t.Fatalf("paused: hinting %v, timer paused %v", tu.Hinting(), r.timer.paused)
	}
	<-first.Done() // the search was stopped
	tu.Resume()
	if !tu.Hinting() || r.timer.paused {
		t.Fatalf("resumed: hinting %v, timer paused %v", tu.Hinting(), r.timer.paused)
	}
	again := <-hints // a new search
	tu.Pause()       // found while paused: dropped, searched again on Resume
	<-again.Done()
	tu.Resume()
	<-hints
	if !tu.Hinting() {
		t.Fatal("resumed again: hinting")
	}

	// A move while paused drops the stopped hint.
	tu.Pause()
	tu.HumanMove(tu.game.LegalMoves()[0])
	tu.Resume()
	r.settle("the AI's answer", func() bool { return tu.game.Len() == 2 })
	if tu.Hinting() || len(hints) != 0 {
		t.Fatal("after a move the stopped hint is not searched again")
	}

	// The engine's answer to a draw offer.
	tu.HumanMove(tu.game.LegalMoves()[0])
	r.settle("the AI's answer", func() bool { return tu.game.Len() == 4 && tu.HumanTurn() })
	asked := make(chan context.Context, 4)
	answer := make(chan bool)
	tu.env.AcceptsDraw = func(ctx context.Context, g *core.Game, side core.Side) bool {
		asked <- ctx
		select {
		case <-ctx.Done():
			return false
		case ok := <-answer:
			return ok
		}
	}
	tu.OfferDraw()
	first = <-asked
	tu.Pause()
	if tu.DrawDeciding() {
		t.Fatal("paused: the engine stops thinking over the offer")
	}
	<-first.Done()
	tu.Resume()
	if !tu.DrawDeciding() {
		t.Fatal("resumed: the engine thinks over the offer again")
	}
	if id, _ := tu.Notice(); id != "draw.considering" {
		t.Fatalf("notice %q", id)
	}
	<-asked
	answer <- true
	r.settle("the draw", func() bool { return tu.Over() })
	if tu.game.Outcome().Reason != core.ReasonAgreed {
		t.Fatalf("outcome %v", tu.game.Outcome())
	}
}

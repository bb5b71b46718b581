//go:build ci

package app

import (
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"huntchess/match"
)

// On a phone driver a SIGTERM saves the game on the UI goroutine, then exits
// with code 0; on the desktop it only stops the callbacks (Fyne quits).
func TestSignalSavesAndExitsOnPhone(t *testing.T) {
	fa := test.NewTempApp(t)
	h := newHarness(t, fa)
	g := h.startGame(2, match.ModeTwoPlayers)
	g.board.OnMove(g.sess.Game().LegalMoves()[0])
	record := g.sess.Game().Record()
	// The move is saved at once, with the whole turn left on the clock; the
	// signal saves what changed since (5 s of the turn gone).
	if r, err := h.a.saves.Of("surround-the-lion").Load(); err != nil || r.TimeLeft != 60_000 {
		t.Fatalf("saved at the move: %+v %v", r, err)
	}
	h.clock.Advance(5 * time.Second)
	code := make(chan int, 1)
	go h.a.onSignal(true, func(c int) { code <- c })
	h.waitFor("the exit", func() bool { return len(code) == 1 })
	if c := <-code; c != 0 {
		t.Errorf("exit code %d, want 0", c)
	}
	if !h.a.stopping.Load() {
		t.Error("no callback may reach the UI after the signal")
	}
	r, err := h.a.saves.Of("surround-the-lion").Load()
	if err != nil || r.Game.Record() != record || r.TimeLeft != 55_000 {
		t.Fatalf("saved %+v (%v), want %q with 55 s left", r, err, record)
	}
}

func TestSignalOnDesktopLeavesQuitToFyne(t *testing.T) {
	fa := test.NewTempApp(t)
	h := newHarness(t, fa)
	done := make(chan struct{})
	exited := make(chan int, 1) // the watchdog's, desktopQuitWait later
	go func() {
		h.a.onSignal(false, func(c int) { exited <- c })
		close(done)
	}()
	select {
	case <-done:
	case <-time.After(time.Minute): // only a hang takes this long
		t.Fatal("onSignal did not return")
	}
	if !h.a.stopping.Load() {
		t.Error("no callback may reach the UI after the signal")
	}
	if len(exited) != 0 {
		t.Error("the desktop leaves the quit to Fyne: no exit at once")
	}
}

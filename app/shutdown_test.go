//go:build ci

package app

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"huntchess/ai"
	"huntchess/core"
	"huntchess/match"
)

// Stopping the app: once it is interrupted or stopped, nothing late runs.

// Once the app is interrupted (SIGINT/SIGTERM) or stopped, a result the AI
// finds later, or a timer tick, touches nothing: at shutdown fyne.Do would
// run it at once on the AI's goroutine, off the UI goroutine. Run with
// -race: the inline calls below race with the test goroutine if a callback
// gets through.
func TestInterruptWhileAIThinks(t *testing.T) {
	for _, how := range []string{"signal", "stopped"} {
		t.Run(how, func(t *testing.T) {
			release := make(chan struct{})
			thinking := make(chan struct{}, 8)
			slow := func(ctx context.Context, g *core.Game, _ match.Level) ai.Result {
				thinking <- struct{}{}
				<-release
				return ai.Result{Move: g.LegalMoves()[0]}
			}
			var inline atomic.Bool // fyne.Do after Fyne's queue is drained
			var late atomic.Int32  // callbacks handed to Do after the stop
			done := make(chan struct{}, 8)
			fa := test.NewTempApp(t)
			h := newHarness(t, fa, withThink(slow), func(o *Options) {
				q := o.Do
				o.Do = func(f func()) {
					if !inline.Load() {
						q(f)
						return
					}
					late.Add(1)
					f()
					done <- struct{}{}
				}
				o.TickEvery = time.Millisecond
			})
			g := h.startGame(3, match.ModeWatch)
			<-thinking
			h.drain()
			n, pos := g.sess.Game().Len(), g.board.GamePosition()
			switch how {
			case "signal":
				h.a.interrupt()
			case "stopped":
				fa.Lifecycle().(interface{ OnStopped() func() }).OnStopped()()
			}
			inline.Store(true)
			close(release)
			time.Sleep(50 * time.Millisecond) // ticks and the AI's result arrive
			h.drain()                         // callbacks queued before the stop
			if late.Load() != 0 {
				t.Fatalf("%d callbacks were handed to fyne.Do after the stop", late.Load())
			}
			if g.sess.Game().Len() != n || g.board.GamePosition() != pos {
				t.Fatal("the AI's late move was played after the stop")
			}
		})
	}
}

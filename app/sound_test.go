//go:build ci

package app

import (
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2/test"

	"huntchess/app/sound"
	"huntchess/core"
	"huntchess/match"
	"huntchess/storage"
)

// soundLog records the sounds asked for.
type soundLog struct {
	mu    sync.Mutex
	names []string
}

func (l *soundLog) Play(name string) {
	l.mu.Lock()
	l.names = append(l.names, name)
	l.mu.Unlock()
}

func (l *soundLog) take() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	n := l.names
	l.names = nil
	return n
}

func withSound(l *soundLog) harnessOpt { return func(o *Options) { o.Sound = l } }

func wantSounds(t *testing.T, l *soundLog, want ...string) {
	t.Helper()
	got := l.take()
	if len(got) != len(want) {
		t.Fatalf("sounds %q, want %q", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("sounds %q, want %q", got, want)
		}
	}
}

func TestSoundsOfEvents(t *testing.T) {
	fa := test.NewTempApp(t)
	fa.Preferences().SetInt(storage.KeyTimer, 15)
	log := &soundLog{}
	h := newHarness(t, fa, withSound(log))

	// a step, then a capture and the end (Surround the Lion)
	g0 := lionTrapped(t)
	h.a.startGame(g0, match.ModeTwoPlayers)
	g := h.gameScreen()
	wantSounds(t, log)
	step := g.sess.Game().LegalMoves()[0]
	for _, m := range g.sess.Game().LegalMoves() {
		if m.Capt == 0 && m.Kind == core.MoveStep && m.To != 0 {
			step = m
			break
		}
	}
	g.board.OnMove(step)
	if step.Capt == 0 {
		wantSounds(t, log, sound.Move)
	}
	g.undo()
	wantSounds(t, log) // undo: no sound
	if err := playNotation(g, "b1-S"); err != nil {
		t.Fatal(err)
	}
	wantSounds(t, log, sound.Move, sound.GameOver)
	g.gameOver() // shown again: once only
	wantSounds(t, log)

	// a capture
	cg := firstCaptureGame(t, "beat-the-wolf")
	last := cg.LastMove()
	cg.Undo()
	h.a.startGame(cg, match.ModeTwoPlayers)
	g = h.gameScreen()
	g.board.OnMove(last)
	wantSounds(t, log, sound.Capture)

	// a placement (deer chess: the deer opens, then the dogs place)
	h.a.startGame(core.NewGameFrom(core.Games()[3].Start()), match.ModeTwoPlayers)
	g = h.gameScreen()
	g.board.OnMove(g.sess.Game().LegalMoves()[0])
	log.take()
	g.board.OnMove(g.sess.Game().LegalMoves()[0])
	if g.sess.Game().LastMove().Kind != core.MovePlace {
		t.Fatalf("deer chess: the dogs' first move %v is a placement", g.sess.Game().LastMove())
	}
	wantSounds(t, log, sound.Place)

	// low time: the warning once a turn at 10 s left, then a tick each second
	for g.timer.Remaining() > lowTimeAt+time.Second {
		h.clock.Advance(time.Second)
		g.tick()
	}
	wantSounds(t, log)
	h.clock.Advance(time.Second)
	g.tick()
	wantSounds(t, log, sound.LowTime)
	h.clock.Advance(300 * time.Millisecond)
	g.tick()
	wantSounds(t, log) // the same second
	h.clock.Advance(700 * time.Millisecond)
	g.tick()
	wantSounds(t, log, sound.Tick)
	h.clock.Advance(time.Second)
	g.tick()
	wantSounds(t, log, sound.Tick)

	// the setting switches them off
	s := h.a.settings
	s.Sound = false
	h.a.setSettings(s)
	g.board.OnMove(g.sess.Game().LegalMoves()[0])
	wantSounds(t, log)
	if storage.LoadSettings(h.a.prefs).Sound {
		t.Fatal("the sound setting is kept")
	}
	if !storage.DefaultSettings().Sound {
		t.Fatal("sound is on by default")
	}
}

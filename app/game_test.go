//go:build ci

package app

import (
	"context"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"huntchess/ai"
	"huntchess/core"
	"huntchess/match"
	"huntchess/storage"
	"huntchess/translations"
)

// The game screen: turns against the AI and between two players, undo and
// redo, hints, the turn timer, the panel's lines, captures, leaving and the
// end of the game.

func TestPlayAgainstAIAndUndo(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	h.a.Window().Resize(fyne.NewSize(1280, 800))
	g := h.startGame(0, match.ModeVsAIAsPredator) // Beat the Wolf; the wolf moves first
	if !g.sess.HumanTurn() || g.turnLabel.Text != translations.T("game.your_turn") {
		t.Fatalf("want the player's turn first, got %q", g.turnLabel.Text)
	}
	first := g.sess.Game().LegalMoves()[0]
	tapMove(t, g.board, first)
	if g.sess.Game().Len() != 1 || g.sess.Game().Moves()[0] != first {
		t.Fatalf("tapping the board did not play %v: record %q", first, g.sess.Game().Record())
	}
	if !g.sess.Thinking() || g.turnLabel.Text != translations.T("game.ai_thinking") {
		t.Fatalf("want the thinking state while the AI searches, got %q", g.turnLabel.Text)
	}
	if !g.board.ReadOnly() {
		t.Fatal("the board must not take moves on the AI's turn")
	}
	h.waitFor("the AI's reply", func() bool { return g.sess.Game().Len() == 2 && g.sess.HumanTurn() })
	if g.sess.Thinking() || g.board.ReadOnly() {
		t.Fatal("after the reply the player must be able to move")
	}
	if !strings.Contains(g.movesText(), first.String()) {
		t.Fatalf("move list %q lacks %s", g.movesText(), first)
	}
	test.Tap(g.undoBtn)
	if g.sess.Game().Len() != 0 || !g.sess.HumanTurn() || !g.sess.Game().CanRedo() {
		t.Fatalf("undo against the AI must go back to the player's turn: len %d", g.sess.Game().Len())
	}
	test.Tap(g.redoBtn)
	if g.sess.Game().Len() != 2 || !g.sess.HumanTurn() {
		t.Fatalf("redo must replay both moves: len %d", g.sess.Game().Len())
	}
	// Keyboard: Ctrl+Z undoes, Ctrl+Y redoes.
	sc := h.a.Window().Canvas().(fyne.Shortcutable)
	sc.TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyZ, Modifier: fyne.KeyModifierShortcutDefault})
	if g.sess.Game().Len() != 0 {
		t.Fatalf("Ctrl+Z: len %d", g.sess.Game().Len())
	}
	sc.TypedShortcut(&desktop.CustomShortcut{KeyName: fyne.KeyY, Modifier: fyne.KeyModifierShortcutDefault})
	if g.sess.Game().Len() != 2 {
		t.Fatalf("Ctrl+Y: len %d", g.sess.Game().Len())
	}
}

func TestPlayerAsPreyAIMovesFirst(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	g := h.startGame(0, match.ModeVsAIAsPrey) // the AI's wolf opens
	h.waitFor("the AI's opening", func() bool { return g.sess.Game().Len() == 1 && g.sess.HumanTurn() })
	m := g.sess.Game().LegalMoves()[0]
	g.board.OnMove(m)
	h.waitFor("the AI's reply", func() bool { return g.sess.Game().Len() == 3 && g.sess.HumanTurn() })
	g.undo()
	if g.sess.Game().Len() != 1 || !g.sess.HumanTurn() {
		t.Fatalf("undo: len %d, want 1 (the player's turn)", g.sess.Game().Len())
	}
}

func TestHint(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	g := h.startGame(1, match.ModeTwoPlayers)
	h.a.Window().Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyH})
	if !g.sess.Hinting() || !g.noticeLabel.Visible() || g.noticeLabel.Text != translations.T("hint.thinking") {
		t.Fatal("H must start a hint search with a visible notice")
	}
	h.waitFor("the hint", func() bool { return g.board.Hint().Kind != core.MoveNone })
	legal := false
	for _, m := range g.sess.Game().LegalMoves() {
		legal = legal || m == g.board.Hint()
	}
	if !legal || g.sess.Hinting() {
		t.Fatalf("hint %v is not a legal move", g.board.Hint())
	}
}

// A search that is still running when the game changes is cancelled, and its
// late result is dropped.
func TestStaleAIResultDropped(t *testing.T) {
	release := make(chan struct{})
	cancelled := make(chan struct{}, 4)
	var mu sync.Mutex
	var levels []match.Level
	slow := func(ctx context.Context, g *core.Game, lv match.Level) ai.Result {
		mu.Lock()
		levels = append(levels, lv)
		mu.Unlock()
		select {
		case <-ctx.Done():
			cancelled <- struct{}{}
		case <-release:
		}
		return ai.Result{Move: g.LegalMoves()[0]}
	}
	h := newHarness(t, test.NewTempApp(t), withThink(slow))
	g := h.startGame(0, match.ModeVsAIAsPredator)
	g.board.OnMove(g.sess.Game().LegalMoves()[0])
	if !g.sess.Thinking() {
		t.Fatal("the AI should be thinking")
	}
	// A difficulty change applies from the AI's next move.
	s := h.a.settings
	s.Level = match.Master
	h.a.setSettings(s)
	g.undo() // cancels the search
	select {
	case <-cancelled:
	case <-time.After(time.Minute): // only a hang takes this long
		t.Fatal("undo did not cancel the search")
	}
	h.drain()
	if g.sess.Game().Len() != 0 || g.sess.Thinking() {
		t.Fatalf("after undo: len %d thinking %v", g.sess.Game().Len(), g.sess.Thinking())
	}
	// A result arriving for an old generation is ignored: the session's
	// TestTurnsAgainstAI delivers one (the search's generation is its own).
	g.board.OnMove(g.sess.Game().LegalMoves()[0])
	close(release)
	h.waitFor("the reply", func() bool { return g.sess.Game().Len() == 2 })
	mu.Lock()
	defer mu.Unlock()
	if len(levels) != 2 || levels[0] != match.Medium || levels[1] != match.Master {
		t.Fatalf("levels used %v, want [medium master]", levels)
	}
}

func TestLeavingCancelsSearch(t *testing.T) {
	cancelled := make(chan struct{}, 1)
	block := func(ctx context.Context, g *core.Game, _ match.Level) ai.Result {
		<-ctx.Done()
		cancelled <- struct{}{}
		return ai.Result{}
	}
	h := newHarness(t, test.NewTempApp(t), withThink(block))
	g := h.startGame(0, match.ModeVsAIAsPrey)
	if !g.sess.Thinking() {
		t.Fatal("the AI should be thinking")
	}
	h.a.Window().Canvas().OnTypedKey()(&fyne.KeyEvent{Name: fyne.KeyEscape})
	select {
	case <-cancelled:
	case <-time.After(time.Minute): // only a hang takes this long
		t.Fatal("leaving the game did not cancel the search")
	}
	h.home()
}

func TestTimerExpiryPassesTurn(t *testing.T) {
	fa := test.NewTempApp(t)
	fa.Preferences().SetInt(storage.KeyTimer, 15)
	h := newHarness(t, fa)
	g := h.startGame(0, match.ModeTwoPlayers)
	if !g.timer.Running() || g.timer.Remaining() != 15*time.Second {
		t.Fatalf("timer: running %v remaining %v", g.timer.Running(), g.timer.Remaining())
	}
	h.clock.Advance(10 * time.Second)
	g.tick()
	if g.sess.Game().Len() != 0 || !g.timer.Warning() {
		t.Fatal("after 10 s: the turn must not pass yet, and the timer must warn")
	}
	h.clock.Advance(6 * time.Second)
	g.tick()
	if g.sess.Game().Len() != 1 || g.sess.Game().LastMove().Kind != core.MovePass || g.sess.Game().ToMove() != core.Prey {
		t.Fatalf("timeout: record %q, to move %v", g.sess.Game().Record(), g.sess.Game().ToMove())
	}
	if !strings.Contains(g.movesText(), translations.T("game.pass")) {
		t.Fatalf("move list %q does not show the pass", g.movesText())
	}
	if g.noticeLabel.Text != translations.T("game.pass_timeout") || !g.noticeLabel.Visible() {
		t.Fatalf("notice %q", g.noticeLabel.Text)
	}
	if g.timer.Remaining() != 15*time.Second || !g.timer.Running() {
		t.Fatal("the other side's timer must start afresh")
	}
}

func TestTimerOffAndPausedUnderSettings(t *testing.T) {
	fa := test.NewTempApp(t)
	fa.Preferences().SetInt(storage.KeyTimer, 0)
	h := newHarness(t, fa)
	g := h.startGame(0, match.ModeTwoPlayers)
	if g.timer.Running() || g.clockLabel.Text != translations.T("game.timer_off") {
		t.Fatal("timer off: no countdown, and a label saying so")
	}
	s := h.a.settings
	s.Timer = 30
	h.a.setSettings(s)
	g.board.OnMove(g.sess.Game().LegalMoves()[0])
	if !g.timer.Running() {
		t.Fatal("the new timer setting applies from the next turn")
	}
	test.Tap(g.settingsBtn)
	h.clock.Advance(time.Minute)
	g.tick()
	if g.sess.Game().Len() != 1 {
		t.Fatal("the timer must be paused while the settings cover the game")
	}
	h.a.back()
	if h.gameScreen() != g || g.timer.Remaining() != 30*time.Second {
		t.Fatalf("back in the game: remaining %v", g.timer.Remaining())
	}
}

func TestPassAndPlayAlternates(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	g := h.startGame(1, match.ModeTwoPlayers) // Wolf Carries the Pig: the pigs open
	info := g.info
	for i := 0; i < 6; i++ {
		side := g.sess.Game().ToMove()
		want := translations.TData("game.to_move", map[string]any{"Side": sideName(info, side)})
		if g.turnLabel.Text != want || g.board.ReadOnly() || g.sess.Thinking() {
			t.Fatalf("ply %d: label %q (want %q), read-only %v, thinking %v", i, g.turnLabel.Text, want, g.board.ReadOnly(), g.sess.Thinking())
		}
		m := g.sess.Game().LegalMoves()[0]
		tapMove(t, g.board, m)
		h.drain()
		if g.sess.Game().Len() != i+1 || g.sess.Game().ToMove() == side {
			t.Fatalf("ply %d: the move did not pass the turn", i)
		}
	}
	if strings.Count(g.movesText(), "\n") != 2 {
		t.Fatalf("six moves make three lines: %q", g.movesText())
	}
}

func TestGameOverShowsReason(t *testing.T) {
	for _, tc := range []struct {
		game, record, last, reason string
		result                     core.Result
	}{
		{"surround-the-lion", "c3-c2 b1-b2 c2-b1 d1-c1", "b1-S", "reason.lion_trapped", core.PreyWins},
		{"deer-chess", "", "c5-b6", "reason.deer_cliff", core.PreyWins},
	} {
		t.Run(tc.game, func(t *testing.T) {
			h := newHarness(t, test.NewTempApp(t))
			g0, err := core.LoadRecord(tc.game, tc.record)
			if err != nil {
				t.Fatal(err)
			}
			h.a.startGame(g0, match.ModeTwoPlayers)
			g := h.gameScreen()
			pos := g0.Position()
			m, err := pos.ParseMove(tc.last)
			if err != nil {
				t.Fatal(err)
			}
			g.sess.HumanMove(m)
			if g.sess.Game().Outcome().Result != tc.result || g.overDialog == nil {
				t.Fatalf("outcome %v, dialog %v", g.sess.Game().Outcome(), g.overDialog != nil)
			}
			shown := texts(h.a.Window())
			for _, want := range []string{translations.T("gameover.title"), translations.T(tc.reason),
				translations.TData("gameover.prey_wins", map[string]any{"Prey": sideName(g.info, core.Prey)}),
				translations.T("gameover.play_again"), translations.T("gameover.home")} {
				if !strings.Contains(shown, want) {
					t.Errorf("the game-over dialog lacks %q; shown:\n%s", want, shown)
				}
			}
			// The dialog follows a language switch.
			translations.SetLanguage(translations.Chinese)
			if !strings.Contains(texts(h.a.Window()), translations.T(tc.reason)) {
				t.Error("the game-over dialog must be relabelled")
			}
			translations.SetLanguage(translations.English)
			if !g.board.ReadOnly() || h.a.hasSaved() {
				t.Error("a finished game is read-only and not saved")
			}
			g.playAgain()
			if n := h.gameScreen(); n == g || n.sess.Game().Len() != 0 || n.sess.Mode() != match.ModeTwoPlayers {
				t.Error("Play again starts a fresh game in the same mode")
			}
		})
	}
	// The captures reason names the count and the prey.
	h := newHarness(t, test.NewTempApp(t))
	pos, err := core.ParsePosition("wolf-carries-pig", "predator:b5,c5,d5 prey:a1,b1,c1,d1,e1,a2,b2,c2 turn:predator captured:7 hand:0")
	if err != nil {
		t.Fatal(err)
	}
	h.a.startGame(core.NewGameFrom(pos), match.ModeTwoPlayers)
	_, reason := h.gameScreen().outcomeTexts()
	if want := translations.TData("reason.captures", map[string]any{"Count": 7, "Prey": translations.T("side.pigs")}); reason != want {
		t.Errorf("reason %q, want %q", reason, want)
	}
}

// Against the AI, the notice that the player's time ran out stays on screen
// after the AI's answer, until the player acts again.
func TestTimeoutNoticeStaysUntilPlayerActs(t *testing.T) {
	fa := test.NewTempApp(t)
	fa.Preferences().SetInt(storage.KeyTimer, 15)
	h := newHarness(t, fa)
	g := h.startGame(0, match.ModeVsAIAsPredator) // the player's wolf opens
	h.clock.Advance(16 * time.Second)
	g.tick()
	if g.sess.Game().Len() != 1 || g.sess.Game().LastMove().Kind != core.MovePass {
		t.Fatalf("timeout: record %q", g.sess.Game().Record())
	}
	h.waitFor("the AI's answer", func() bool { return g.sess.Game().Len() == 2 && g.sess.HumanTurn() })
	if g.sess.Game().LastMove().Kind == core.MovePass {
		t.Fatal("the AI should have moved, not passed")
	}
	want := translations.T("game.pass_timeout")
	if g.noticeLabel.Text != want || !g.noticeLabel.Visible() {
		t.Fatalf("after the AI's move the notice is %q (visible %v), want %q", g.noticeLabel.Text, g.noticeLabel.Visible(), want)
	}
	g.board.OnMove(g.sess.Game().LegalMoves()[0])
	if g.noticeLabel.Visible() && g.noticeLabel.Text == want {
		t.Fatal("the player's move must clear the notice")
	}
}

// The panel says which side the player has and the AI's level; against the
// AI the end says "You won!" or "You lost", in both languages.
func TestPanelShowsSideLevelAndPersonalResult(t *testing.T) {
	// The AI waits, then plays the move it is sent (the lion's last step).
	moves := make(chan core.Move, 1)
	block := func(ctx context.Context, g *core.Game, _ match.Level) ai.Result {
		select {
		case <-ctx.Done():
			return ai.Result{}
		case m := <-moves:
			return ai.Result{Move: m}
		}
	}
	for _, tc := range []struct {
		mode match.Mode
		won  bool
	}{{match.ModeVsAIAsPrey, true}, {match.ModeVsAIAsPredator, false}} {
		for _, lang := range translations.Languages {
			t.Run(string(tc.mode)+"/"+string(lang), func(t *testing.T) {
				h := newHarness(t, test.NewTempApp(t), withThink(block))
				translations.SetLanguage(lang)
				g0, err := core.LoadRecord("surround-the-lion", "c3-c2 b1-b2 c2-b1 d1-c1")
				if err != nil {
					t.Fatal(err)
				}
				h.a.startGame(g0, tc.mode)
				g := h.gameScreen()
				want := translations.TData("game.you_play", map[string]any{
					"Side": sideName(g.info, tc.mode.HumanSide()), "Level": translations.T("level.medium")})
				if g.playerLabel.Text != want || !strings.Contains(texts(h.a.Window()), want) {
					t.Fatalf("player line %q, want %q", g.playerLabel.Text, want)
				}
				pos := g0.Position()
				m, err := pos.ParseMove("b1-S") // the lion steps into a trap
				if err != nil {
					t.Fatal(err)
				}
				if g.sess.HumanTurn() {
					g.sess.HumanMove(m)
				} else {
					moves <- m
					h.waitFor("the lion's move", func() bool { return g.sess.Game().Len() == 5 })
				}
				id := "gameover.you_lost"
				if tc.won {
					id = "gameover.you_won"
				}
				if !strings.Contains(texts(h.a.Window()), translations.T(id)) {
					t.Fatalf("the game-over dialog lacks %q; shown:\n%s", translations.T(id), texts(h.a.Window()))
				}
			})
		}
	}
	h := newHarness(t, test.NewTempApp(t), withThink(block))
	g := h.startGame(0, match.ModeWatch)
	if want := translations.TData("game.watching", map[string]any{"Level": translations.T("level.medium")}); g.playerLabel.Text != want {
		t.Fatalf("watching: %q, want %q", g.playerLabel.Text, want)
	}
	g.a.back()
	g = h.startGame(0, match.ModeTwoPlayers)
	if g.playerLabel.Text != translations.T("mode.two_players") {
		t.Fatalf("two players: %q", g.playerLabel.Text)
	}
}

func TestLeaveAsksForUnfinishedGame(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	g := h.startGame(0, match.ModeTwoPlayers)
	test.Tap(g.homeBtn) // nothing played yet: no question
	h.home()
	g = h.startGame(0, match.ModeTwoPlayers)
	g.board.OnMove(g.sess.Game().LegalMoves()[0])
	test.Tap(g.homeBtn)
	if g.askDialog == nil || h.a.top() != screen(g) {
		t.Fatal("leaving an unfinished game must ask")
	}
	test.Tap(overlayButton(t, h.a.Window(), translations.T("dialog.cancel")))
	if h.a.top() != screen(g) {
		t.Fatal("Cancel stays in the game")
	}
	test.Tap(g.homeBtn)
	test.Tap(overlayButton(t, h.a.Window(), translations.T("leave.confirm")))
	h.home()
	if !h.a.hasSaved() {
		t.Fatal("the game left is saved")
	}
}

func TestCaptureMarkAndTray(t *testing.T) {
	for _, id := range []string{"beat-the-wolf", "surround-the-lion"} { // the lion's 挑 too
		t.Run(id, func(t *testing.T) {
			h := newHarness(t, test.NewTempApp(t))
			g0 := firstCaptureGame(t, id)
			h.a.startGame(g0, match.ModeTwoPlayers)
			g := h.gameScreen()
			last := g0.LastMove()
			mark := strings.Replace(last.String(), "-", "×", 1)
			if !strings.Contains(g.movesText(), mark) || displayMove(last) != mark {
				t.Fatalf("move list %q lacks %q", g.movesText(), mark)
			}
			if strings.Contains(g0.Record(), "×") {
				t.Fatalf("the record keeps docs/RULES.md notation: %q", g0.Record())
			}
			if c, n := g.tray.Counts(); c != g0.Captured() || n != g0.Info().CapturesToWin || c == 0 {
				t.Fatalf("tray %d/%d, want %d/%d", c, n, g0.Captured(), g0.Info().CapturesToWin)
			}
		})
	}
}

// movesText is the moves as the move list shows them: one line per pair of moves.
func (s *gameScreen) movesText() string {
	var b strings.Builder
	moves := s.sess.Game().Moves()
	for i := 0; i < len(moves); i += 2 {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(strconv.Itoa(i/2+1) + ".  " + displayMove(moves[i]))
		if i+1 < len(moves) {
			b.WriteString("   " + displayMove(moves[i+1]))
		}
	}
	return b.String()
}

// With move confirmation on, a move waits for Play it (or Cancel); off, it
// is played at once.
func TestMoveConfirmation(t *testing.T) {
	fa := test.NewTempApp(t)
	fa.Preferences().SetBool(storage.KeyConfirm, true)
	h := newHarness(t, fa, withThink(blockThink))
	g := h.startGame(0, match.ModeTwoPlayers)
	m := g.sess.Game().LegalMoves()[0]
	tapMove(t, g.board, m)
	if g.sess.Game().Len() != 0 || g.pendingMove() != m || !g.confirm.bar.Visible() {
		t.Fatalf("the move waits: %d played, pending %v", g.sess.Game().Len(), g.pendingMove())
	}
	if g.board.GamePosition() != g.sess.Game().Position().After(m) || !g.board.ReadOnly() {
		t.Fatal("the board shows the move waiting, and takes no other")
	}
	if !strings.Contains(texts(h.a.Window()), displayMove(m)) {
		t.Fatal("the bar names the move")
	}
	test.Tap(g.confirm.no)
	if g.sess.Game().Len() != 0 || g.board.GamePosition() != g.sess.Game().Position() || g.board.ReadOnly() || g.confirm.bar.Visible() {
		t.Fatal("Cancel takes the move back")
	}
	tapMove(t, g.board, m)
	test.Tap(g.confirm.ok)
	if g.sess.Game().Len() != 1 || g.sess.Game().LastMove() != m || g.confirm.bar.Visible() {
		t.Fatalf("Play it plays the move: %d played", g.sess.Game().Len())
	}
	// Browsing an earlier position drops the move waiting.
	g.board.OnMove(g.sess.Game().LegalMoves()[0])
	g.showPly(0)
	if g.pendingMove().Kind != core.MoveNone || g.confirm.bar.Visible() || g.sess.Game().Len() != 1 {
		t.Fatal("browsing drops the move waiting")
	}
	g.endBrowse()
	// By keyboard: Enter plays the move waiting, Escape takes it back.
	m = g.sess.Game().LegalMoves()[0]
	g.board.OnMove(m)
	h.a.typedKey(&fyne.KeyEvent{Name: fyne.KeyEscape})
	if g.sess.Game().Len() != 1 || g.pendingMove().Kind != core.MoveNone {
		t.Fatal("Escape takes the move back")
	}
	g.board.OnMove(m)
	g.board.TypedKey(&fyne.KeyEvent{Name: fyne.KeyReturn}) // the focused board passes Enter on
	if g.sess.Game().Len() != 2 {
		t.Fatal("Enter plays the move waiting")
	}
	// Off: at once.
	s := h.a.settings
	s.ConfirmMoves = false
	h.a.setSettings(s)
	g.board.OnMove(g.sess.Game().LegalMoves()[0])
	if g.sess.Game().Len() != 3 {
		t.Fatal("without confirmation the move is played at once")
	}
}

// The last move stays marked on the board after Undo (the
// move now last) and in a resumed game.
func TestLastMoveMarkedAfterUndoAndResume(t *testing.T) {
	fa := test.NewTempApp(t)
	h := newHarness(t, fa)
	g := h.startGame(0, match.ModeTwoPlayers)
	for range 3 {
		g.board.OnMove(g.sess.Game().LegalMoves()[0])
		h.drain()
	}
	first := g.sess.Game().Moves()[1]
	g.undo()
	if g.sess.Game().Len() != 2 || g.board.LastMove() != first {
		t.Fatalf("after Undo: marked %v, want %v", g.board.LastMove(), first)
	}
	g.undo()
	g.undo()
	if g.board.LastMove().Kind != core.MoveNone {
		t.Fatalf("back at the start: marked %v", g.board.LastMove())
	}
	g.redo()
	g.redo()
	h.a.showHome() // saved
	h.a.resumeSaved(g.info.Key)
	r := h.gameScreen()
	if r == g || r.board.LastMove() != first {
		t.Fatalf("resumed: marked %v, want %v", r.board.LastMove(), first)
	}
}

// Leaving a game loses nothing (it stays saved), so
// Leave is not in the danger colour; Resign, which ends the game, is.
func TestLeaveIsNotDanger(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	g := h.startGame(0, match.ModeTwoPlayers)
	g.board.OnMove(g.sess.Game().LegalMoves()[0])
	test.Tap(g.homeBtn)
	if b := overlayButton(t, h.a.Window(), translations.T("leave.confirm")); b.Importance == widget.DangerImportance {
		t.Fatal("Leave is shown in the danger colour, though the game is kept")
	}
	test.Tap(overlayButton(t, h.a.Window(), translations.T("dialog.cancel")))
	test.Tap(g.resignBtn)
	if b := overlayButton(t, h.a.Window(), translations.T("game.resign")); b.Importance != widget.DangerImportance {
		t.Fatal("Resign ends the game: its answer keeps the danger colour")
	}
}

// The orange ring on deer chess's gate is explained on
// the game screen, in both languages; no other board has a gate, nor the
// line.
func TestGateRingExplained(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t), withThink(blockThink))
	for _, lang := range translations.Languages {
		translations.SetLanguage(lang)
		g := h.startGame(3, match.ModeTwoPlayers)
		if g.gateLegend == nil || !g.gateLegend.Visible() || !strings.Contains(g.gateLegend.Text, "c5") ||
			!strings.Contains(texts(h.a.Window()), g.gateLegend.Text) {
			t.Fatalf("%s: deer chess does not say what the ring on c5 is", lang)
		}
		g.home()
	}
	// Whether a board has the line does not depend on the language: the
	// other games once.
	for i := range 3 {
		if g := h.startGame(i, match.ModeTwoPlayers); g.gateLegend != nil {
			t.Fatalf("%s has no gate, but says %q", g.info.Key, g.gateLegend.Text)
		}
		h.gameScreen().home()
	}
}

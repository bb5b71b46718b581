//go:build ci

package app

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"huntchess/core"
	"huntchess/match"
	"huntchess/storage"
	"huntchess/translations"
	"huntchess/widgets"
)

// Issue 22: the home screen's pictures, the rules beside their diagram, the
// game history, move confirmation, board and piece styles.

// Each home card shows its game's board at the start, read-only; a phone
// shows at least two whole cards without scrolling, a desktop all four.
func TestHomeCardsShowBoards(t *testing.T) {
	for _, c := range []struct {
		size  fyne.Size
		cards int
	}{{fyne.NewSize(390, 844), 2}, {fyne.NewSize(1024, 720), 4}} {
		for _, lang := range translations.Languages {
			t.Run(fmt.Sprintf("%vx%v/%s", c.size.Width, c.size.Height, lang), func(t *testing.T) {
				h := newHarness(t, test.NewTempApp(t))
				translations.SetLanguage(lang)
				h.a.Window().Resize(c.size)
				hs := h.home()
				for i, info := range core.Games() {
					b := hs.previews[i]
					_, tappable := fyne.CanvasObject(b).(fyne.Tappable)
					if tappable || b.GamePosition() != info.Start() {
						t.Errorf("card %d: the picture is the read-only start of %s", i, info.Key)
					}
					if b.Size().Width < 90 || b.Size().Height < 90 {
						t.Errorf("card %d: the picture is %v", i, b.Size())
					}
				}
				view := hs.scroll.Size().Height
				whole := 0
				for _, card := range hs.titles {
					if card.Position().Y+card.Size().Height <= view+1 {
						whole++
					}
				}
				if whole < c.cards {
					t.Errorf("%d whole cards in a view %v tall, want at least %d", whole, view, c.cards)
				}
				if c.cards == 4 && hs.scroll.Content.Size().Height > view+1 {
					t.Errorf("the desktop home scrolls: %v in %v", hs.scroll.Content.Size().Height, view)
				}
				test.Tap(hs.pictureTaps[1])
				if n, ok := h.a.top().(*setupScreen); !ok || n.info != core.Games()[1] {
					t.Fatalf("a tap on the picture opens the new game: %T", h.a.top())
				}
				h.a.back()
				h.home()
				shown := texts(h.a.Window())
				for _, info := range core.Games() {
					gt := translations.Game(info.Key)
					if !strings.Contains(shown, gt.Title) || !strings.Contains(shown, gt.OtherTitle) {
						t.Errorf("%s: both names are shown", info.Key)
					}
				}
			})
		}
	}
}

// The rules: on a wide window the diagram stands beside the text, on a
// phone it is in the page; the title wraps, whole, in both.
func TestRulesDiagramBesideText(t *testing.T) {
	layoutOnly(t)
	for _, lang := range translations.Languages {
		h := newHarness(t, test.NewTempApp(t))
		translations.SetLanguage(lang)
		test.Tap(h.home().rulesBtns[3]) // deer chess: the longest name
		r := h.a.top().(*rulesScreen)
		d := fyne.CurrentApp().Driver()
		if r.side.Visible() || !r.diagram.Visible() {
			t.Fatalf("%s phone: the diagram is in the page", lang)
		}
		gt := translations.Game("deer-chess")
		full := gt.Title + " · " + gt.OtherTitle
		if got := strings.ReplaceAll(r.title.ShownText(), "\n", " "); got != full && strings.ReplaceAll(r.title.ShownText(), "\n", "") != full {
			t.Errorf("%s phone: the title shows %q, want %q whole", lang, r.title.ShownText(), full)
		}
		h.a.Window().Resize(fyne.NewSize(1024, 720))
		if !r.side.Visible() || r.diagram.Visible() {
			t.Fatalf("%s desktop: the diagram is beside the text", lang)
		}
		bp, sp := d.AbsolutePositionForObject(r.board), d.AbsolutePositionForObject(r.scroll)
		if bp.X+r.board.Size().Width > sp.X+1 || r.board.Size().Height < 400 {
			t.Errorf("%s desktop: the board (%v, %v) is not beside the text (at %v)", lang, bp, r.board.Size(), sp)
		}
		h.a.Window().Resize(fyne.NewSize(390, 844))
		if r.side.Visible() || !r.diagram.Visible() {
			t.Fatalf("%s: back on a phone, the diagram is in the page again", lang)
		}
	}
}

// A game that ends is kept in the history and counted in the statistics;
// the history lists it, replays it move by move, and plays on from a
// position as a new game.
func TestHistoryRecordsReplaysAndPlaysOn(t *testing.T) {
	fa := test.NewTempApp(t)
	h := newHarness(t, fa)
	g := h.startGame(0, match.ModeVsAIAsPredator)
	for range 2 {
		g.board.OnMove(g.sess.Game().LegalMoves()[0])
		h.waitFor("the AI's reply", func() bool { return g.sess.HumanTurn() })
	}
	test.Tap(g.resignBtn)
	test.Tap(overlayButton(t, h.a.Window(), translations.T("game.resign")))
	if n := h.a.history.Len(); n != 1 {
		t.Fatalf("%d games in the history after a resignation", n)
	}
	if st := storage.LoadStats(h.a.prefs); st[storage.StatKey("beat-the-wolf", core.Predator, h.a.settings.Level)].Lost != 1 {
		t.Fatalf("the statistics count it: %+v", st)
	}
	g.dismissGameOver()
	g.home()
	// A new app on the same storage reads it back.
	h.a.Close()
	h2 := newHarness(t, fa)
	test.Tap(h2.home().historyBtn)
	hs, ok := h2.a.top().(*historyScreen)
	if !ok || len(hs.open) != 1 {
		t.Fatalf("the history lists the game: %T", h2.a.top())
	}
	shown := texts(h2.a.Window())
	for _, want := range []string{translations.Game("beat-the-wolf").Title, translations.T("gameover.you_lost"), levelLabel(h2.a.settings.Level)} {
		if !strings.Contains(shown, want) {
			t.Errorf("the list lacks %q", want)
		}
	}
	test.Tap(hs.open[0])
	r, ok := h2.a.top().(*replayScreen)
	if !ok {
		t.Fatalf("Replay opens %T", h2.a.top())
	}
	if r.cur != r.game.Len() || r.game.Len() != 4 {
		t.Fatalf("the replay opens at the end: %d of %d", r.cur, r.game.Len())
	}
	test.Tap(r.first)
	test.Tap(r.next)
	if r.cur != 1 || r.board.GamePosition() != r.game.Start().After(r.game.Moves()[0]) {
		t.Fatalf("one move on from the start: at %d", r.cur)
	}
	if r.playFrom.Disabled() {
		t.Fatal("play on is offered from a position of a resigned game")
	}
	test.Tap(r.reviewBtn)
	if _, ok := h2.a.top().(*reviewScreen); !ok {
		t.Fatalf("Review opens %T", h2.a.top())
	}
	h2.a.back()
	test.Tap(r.copyBtn)
	if got := fa.Clipboard().Content(); !strings.Contains(got, r.game.Moves()[0].String()) {
		t.Fatalf("Copy put %q on the clipboard", got)
	}
	test.Tap(r.next)
	test.Tap(r.playFrom)
	gs := h2.gameScreen()
	if gs.sess.Game().Len() != 2 || gs.sess.Mode() != match.ModeVsAIAsPredator || gs.sess.Over() {
		t.Fatalf("play on from move 2: %d moves, %s", gs.sess.Game().Len(), gs.sess.Mode())
	}
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

// The board and piece styles: chosen in the settings, shown by the preview
// and every board at once, kept.
func TestBoardStylesInSettings(t *testing.T) {
	fa := test.NewTempApp(t)
	h := newHarness(t, fa)
	t.Cleanup(func() { widgets.SetStyle(widgets.DefaultStyle()) })
	test.Tap(h.home().settingsBtn)
	ss := h.a.top().(*settingsScreen)
	if ss.preview == nil || widgets.CurrentStyle() != widgets.DefaultStyle() {
		t.Fatal("a preview, in the default style")
	}
	ss.boardSel.SetSelectedIndex(1)
	ss.piecesSel.SetSelectedIndex(1)
	if got := widgets.CurrentStyle(); got.Board != widgets.BoardPaper || got.Pieces != widgets.PiecesShapes {
		t.Fatalf("the style is %+v", got)
	}
	ss = h.a.top().(*settingsScreen)
	for _, o := range test.LaidOutObjects(ss.preview) {
		if tx, ok := o.(*canvas.Text); ok && tx.Visible() && tx.Text != "" {
			for _, glyph := range widgets.PieceGlyphs {
				if tx.Text == glyph {
					t.Fatalf("plain shapes: the preview draws %q", glyph)
				}
			}
		}
	}
	if s := storage.LoadSettings(h.a.prefs); s.BoardStyle != storage.BoardPaper || s.PieceStyle != storage.PiecesShapes {
		t.Fatalf("kept: %+v", s)
	}
	// The settings fit a phone at every text size with the preview.
	if w := h.a.Window().Content().MinSize().Width; w > 390 {
		t.Fatalf("the settings need %v", w)
	}
}

// The replay steps with the arrow keys; the statistics open the history.
func TestReplayKeysAndStatsHistory(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	g := finishedLionGame(t)
	f, _ := storage.FinishedOf(g, match.ModeTwoPlayers, h.a.settings.Level, h.clock.Now())
	h.a.history.Add(f)
	h.a.showStats()
	test.Tap(h.a.top().(*statsScreen).historyBtn)
	hs, ok := h.a.top().(*historyScreen)
	if !ok || len(hs.open) != 1 {
		t.Fatalf("Statistics → History: %T", h.a.top())
	}
	test.Tap(hs.open[0])
	r := h.a.top().(*replayScreen)
	key := func(k fyne.KeyName) { h.a.typedKey(&fyne.KeyEvent{Name: k}) }
	key(fyne.KeyHome)
	key(fyne.KeyRight)
	key(fyne.KeyRight)
	key(fyne.KeyLeft)
	if r.cur != 1 {
		t.Fatalf("Home → → ←: at %d, want 1", r.cur)
	}
	key(fyne.KeyEnd)
	if r.cur != g.Len() || !r.playFrom.Disabled() {
		t.Fatalf("End: at %d of %d; play on is off at the end the rules made (%v)", r.cur, g.Len(), r.playFrom.Disabled())
	}
}

// finishedLionGame is a Surround the Lion game the rules ended.
func finishedLionGame(t *testing.T) *core.Game {
	t.Helper()
	g := core.NewGameFrom(core.Games()[2].Start())
	for i := 0; i < 400 && !g.Outcome().Over(); i++ {
		_ = g.PlayMove(g.LegalMoves()[0])
	}
	if !g.Outcome().Over() || g.Outcome().ByAgreement() {
		t.Fatalf("the lion game is over by the rules: %v", g.Outcome())
	}
	return g
}

// cutLabels are the labels shown cut (an ellipsis) in w: those narrower
// than their text.
func cutLabels(w fyne.Window) []string {
	var cut []string
	for _, o := range test.LaidOutObjects(w.Content()) {
		l, ok := o.(*widget.Label)
		if !ok || !l.Visible() || l.Truncation == fyne.TextTruncateOff || l.Text == "" || l.Size().Width == 0 {
			continue
		}
		full := widget.NewLabelWithStyle(l.Text, l.Alignment, l.TextStyle)
		full.SizeName = l.SizeName
		if l.Size().Width+0.5 < full.MinSize().Width {
			cut = append(cut, l.Text)
		}
	}
	return cut
}

// No title or heading is cut on a phone, at any text size, in either
// language, on the screens of the issue: home, rules, new game, puzzles,
// the game (playing and browsing), history, replay, settings, statistics.
func TestPhoneTitlesNotCut(t *testing.T) {
	layoutOnly(t)
	for _, scale := range textScales() {
		for _, lang := range translations.Languages {
			t.Run(fmt.Sprintf("%v/%s", scale, lang), func(t *testing.T) {
				fa := test.NewTempApp(t)
				fa.Preferences().SetFloat(storage.KeyTextScale, scale)
				h := newHarness(t, fa, withThink(blockThink))
				translations.SetLanguage(lang)
				check := func(what string) {
					t.Helper()
					h.a.Window().Content().Refresh()
					if cut := cutLabels(h.a.Window()); len(cut) > 0 {
						t.Errorf("%s: cut %q", what, cut)
					}
				}
				check("home")
				info := core.Games()[3] // deer chess: the longest names
				h.a.showRules(info)
				check("rules")
				h.a.back()
				h.a.showNewGame(info)
				check("new game")
				h.a.back()
				h.a.showPuzzles(info)
				check("puzzles")
				h.a.back()
				g := h.startGame(3, match.ModeTwoPlayers)
				for range 6 {
					g.board.OnMove(g.sess.Game().LegalMoves()[0])
				}
				check("game")
				g.showPly(3)
				check("browsing")
				g.endBrowse()
				_ = g.sess.Game().Resign(core.Prey)
				f, _ := storage.FinishedOf(g.sess.Game(), match.ModeTwoPlayers, h.a.settings.Level, h.clock.Now())
				h.a.history.Add(f)
				g.home()
				h.a.showHistory()
				check("history")
				h.a.showReplay(f)
				check("replay")
				h.a.back()
				h.a.back()
				h.a.showSettings()
				check("settings")
				h.a.back()
				h.a.showStats()
				check("statistics")
			})
		}
	}
}

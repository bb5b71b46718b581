package app

import (
	"errors"
	"strconv"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"huntchess/core"
	"huntchess/translations"
	"huntchess/widgets"
)

// The move list as a tool: tapping a move shows the position after it
// (read-only, the game paused), ◀ ▶ step through the game, "Back to game"
// returns; Copy puts the record on the clipboard, Paste loads one.
//
// s.browse is the number of moves played in the position shown, or -1 for
// the game itself.

// displayMove writes a move for the move list: a capture is marked with ×
// (c5×c3); records keep docs/RULES.md's notation (c5-c3).
func displayMove(m core.Move) string {
	t := moveText(m)
	if m.Capt != 0 && (m.Kind == core.MoveStep || m.Kind == core.MoveJump) {
		t = strings.Replace(t, "-", "×", 1)
	}
	return t
}

// browsing reports whether an earlier position is shown.
func (s *gameScreen) browsing() bool { return s.browse >= 0 }

// positionAfter replays the first n moves of the game.
func positionAfter(g *core.Game, n int) core.Position {
	r := core.NewGameFrom(g.Start())
	for _, m := range g.Moves()[:n] {
		if r.PlayMove(m) != nil && m.Kind == core.MovePass {
			_ = r.Timeout()
		}
	}
	return r.Position()
}

// explore opens the explorer on the game's moves at the position shown.
func (s *gameScreen) explore() {
	n := s.sess.Game().Len()
	if s.browsing() {
		n = s.browse
	}
	s.a.showExploreGame(s.sess.Game(), n)
}

// showPly shows the position after n moves (read-only); n = the number of
// moves played returns to the game.
func (s *gameScreen) showPly(n int) {
	if n < 0 || n > s.sess.Game().Len() {
		return
	}
	if n == s.sess.Game().Len() {
		s.endBrowse()
		return
	}
	if !s.browsing() {
		s.sess.Pause()
		s.board.SetHint(core.Move{})
	}
	s.browse = n
	var last core.Move
	if n > 0 {
		last = s.sess.Game().Moves()[n-1]
	}
	s.board.SetReadOnly(true)
	s.board.SetPosition(positionAfter(s.sess.Game(), n), last)
	s.refresh()
}

// endBrowse shows the game again and lets it go on.
func (s *gameScreen) endBrowse() {
	if !s.browsing() {
		return
	}
	s.browse = -1
	s.board.SetPosition(s.sess.Game().Position(), s.sess.Game().LastMove())
	s.board.SetReadOnly(!s.sess.HumanTurn())
	if !s.covered { // else it goes on once uncovered (cover.go)
		s.sess.Resume()
	}
	s.refresh()
}

// resume goes on after another screen covered the game, unless an earlier
// position is shown: the game stays paused until Back to game.
func (s *gameScreen) resume() {
	if s.browsing() {
		s.refresh()
		return
	}
	s.sess.Resume()
}

// undo, redo and hint (buttons and keys) wait while an earlier position is shown.
func (s *gameScreen) undo() {
	if !s.browsing() {
		s.sess.Undo()
	}
}

func (s *gameScreen) redo() {
	if !s.browsing() {
		s.sess.Redo()
	}
}

func (s *gameScreen) hint() {
	if !s.browsing() {
		s.sess.Hint()
	}
}

// moveRows is the number of rows of the move list (two moves a row).
// A game the players ended has its end mark after the last move.
func (s *gameScreen) moveRows() int {
	n := s.sess.Game().Len()
	if s.endMark() != "" {
		n++
	}
	return (n + 1) / 2
}

// newMoveList builds the move list: per row, the move number and two
// cells, one per move, that show the position after it when tapped.
func (s *gameScreen) newMoveList() *widget.List {
	l := widget.NewList(s.moveRows, func() fyne.CanvasObject {
		num := widgets.NewMoveNumberCell()
		return container.NewBorder(nil, nil, num, nil, container.NewGridWithColumns(2, widgets.NewMoveCell(), widgets.NewMoveCell()))
	}, func(id widget.ListItemID, o fyne.CanvasObject) {
		row := o.(*fyne.Container).Objects
		row[1].(*widgets.MoveCell).Set(strconv.Itoa(id+1)+".", false, nil)
		cells := append([]fyne.CanvasObject{nil}, row[0].(*fyne.Container).Objects...)
		moves := s.sess.Game().Moves()
		for k := 0; k < 2; k++ {
			c := cells[k+1].(*widgets.MoveCell)
			i := 2*id + k
			if i == len(moves) {
				c.Set(s.endMark(), false, nil) // "" while the game goes on
				continue
			}
			if i > len(moves) {
				c.Set("", false, nil)
				continue
			}
			ply := i + 1
			current := s.browse == ply || (!s.browsing() && ply == len(moves))
			c.Set(displayMove(moves[i]), current, func() { s.showPly(ply) })
		}
	})
	l.HideSeparators = true
	return l
}

// browseBar is the heading of the move list with Copy and Paste or, while
// an earlier position is shown, ◀ ▶, the move shown and Back to game.
func (s *gameScreen) browseBar() fyne.CanvasObject {
	s.prevBtn = widget.NewButtonWithIcon("", theme.NavigateBackIcon(), func() {
		if s.browsing() {
			s.showPly(s.browse - 1)
		} else {
			s.showPly(s.sess.Game().Len() - 1)
		}
	})
	s.nextBtn = widget.NewButtonWithIcon("", theme.NavigateNextIcon(), func() {
		if s.browsing() {
			s.showPly(s.browse + 1)
		}
	})
	s.liveBtn = widget.NewButtonWithIcon(translations.T("moves.back_to_game"), theme.MediaPlayIcon(), s.endBrowse)
	s.liveBtn.Importance = widget.HighImportance
	s.browseLabel = widgets.NewFitLabel() // shortens by design (titles.go)
	s.browseRow = container.NewBorder(nil, nil, container.NewHBox(s.prevBtn, s.nextBtn), s.liveBtn, s.browseLabel)
	head := widget.NewLabelWithStyle(translations.T("game.moves"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	// Review, Copy and Paste share the heading's width and drop their icons
	// together where it is short (large text on a phone).
	s.movesHead = container.NewBorder(nil, nil, head, nil, widgets.NewIconGroup().Row(s.reviewBtn, s.copyBtn, s.pasteBtn))
	// While a position is browsed, the bar takes the place of the heading.
	return container.NewStack(s.movesHead, s.browseRow)
}

// browseText says which position is shown: "After 3. c5×c3 · view only".
func (s *gameScreen) browseText() string {
	if s.browse <= 0 {
		return translations.T("moves.viewing_start")
	}
	return translations.TData("moves.viewing", map[string]any{
		"Number": (s.browse + 1) / 2, "Move": displayMove(s.sess.Game().Moves()[s.browse-1])})
}

// refreshMoves updates the move list and the browse bar.
func (s *gameScreen) refreshMoves() {
	if s.movesList == nil {
		return
	}
	s.movesList.Refresh()
	if s.browsing() {
		s.browseLabel.SetForms(s.browseForms()...)
		s.browseRow.Show()
		s.movesHead.Hide()
		setEnabled(s.prevBtn, s.browse > 0)
		s.movesList.ScrollTo(max(0, (s.browse-1)/2))
	} else {
		s.browseRow.Hide()
		s.movesHead.Show()
		s.movesList.ScrollToBottom()
	}
}

// ---- copy and paste ------------------------------------------------------------

// recordText is the game as copied: the game's ID, a colon, then the record
// in docs/RULES.md notation ("beat-the-wolf: d4-d5 c3-c4").
func recordText(g *core.Game) string {
	return strings.TrimSpace(g.Info().Key + ": " + g.Record())
}

// recordError is why a pasted text is not a record: a message ID and its data.
type recordError struct {
	id   string
	data map[string]any
}

func (e *recordError) Error() string { return e.id }

// parseRecord reads a pasted record: an optional "game-id:" first (default
// game id), then moves in docs/RULES.md notation.
func parseRecord(id, text string) (*core.Game, *recordError) {
	text = strings.TrimSpace(text)
	if text == "" {
		return nil, &recordError{id: "paste.empty"}
	}
	if head, rest, ok := strings.Cut(text, ":"); ok && !strings.ContainsAny(head, " \t\n") {
		if _, err := core.Lookup(head); err != nil {
			return nil, &recordError{id: "paste.unknown_game", data: map[string]any{"Name": head}}
		}
		id, text = head, rest
	}
	g, err := core.LoadRecord(id, text)
	if err == nil {
		return g, nil
	}
	// Name the first move that does not fit (the record is replayed once:
	// a long paste takes no longer than its moves).
	var bad *core.RecordError
	if errors.As(err, &bad) {
		return nil, &recordError{id: "paste.bad_move", data: map[string]any{
			"Game": translations.Game(id).Title, "Number": bad.Move, "Move": bad.Text}}
	}
	return nil, &recordError{id: "paste.bad_move", data: map[string]any{
		"Game": translations.Game(id).Title, "Number": len(strings.Fields(text)), "Move": "?"}}
}

// copyRecord puts the game's record on the clipboard.
func (s *gameScreen) copyRecord() {
	s.a.fa.Clipboard().SetContent(recordText(s.sess.Game()))
	s.sess.SetNotice("paste.copied", nil)
}

// pasteRecord loads the record on the clipboard as a new game (same mode),
// after asking when it would replace an unfinished game; a bad record is
// explained in a dialog.
func (s *gameScreen) pasteRecord() {
	g, rerr := parseRecord(s.info.Key, s.a.fa.Clipboard().Content())
	if rerr != nil {
		s.pasteErr = translations.TData(rerr.id, rerr.data)
		s.a.showMessage(translations.T("paste.error_title"), s.pasteErr)
		return
	}
	s.pasteErr = ""
	load := func() {
		s.a.saves.Of(s.info.Key).Clear()
		s.a.replace(newGameScreen(s.a, g, s.sess.Mode(), s.sess.Level(), 0))
	}
	if s.sess.Over() || s.sess.Game().Len() == 0 {
		load()
		return
	}
	s.ask(translations.T("newgame.confirm_title"), translations.TData("newgame.confirm_message", map[string]any{
		"Game": translations.Game(s.info.Key).Title, "Move": moveNumber(s.sess.Game())}),
		translations.T("paste.confirm"), load)
}

// showMessage shows a message with OK, hugging its wrapped text (like the
// start dialogs: no empty band above OK).
func (a *App) showMessage(title, msg string) {
	body := widgets.NewParagraphWithStyle(msg, fyne.TextAlignCenter, fyne.TextStyle{})
	d := dialog.NewCustomWithoutButtons(title, body, a.win)
	d.SetButtons([]fyne.CanvasObject{widget.NewButton(translations.T("dialog.ok"), d.Hide)})
	a.showFitted(d, msg, 600)
}

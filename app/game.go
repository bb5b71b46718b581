package app

import (
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"huntchess/ai"
	"huntchess/core"
	"huntchess/match"
	"huntchess/session"
	"huntchess/storage"
	"huntchess/translations"
	"huntchess/widgets"
)

// gameScreen is a game in progress: the board, the panel with whose turn it
// is, the countdown, captures, dogs in hand, the move list and the buttons.
// The flow of the turns (AI, timer, hints, undo) is its session, sess;
// the screen shows it, ticks the timer and saves the game.
type gameScreen struct {
	sess *session.Session
	a    *App
	info *core.GameInfo
	// release ends the screen's hold on the game's table files
	// (tables.Owner.Hold: the hints' words probe them on the UI goroutine).
	release func()

	board     *widgets.Board
	timer     *session.Countdown // the turn timer's logic, ticked by s.ticker
	timerView *widgets.Timer     // and its display
	stopTick  chan struct{}
	// covered: a screen, dialog or pop-up covers the game, which is
	// paused meanwhile (cover.go).
	covered bool

	overDialog dialog.Dialog
	overOpen   bool   // the game-over dialog is on screen
	overText   string // winner and reason, as shown in the game-over dialog

	// widgets of the current content, for refresh and tests
	turnLabel, clockLabel                  *widget.Label
	playerLabel                            *widget.Label // the player's side and the AI level
	noticeLabel                            *widgets.Paragraph
	noticeBox                              *fyne.Container    // the notice over the move list
	gateLegend                             *widgets.Paragraph // what the ring on the gate is (deer chess; nil elsewhere)
	details                                hintDetails        // the hint's facts under Details (hintdetails.go)
	capturedLabel, inHandLabel             *widget.Label
	undoBtn, redoBtn, hintBtn, passBtn     *widget.Button
	newBtn, rulesBtn, settingsBtn, homeBtn *widget.Button
	tray                                   *widgets.CaptureTray

	// resign, copy and paste (resign.go, movelist.go); askDialog is the
	// confirmation on screen (resign, leave, paste over a game).
	resignBtn, copyBtn, pasteBtn, reviewBtn, exploreBtn *widget.Button
	askDialog                                           *question
	// drawBtn offers a draw; drawDialog asks a person to answer one offered
	// by drawBy (draw.go).
	drawBtn    *widget.Button
	drawDialog dialog.Dialog
	drawBy     core.Side
	pasteErr   string // the last paste error shown
	// the move list as a tool (movelist.go): browse is the number of moves
	// of the position shown, -1 for the game itself.
	browse                     int
	movesList                  *widget.List
	browseRow, movesHead       *fyne.Container
	browseLabel                *widgets.FitLabel
	prevBtn, nextBtn, liveBtn  *widget.Button
	holdBtn, stepBtn, speedBtn *widget.Button // watch mode (watch.go)
	// counted: the result went into the statistics (stats.go), or the
	// game was over when the screen opened.
	counted bool
	// lowTick: the seconds left when the low-time sound or the last tick
	// played this turn (0: none yet); overSounded: the game-over sound
	// played (sound.go).
	lowTick     int
	overSounded bool
	tables      tableView    // the endgame table's status, hints in words (tablestatus.go)
	banner      *boardBanner // a pass by time over the board (banner.go)

	confirm moveConfirm // a move waiting for confirmation (confirm.go)
}

func newGameScreen(a *App, g *core.Game, mode match.Mode, level match.Level, timeLeft time.Duration) *gameScreen {
	s := &gameScreen{a: a, info: g.Info(), browse: -1, counted: g.Outcome().Over(), release: a.tables.Hold(g.Info().ID)}
	s.board = widgets.NewBoard(g.Position())
	s.board.ShowStill(g.Position(), g.LastMove()) // a resumed or pasted game: its last move marked
	s.board.Do = a.do
	s.board.SetShowLegal(a.settings.ShowLegal)
	s.board.SetAnimations(a.settings.Animations)
	s.timer = session.NewCountdown(a.opts.Clock)
	s.timerView = widgets.NewTimer(s.timer)
	s.sess = session.New(g, mode, level, s.timer, session.Env{
		Think: a.opts.Think, Hint: a.opts.Hint, Do: a.do, WatchDelay: a.opts.WatchDelay,
		TimerSeconds: func() int { return a.settings.Timer }, Saves: a.saves.Of(g.Info().Key),
		AcceptsDraw: a.engine.AcceptsDraw,
	}, timeLeft)
	s.sess.Hooks = session.Hooks{
		Position: func(last core.Move) {
			if !s.sess.Over() { // undone: the result no longer holds
				s.dismissGameOver()
			}
			s.tables.moved()
			if last.Kind == core.MoveNone { // taken back: the move now last stays marked, not played again
				s.board.ShowStill(s.sess.Game().Position(), s.sess.Game().LastMove())
			} else {
				s.board.SetPosition(s.sess.Game().Position(), last)
			}
			s.moveSound(last)
		},
		ReadOnly: s.board.SetReadOnly,
		Refresh:  s.refresh,
		Over:     s.gameOver,
		Hint: func(res ai.Result) {
			s.board.SetHint(res.Move)
			s.tables.found(s.sess.Game(), res, a.hintSources(s.info.ID))
		},
		DrawOffered: s.drawOffered,
	}
	a.tables.Ensure(s.info.ID)
	s.board.OnMove = s.chooseMove // or waits for confirmation (confirm.go)
	s.board.OnKey = a.typedKey
	s.banner, s.timer.OnExpire = newBoardBanner(), s.expired
	if a.opts.TickEvery > 0 {
		s.stopTick = make(chan struct{})
		go s.ticker(a.opts.TickEvery, s.stopTick)
	}
	// The first turn starts once the screen is built (turn needs no widgets,
	// but refresh does): do it now; refresh skips missing widgets.
	s.sess.Start()
	return s
}

// newGame opens the new-game screen for this game.
func (s *gameScreen) newGame() { s.a.showNewGame(s.info) }

// playAgain restarts with the same mode.
func (s *gameScreen) playAgain() {
	s.dismissGameOver()
	s.a.startGame(core.NewGameFrom(s.info.Start()), s.sess.Mode())
}

func (s *gameScreen) home() {
	s.dismissGameOver()
	s.a.showHome()
}

// save stores the game to resume it later (or forgets it when it is over).
func (s *gameScreen) save() { s.sess.Save(s.a.saves.Of(s.info.Key)) }

func (s *gameScreen) close() {
	s.release()
	if s.sess.Closed() {
		return
	}
	s.sess.Stop()
	s.dismissAsk()
	if s.stopTick != nil {
		close(s.stopTick)
	}
	s.dismissGameOver()
}

// settingsChanged applies new settings to the game in progress. A new level
// is used from the AI's next move; a new timer from the next turn (off: at once).
func (s *gameScreen) settingsChanged(old, cur storage.Settings) {
	s.sess.SetLevel(cur.Level)
	s.board.SetShowLegal(cur.ShowLegal)
	s.board.SetAnimations(cur.Animations)
	if cur.Timer == 0 {
		s.timer.Start(0)
	}
	s.refresh()
}

// ticker checks the turn timer until stop is closed.
func (s *gameScreen) ticker(every time.Duration, stop chan struct{}) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-stop:
			return
		case <-t.C:
			s.a.do(s.tick)
		}
	}
}

// tick advances the turn timer (it may expire) and redraws the countdown.
func (s *gameScreen) tick() {
	if s.sess.Closed() {
		return
	}
	s.a.coverChanged() // never runs out while covered, whatever covers it
	s.timer.Tick()
	s.timerView.Refresh()
	s.lowTimeSound()
	s.refreshClock()
}

// ---- texts ------------------------------------------------------------------

// moveText writes a move for the move list.
func moveText(m core.Move) string {
	if m.Kind == core.MovePass {
		return translations.T("game.pass")
	}
	return m.String()
}

// turnText is the line saying whose turn it is.
func (s *gameScreen) turnText() string {
	if s.sess.Over() {
		return translations.T("gameover.title")
	}
	side := s.sess.Game().ToMove()
	if s.sess.Mode().AIPlays(side) {
		if s.sess.Mode() == match.ModeWatch {
			state := translations.T("game.ai_thinking")
			if s.sess.Held() {
				state = translations.T("watch.paused")
			}
			return translations.TData("game.to_move", map[string]any{"Side": sideName(s.info, side)}) + " · " + state
		}
		return translations.T("game.ai_thinking")
	}
	if s.sess.Mode().VsAI() {
		return translations.T("game.your_turn")
	}
	return translations.TData("game.to_move", map[string]any{"Side": sideName(s.info, side)})
}

// playerText says who plays what: the player's side and the AI's level
// against the AI, the level when watching, or the two-player mode.
func (s *gameScreen) playerText() string {
	switch {
	case s.sess.Mode().VsAI():
		return translations.TData("game.you_play", map[string]any{
			"Side": sideName(s.info, s.sess.Mode().HumanSide()), "Level": levelLabel(s.sess.Level())})
	case s.sess.Mode() == match.ModeWatch:
		return translations.TData("game.watching", map[string]any{"Level": levelLabel(s.sess.Level())})
	}
	return translations.T("mode.two_players")
}

// clockText is shown instead of the countdown when the timer is off.
func (s *gameScreen) clockText() string {
	if s.a.settings.Timer == 0 {
		return translations.T("game.timer_off")
	}
	return ""
}

// outcomeTexts are the winner line and the reason of a finished game.
func (s *gameScreen) outcomeTexts() (winner, reason string) {
	o := s.sess.Game().Outcome()
	pred, prey := sideName(s.info, core.Predator), sideName(s.info, core.Prey)
	won, hasWinner, _ := s.sess.Result()
	switch {
	case hasWinner:
		switch {
		case s.sess.Mode().VsAI() && won == s.sess.Mode().HumanSide():
			winner = translations.T("gameover.you_won")
		case s.sess.Mode().VsAI():
			winner = translations.T("gameover.you_lost")
		case won == core.Predator:
			winner = translations.TData("gameover.predator_wins", map[string]any{"Predator": pred})
		default:
			winner = translations.TData("gameover.prey_wins", map[string]any{"Prey": prey})
		}
	default:
		winner = translations.T("gameover.draw")
	}
	switch {
	case s.sess.Resigned() && s.sess.Mode().VsAI():
		return winner, translations.T("reason.you_resigned")
	case s.sess.Resigned():
		loser, _ := s.sess.Game().Loser()
		return winner, translations.TData("reason.resigned", map[string]any{"Side": sideName(s.info, loser)})
	}
	switch o.Reason {
	case core.ReasonCaptures:
		reason = translations.TData("reason.captures", map[string]any{"Count": s.sess.Game().Captured(), "Prey": prey})
	case core.ReasonPredatorStuck:
		reason = translations.TData("reason.predator_stuck", map[string]any{"Predator": pred})
	case core.ReasonLionTrapped:
		reason = translations.T("reason.lion_trapped")
	case core.ReasonDeerInCliff:
		reason = translations.T("reason.deer_cliff")
	case core.ReasonNoMoveDraw:
		reason = translations.T("reason.no_move_draw")
	case core.ReasonRepetition:
		reason = translations.T("reason.repetition")
	case core.ReasonAgreed:
		reason = translations.T("reason.agreed")
	}
	return winner, reason
}

// ---- widgets -----------------------------------------------------------------

func (s *gameScreen) content() fyne.CanvasObject {
	s.turnLabel = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	s.turnLabel.Truncation = fyne.TextTruncateEllipsis
	s.clockLabel = widget.NewLabelWithStyle("", fyne.TextAlignTrailing, fyne.TextStyle{})
	s.capturedLabel = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	s.inHandLabel = widget.NewLabel("")
	s.noticeLabel = widgets.NewParagraph("") // in the warning colour for a warning only (noticeWarns)
	s.passBtn = widget.NewButton(translations.T("game.pass"), s.sess.Pass)
	s.passBtn.Importance = widget.HighImportance

	s.undoBtn = widget.NewButtonWithIcon(translations.T("game.undo"), theme.ContentUndoIcon(), s.undo)
	s.redoBtn = widget.NewButtonWithIcon(translations.T("game.redo"), theme.ContentRedoIcon(), s.redo)
	s.hintBtn = widget.NewButtonWithIcon(translations.T("game.hint"), theme.SearchIcon(), s.hint)
	s.drawBtn = s.newDrawButton()
	s.newBtn = widget.NewButtonWithIcon(translations.T("game.new"), theme.ContentAddIcon(), s.newGame)
	s.rulesBtn = widget.NewButtonWithIcon(translations.T("game.rules"), theme.HelpIcon(), func() { s.a.showRules(s.info) })
	s.settingsBtn = widget.NewButtonWithIcon(translations.T("game.settings"), theme.SettingsIcon(), s.a.showSettings)
	s.homeBtn = widget.NewButtonWithIcon(translations.T("game.back"), theme.NavigateBackIcon(), s.leave)
	s.resignBtn = widget.NewButtonWithIcon(translations.T("game.resign"), theme.CancelIcon(), s.confirmResign)
	s.copyBtn = widget.NewButtonWithIcon(translations.T("moves.copy"), theme.ContentCopyIcon(), s.copyRecord)
	s.pasteBtn = widget.NewButtonWithIcon(translations.T("moves.paste"), theme.ContentPasteIcon(), s.pasteRecord)
	// The review of the game so far, at any time (the game waits meanwhile).
	s.reviewBtn = widget.NewButtonWithIcon(translations.T("review.button"), theme.VisibilityIcon(), func() { s.a.showReview(s.sess.Game()) })
	// The explorer at the position shown (the game waits meanwhile, as
	// under the rules: cover.go).
	s.exploreBtn = s.a.exploreButton(s.explore)
	s.tray = widgets.NewCaptureTray(s.info.Prey)

	s.movesList = s.newMoveList()
	movesHead := s.browseBar()
	rows := widgets.NewIconGroup() // the two rows keep or drop their icons together
	playRow := rows.Row(s.undoBtn, s.redoBtn, s.hintBtn)
	s.holdBtn, s.stepBtn, s.speedBtn = nil, nil, nil
	if s.sess.Mode() == match.ModeWatch {
		w := s.watchButtons()
		rows = widgets.NewIconGroup()
		playRow = rows.Row(w[0], w[1], w[2])
	}

	gt := translations.Game(s.info.Key)
	title := s.a.wrappedTitle(gt.Title, "") // wraps between words (titles.go)
	s.playerLabel = widget.NewLabel("")
	s.playerLabel.Truncation = fyne.TextTruncateEllipsis

	head := container.NewVBox(
		titleRow(s.homeBtn, s.resignBtn, title),
		s.playerLabel,
		s.gateLine(),
		s.tables.newLabel(),
		container.NewBorder(nil, nil, nil, container.NewHBox(s.clockLabel, s.timerView), s.turnLabel),
		container.New(&captureRow{inHandWidest: s.inHandWidest}, s.capturedLabel, s.tray, s.inHandLabel),
		// The row of Pass and Offer a draw keeps the height of a button
		// while they are hidden, so the buttons below never move.
		container.New(widgets.ReserveLayout{Height: func() float32 { return s.passBtn.MinSize().Height }},
			// Explore stands at its leading edge, where the row is empty.
			container.NewBorder(nil, nil, s.exploreBtn, container.NewHBox(s.passBtn, s.drawBtn))),
		playRow,
		rows.Row(s.newBtn, s.rulesBtn, s.settingsBtn),
		movesHead,
	)
	// The notice (a hint in words, a pass by time …) shows under every
	// button, above the moves: its lines come and go and move neither the
	// buttons nor the board (the move list gives way).
	notice := container.NewVBox(s.noticeLabel, s.details.object())
	s.noticeBox = container.NewBorder(notice, nil, nil, nil, widgets.AtLeast(movesRoom, s.movesList))
	panel := scrollPanel(head, s.noticeBox)
	s.refresh()
	if s.drawDialog != nil { // a language switch: ask again in the new language
		s.dismissDraw()
		s.drawOffered(s.drawBy)
	}
	if s.overOpen { // a language switch: show the dialog again in the new language
		s.dismissGameOver()
		s.showGameOver()
	}
	return container.New(boardLayout{}, container.NewStack(s.withConfirmBar(s.board), s.banner.object()), panel)
}

// gateLine says what the ring on a board's gate is (deer chess: the
// deer's start, an ordinary point); an empty line elsewhere, which a VBox
// gives no room.
func (s *gameScreen) gateLine() fyne.CanvasObject {
	s.gateLegend = nil
	if s.info.Board.Gate < 0 {
		return layout.NewSpacer()
	}
	s.gateLegend = widgets.NewParagraph(translations.TData("game.gate_legend", map[string]any{"Gate": s.info.Board.Points[s.info.Board.Gate].Name}))
	return s.gateLegend
}

// inHandWidest is the width of the widest text the pieces in hand show in
// this game: the most pieces it starts with in hand (captureRow).
func (s *gameScreen) inHandWidest() float32 {
	n := int(s.info.Start().InHand)
	l := widget.NewLabel(translations.TPlural("game.in_hand", n, nil))
	return l.MinSize().Width
}

// refresh sets every text and button state from the game.
func (s *gameScreen) refresh() {
	if s.turnLabel == nil {
		return
	}
	s.turnLabel.SetText(s.turnText())
	s.faceToFace()
	s.playerLabel.SetText(s.playerText())
	s.tables.refresh(s.a.tables, s.info.ID)
	s.refreshClock()
	needed := s.info.CapturesToWin
	s.capturedLabel.SetText(translations.TData("game.captured", map[string]any{"Captured": s.sess.Game().Captured(), "Needed": needed}))
	s.tray.Set(s.sess.Game().Captured(), needed)
	if s.info.HasPlacement() {
		s.inHandLabel.SetText(translations.TPlural("game.in_hand", s.sess.Game().InHand(), nil))
		s.inHandLabel.Show()
	} else {
		s.inHandLabel.Hide()
	}

	notice, facts, warn := "", "", false
	switch {
	case s.sess.Hinting():
		notice = translations.T("hint.thinking")
	case s.sess.HumanTurn() && s.sess.ForcedPass():
		notice = translations.T("game.forced_pass")
	case s.noticeID() != "":
		notice, warn = translations.TData(s.sess.Notice()), noticeWarns(s.noticeID())
	case s.tables.words != nil:
		w := s.tables.words()
		notice, facts = w.text, w.details
	}
	if imp := statusImportance(warn); imp != s.noticeLabel.Importance {
		s.noticeLabel.Importance = imp
		s.noticeLabel.Refresh()
	}
	shown := s.details.shown()
	s.details.set(facts)
	if notice != s.noticeLabel.Text || (notice == "") == s.noticeLabel.Visible() || shown != s.details.shown() {
		s.noticeLabel.SetText(notice)
		if notice == "" {
			s.noticeLabel.Hide()
		} else {
			s.noticeLabel.Show()
		}
		// The move list takes the notice's room, or gives it: hiding or
		// rewording the notice (or its details) lays out nothing by itself
		// (a blank band stayed where a hint had been).
		s.noticeBox.Refresh()
	}
	if s.sess.HumanTurn() && s.sess.ForcedPass() {
		s.passBtn.Show()
	} else {
		s.passBtn.Hide()
	}

	canEdit := s.sess.Mode() != match.ModeWatch && !s.sess.Resigned() && !s.browsing()
	setEnabled(s.undoBtn, canEdit && s.sess.Game().CanUndo())
	setEnabled(s.redoBtn, canEdit && s.sess.Game().CanRedo())
	setEnabled(s.hintBtn, canEdit && s.sess.HumanTurn() && !s.sess.Hinting() && !s.sess.ForcedPass())
	_, canResign := s.sess.Resigner()
	setEnabled(s.resignBtn, canResign && !s.browsing())
	setEnabled(s.drawBtn, s.sess.CanOfferDraw() && !s.browsing())
	if s.sess.Watching() { // nobody to offer or answer a draw
		s.drawBtn.Hide()
	}
	s.refreshDraw()
	if s.sess.Mode() == match.ModeWatch {
		s.resignBtn.Hide()
	}
	s.refreshWatch()

	s.refreshMoves()
	s.refreshConfirm()
}

func (s *gameScreen) refreshClock() {
	if s.clockLabel == nil {
		return
	}
	if s.sess.Mode() == match.ModeWatch { // no one's turn is timed: the turn line gets the room
		s.clockLabel.Hide()
		s.timerView.Hide()
		return
	}
	switch t := s.clockText(); {
	case t != "":
		s.clockLabel.SetText(t)
		s.clockLabel.Show()
		s.timerView.Hide()
	case s.clockHeld():
		s.clockLabel.SetText(translations.T("game.clock_paused"))
		s.clockLabel.Show()
		s.timerView.Show()
		s.timerView.Refresh()
	default:
		s.clockLabel.Hide()
		s.timerView.Show()
		s.timerView.Refresh()
	}
}

// clockHeld reports whether a person's countdown is held: something covers
// the game (cover.go) or an earlier position is shown. The clock then says
// "Paused" beside the time left.
func (s *gameScreen) clockHeld() bool {
	return s.sess.Paused() && s.sess.HumanTurn() && s.timer.Limit() > 0
}

func setEnabled(b *widget.Button, on bool) {
	if on {
		b.Enable()
	} else {
		b.Disable()
	}
}

// showGameOver shows the result: the winner, the reason, and Play again / Home.
func (s *gameScreen) showGameOver() {
	if s.overDialog != nil || s.sess.Closed() {
		return
	}
	winner, reason := s.outcomeTexts()
	s.overText = winner + "\n" + reason
	w := widget.NewLabelWithStyle(winner, fyne.TextAlignCenter, fyne.TextStyle{Bold: true})
	w.SizeName = theme.SizeNameSubHeadingText
	r := widgets.NewParagraphWithStyle(reason, fyne.TextAlignCenter, fyne.TextStyle{})
	body := container.NewVBox(w, r)
	d := dialog.NewCustomWithoutButtons(translations.T("gameover.title"), body, s.a.win)
	again := widget.NewButtonWithIcon(translations.T("gameover.play_again"), theme.ViewRefreshIcon(), s.playAgain)
	again.Importance = widget.HighImportance
	home := widget.NewButtonWithIcon(translations.T("gameover.home"), theme.HomeIcon(), s.home)
	ok := widget.NewButton(translations.T("dialog.ok"), func() {
		s.overOpen = false
		d.Hide()
	})
	review := widget.NewButtonWithIcon(translations.T("review.button"), theme.VisibilityIcon(), func() {
		s.dismissGameOver()
		s.a.showReview(s.sess.Game())
	})
	// The four answers in one row where they fit, else two rows of two (a
	// phone): they drop their icons together where even that is too narrow.
	cw := s.a.win.Canvas().Size().Width
	g := widgets.NewIconGroup()
	if cw > 0 && cw < 640 {
		body.Add(container.NewVBox(g.Row(again, review), g.Row(home, ok)))
	} else {
		body.Add(g.Row(ok, home, review, again))
	}
	s.overDialog = d
	s.overOpen = true
	// As wide as the answers with their icons (the dialog's own padding
	// is 32 wide), within the window.
	w0 := g.Width() + 32 + 4*theme.Padding()
	if cw > 0 {
		w0 = min(w0, cw*0.92)
	}
	fitDialog(d, w0)
	s.a.showDialog(d)
	fitDialog(d, w0)
}

func (s *gameScreen) dismissGameOver() {
	if s.overDialog != nil {
		d := s.overDialog
		s.overDialog, s.overOpen = nil, false
		d.Hide()
	}
}

// noticeID is the ID of the notice under the turn line ("" for none).
func (s *gameScreen) noticeID() string {
	id, _ := s.sess.Notice()
	return id
}

// noticeWarns reports whether the session's notice id is a warning, shown
// in the warning colour: a turn lost to the clock, a saved game read only
// in part. Every other notice (a hint, the search at work, a pass to
// make, a record copied, a draw declined) is in the text's own colour.
func noticeWarns(id string) bool {
	switch id {
	case "game.pass_timeout", "resume.partial":
		return true
	}
	return false
}

// confirmResign asks before resigning.
func (s *gameScreen) confirmResign() {
	side, ok := s.sess.Resigner()
	if !ok || s.askDialog != nil {
		return
	}
	msg := translations.T("resign.message")
	if !s.sess.Mode().VsAI() {
		msg = translations.TData("resign.message_side", map[string]any{"Side": sideName(s.info, side)})
	}
	s.ask(translations.T("resign.title"), msg, translations.T("game.resign"), s.sess.Resign)
}

// leave goes back home; an unfinished game asks first (it stays saved).
func (s *gameScreen) leave() {
	if s.sess.Over() || s.sess.Game().Len() == 0 || s.sess.Mode() == match.ModeWatch {
		s.home()
		return
	}
	if s.askDialog != nil {
		return
	}
	// Nothing is lost by leaving (the game stays saved): a plain answer, not
	// the danger colour of Resign.
	s.askStyled(translations.T("leave.title"), translations.T("leave.message"), translations.T("leave.confirm"), widget.MediumImportance, s.home)
}

// ask shows a confirmation (danger button yes, Cancel) and runs yes on it.
func (s *gameScreen) ask(title, msg, yesText string, yes func()) {
	s.askStyled(title, msg, yesText, widget.DangerImportance, yes)
}

// askStyled is ask with the answer's importance.
func (s *gameScreen) askStyled(title, msg, yesText string, style widget.Importance, yes func()) {
	d := newQuestionStyled(title, msg, yesText, style, func(ok bool) {
		s.askDialog = nil
		if ok {
			yes()
		}
	}, s.a)
	s.askDialog = d
	d.Show()
}

// dismissAsk closes an open confirmation without answering it.
func (s *gameScreen) dismissAsk() {
	if d := s.askDialog; d != nil {
		s.askDialog = nil
		d.Hide()
	}
}

// watchButtons are the pause/play, step and speed buttons of watch mode.
func (s *gameScreen) watchButtons() []*widget.Button {
	s.holdBtn = widget.NewButtonWithIcon(translations.T("watch.pause"), theme.MediaPauseIcon(), func() {
		if s.sess.Held() {
			s.sess.Release()
		} else {
			s.sess.Hold()
		}
	})
	s.stepBtn = widget.NewButtonWithIcon(translations.T("watch.step"), theme.MediaSkipNextIcon(), s.sess.Step)
	s.speedBtn = widget.NewButtonWithIcon("", theme.MediaFastForwardIcon(), s.sess.NextSpeed)
	return []*widget.Button{s.holdBtn, s.stepBtn, s.speedBtn}
}

// refreshWatch sets the watch buttons' texts and states.
func (s *gameScreen) refreshWatch() {
	if s.holdBtn == nil {
		return
	}
	text, icon := translations.T("watch.pause"), theme.MediaPauseIcon()
	if s.sess.Held() {
		text, icon = translations.T("watch.play"), theme.MediaPlayIcon()
	}
	s.holdBtn.SetText(text)
	if s.holdBtn.Icon != nil { // none while a narrow row drops the icons (buttonRow)
		s.holdBtn.SetIcon(icon)
	}
	setEnabled(s.holdBtn, !s.sess.Over())
	setEnabled(s.stepBtn, s.sess.Held() && !s.sess.Over() && !s.sess.Thinking())
	s.speedBtn.SetText(translations.T(session.WatchSpeeds[s.sess.SpeedIndex()].ID))
}

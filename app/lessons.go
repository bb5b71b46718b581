package app

import (
	"strconv"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"huntchess/core"
	"huntchess/lessons"
	"huntchess/storage"
	"huntchess/translations"
	"huntchess/widgets"
)

// Lessons ("Learn to play"): from a game's home card or rules
// screen, Learn opens the game's course (lessonsScreen), a lesson opens on
// the board (lessonScreen). The lessons and their flow are package lessons;
// the lessons completed are kept in the preferences (KeyLessons).

// replyDelay is how long a right move shows before the scripted reply.
const replyDelay = 700 * time.Millisecond

// ---- progress ------------------------------------------------------------------

// lessonProgress counts the completed lessons of a game.
func lessonProgress(p storage.Prefs, game string) (done, total int) {
	d := storage.LessonsDone(p)
	for _, l := range lessons.ForGame(game) {
		total++
		if d[l.Key()] {
			done++
		}
	}
	return done, total
}

// lessonProgressText is the home card's line: "Lessons done: 2 / 6".
func lessonProgressText(p storage.Prefs, game string) string {
	done, total := lessonProgress(p, game)
	return translations.TData("lesson.progress", map[string]any{"Done": done, "Total": total})
}

// newLearnButton opens the course of a game.
func newLearnButton(a *App, info *core.GameInfo) *widget.Button {
	return widget.NewButtonWithIcon(translations.T("lesson.learn"), theme.DocumentIcon(), func() { a.showLessons(info) })
}

func (a *App) showLessons(info *core.GameInfo) { a.push(newLessonsScreen(a, info)) }

// showLesson opens lesson i (from 0) of the game's course.
func (a *App) showLesson(info *core.GameInfo, i int) *lessonScreen {
	s := newLessonScreen(a, info, i)
	a.push(s)
	return s
}

// ---- the course ----------------------------------------------------------------

// lessonsScreen lists a game's lessons, the completed ones ticked.
type lessonsScreen struct {
	a    *App
	info *core.GameInfo

	progress *widget.Label
	buttons  []*widget.Button // one per lesson, for tests
}

func newLessonsScreen(a *App, info *core.GameInfo) *lessonsScreen {
	return &lessonsScreen{a: a, info: info}
}

func (s *lessonsScreen) close() {}

func (s *lessonsScreen) content() fyne.CanvasObject {
	gt := translations.Game(s.info.Key)
	back := widget.NewButtonWithIcon(translations.T("game.back"), theme.NavigateBackIcon(), s.a.back)
	title := widgets.NewParagraphWithStyle(translations.TData("lesson.list_title", map[string]any{"Game": gt.Title}),
		fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	title.SizeName = theme.SizeNameSubHeadingText
	s.progress = widget.NewLabel(lessonProgressText(s.a.prefs, s.info.Key))
	done := storage.LessonsDone(s.a.prefs)
	list := container.NewVBox(s.progress)
	s.buttons = nil
	for i, l := range lessons.ForGame(s.info.Key) {
		icon := theme.RadioButtonIcon()
		label := strconv.Itoa(l.N) + ". " + translations.T(l.TitleID())
		if done[l.Key()] {
			icon = theme.ConfirmIcon()
			label += " · " + translations.T("lesson.done_mark")
		}
		b := widget.NewButtonWithIcon(label, icon, func() { s.a.showLesson(s.info, i) })
		b.Alignment = widget.ButtonAlignLeading
		s.buttons = append(s.buttons, b)
		list.Add(b)
	}
	top := titleRow(back, nil, title)
	return container.NewBorder(container.NewPadded(top), nil, nil, nil,
		widgets.NewVScroll(container.NewPadded(sized(list, 600))))
}

// ---- one lesson ------------------------------------------------------------------

// lessonScreen is one lesson on the real board: the goal, the feedback on
// the last move (why it is wrong, or what it did), captures, and Try again,
// Start over, Next lesson. The board is kept across a language switch.
type lessonScreen struct {
	a      *App
	info   *core.GameInfo
	course []*lessons.Lesson
	idx    int
	run    *lessons.Run
	board  *widgets.Board
	gen    uint64 // bumped by every new lesson, retry and close: a pending reply checks it
	closed bool

	// widgets of the current content, for refresh and tests
	title                         *widgets.Paragraph
	heading                       *widgets.Paragraph
	info1                         *widget.Label // lesson number, the player's side, the step
	goal, note                    *widgets.Paragraph
	complete                      *widget.Label
	capturedLabel, inHandLabel    *widget.Label
	tray                          *widgets.CaptureTray
	retryBtn, restartBtn, nextBtn *widget.Button
	showBtn                       *widget.Button // Show me: the piece to move and its target
	backBtn                       *widget.Button
	noteShown                     string // the note's text as shown, for tests
}

func newLessonScreen(a *App, info *core.GameInfo, i int) *lessonScreen {
	s := &lessonScreen{a: a, info: info, course: lessons.ForGame(info.Key)}
	s.board = widgets.NewBoard(info.Start())
	s.board.Do = a.do
	s.board.SetShowLegal(a.settings.ShowLegal)
	s.board.SetAnimations(a.settings.Animations)
	s.board.OnMove = s.move
	s.board.OnIllegal = s.illegal
	s.open(i)
	return s
}

// open starts lesson i of the course (from 0).
func (s *lessonScreen) open(i int) {
	if i < 0 || i >= len(s.course) {
		return
	}
	r, err := lessons.Start(s.course[i])
	if err != nil { // ruled out by the lessons' tests
		return
	}
	s.gen++
	s.idx, s.run = i, r
	s.board.SetPosition(r.Position(), core.Move{})
	s.refresh()
}

func (s *lessonScreen) close() {
	s.closed = true
	s.gen++
}

// move is a legal move chosen on the board.
func (s *lessonScreen) move(m core.Move) {
	if s.closed || !s.run.Move(m) {
		s.refresh()
		return
	}
	s.a.playSound(moveSoundFor(m))
	s.board.SetPosition(s.run.Position(), m)
	s.after()
}

// after goes on once the record changed: the reply after a pause, the
// lesson's completion.
func (s *lessonScreen) after() {
	if s.run.Phase() == lessons.Done {
		storage.MarkLessonDone(s.a.prefs, s.run.L.Key())
	}
	s.refresh()
	if s.run.Phase() == lessons.Replying {
		s.scheduleReply()
	}
}

// scheduleReply plays the scripted reply once the move has shown: at the
// end of an animation that draws nothing (Fyne's animation runner; the test
// driver ends it at once).
func (s *lessonScreen) scheduleReply() {
	gen := s.gen
	fired := false
	anim := fyne.NewAnimation(replyDelay, func(f float32) {
		if f < 1 || fired {
			return
		}
		fired = true
		if gen == s.gen && !s.closed {
			s.reply()
		}
	})
	anim.Curve = fyne.AnimationLinear
	anim.Start()
}

// reply plays the scripted reply that is due.
func (s *lessonScreen) reply() {
	m, ok := s.run.Reply()
	if !ok {
		s.refresh()
		return
	}
	s.a.playSound(moveSoundFor(m))
	s.board.SetPosition(s.run.Position(), m)
	s.after()
}

// illegal explains a tap that is no legal move, and shows the piece to
// move and its target.
func (s *lessonScreen) illegal(from, to int) {
	s.run.Illegal(from, to)
	s.refresh()
	s.showMove()
}

// retry takes a wrong move back and shows the piece to move and its target.
func (s *lessonScreen) retry() {
	s.gen++
	if s.run.Retry() {
		s.board.SetPosition(s.run.Position(), core.Move{})
	}
	s.refresh()
	s.showMove()
}

// expected is the step's move (its first right one), if the player is to
// make one now.
func (s *lessonScreen) expected() (core.Move, bool) {
	if s.run == nil || !s.run.Takes() || s.run.Step() >= len(s.run.L.Steps) {
		return core.Move{}, false
	}
	st := s.run.L.Steps[s.run.Step()]
	if len(st.Expect) == 0 {
		return core.Move{}, false
	}
	p := s.run.Position()
	m, err := p.ParseMove(st.Expect[0])
	return m, err == nil
}

// showMove highlights the piece to move and its target on the board (after
// a wrong try, or on Show me); the next move clears it.
func (s *lessonScreen) showMove() {
	if m, ok := s.expected(); ok {
		s.board.SetHint(m)
	}
}

func (s *lessonScreen) restart() { s.open(s.idx) }
func (s *lessonScreen) next()    { s.open(s.idx + 1) }

func (s *lessonScreen) content() fyne.CanvasObject {
	// Built again after the settings screen too: follow its choices.
	s.board.SetShowLegal(s.a.settings.ShowLegal)
	s.board.SetAnimations(s.a.settings.Animations)
	s.backBtn = widget.NewButtonWithIcon(translations.T("lesson.all"), theme.NavigateBackIcon(), s.a.back)
	s.title = widgets.NewParagraphWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true}) // wraps, never cut
	s.heading = widgets.NewParagraphWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	s.heading.SizeName = theme.SizeNameSubHeadingText
	s.info1 = widget.NewLabel("")
	s.info1.Wrapping = fyne.TextWrapWord
	s.goal = widgets.NewParagraph("")
	s.note = widgets.NewParagraph("")
	s.complete = widget.NewLabelWithStyle(translations.T("lesson.complete"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	s.complete.Importance = widget.SuccessImportance
	s.capturedLabel = widget.NewLabelWithStyle("", fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	s.inHandLabel = widget.NewLabel("")
	s.tray = widgets.NewCaptureTray(s.info.Prey)
	s.retryBtn = widget.NewButtonWithIcon(translations.T("lesson.retry"), theme.ContentUndoIcon(), s.retry)
	s.retryBtn.Importance = widget.HighImportance
	s.restartBtn = widget.NewButtonWithIcon(translations.T("lesson.restart"), theme.ViewRefreshIcon(), s.restart)
	s.nextBtn = widget.NewButtonWithIcon(translations.T("lesson.next"), theme.NavigateNextIcon(), s.next)
	s.nextBtn.Importance = widget.HighImportance
	s.nextBtn.IconPlacement = widget.ButtonIconTrailingText
	s.showBtn = widget.NewButtonWithIcon(translations.T("lesson.show_move"), theme.VisibilityIcon(), s.showMove)

	head := container.NewVBox(
		titleRow(s.backBtn, nil, s.title),
		s.heading,
		s.info1,
		s.goal,
		container.NewBorder(nil, nil, s.capturedLabel, s.inHandLabel, s.tray),
		s.complete,
		s.note,
	)
	s.refresh()
	// The buttons keep the panel's foot: the texts above them change with
	// every step and move (a new goal, the note on a move) and move neither
	// them nor the board; they scroll where they do not fit.
	buttons := container.NewGridWithColumns(2, s.restartBtn, container.NewStack(s.retryBtn, s.nextBtn, s.showBtn))
	panel := container.NewBorder(nil, container.NewPadded(buttons), nil, nil, widgets.NewVScroll(container.NewPadded(head)))
	return container.New(boardLayout{}, s.board, panel)
}

// sideData is the template data naming the game's sides (Predator, Prey).
func (s *lessonScreen) sideData(d map[string]any) map[string]any {
	out := map[string]any{"Predator": sideName(s.info, core.Predator), "Prey": sideName(s.info, core.Prey)}
	for k, v := range d {
		out[k] = v
	}
	return out
}

// noteText is the feedback on the last move in the current language.
func (s *lessonScreen) noteText() string {
	n := s.run.Note()
	if n.Kind == lessons.NoteNone {
		return ""
	}
	return translations.TData(n.ID, s.sideData(n.Data))
}

// refresh sets every text and button from the lesson's state.
func (s *lessonScreen) refresh() {
	if s.title == nil || s.run == nil {
		return
	}
	l := s.run.L
	ph := s.run.Phase()
	s.title.SetText(translations.Game(s.info.Key).Title)
	s.heading.SetText(translations.T(l.TitleID()))
	line := translations.TData("lesson.number", map[string]any{"N": l.N, "Total": len(s.course)}) + " · " +
		translations.TData("lesson.you_play", map[string]any{"Side": sideName(s.info, l.Side)})
	if len(l.Steps) > 1 {
		line += " · " + translations.TData("lesson.step", map[string]any{"N": min(s.run.Step()+1, len(l.Steps)), "Total": len(l.Steps)})
	}
	s.info1.SetText(line)
	s.goal.SetText(translations.T(s.run.GoalID()))

	s.noteShown = s.noteText()
	if ph == lessons.Done && s.idx == len(s.course)-1 {
		s.noteShown += "\n" + translations.T("lesson.course_complete")
	}
	s.note.SetText(s.noteShown)
	switch s.run.Note().Kind {
	case lessons.NoteGood:
		s.note.Importance = widget.SuccessImportance
	case lessons.NoteBad:
		s.note.Importance = widget.WarningImportance
	default:
		s.note.Importance = widget.MediumImportance
	}
	s.note.Refresh()
	if s.noteShown == "" {
		s.note.Hide()
	} else {
		s.note.Show()
	}
	if ph == lessons.Done {
		s.complete.Show()
	} else {
		s.complete.Hide()
	}

	g := s.run.Game()
	needed := s.info.CapturesToWin
	s.capturedLabel.SetText(translations.TData("game.captured", map[string]any{"Captured": g.Captured(), "Needed": needed}))
	s.tray.Set(g.Captured(), needed)
	if s.info.HasPlacement() {
		s.inHandLabel.SetText(translations.TPlural("game.in_hand", g.InHand(), nil))
		s.inHandLabel.Show()
	} else {
		s.inHandLabel.Hide()
	}

	s.board.SetReadOnly(!s.run.Takes())
	s.retryBtn.Hide()
	s.nextBtn.Hide()
	s.showBtn.Hide()
	_, canShow := s.expected()
	switch {
	case ph == lessons.Missed:
		s.retryBtn.Show()
	case ph == lessons.Done && s.idx < len(s.course)-1:
		s.nextBtn.Show()
	case canShow:
		s.showBtn.Show()
	}
}

// skipTo brings the lesson to a state (the developer harness's
// HUNTCHESS_LESSON_STATE, tests): "wrong", its first named wrong move (the steps before it made);
// "retry", that move taken back by Try again (the right move highlighted);
// "success", every step made; anything else, the start.
func (s *lessonScreen) skipTo(state string) {
	l := s.run.L
	play := func(text string) {
		p := s.run.Position()
		if m, err := p.ParseMove(text); err == nil {
			s.run.Move(m)
			s.board.SetPosition(s.run.Position(), m)
		} else {
			s.run.Try(text)
		}
		for s.run.Phase() == lessons.Replying {
			if m, ok := s.run.Reply(); ok {
				s.board.SetPosition(s.run.Position(), m)
			}
		}
	}
	switch state {
	case "wrong", "retry":
		for _, st := range l.Steps {
			if len(st.Wrong) > 0 {
				play(st.Wrong[0].Move)
				break
			}
			play(st.Expect[0])
		}
		if state == "retry" {
			s.after()
			s.retry()
			return
		}
	case "success":
		for _, st := range l.Steps {
			play(st.Expect[0])
		}
	}
	s.after()
	if state == "wrong" {
		s.showMove() // as after a wrong tap (none while the wrong move stands)
	}
}

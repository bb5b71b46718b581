//go:build ci

package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"

	"huntchess/core"
	"huntchess/lessons"
	"huntchess/storage"
	"huntchess/translations"
)

func (h *harness) lessonScreen() *lessonScreen {
	h.t.Helper()
	s, ok := h.a.top().(*lessonScreen)
	if !ok {
		h.t.Fatalf("top screen is %T, want a lesson", h.a.top())
	}
	return s
}

// tapLessonMove plays a move given in notation by tapping the lesson's board.
func tapLessonMove(t *testing.T, s *lessonScreen, text string) {
	t.Helper()
	p := s.board.GamePosition()
	m, err := p.ParseMove(text)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	tapMove(t, s.board, m)
}

// tapPoints taps two points of the lesson's board (an illegal move).
func tapPoints(t *testing.T, s *lessonScreen, from, to string) {
	t.Helper()
	p := s.board.GamePosition()
	b := p.Board()
	f, ok1 := b.Index(from)
	g, ok2 := b.Index(to)
	if !ok1 || !ok2 {
		t.Fatalf("points %s %s", from, to)
	}
	tapMove(t, s.board, core.Move{Kind: core.MoveStep, From: int8(f), To: int8(g)})
}

// TestLessonFlow: home → Learn → a lesson; an illegal try is explained by
// the engine's reason, a losing move is played, answered and explained, Try
// again takes it back; the right move completes the lesson, which is saved
// in the preferences and counted on the home card.
func TestLessonFlow(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	if got := h.home().progress[0].Text; got != "Lessons done: 0 / 6" {
		t.Fatalf("home card progress %q", got)
	}
	test.Tap(h.home().learnBtns[0])
	list, ok := h.a.top().(*lessonsScreen)
	if !ok {
		t.Fatalf("Learn opened %T", h.a.top())
	}
	test.Tap(list.buttons[4]) // Trap the wolf
	s := h.lessonScreen()
	l := lessons.Find("beat-the-wolf/5")
	if s.run.L != l || s.heading.Text != "Trap the wolf" || !strings.Contains(s.goal.Text, "e2 down to e1") {
		t.Fatalf("lesson shown: %q %q", s.heading.Text, s.goal.Text)
	}

	// A dog stepping diagonally: not legal, the engine says why.
	tapPoints(t, s, "c3", "b4")
	if !strings.Contains(s.noteShown, "straight lines only") || s.run.Game().Len() != 0 || s.retryBtn.Visible() {
		t.Fatalf("illegal try: note %q", s.noteShown)
	}
	test.TapAt(s.board, fyne.NewPos(1, 1)) // off the board: the dog is no longer selected

	// A legal move that loses: played, the wolf's capture shown, explained.
	tapLessonMove(t, s, "c3-c4")
	if s.run.Phase() != lessons.Missed || s.run.Game().Captured() != 7 || !s.retryBtn.Visible() || !s.board.ReadOnly() {
		t.Fatalf("wrong move: phase %v, captured %d", s.run.Phase(), s.run.Game().Captured())
	}
	if !strings.Contains(s.noteShown, "the wolf jumps it") || s.capturedLabel.Text != "Captured: 7 / 12" {
		t.Fatalf("wrong move: note %q, %q", s.noteShown, s.capturedLabel.Text)
	}
	test.Tap(s.retryBtn)
	if s.run.Game().Len() != 0 || s.retryBtn.Visible() || s.board.ReadOnly() || s.board.GamePosition() != s.run.Position() {
		t.Fatal("Try again must take the move back")
	}

	// The right move: the wolf is stuck, the dogs win, the lesson is done.
	tapLessonMove(t, s, "e2-e1")
	if s.run.Phase() != lessons.Done || !s.complete.Visible() || !s.nextBtn.Visible() || !strings.Contains(s.noteShown, "the dogs win") {
		t.Fatalf("right move: phase %v note %q", s.run.Phase(), s.noteShown)
	}
	if got := h.a.prefs.StringWithFallback(storage.KeyLessons, ""); got != "beat-the-wolf/5" {
		t.Fatalf("progress stored %q", got)
	}
	test.Tap(s.nextBtn)
	if s.run.L.N != 6 || s.complete.Visible() || s.note.Visible() {
		t.Fatalf("Next lesson: lesson %d", s.run.L.N)
	}

	h.a.back() // the course, ticked
	list = h.a.top().(*lessonsScreen)
	if !strings.Contains(list.buttons[4].Text, "done") || strings.Contains(list.buttons[0].Text, "done") {
		t.Fatalf("course: %q %q", list.buttons[4].Text, list.buttons[0].Text)
	}
	h.a.back()
	if got := h.home().progress[0].Text; got != "Lessons done: 1 / 6" {
		t.Fatalf("home card progress %q", got)
	}
}

// TestLessonScriptedReplies: a right move, then the scripted reply, then
// the next step; a lesson's last step completes it.
func TestLessonScriptedReplies(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	s := h.a.showLesson(core.DeerChess.Info(), 1) // Dogs enter first
	// A dog on the board cannot move while dogs are in hand.
	p := s.board.GamePosition()
	d4, _ := p.Board().Index("d4")
	test.TapAt(s.board, s.board.Layout().PointPos(d4))
	if !strings.Contains(s.noteShown, "cannot move until all twelve are placed") {
		t.Fatalf("tap on a dog while placing: %q", s.noteShown)
	}
	tapLessonMove(t, s, "@c5")
	// The test driver ends the reply's pause at once.
	if s.run.Step() != 1 || s.run.Game().LastMove().String() != "d5-e5" || s.board.GamePosition() != s.run.Position() {
		t.Fatalf("after the placement: step %d, last %v", s.run.Step(), s.run.Game().LastMove())
	}
	if !strings.Contains(s.goal.Text, "e4") || !strings.Contains(s.info1.Text, "Step 2 of 2") {
		t.Fatalf("step 2: %q %q", s.goal.Text, s.info1.Text)
	}
	// Another legal placement: only explained.
	tapLessonMove(t, s, "@a1")
	if s.run.Game().Len() != 2 || !strings.Contains(s.noteShown, "@a1 is a legal move") {
		t.Fatalf("another placement: %q", s.noteShown)
	}
	tapLessonMove(t, s, "@e4")
	if s.run.Phase() != lessons.Done || !storage.LessonsDone(h.a.prefs)["deer-chess/2"] {
		t.Fatal("the lesson must be done and saved")
	}
}

// TestLessonLanguageSwitch: a switch relabels the lesson screen at once,
// the lesson going on where it was.
func TestLessonLanguageSwitch(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	test.Tap(h.home().rulesBtns[2])
	rules := h.a.top().(*rulesScreen)
	test.Tap(rules.learn)
	test.Tap(h.a.top().(*lessonsScreen).buttons[0])
	s := h.lessonScreen()
	tapLessonMove(t, s, "c3-c4")
	if s.run.Step() != 1 {
		t.Fatal("the first step must be done")
	}
	translations.SetLanguage(translations.Chinese)
	s = h.lessonScreen()
	zh := func(id string) string { return translations.Default().TIn(translations.Chinese, id) }
	l := s.run.L
	if s.heading.Text != zh(l.TitleID()) || s.goal.Text != zh(l.GoalID(1)) || s.restartBtn.Text != zh("lesson.restart") ||
		s.backBtn.Text != zh("lesson.all") || s.noteShown != zh(l.DoneID(0)) || s.run.Step() != 1 {
		t.Fatalf("not relabelled: %q %q %q", s.heading.Text, s.goal.Text, s.noteShown)
	}
	if !strings.Contains(texts(h.a.Window()), "第 1 课，共 7 课") {
		t.Fatalf("lesson number not in Chinese:\n%s", texts(h.a.Window()))
	}
	h.a.back()
	if b := h.a.top().(*lessonsScreen).buttons[0].Text; !strings.Contains(b, zh(l.TitleID())) {
		t.Fatalf("course not in Chinese: %q", b)
	}
}

// TestLessonProgressValidated: only keys of existing lessons count.
func TestLessonProgressValidated(t *testing.T) {
	p := test.NewTempApp(t).Preferences()
	p.SetString(storage.KeyLessons, "nonsense,deer-chess/3,,deer-chess/99,beat-the-wolf/1")
	if d, n := lessonProgress(p, "deer-chess"); d != 1 || n != 8 {
		t.Fatalf("deer chess progress %d/%d", d, n)
	}
	storage.MarkLessonDone(p, "beat-the-wolf/2")
	if got := p.String(storage.KeyLessons); got != "beat-the-wolf/1,beat-the-wolf/2,deer-chess/3" {
		t.Fatalf("stored %q", got)
	}
}

// TestLessonScreensFitPhone: the course and a lesson (its start, a wrong
// move, its end) fit a 390-point phone at every text size in both languages.
func TestLessonScreensFitPhone(t *testing.T) {
	layoutOnly(t)
	const phone = 390
	for _, scale := range textScales() {
		for _, lang := range translations.Languages {
			fa := test.NewTempApp(t)
			fa.Preferences().SetFloat(storage.KeyTextScale, scale)
			h := newHarness(t, fa)
			translations.SetLanguage(lang)
			check := func(what string) {
				t.Helper()
				if w := h.a.Window().Content().MinSize().Width; w > phone {
					t.Errorf("text ×%v, %s, %s: %v wide", scale, lang, what, w)
				}
			}
			for _, info := range core.Games() {
				h.a.showLessons(info)
				check("course " + info.Key)
				s := h.a.showLesson(info, len(lessons.ForGame(info.Key))-1)
				check("lesson " + info.Key)
				s.skipTo("success")
				check("lesson done " + info.Key)
				s.open(0)
				s.skipTo("wrong")
				check("lesson wrong " + info.Key)
				h.a.showHome()
			}
		}
	}
}

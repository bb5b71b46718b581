package lessons

import (
	"errors"
	"slices"
	"testing"

	"huntchess/core"
	"huntchess/translations"
)

// against reports whether outcome o is a loss for side s.
func against(o core.Outcome, s core.Side) bool {
	return (o.Result == core.PredatorWins && s == core.Prey) || (o.Result == core.PreyWins && s == core.Predator)
}

// TestCourses: every game has 5 to 8 lessons numbered from 1; every lesson
// position parses and its prelude is legal; at every step the player is to
// move, every expected move is legal, every scripted reply is legal and made
// by the other side; every named wrong move is illegal (and explained by the
// engine) or legal and losing (the game ends against the player, or its
// reply captures or wins); the lesson ends as End says, and not before.
func TestCourses(t *testing.T) {
	for _, info := range core.Games() {
		ls := ForGame(info.Key)
		if len(ls) < 5 || len(ls) > 8 {
			t.Errorf("%s: %d lessons, want 5 to 8", info.Key, len(ls))
		}
		for i, l := range ls {
			if l.N != i+1 {
				t.Errorf("%s: lesson %d is numbered %d", info.Key, i+1, l.N)
			}
			checkLesson(t, l)
		}
	}
}

func checkLesson(t *testing.T, l *Lesson) {
	t.Helper()
	g, err := l.NewGame()
	if err != nil {
		t.Errorf("%v", err)
		return
	}
	if len(l.Steps) == 0 {
		t.Errorf("%s: no steps", l.Key())
	}
	for k, st := range l.Steps {
		where := l.Key() + " step " + string(rune('1'+k))
		p := g.Position()
		if o := g.Outcome(); o.Over() {
			t.Errorf("%s: the game is over (%v) before the step", where, o)
			return
		}
		if p.ToMove != l.Side {
			t.Errorf("%s: %v to move, the player plays %v", where, p.ToMove, l.Side)
			return
		}
		if len(st.Expect) == 0 {
			t.Errorf("%s: no expected move", where)
			return
		}
		for _, w := range st.Wrong {
			checkWrong(t, where, g, l.Side, w)
		}
		// Every expected move is legal and leads to the same ending.
		var after []*core.Game
		for _, e := range st.Expect {
			c := g.Clone()
			if err := c.Play(e); err != nil {
				t.Errorf("%s: expected move: %v", where, err)
				continue
			}
			if slices.Contains(stepWrongs(st), e) {
				t.Errorf("%s: %s is both expected and wrong", where, e)
			}
			if st.Reply != "" {
				if c.Outcome().Over() {
					t.Errorf("%s: %s ends the game before the reply", where, e)
					continue
				}
				if c.ToMove() == l.Side {
					t.Errorf("%s: the reply is the player's own move", where)
				}
				if err := c.Play(st.Reply); err != nil {
					t.Errorf("%s: reply after %s: %v", where, e, err)
					continue
				}
			}
			last := k == len(l.Steps)-1
			switch o := c.Outcome(); {
			case last && o != st.End:
				t.Errorf("%s: after %s the outcome is %v, want %v", where, e, o, st.End)
			case !last && (o.Over() || st.End.Over()):
				t.Errorf("%s: the game ends before the last step (%v, End %v)", where, o, st.End)
			}
			after = append(after, c)
		}
		if len(after) == 0 {
			return
		}
		g = after[0]
	}
}

func stepWrongs(st Step) []string {
	var out []string
	for _, w := range st.Wrong {
		out = append(out, w.Move)
	}
	return out
}

func checkWrong(t *testing.T, where string, g *core.Game, side core.Side, w Wrong) {
	t.Helper()
	p := g.Position()
	_, err := p.ParseMove(w.Move)
	if err != nil {
		var ie *core.IllegalMoveError
		if !errors.As(err, &ie) {
			t.Errorf("%s: wrong move %s: %v (not even a move)", where, w.Move, err)
		}
		if w.Text != "" || w.Reply != "" {
			t.Errorf("%s: wrong move %s is illegal: the engine explains it, no text or reply", where, w.Move)
		}
		if _, ok := WhyIDs[ie.Why]; !ok {
			t.Errorf("%s: wrong move %s: reason %v has no text", where, w.Move, ie.Why)
		}
		return
	}
	if w.Text == "" {
		t.Errorf("%s: wrong move %s is legal but has no explanation", where, w.Move)
	}
	c := g.Clone()
	if err := c.Play(w.Move); err != nil {
		t.Fatal(err)
	}
	if w.Reply == "" {
		if o := c.Outcome(); !against(o, side) {
			t.Errorf("%s: wrong move %s does not lose at once (%v) and has no reply", where, w.Move, o)
		}
		return
	}
	before := c.Captured()
	if err := c.Play(w.Reply); err != nil {
		t.Errorf("%s: the reply to wrong move %s: %v", where, w.Move, err)
		return
	}
	switch {
	case against(c.Outcome(), side):
	case side == core.Prey && c.Captured() > before:
	default:
		t.Errorf("%s: the reply %s to wrong move %s neither captures nor wins", where, w.Reply, w.Move)
	}
}

// TestMessages: every text a lesson uses exists in both languages and is
// listed in the translations' ID table.
func TestMessages(t *testing.T) {
	listed := map[string]bool{}
	for _, id := range translations.MessageIDs() {
		listed[id] = true
	}
	loc := translations.NewLocalizer(translations.English)
	check := func(id string) {
		t.Helper()
		if !listed[id] {
			t.Errorf("%s is not in the translations' ID tables", id)
		}
		for _, lang := range translations.Languages {
			if !loc.Has(lang, id) {
				t.Errorf("%s: no %s text", id, lang)
			}
		}
	}
	for _, l := range All() {
		check(l.TitleID())
		for k, st := range l.Steps {
			check(l.GoalID(k))
			check(l.DoneID(k))
			for _, w := range st.Wrong {
				if w.Text != "" {
					check(l.ID(w.Text))
				}
			}
		}
	}
	for _, id := range WhyIDs {
		check(id)
	}
	for _, id := range []string{OtherID, "lesson.why.pick", "lesson.why.stuck"} {
		check(id)
	}
}

// TestRunFlow drives every lesson through Run: each named wrong move is
// explained (and, if it was played, taken back by Retry), then the expected
// moves and replies complete the lesson.
func TestRunFlow(t *testing.T) {
	for _, l := range All() {
		r, err := Start(l)
		if err != nil {
			t.Fatal(err)
		}
		for k, st := range l.Steps {
			if r.Phase() != Playing || r.Step() != k || r.GoalID() != l.GoalID(k) {
				t.Fatalf("%s: step %d: phase %v step %d", l.Key(), k, r.Phase(), r.Step())
			}
			for _, w := range st.Wrong {
				played := r.Try(w.Move)
				n := r.Note()
				if n.Kind != NoteBad || n.ID == "" {
					t.Fatalf("%s: wrong move %s: note %+v", l.Key(), w.Move, n)
				}
				if w.Text != "" && n.ID != l.ID(w.Text) {
					t.Fatalf("%s: wrong move %s: note %s", l.Key(), w.Move, n.ID)
				}
				if played {
					if w.Reply != "" {
						if _, ok := r.Reply(); !ok {
							t.Fatalf("%s: no refutation", l.Key())
						}
					}
					if r.Phase() != Missed || !r.Retry() {
						t.Fatalf("%s: after wrong move %s: phase %v", l.Key(), w.Move, r.Phase())
					}
				}
				if r.Phase() != Playing || r.Step() != k {
					t.Fatalf("%s: after wrong move %s: phase %v step %d", l.Key(), w.Move, r.Phase(), r.Step())
				}
			}
			if !r.Try(st.Expect[0]) {
				t.Fatalf("%s: expected move %s not taken", l.Key(), st.Expect[0])
			}
			if n := r.Note(); n.Kind != NoteGood || n.ID != l.DoneID(k) {
				t.Fatalf("%s: note after the right move: %+v", l.Key(), n)
			}
			if st.Reply != "" {
				if r.Phase() != Replying || r.Takes() {
					t.Fatalf("%s: phase %v, want Replying", l.Key(), r.Phase())
				}
				if m, ok := r.Reply(); !ok || m.String() != st.Reply {
					t.Fatalf("%s: reply %v %v", l.Key(), m, ok)
				}
			}
		}
		if r.Phase() != Done {
			t.Fatalf("%s: phase %v at the end, want Done", l.Key(), r.Phase())
		}
	}
}

// TestRunOtherMoveAndTaps: a legal move the step does not name is only
// explained; taps that are no move get the engine's reason or a hint.
func TestRunOtherMoveAndTaps(t *testing.T) {
	r, err := Start(Find("beat-the-wolf/1"))
	if err != nil {
		t.Fatal(err)
	}
	if r.Try("d4-d5") || r.Note().ID != OtherID || r.Game().Len() != 0 {
		t.Fatalf("another legal move: %+v", r.Note())
	}
	pos := r.Position()
	b := pos.Board()
	idx := func(n string) int { i, _ := b.Index(n); return i }
	r.Illegal(idx("d4"), idx("d6"))
	if n := r.Note(); n.ID != "lesson.why.jump_over_empty" || n.Data["From"] != "d4" || n.Data["To"] != "d6" {
		t.Fatalf("jump over nothing: %+v", n)
	}
	r.Illegal(-1, idx("c1"))
	if r.Note().ID != "lesson.why.pick" {
		t.Fatalf("a dog tapped: %+v", r.Note())
	}
	r2, _ := Start(Find("deer-chess/2"))
	r2.Illegal(-1, mustIndex(t, r2, "d4"))
	if r2.Note().ID != "lesson.why.hand_first" || r2.Note().Data["From"] != "d4" {
		t.Fatalf("a dog on the board while placing: %+v", r2.Note())
	}
	r2.Illegal(-1, mustIndex(t, r2, "c6"))
	if r2.Note().ID != "lesson.why.place_in_cliff" {
		t.Fatalf("placing in the cliff: %+v", r2.Note())
	}
}

func mustIndex(t *testing.T, r *Run, name string) int {
	t.Helper()
	p := r.Position()
	i, ok := p.Board().Index(name)
	if !ok {
		t.Fatalf("no point %s", name)
	}
	return i
}

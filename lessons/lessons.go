// Package lessons holds the "Learn to play" courses of Hunt Chess: for each
// game a few lessons, each a position on the real board, a goal, the moves
// that reach it, the scripted replies of the other side and the wrong moves
// worth explaining; and Run, the flow of one lesson without any widget (the
// app's lesson screen shows it, tests drive it alone).
//
// Positions are written in the position notation (core.ParsePosition), moves
// in move notation. Texts are message IDs of translations/locales/lessons.*.toml:
//
//	lesson.<game>.<n>.title   the lesson's name
//	lesson.<game>.<n>.goal<k> what to do in step k (from 1)
//	lesson.<game>.<n>.done<k> what happened after step k's move (and reply)
//	lesson.<game>.<n>.<name>  a named wrong move's explanation (Wrong.Text)
//
// and lesson.why.* for the engine's reasons (core.Why) a move is not legal.
package lessons

import (
	"fmt"
	"strconv"

	"huntchess/core"
)

// Lesson is one lesson of a game's course.
type Lesson struct {
	Game string    // the game's ID ("beat-the-wolf", …)
	N    int       // its number in the game's course, from 1
	Side core.Side // the side the player moves
	// Start is the position the lesson opens with; Prelude, moves played
	// before it opens (in notation), gives the record a history (the
	// repetition lessons: the position has been seen before).
	Start   string
	Prelude []string
	Steps   []Step
}

// Step is one move of the player, then perhaps a scripted reply.
type Step struct {
	// Expect are the right moves (any of them completes the step).
	Expect []string
	// Reply is the other side's scripted answer ("" for none).
	Reply string
	// Wrong are moves worth explaining: illegal ones (the engine's reason
	// is the explanation) and legal ones that lose (Text explains, Reply
	// shows why).
	Wrong []Wrong
	// End, if the lesson's record ends here, is how it ends (the tests
	// check it).
	End core.Outcome
}

// Wrong is a wrong move a step names.
type Wrong struct {
	Move string
	// Text is the message ID suffix of the explanation (lesson.<game>.<n>.<Text>)
	// of a legal move; "" for an illegal move: the engine's reason.
	Text string
	// Reply is the other side's answer that shows why a legal wrong move
	// loses (a capture, or the game's end); "" when the move itself ends
	// the game against the player.
	Reply string
}

// Key is the lesson's key in the progress preference: "beat-the-wolf/1".
func (l *Lesson) Key() string { return l.Game + "/" + strconv.Itoa(l.N) }

// ID returns the message ID lesson.<game>.<n>.<suffix>.
func (l *Lesson) ID(suffix string) string {
	return "lesson." + l.Game + "." + strconv.Itoa(l.N) + "." + suffix
}

// TitleID is the message ID of the lesson's name.
func (l *Lesson) TitleID() string { return l.ID("title") }

// GoalID is the message ID of step k's goal (k from 0).
func (l *Lesson) GoalID(k int) string { return l.ID("goal" + strconv.Itoa(k+1)) }

// DoneID is the message ID of what happened in step k (k from 0).
func (l *Lesson) DoneID(k int) string { return l.ID("done" + strconv.Itoa(k+1)) }

// Info returns the facts of the lesson's game.
func (l *Lesson) Info() *core.GameInfo {
	g, err := core.Lookup(l.Game)
	if err != nil {
		panic("lessons: " + err.Error())
	}
	return g
}

// NewGame returns the lesson's record: its start position, the prelude played.
func (l *Lesson) NewGame() (*core.Game, error) {
	p, err := core.ParsePosition(l.Game, l.Start)
	if err != nil {
		return nil, fmt.Errorf("lesson %s: %w", l.Key(), err)
	}
	g := core.NewGameFrom(p)
	for _, m := range l.Prelude {
		if err := g.Play(m); err != nil {
			return nil, fmt.Errorf("lesson %s: prelude: %w", l.Key(), err)
		}
	}
	return g, nil
}

// ForGame returns the course of a game, in order.
func ForGame(id string) []*Lesson {
	var out []*Lesson
	for i := range all {
		if all[i].Game == id {
			out = append(out, &all[i])
		}
	}
	return out
}

// All returns every lesson of every game.
func All() []*Lesson {
	out := make([]*Lesson, len(all))
	for i := range all {
		out[i] = &all[i]
	}
	return out
}

// Find returns the lesson with the given key, or nil.
func Find(key string) *Lesson {
	for i := range all {
		if all[i].Key() == key {
			return &all[i]
		}
	}
	return nil
}

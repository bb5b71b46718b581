package lessons

import (
	"errors"
	"slices"

	"huntchess/core"
)

// Phase is where a lesson stands.
type Phase uint8

// Phases of a lesson.
const (
	Playing  Phase = iota // the player's move is awaited
	Replying              // the other side's scripted reply is due: call Reply
	Missed                // a wrong move was played (and answered): call Retry
	Done                  // every step is made: the lesson is complete
)

// NoteKind says how a note is shown.
type NoteKind uint8

// Kinds of notes.
const (
	NoteNone NoteKind = iota
	NoteGood          // what the right move did
	NoteBad           // why a move is wrong
)

// Note is the feedback on the player's last move: a message ID with its
// template data (From, To: point names; Move: a move in notation).
type Note struct {
	Kind NoteKind
	ID   string
	Data map[string]any
}

// OtherID is the note for a legal move the step does not ask for.
const OtherID = "lesson.other"

// Run is the flow of one lesson: the record, the step, the phase and the
// note on the last move. It holds no widget; moves come in as the board
// reports them (Move, Illegal), the screen calls Reply when a scripted
// reply is due (after the move's animation) and Retry after a wrong move.
type Run struct {
	L     *Lesson
	game  *core.Game
	step  int
	mark  int // the record's length at the start of the step
	phase Phase
	reply string // the reply due while Replying
	then  Phase  // the phase after that reply: Playing (next step) or Missed
	note  Note
}

// Start begins lesson l.
func Start(l *Lesson) (*Run, error) {
	g, err := l.NewGame()
	if err != nil {
		return nil, err
	}
	return &Run{L: l, game: g, mark: g.Len()}, nil
}

// Game returns the lesson's record.
func (r *Run) Game() *core.Game { return r.game }

// Position returns the position on the board.
func (r *Run) Position() core.Position { return r.game.Position() }

// Step returns the number of the current step (from 0); len(Steps) once done.
func (r *Run) Step() int { return r.step }

// Phase returns where the lesson stands.
func (r *Run) Phase() Phase { return r.phase }

// Note returns the feedback on the last move (Kind NoteNone: none).
func (r *Run) Note() Note { return r.note }

// GoalID is the message ID of the current step's goal; once done, the last one's.
func (r *Run) GoalID() string { return r.L.GoalID(min(r.step, len(r.L.Steps)-1)) }

// Takes reports whether the board takes the player's moves now.
func (r *Run) Takes() bool { return r.phase == Playing && !r.game.Outcome().Over() }

// Move plays a legal move chosen on the board. A right move completes the
// step (a reply may then be due); a named wrong move is played (with the
// reply that shows why it loses) until Retry; any other legal move is only
// explained. It reports whether the record changed.
func (r *Run) Move(m core.Move) bool {
	if !r.Takes() {
		return false
	}
	st := r.L.Steps[r.step]
	text := m.String()
	switch {
	case slices.Contains(st.Expect, text):
		if r.game.PlayMove(m) != nil {
			return false
		}
		r.note = Note{Kind: NoteGood, ID: r.L.DoneID(r.step)}
		if st.Reply != "" {
			r.phase, r.reply, r.then = Replying, st.Reply, Playing
		} else {
			r.next()
		}
		return true
	}
	for _, w := range st.Wrong {
		if w.Move != text || w.Text == "" {
			continue
		}
		if r.game.PlayMove(m) != nil {
			return false
		}
		r.note = Note{Kind: NoteBad, ID: r.L.ID(w.Text)}
		r.phase = Missed
		if w.Reply != "" {
			r.phase, r.reply, r.then = Replying, w.Reply, Missed
		}
		return true
	}
	r.note = Note{Kind: NoteBad, ID: OtherID, Data: map[string]any{"Move": text}}
	return false
}

// next ends the current step.
func (r *Run) next() {
	r.step++
	r.mark = r.game.Len()
	r.phase = Playing
	if r.step >= len(r.L.Steps) {
		r.phase = Done
	}
}

// Reply plays the scripted reply that is due and returns it.
func (r *Run) Reply() (core.Move, bool) {
	if r.phase != Replying {
		return core.Move{}, false
	}
	if err := r.game.Play(r.reply); err != nil {
		// The tests rule this out; do not leave the lesson stuck.
		r.phase = Missed
		return core.Move{}, false
	}
	if r.then == Playing {
		r.next()
	} else {
		r.phase = r.then
	}
	return r.game.LastMove(), true
}

// Retry takes a wrong move (and its reply) back: the step starts again.
func (r *Run) Retry() bool {
	if r.phase != Missed && r.phase != Replying {
		return false
	}
	for r.game.Len() > r.mark && r.game.Undo() {
	}
	r.phase = Playing
	r.note = Note{}
	return true
}

// Illegal explains a tap that is no legal move (widgets.Board.OnIllegal):
// from is the selected piece's point or -1, to the point tapped. The
// explanation is the engine's own reason where it has one.
func (r *Run) Illegal(from, to int) {
	if !r.Takes() {
		return
	}
	p := r.game.Position()
	b := p.Board()
	if to < 0 || to >= b.NumPoints() {
		return
	}
	own := p.Pred
	if p.ToMove == core.Prey {
		own = p.Prey
	}
	placing := p.Placing()
	name := func(i int) string { return b.Points[i].Name }
	var text string
	switch {
	case from >= 0:
		text = name(from) + "-" + name(to)
	case placing && own&(1<<uint(to)) != 0:
		r.note = whyNote(core.WhyHandFirst, name(to), "")
		return
	case placing:
		text = "@" + name(to)
	case own&(1<<uint(to)) != 0:
		r.note = Note{Kind: NoteBad, ID: "lesson.why.stuck", Data: map[string]any{"From": name(to)}}
		return
	default:
		r.note = Note{Kind: NoteBad, ID: "lesson.why.pick", Data: map[string]any{"To": name(to)}}
		return
	}
	_, err := p.ParseMove(text)
	var ie *core.IllegalMoveError
	if !errors.As(err, &ie) {
		return
	}
	f := ""
	if from >= 0 {
		f = name(from)
	}
	r.note = whyNote(ie.Why, f, name(to))
}

// WhyIDs are the message IDs of the engine's reasons, by core.Why.
var WhyIDs = map[core.Why]string{
	core.WhyGameOver:       "lesson.why.game_over",
	core.WhyPass:           "lesson.why.pass",
	core.WhyNoPlacements:   "lesson.why.no_placements",
	core.WhyOnlyPreyPlaces: "lesson.why.only_prey_places",
	core.WhyHandEmpty:      "lesson.why.hand_empty",
	core.WhyOccupied:       "lesson.why.occupied",
	core.WhyPlaceInCliff:   "lesson.why.place_in_cliff",
	core.WhyNoPiece:        "lesson.why.no_piece",
	core.WhyHandFirst:      "lesson.why.hand_first",
	core.WhyIntoTrap:       "lesson.why.into_trap",
	core.WhyIntoCliff:      "lesson.why.into_cliff",
	core.WhyDiagonal:       "lesson.why.diagonal",
	core.WhyStep:           "lesson.why.step",
	core.WhyPreyJumps:      "lesson.why.prey_jumps",
	core.WhyNoJumps:        "lesson.why.no_jumps",
	core.WhyJumpOverEmpty:  "lesson.why.jump_over_empty",
	core.WhyJump:           "lesson.why.jump",
	core.WhyNotJoined:      "lesson.why.not_joined",
}

func whyNote(w core.Why, from, to string) Note {
	id, ok := WhyIDs[w]
	if !ok {
		id = "lesson.why.step"
	}
	return Note{Kind: NoteBad, ID: id, Data: map[string]any{"From": from, "To": to}}
}

// Try plays a move given in notation as if chosen on the board: a legal move
// goes to Move, an illegal one to Illegal. (Tests, and the screenshots'
// wrong-move state.)
func (r *Run) Try(text string) bool {
	p := r.game.Position()
	if m, err := p.ParseMove(text); err == nil {
		return r.Move(m)
	}
	b := p.Board()
	from, to := -1, -1
	if len(text) > 0 && text[0] == '@' {
		to, _ = b.Index(text[1:])
	} else {
		for i := 0; i < len(text); i++ {
			if text[i] == '-' {
				from, _ = b.Index(text[:i])
				to, _ = b.Index(text[i+1:])
				break
			}
		}
	}
	if to >= 0 {
		r.Illegal(from, to)
	}
	return false
}

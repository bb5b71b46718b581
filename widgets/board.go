// Package widgets holds the custom Fyne widgets of Hunt Chess: the game
// board, the turn timer, the capture/in-hand status line, the wrapped
// paragraph (which breaks Chinese lines itself) and the move list's cell.
// The widgets never change a game themselves and hold no translated text:
// the app passes labels in and receives moves through callbacks.
package widgets

import (
	"sync/atomic"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"huntchess/core"
)

// PieceGlyphs maps each piece kind (core.PieceWolf, …) to the character drawn
// on its tokens. The characters are not translated: they are Chinese in
// every language, in Simplified characters, and in Traditional ones
// (PieceGlyphsTraditional) while the app is in Traditional Chinese
// (SetTraditionalGlyphs).
var PieceGlyphs = map[string]string{
	core.PieceWolf: "狼",
	core.PieceDog:  "犬",
	core.PiecePig:  "猪",
	core.PieceLion: "狮",
	core.PieceDeer: "鹿",
}

// PieceGlyphsTraditional are PieceGlyphs in Traditional characters.
var PieceGlyphsTraditional = map[string]string{
	core.PieceWolf: "狼",
	core.PieceDog:  "犬",
	core.PiecePig:  "豬",
	core.PieceLion: "獅",
	core.PieceDeer: "鹿",
}

var traditionalGlyphs atomic.Bool

// SetTraditionalGlyphs makes the pieces' characters Traditional
// (PieceGlyphsTraditional) or Simplified (PieceGlyphs), for the boards and
// trays drawn from then on; the app calls it when the language changes.
func SetTraditionalGlyphs(on bool) { traditionalGlyphs.Store(on) }

// PieceGlyph is the character drawn on a token of kind.
func PieceGlyph(kind string) string {
	if traditionalGlyphs.Load() {
		return PieceGlyphsTraditional[kind]
	}
	return PieceGlyphs[kind]
}

// Board is the game board widget. It draws any of the four boards from the
// core geometry, shows a position, lets the player pick a move by tapping or
// dragging and reports it through OnMove. It never changes the game: the app
// plays the move and calls SetPosition with the result.
//
// Note: the position accessor is GamePosition, not Position — Position is
// already fyne.CanvasObject's method returning the widget's place on screen.
type Board struct {
	widget.BaseWidget

	// OnMove is called with the move the player chose (never a pass).
	OnMove func(core.Move)
	// OnKey and OnRune receive the keys the focused board does not use
	// itself (it uses the arrows, Enter and Space): the app's shortcuts.
	OnKey  func(*fyne.KeyEvent)
	OnRune func(rune)
	// OnIllegal, if set, is told of a tap or drop that is no legal move
	// (the red ring): from is the selected or dragged piece's point, -1
	// when none (a placement, or a tap on a piece that cannot move), to
	// the point tapped. Lessons explain why.
	OnIllegal func(from, to int)
	// OnPoint, if set, makes the board an editor's (the explorer's "Set
	// up"): a tap or the keyboard's Enter on a point calls it with the
	// point, and nothing is selected, moved or dragged.
	OnPoint func(p int)
	// Glyph, if set, returns the text drawn on a token of a piece kind
	// (core.PieceWolf, …) instead of PieceGlyphs: e.g. Latin letters where
	// the font has no CJK characters. Call Refresh after changing it.
	Glyph func(kind string) string
	// Do, if set, runs a function on the UI goroutine: the board hands its
	// callbacks from other goroutines (the illegal-tap cue's timer) to it.
	// The app sets its guarded do, which drops them once the app is
	// stopping; nil means fyne.Do.
	Do func(func())

	pos       core.Position
	moves     []core.Move // legal moves of pos
	last      core.Move
	hint      core.Move
	selected  int
	readOnly  bool
	showLegal bool
	animate   bool
	flipped   bool // turned by 180° (SetFlipped)
	focused   bool // the keyboard focus is on the board (keyboard.go)
	cursor    int  // the keyboard cursor's point, -1 before the first use
	keyMode   bool // the cursor shows: focus by keyboard, not by a tap or drag

	// drag state
	dragging  bool // a piece is being dragged
	dragSeen  bool // a drag gesture is under way (with or without a piece)
	dragFrom  int
	dragStart fyne.Position
	dragAt    fyne.Position
	noSlide   core.Move // a move made by dragging: no slide animation for it

	flashAt    int // point of the last illegal-tap cue
	flashCount int // number of illegal-tap cues so far (tests)

	r *boardRenderer // the current renderer, once created
}

var (
	_ fyne.Widget    = (*Board)(nil)
	_ fyne.Tappable  = (*Board)(nil)
	_ fyne.Draggable = (*Board)(nil)
)

// NewBoard returns a board widget showing pos, with legal-move hints and
// animations on.
func NewBoard(pos core.Position) *Board {
	b := &Board{selected: -1, cursor: -1, showLegal: true, animate: true, flashAt: -1,
		moves: make([]core.Move, 0, core.MaxMoves)}
	b.ExtendBaseWidget(b)
	b.setPos(pos)
	return b
}

func (b *Board) setPos(pos core.Position) {
	b.pos = pos
	b.moves = pos.GenMoves(b.moves[:0])
}

// SetPosition shows a new position. last is the move that led to it (shown
// highlighted and, with animations on, animated); the zero Move shows no last
// move (new game, undo). It clears the selection and the hint.
//
// The position already shown, with the same last move, is shown again
// without animating the move (a move shown while it waits for confirmation,
// then played).
func (b *Board) SetPosition(pos core.Position, last core.Move) {
	old := b.pos
	again := pos == old && last == b.last
	b.setPos(pos)
	b.last = last
	b.hint = core.Move{}
	b.selected = -1
	b.dragging = false
	slide := last != b.noSlide
	b.noSlide = core.Move{}
	if r := b.renderer(); r != nil && !again {
		r.positionChanged(old, last, slide && b.animationsOn())
	}
	b.Refresh()
}

// ShowStill shows pos like SetPosition, with last highlighted but not
// animated (going back from a move that was not confirmed).
func (b *Board) ShowStill(pos core.Position, last core.Move) {
	on := b.animate
	b.animate = false
	b.SetPosition(pos, last)
	b.animate = on
}

// GamePosition returns the position shown.
func (b *Board) GamePosition() core.Position { return b.pos }

// LastMove returns the last move shown (the zero Move if none).
func (b *Board) LastMove() core.Move { return b.last }

// SetReadOnly switches the read-only mode (rules screen, the AI's turn, a
// finished game): taps and drags are ignored.
func (b *Board) SetReadOnly(ro bool) {
	if b.readOnly == ro {
		return
	}
	b.readOnly = ro
	if ro {
		b.selected = -1
		b.dragging = false
	}
	b.Refresh()
}

// ReadOnly reports whether the board ignores input.
func (b *Board) ReadOnly() bool { return b.readOnly }

// SetShowLegal switches the highlighting of the selected piece's legal
// targets (the "show legal moves" setting). Selection works either way.
func (b *Board) SetShowLegal(on bool) {
	if b.showLegal == on {
		return
	}
	b.showLegal = on
	b.Refresh()
}

// ShowLegal reports whether legal targets are highlighted.
func (b *Board) ShowLegal() bool { return b.showLegal }

// SetAnimations switches move animations and the illegal-tap cue's fade.
// Animations also follow the app's ShowAnimations setting.
func (b *Board) SetAnimations(on bool) {
	b.animate = on
	if !on {
		if r := b.renderer(); r != nil {
			r.stopAnimations()
		}
	}
}

// Animations reports whether animations are switched on.
func (b *Board) Animations() bool { return b.animate }

func (b *Board) animationsOn() bool {
	if !b.animate {
		return false
	}
	if a := fyne.CurrentApp(); a != nil && a.Settings() != nil {
		return a.Settings().ShowAnimations()
	}
	return true
}

// SetHint highlights a suggested move; the zero Move clears it. SetPosition
// clears it too.
func (b *Board) SetHint(m core.Move) {
	if b.hint == m {
		return
	}
	b.hint = m
	b.Refresh()
}

// Hint returns the highlighted suggested move (the zero Move if none).
func (b *Board) Hint() core.Move { return b.hint }

// Selected returns the selected point index, or -1.
func (b *Board) Selected() int { return b.selected }

// Layout returns the board's layout at its current size.
func (b *Board) Layout() Layout { return b.layoutFor(b.Size()) }

func (b *Board) layoutFor(size fyne.Size) Layout {
	l := NewLayout(b.pos.Board(), size)
	l.Flipped = b.flipped
	return l
}

// SetFlipped turns the board by 180° (on) or back: for two players face to
// face, each sees the board from their side. Taps and drags follow.
func (b *Board) SetFlipped(on bool) {
	if b.flipped == on {
		return
	}
	b.flipped = on
	b.selected = -1
	b.dragging = false
	if r := b.renderer(); r != nil {
		r.Layout(b.Size())
	}
	b.Refresh()
}

// Flipped reports whether the board is turned by 180°.
func (b *Board) Flipped() bool { return b.flipped }

// MinSize returns the smallest useful size of the board.
func (b *Board) MinSize() fyne.Size {
	b.ExtendBaseWidget(b)
	return b.BaseWidget.MinSize()
}

// CreateRenderer is part of fyne.Widget.
func (b *Board) CreateRenderer() fyne.WidgetRenderer {
	b.ExtendBaseWidget(b)
	b.r = newBoardRenderer(b)
	return b.r
}

func (b *Board) renderer() *boardRenderer { return b.r }

// uiDo returns what runs a callback on the UI goroutine: Do, or fyne.Do
// when Do is nil. Read it on the UI goroutine, before handing it on.
func (b *Board) uiDo() func(func()) {
	if b.Do != nil {
		return b.Do
	}
	return fyne.Do
}

func (b *Board) glyph(kind string) string {
	if style.Pieces == PiecesShapes {
		return "" // plain shapes (style.go)
	}
	if b.Glyph != nil {
		return b.Glyph(kind)
	}
	return PieceGlyph(kind)
}

// placing reports whether the side to move places pieces from hand.
func (b *Board) placing() bool { return b.pos.Placing() }

// movesFrom returns the legal moves starting at point p.
func (b *Board) movesFrom(p int) []core.Move {
	var out []core.Move
	for _, m := range b.moves {
		if int(m.From) == p && (m.Kind == core.MoveStep || m.Kind == core.MoveJump) {
			out = append(out, m)
		}
	}
	return out
}

// moveTo returns the legal move from `from` (-1: a placement) to `to`.
func (b *Board) moveTo(from, to int) (core.Move, bool) {
	for _, m := range b.moves {
		if int(m.To) != to {
			continue
		}
		if from < 0 && m.Kind == core.MovePlace {
			return m, true
		}
		if from >= 0 && int(m.From) == from && (m.Kind == core.MoveStep || m.Kind == core.MoveJump) {
			return m, true
		}
	}
	return core.Move{}, false
}

// Tapped handles a tap: select a piece, play a move to a target, place a
// dog, or deselect. An illegal tap changes nothing but flashes a red ring.
func (b *Board) Tapped(ev *fyne.PointEvent) {
	b.keyMode = false
	if b.readOnly {
		return
	}
	p, ok := b.Layout().HitTest(ev.Position)
	if ok {
		b.cursor = p
	}
	b.tapPoint(p, ok)
}

func (b *Board) tapPoint(p int, ok bool) {
	if b.OnPoint != nil {
		if ok {
			b.OnPoint(p)
		}
		return
	}
	if !ok {
		b.deselect()
		return
	}
	if b.placing() {
		if m, legal := b.moveTo(-1, p); legal {
			b.emit(m)
			return
		}
		b.illegal(-1, p)
		return
	}
	if b.selected >= 0 {
		if m, legal := b.moveTo(b.selected, p); legal {
			b.emit(m)
			return
		}
		if p == b.selected {
			b.deselect()
			return
		}
	}
	if len(b.movesFrom(p)) > 0 {
		b.selected = p
		b.Refresh()
		return
	}
	b.illegal(b.selected, p)
}

// illegal shows the illegal-tap cue at to and tells OnIllegal.
func (b *Board) illegal(from, to int) {
	b.flash(to)
	if b.OnIllegal != nil {
		b.OnIllegal(from, to)
	}
}

func (b *Board) deselect() {
	if b.selected < 0 {
		return
	}
	b.selected = -1
	b.Refresh()
}

func (b *Board) emit(m core.Move) {
	b.selected = -1
	b.dragging = false
	b.Refresh()
	if b.OnMove != nil {
		b.OnMove(m)
	}
}

func (b *Board) flash(p int) {
	b.flashAt = p
	b.flashCount++
	if r := b.renderer(); r != nil {
		r.flash(p, b.animationsOn())
	}
}

// Dragged handles dragging a piece: it follows the pointer and is dropped
// on DragEnd.
func (b *Board) Dragged(ev *fyne.DragEvent) {
	if b.dragSeen && !b.dragging {
		return // the gesture did not start on a movable piece
	}
	b.dragSeen = true
	if b.readOnly || b.placing() || b.OnPoint != nil {
		return
	}
	if !b.dragging {
		start := ev.Position.Subtract(ev.Dragged)
		p, ok := b.Layout().HitTest(start)
		if !ok || len(b.movesFrom(p)) == 0 {
			return
		}
		b.dragging, b.dragFrom, b.dragStart = true, p, start
		b.selected = p
		b.dragAt = ev.Position
		b.Refresh()
		return
	}
	b.dragAt = ev.Position
	if r := b.renderer(); r != nil {
		r.dragMoved()
	}
}

// DragEnd drops a dragged piece: on a legal target it makes the move,
// elsewhere the piece goes back (and stays selected).
func (b *Board) DragEnd() {
	b.dragSeen = false
	if !b.dragging {
		return
	}
	b.dragging = false
	from := b.dragFrom
	p, ok := b.Layout().HitTest(b.dragAt)
	if ok {
		if m, legal := b.moveTo(from, p); legal {
			b.noSlide = m
			b.emit(m)
			return
		}
		if p != from {
			b.illegal(from, p)
		}
	}
	b.Refresh()
}

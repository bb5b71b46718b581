package app

import (
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"huntchess/core"
	"huntchess/explore"
	"huntchess/translations"
	"huntchess/widgets"
)

// editorScreen is the position editor (issue 45, "Set up a position"),
// opened from the explorer: a tap on a point puts the chosen piece there
// (the predator's, the prey's, or nothing; the same piece again takes it
// off), and the panel chooses the side to move, the prey captured and, in
// deer chess, the dogs in hand. Done checks the position with the rules
// (explore.Setup.Check, core.CheckSetup): one they cannot reach is refused
// with its reason in words; a good one goes back to the explorer (done).
// The model is explore.Setup; this is its screen.
type editorScreen struct {
	a    *App
	info *core.GameInfo
	s    *explore.Setup
	tool explore.Piece
	done func(core.Position)
	// refused is the last refusal's reason (tests, the harness).
	refused string

	board     *widgets.Board
	tools     [3]*widget.Button
	turn      *widget.RadioGroup
	captured  *widget.Label
	inHand    *widget.Label
	countTxt  *widgets.Paragraph
	clearBtn  *widget.Button
	startBtn  *widget.Button
	doneBtn   *widget.Button
	captMinus *widget.Button
	captPlus  *widget.Button
	handMinus *widget.Button
	handPlus  *widget.Button
}

// showEditor opens the editor on p; done gets the position set up once the
// rules accept it (the editor is closed by then).
func (a *App) showEditor(p core.Position, done func(core.Position)) {
	a.push(newEditorScreen(a, p, done))
}

func newEditorScreen(a *App, p core.Position, done func(core.Position)) *editorScreen {
	u := &editorScreen{a: a, info: p.Game.Info(), s: explore.NewSetup(p), tool: explore.PreyPiece, done: done}
	u.board = widgets.NewBoard(u.s.Board())
	u.board.Do = a.do
	u.board.SetShowLegal(false)
	u.board.SetAnimations(false)
	u.board.OnPoint = u.tap
	return u
}

func (u *editorScreen) close() {}

// tap puts the chosen piece on point q (or takes it off).
func (u *editorScreen) tap(q int) {
	u.s.Tap(q, u.tool)
	u.changed()
}

// choose makes piece the one a tap puts down.
func (u *editorScreen) choose(piece explore.Piece) {
	u.tool = piece
	u.refresh()
}

// changed shows the setup after an edit.
func (u *editorScreen) changed() {
	u.board.ShowStill(u.s.Board(), core.Move{})
	u.refresh()
}

// finish checks the position: refused with its reason, or handed to done.
func (u *editorScreen) finish() {
	p, err := u.s.Check()
	if err != nil {
		u.refused = positionErrorText(u.info, err)
		u.a.showMessage(translations.T("setup.refused_title"), u.refused)
		return
	}
	u.refused = ""
	u.a.back()
	if u.done != nil {
		u.done(p)
	}
}

// capitalized is s with its first letter upper case ("lion": "Lion"; a
// Chinese text stays as it is).
func capitalized(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	return string(unicode.ToUpper(r)) + s[n:]
}

// toolPieces are the pieces of the chooser's buttons, in order.
var toolPieces = [3]explore.Piece{explore.PredatorPiece, explore.PreyPiece, explore.Empty}

// pieceName is the name of a piece of side on the chooser's button.
func pieceName(info *core.GameInfo, side core.Side) string {
	return translations.T("setup.piece." + info.PiecesOf(side))
}

// countText sums the prey up: on the board, captured, in hand, against the
// game's number.
func (u *editorScreen) countText() string {
	d := map[string]any{"Prey": sideName(u.info, core.Prey), "Board": u.s.Count(core.Prey),
		"Captured": u.s.Captured(), "InHand": u.s.InHand(), "Total": u.info.PreyCount,
		"Sum": u.info.PreyCount - u.s.Missing()}
	if u.info.HasPlacement() {
		return translations.TData("setup.count_hand", d)
	}
	return translations.TData("setup.count", d)
}

func (u *editorScreen) content() fyne.CanvasObject {
	gt := translations.Game(u.info.Key)
	back := widget.NewButtonWithIcon(translations.T("game.back"), theme.NavigateBackIcon(), u.a.back)
	title := u.a.wrappedTitle(translations.T("setup.title")+" · "+gt.Title, "")
	u.tools = [3]*widget.Button{
		widget.NewButtonWithIcon(pieceName(u.info, core.Predator), widgets.PieceIcon(true, false), func() { u.choose(explore.PredatorPiece) }),
		widget.NewButtonWithIcon(pieceName(u.info, core.Prey), widgets.PieceIcon(false, true), func() { u.choose(explore.PreyPiece) }),
		widget.NewButtonWithIcon(translations.T("setup.empty"), widgets.PieceIcon(false, false), func() { u.choose(explore.Empty) }),
	}
	sides := []string{capitalized(sideName(u.info, core.Predator)), capitalized(sideName(u.info, core.Prey))}
	u.turn = widget.NewRadioGroup(sides, func(s string) {
		side := core.Predator
		if s == sides[1] {
			side = core.Prey
		}
		if side != u.s.ToMove() {
			u.s.SetToMove(side)
			u.changed()
		}
	})
	u.turn.Horizontal = true
	u.turn.Required = true
	u.turn.SetSelected(sides[u.s.ToMove()])

	u.captured = widget.NewLabel("")
	u.captMinus = widget.NewButtonWithIcon("", theme.ContentRemoveIcon(), func() { u.s.SetCaptured(u.s.Captured() - 1); u.changed() })
	u.captPlus = widget.NewButtonWithIcon("", theme.ContentAddIcon(), func() { u.s.SetCaptured(u.s.Captured() + 1); u.changed() })
	stepper := func(l *widget.Label, minus, plus *widget.Button) fyne.CanvasObject {
		return container.NewBorder(nil, nil, nil, container.NewHBox(minus, plus), l)
	}
	rows := []fyne.CanvasObject{
		titleRow(back, nil, title),
		widgets.NewParagraph(translations.T("setup.help")),
	}
	group := widgets.NewIconGroup()
	rows = append(rows, group.Row(u.tools[:]...))
	turnLabel := widget.NewLabel(translations.T("setup.to_move"))
	rows = append(rows, container.NewBorder(nil, nil, turnLabel, nil, u.turn),
		stepper(u.captured, u.captMinus, u.captPlus))
	u.inHand = nil
	if u.info.HasPlacement() {
		u.inHand = widget.NewLabel("")
		u.handMinus = widget.NewButtonWithIcon("", theme.ContentRemoveIcon(), func() { u.s.SetInHand(u.s.InHand() - 1); u.changed() })
		u.handPlus = widget.NewButtonWithIcon("", theme.ContentAddIcon(), func() { u.s.SetInHand(u.s.InHand() + 1); u.changed() })
		rows = append(rows, stepper(u.inHand, u.handMinus, u.handPlus))
	}
	u.countTxt = widgets.NewParagraph("")
	u.clearBtn = widget.NewButtonWithIcon(translations.T("setup.clear"), theme.ContentClearIcon(), func() { u.s.Clear(); u.changed() })
	u.startBtn = widget.NewButtonWithIcon(translations.T("setup.start"), theme.HistoryIcon(), func() { u.s.Start(); u.changed() })
	u.doneBtn = widget.NewButtonWithIcon(translations.T("setup.done"), theme.ConfirmIcon(), u.finish)
	u.doneBtn.Importance = widget.HighImportance
	rows = append(rows, u.countTxt, group.Row(u.clearBtn, u.startBtn), u.doneBtn)
	u.refresh()
	return container.New(boardLayout{}, u.board, scrollPanel(container.NewVBox(rows...), nil))
}

// refresh shows the chosen piece, the counts and the buttons' states.
func (u *editorScreen) refresh() {
	if u.countTxt == nil {
		return
	}
	for i, b := range u.tools {
		imp := widget.MediumImportance
		if toolPieces[i] == u.tool {
			imp = widget.HighImportance
		}
		if b.Importance != imp {
			b.Importance = imp
			b.Refresh()
		}
	}
	u.captured.SetText(translations.TData("setup.captured", map[string]any{"Prey": sideName(u.info, core.Prey), "Count": u.s.Captured()}))
	setEnabled(u.captMinus, u.s.Captured() > 0)
	setEnabled(u.captPlus, u.s.Captured() < u.info.PreyCount)
	if u.inHand != nil {
		u.inHand.SetText(translations.TData("setup.in_hand", map[string]any{"Prey": sideName(u.info, core.Prey), "Count": u.s.InHand()}))
		setEnabled(u.handMinus, u.s.InHand() > 0)
		setEnabled(u.handPlus, u.s.InHand() < u.info.PreyInHand)
	}
	u.countTxt.SetText(u.countText())
}

// positionErrorText says in words why a position is not one of the game
// (a pasted line's or the editor's, core.PositionError).
func positionErrorText(info *core.GameInfo, pe *core.PositionError) string {
	d := map[string]any{"Text": pe.Text, "N": pe.N, "Want": pe.Want,
		"Predator": sideName(info, core.Predator), "Prey": sideName(info, core.Prey)}
	id := map[core.PositionWhy]string{
		core.PosNotKeyValue: "explore.err_not_key_value", core.PosUnknownField: "explore.err_unknown_field",
		core.PosFieldTwice: "explore.err_field_twice", core.PosFieldMissing: "explore.err_field_missing",
		core.PosUnknownPoint: "explore.err_unknown_point", core.PosTwoPieces: "explore.err_two_pieces",
		core.PosTurn: "explore.err_turn", core.PosCount: "explore.err_count",
		core.PosPredatorCount: "explore.err_predator_count", core.PosPreyOnTrap: "explore.err_prey_trap",
		core.PosPreyInCliff: "explore.err_prey_cliff", core.PosTooMany: "explore.err_too_many",
		core.PosTooFew:      "explore.err_too_few",
		core.PosOddCaptures: "setup.err_odd_captures", core.PosHandMoved: "setup.err_hand_moved",
		core.PosHandCaptured: "setup.err_hand_captured", core.PosHandFar: "setup.err_hand_far",
	}[pe.Why]
	if pe.Why == core.PosOver {
		id = map[core.Reason]string{
			core.ReasonCaptures: "setup.err_over_captures", core.ReasonLionTrapped: "setup.err_over_trapped",
			core.ReasonDeerInCliff: "setup.err_over_cliff", core.ReasonPredatorStuck: "setup.err_over_stuck",
			core.ReasonNoMoveDraw: "setup.err_over_draw",
		}[pe.Reason]
	}
	if id == "" {
		return translations.TData("explore.err_other", map[string]any{"Game": translations.Game(info.Key).Title})
	}
	return translations.TData(id, d)
}

// edit makes edits as Control.EditPosition says (the harness).
func (u *editorScreen) edit(edits []string) error {
	b := u.info.Board
	for _, ed := range edits {
		if k, v, ok := strings.Cut(ed, "="); ok {
			n, err := strconv.Atoi(v)
			switch {
			case k == "turn" && (v == "predator" || v == "prey"):
				u.s.SetToMove(map[string]core.Side{"predator": core.Predator, "prey": core.Prey}[v])
			case k == "captured" && err == nil:
				u.s.SetCaptured(n)
			case k == "hand" && err == nil:
				u.s.SetInHand(n)
			default:
				return fmt.Errorf("edit %q: want turn=predator|prey, captured=N or hand=N", ed)
			}
			continue
		}
		piece, point, ok := strings.Cut(ed, "@")
		q, on := b.Index(point)
		tool, known := map[string]explore.Piece{"predator": explore.PredatorPiece, "prey": explore.PreyPiece, "empty": explore.Empty}[piece]
		if !ok || !on || !known {
			return fmt.Errorf("edit %q: want piece@point, piece predator, prey or empty", ed)
		}
		u.tool = tool
		u.s.Tap(q, tool)
	}
	if u.turn != nil {
		u.turn.SetSelected(capitalized(sideName(u.info, u.s.ToMove())))
	}
	u.changed()
	return nil
}

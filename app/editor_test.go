//go:build ci

package app

import (
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/require"

	"huntchess/core"
	"huntchess/explore"
	"huntchess/translations"
	"huntchess/widgets"
)

func (h *harness) editor() *editorScreen {
	h.t.Helper()
	h.drain()
	u, ok := h.a.top().(*editorScreen)
	if !ok {
		h.t.Fatalf("top screen is %T, want the position editor", h.a.top())
	}
	return u
}

// tapPointNamed taps the named point of the editor's board.
func tapPointNamed(t *testing.T, b *widgets.Board, name string) {
	t.Helper()
	pos := b.GamePosition()
	q, ok := pos.Board().Index(name)
	require.True(t, ok, name)
	test.TapAt(b, widgets.NewLayout(pos.Board(), b.Size()).PointPos(q))
}

// From the explorer, Set up opens the editor on the position explored; a
// dog on a trap is refused with its reason in words (in a dialog, the
// editor stays), and a position the rules reach (two dogs off, two
// captured, the dogs to move) goes back to the explorer, which works out
// its moves' values.
func TestEditorRefusesThenExplores(t *testing.T) {
	h, _ := exploreHarness(t)
	h.a.Window().Resize(fyne.NewSize(390, 844))
	test.Tap(h.home().exploreBtns[core.SurroundTheLion])
	e := h.explorer()
	depth := len(h.a.stack)
	test.Tap(e.setupBtn)
	u := h.editor()
	require.Equal(t, core.SurroundTheLion.Info().Start(), u.board.GamePosition())

	test.Tap(u.tools[1]) // the dogs
	tapPointNamed(t, u.board, "N")
	test.Tap(u.doneBtn)
	want := translations.TData("explore.err_prey_trap", map[string]any{"Text": "N", "Prey": "dogs"})
	require.Equal(t, want, u.refused)
	require.Contains(t, texts(h.a.Window()), want)
	test.Tap(overlayButton(t, h.a.Window(), translations.T("dialog.ok")))
	require.Same(t, u, h.editor(), "a refusal keeps the editor")

	tapPointNamed(t, u.board, "N") // the same piece again takes it off
	tapPointNamed(t, u.board, "a1")
	tapPointNamed(t, u.board, "b1")
	test.Tap(u.doneBtn) // two dogs short
	require.Equal(t, translations.TData("explore.err_too_few", map[string]any{"N": 14, "Want": 16, "Prey": "dogs"}), u.refused)
	test.Tap(overlayButton(t, h.a.Window(), translations.T("dialog.ok")))
	test.Tap(u.captPlus)
	require.Contains(t, texts(h.a.Window()), "14 on the board and 1 captured make 15 of the game's 16")
	tapPointNamed(t, u.board, "a1") // back: 15 and 1 make 16
	test.Tap(u.doneBtn)             // one captured: the lion takes dogs in pairs
	require.Equal(t, translations.TData("setup.err_odd_captures", map[string]any{"N": 1, "Prey": "dogs"}), u.refused)
	test.Tap(overlayButton(t, h.a.Window(), translations.T("dialog.ok")))
	tapPointNamed(t, u.board, "a1")
	test.Tap(u.captPlus)
	u.turn.SetSelected("Dogs")
	test.Tap(u.doneBtn)
	require.Empty(t, u.refused)

	want2, err := core.ParsePosition("surround-the-lion", "predator:c3 prey:c1,d1,e1,a2,e2,a3,e3,a4,e4,a5,b5,c5,d5,e5 turn:prey captured:2 hand:0")
	require.NoError(t, err)
	e = h.explorer()
	require.Equal(t, depth, len(h.a.stack), "the editor closed, the explorer on top")
	require.Equal(t, want2, e.walk.Position())
	require.Equal(t, want2, e.board.GamePosition())
	require.Len(t, e.moves, len(want2.GenMoves(nil)))
	require.Equal(t, explore.Line(want2), explore.Line(e.walk.Position()), "copied as pasted")
}

// Deer chess's editor: the dogs in hand with their stepper, Clear board
// and Start position, and the placement phase's reason in Chinese.
func TestEditorDeerInHand(t *testing.T) {
	h, _ := exploreHarness(t)
	start := core.DeerChess.Info().Start()
	h.a.showEditor(start, nil)
	u := h.editor()
	require.NotNil(t, u.inHand)
	require.True(t, u.handPlus.Disabled(), "12 in hand: the most")
	test.Tap(u.handMinus)
	require.Equal(t, 11, u.s.InHand())
	require.Contains(t, texts(h.a.Window()), translations.TData("setup.in_hand", map[string]any{"Count": 11}))
	tapPointNamed(t, u.board, "a1")
	tapPointNamed(t, u.board, "e1")
	test.Tap(u.tools[2]) // empty
	tapPointNamed(t, u.board, "c4")

	h.a.chooseLanguage(translations.Chinese)
	h.drain()
	u = h.editor()
	test.Tap(u.doneBtn)
	require.Equal(t, translations.TData("setup.err_hand_moved", map[string]any{"N": 2, "Want": 1}), u.refused)
	require.Contains(t, u.refused, "只放下了 1 只")
	test.Tap(overlayButton(t, h.a.Window(), translations.T("dialog.ok")))

	test.Tap(u.clearBtn)
	require.Zero(t, u.board.GamePosition().Pred|u.board.GamePosition().Prey)
	test.Tap(u.startBtn)
	require.Equal(t, start, u.board.GamePosition())
	var got core.Position
	u.done = func(p core.Position) { got = p }
	test.Tap(u.doneBtn)
	require.Equal(t, start, got)
}

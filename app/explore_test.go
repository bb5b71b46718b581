//go:build ci

package app

import (
	"context"
	"fmt"
	"os"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/require"

	"huntchess/ai/tablebase"
	"huntchess/core"
	"huntchess/explore"
	"huntchess/match"
	"huntchess/tables"
	"huntchess/translations"
)

// exploreHarness is a harness with Surround the Lion's shipped table.
func exploreHarness(t *testing.T) (*harness, *tablebase.Table) {
	t.Helper()
	tb, err := tables.OpenShipped(core.SurroundTheLion, false)
	require.NoError(t, err)
	owner := tables.New("", nil, false, func(f func()) { f() })
	owner.Use(core.SurroundTheLion, tb)
	return newHarness(t, test.NewTempApp(t), func(o *Options) { o.Tables = owner }), tb
}

func (h *harness) explorer() *exploreScreen {
	h.t.Helper()
	e, ok := h.a.top().(*exploreScreen)
	if !ok {
		h.t.Fatalf("top screen is %T, want the explorer", h.a.top())
	}
	h.waitFor("the explorer's values", e.done)
	return e
}

// The explorer of a lion position from the home card: every legal move,
// with the shipped table's value for the side to move in words, best
// first; the position's own value on top; the best move drawn on the
// board; the same in Chinese.
func TestExploreListsEveryMoveFromTheTable(t *testing.T) {
	h, tb := exploreHarness(t)
	test.Tap(h.home().exploreBtns[core.SurroundTheLion])
	e := h.explorer()
	p := e.walk.Position()
	require.Equal(t, core.SurroundTheLion.Info().Start(), p)
	require.Len(t, e.moves, len(p.GenMoves(nil)))
	prev := 1 << 30
	for i, mv := range e.moves {
		v, plies, ok := tb.Probe(mv.After)
		require.True(t, ok || mv.After.Outcome().Over(), "the table covers %v", mv.Move)
		var want string
		switch v {
		case tablebase.Loss: // for the side to move after it: a win for the mover
			want = translations.TPlural("explore.win", plies+1, nil)
		case tablebase.Win:
			want = translations.TPlural("explore.loss", plies+1, nil)
		default:
			want = translations.T("explore.draw")
		}
		require.Equal(t, displayMove(mv.Move)+" — "+want, e.moveLine(i))
		// best first: wins fastest first, then draws, then losses slowest first
		rank := map[tablebase.Value]int{tablebase.Loss: 2_000_000 - plies, tablebase.Draw: 0, tablebase.Win: -2_000_000 + plies}[v]
		require.LessOrEqual(t, rank, prev, "%v listed after a worse move", mv.Move)
		prev = rank
	}
	v, plies, _ := tb.Probe(p)
	require.Equal(t, v, e.value.Verdict.Value)
	words := translations.T("explore.draw")
	if v == tablebase.Win {
		words = translations.TPlural("explore.win", plies, nil)
	} else if v == tablebase.Loss {
		words = translations.TPlural("explore.loss", plies, nil)
	}
	require.Contains(t, texts(h.a.Window()), translations.TData("explore.to_move",
		map[string]any{"Side": sideName(e.info, p.ToMove), "Value": words}))
	require.Equal(t, e.moves[0].Move, e.board.Hint(), "the best move drawn on the board")
	require.NotContains(t, texts(h.a.Window()), translations.T("explore.by_search"), "every move proven")

	h.a.chooseLanguage(translations.Chinese)
	h.drain()
	require.Contains(t, texts(h.a.Window()), "轮到"+sideName(e.info, p.ToMove)+"：")
	require.Contains(t, e.moveLine(0), "步")
}

// Moving either side, stepping back and forward with the buttons and the
// arrows, and a tap on a listed move plays it.
func TestExploreStepsBackAndForward(t *testing.T) {
	h, _ := exploreHarness(t)
	test.Tap(h.home().exploreBtns[core.SurroundTheLion])
	e := h.explorer()
	start := e.walk.Position()
	require.True(t, e.prev.Disabled() && e.next.Disabled())
	first := e.moves[0].Move
	e.list.Select(0) // a tap on the best move plays it
	e = h.explorer()
	require.Equal(t, start.After(first), e.walk.Position())
	require.Equal(t, start.After(first), e.board.GamePosition())
	second := e.moves[len(e.moves)-1].Move // the other side, its worst move
	tapMove(t, e.board, second)
	e = h.explorer()
	two := start.After(first).After(second)
	require.Equal(t, two, e.walk.Position())
	require.Contains(t, texts(h.a.Window()), translations.TData("explore.after", map[string]any{"Move": displayMove(second), "Ply": 2, "Total": 2}))

	test.Tap(e.prev)
	require.Equal(t, start.After(first), h.explorer().board.GamePosition())
	h.a.typedKey(&fyne.KeyEvent{Name: fyne.KeyLeft})
	require.Equal(t, start, h.explorer().walk.Position())
	require.True(t, e.prev.Disabled())
	h.a.typedKey(&fyne.KeyEvent{Name: fyne.KeyRight})
	test.Tap(e.next)
	e = h.explorer()
	require.Equal(t, two, e.walk.Position())
	require.True(t, e.next.Disabled())
	require.Equal(t, e.moves[0].Move, e.board.Hint())
}

// Copy puts the position on the clipboard as one line; Paste reads it
// back; a line of another game opens its game; a bad paste is refused with
// its reason in words.
func TestExploreCopyAndPaste(t *testing.T) {
	h, _ := exploreHarness(t)
	test.Tap(h.home().exploreBtns[core.SurroundTheLion])
	e := h.explorer()
	e.list.Select(1)
	e = h.explorer()
	at := e.walk.Position()
	test.Tap(e.copyBtn)
	line := h.fa.Clipboard().Content()
	require.Equal(t, explore.Line(at), line)
	require.NotContains(t, line, "\n")
	test.Tap(e.prev)
	h.explorer()
	test.Tap(e.pasteBtn)
	e = h.explorer()
	require.Equal(t, at, e.walk.Position())
	require.Equal(t, at, e.board.GamePosition())
	require.Empty(t, e.pasteErr)

	// a bad paste: its reason, in words, in a dialog; the position stays
	h.fa.Clipboard().SetContent("surround-the-lion: predator:c3,c4 prey:- turn:prey captured:0 hand:0")
	test.Tap(e.pasteBtn)
	want := translations.TData("explore.err_predator_count", map[string]any{"N": 2, "Want": 1, "Predator": "lion"})
	require.Equal(t, want, e.pasteErr)
	require.Contains(t, want, "2 pieces of the lion")
	require.Contains(t, texts(h.a.Window()), want)
	test.Tap(overlayButton(t, h.a.Window(), translations.T("dialog.ok")))
	require.Equal(t, at, e.walk.Position())
	h.fa.Clipboard().SetContent("")
	test.Tap(e.pasteBtn)
	require.Equal(t, translations.T("explore.err_empty"), e.pasteErr)
	test.Tap(overlayButton(t, h.a.Window(), translations.T("dialog.ok")))

	// another game's line: that game's explorer, in place of this one
	wolf := core.DeerChess.Info().Start()
	h.fa.Clipboard().SetContent(explore.Line(wolf))
	depth := len(h.a.stack)
	test.Tap(e.pasteBtn)
	e2 := h.explorer()
	require.Equal(t, wolf, e2.walk.Position())
	require.Equal(t, depth, len(h.a.stack))
}

// Where no proof covers a position (here: no tables at all), every move
// has the search's judgement, said to be one, and the best is drawn.
func TestExploreWithoutProof(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	h.a.showExplore(core.WolfCarriesPig.Info().Start())
	e := h.explorer()
	require.Contains(t, texts(h.a.Window()), translations.T("explore.by_search"))
	require.NotEmpty(t, e.moves)
	for i, mv := range e.moves {
		require.True(t, mv.Value.Searched && !mv.Value.Proven)
		if i > 0 {
			require.LessOrEqual(t, mv.Value.Score, e.moves[i-1].Value.Score, "best first")
		}
		require.True(t, strings.Contains(e.moveLine(i), "looking ahead, not a proof"), e.moveLine(i))
	}
	require.Equal(t, e.moves[0].Move, e.board.Hint())
	require.True(t, e.value.Searched)
}

// Play from here starts a game at the explored position against the
// computer, the player on the side to move; it is saved with its start and
// resumes there.
func TestExplorePlayFromHere(t *testing.T) {
	h, _ := exploreHarness(t)
	test.Tap(h.home().exploreBtns[core.SurroundTheLion])
	e := h.explorer()
	e.list.Select(0)
	e = h.explorer()
	at := e.walk.Position()
	test.Tap(e.playBtn)
	test.Tap(overlayButton(t, h.a.Window(), translations.T("explore.play_computer")))
	g := h.gameScreen()
	require.Equal(t, at, g.sess.Game().Start())
	require.Equal(t, 0, g.sess.Game().Len())
	want := match.ModeVsAIAsPredator
	if at.ToMove == core.Prey {
		want = match.ModeVsAIAsPrey
	}
	require.Equal(t, want, g.sess.Mode())
	require.True(t, g.sess.HumanTurn(), "the player has the side to move")
	require.NoError(t, g.sess.Game().PlayMove(g.sess.Game().LegalMoves()[0])) // a move to save
	h.a.saveCurrent()
	r, err := savesOf(t, h.fa, "surround-the-lion").Load()
	require.NoError(t, err)
	require.Equal(t, at, r.Game.Start(), "saved with its start")
}

// From a game: the explorer opens at the position shown with the game's
// moves to step through; the game stays paused under it (TestCoverHoldsTheClock)
// and goes on as it was after Back.
func TestExploreFromAGame(t *testing.T) {
	h, _ := exploreHarness(t)
	g := h.startGame(int(core.SurroundTheLion), match.ModeTwoPlayers)
	g.board.OnMove(g.sess.Game().LegalMoves()[0])
	h.drain()
	g.board.OnMove(g.sess.Game().LegalMoves()[0])
	h.drain()
	test.Tap(g.exploreBtn)
	e := h.explorer()
	require.True(t, g.sess.Paused(), "the game waits under the explorer")
	require.Equal(t, g.sess.Game().Position(), e.walk.Position())
	require.Equal(t, 2, e.walk.Len())
	test.Tap(e.prev)
	h.explorer().list.Select(0) // a line of one's own: the game is not changed
	h.explorer()
	h.a.back()
	require.Equal(t, g, h.gameScreen())
	require.False(t, g.sess.Paused())
	require.Equal(t, 2, g.sess.Game().Len())
}

// The explorer asks for its game's table (as a game does) and, where the
// table was not loaded yet, works the values out again once it has
// arrived: Wolf Carries the Pig's start from its shipped table, every
// move proven.
func TestExploreLoadsTheGamesTable(t *testing.T) {
	dir := t.TempDir()
	h := newHarness(t, test.NewTempApp(t), func(o *Options) { o.Tables = tables.New(dir, nil, false, o.Do) })
	start := core.WolfCarriesPig.Info().Start()
	h.a.showExplore(start)
	e, ok := h.a.top().(*exploreScreen)
	require.True(t, ok)
	h.waitFor("the table's values", func() bool {
		return e.done() && len(e.moves) > 0 && !explore.Unproven(e.moves)
	})
	for _, m := range e.moves {
		require.True(t, m.Value.Proven, "%v proven", m.Move)
	}
	require.NotContains(t, texts(h.a.Window()), translations.T("explore.by_search"))
}

// Off Beat the Wolf's proven line, all 17 dogs on the board and no pack
// here, the explorer says the moves it judged by looking ahead are no
// proof, and how to get proof: the Perfect play tables, named as the
// settings name them (the site not asked: the button that finds their
// size); after a capture, that no table covers them, and no offer.
func TestExploreSaysHowToGetProof(t *testing.T) {
	s, err := tables.OpenShippedStrategy(core.BeatTheWolf)
	require.NoError(t, err)
	g, _ := offLineGame(t, core.BeatTheWolf, s, 2, 0)
	for _, m := range g.LegalMoves() { // the wolf's reply without a capture: the dogs to move, off the line
		if m.Capt == 0 {
			require.NoError(t, g.PlayMove(m))
			break
		}
	}
	require.Equal(t, core.Prey, g.Position().ToMove)
	h := newHarness(t, test.NewTempApp(t), func(o *Options) { o.EndgameTables = true })
	require.NotNil(t, h.a.pack, "a pack to offer")
	info := core.BeatTheWolf.Info()
	h.a.showExplore(g.Position())
	e := h.explorer()
	note := e.noteText()
	require.Contains(t, note, translations.T("explore.by_search"))
	require.Contains(t, note, translations.TData("review.pack_bound", map[string]any{
		"Count": info.PreyCount, "Prey": sideName(info, core.Prey), "Pack": packNamed(offerUnasked())}))
	require.Contains(t, texts(h.a.Window()), translations.T("pack.check"))

	c := firstCaptureGame(t, core.BeatTheWolf.String())
	h.a.showExplore(c.Position())
	e = h.explorer()
	note = e.noteText()
	require.Contains(t, note, translations.T("explore.by_search"))
	require.Contains(t, note, translations.TData("review.not_covered", map[string]any{"Held": info.PreyCount, "Prey": sideName(info, core.Prey)}))
	require.NotContains(t, note, translations.T("pack.check"), "no offer")
}

// Opened from the home card with the game's table not loaded yet (as in a
// browser that has not downloaded it): the explorer has the table fetched,
// as a game of it would, and once it is there (the owner tells: the app's
// subscriber calls proofsChanged) every move's value is the table's; a
// notice of the owner that changes no proof works nothing out again. The
// developer's listener (Control.OnExplored) hears each list shown.
func TestExploreFetchesTheTable(t *testing.T) {
	data, err := os.ReadFile("../tables/shipped/surround-the-lion.hctb")
	require.NoError(t, err)
	var owner *tables.Owner
	fetched := 0
	h := newHarness(t, test.NewTempApp(t), func(o *Options) {
		owner = tables.New("", nil, false, o.Do)
		owner.UseShipped(false) // the browser embeds none: the site serves them
		owner.SetFetch(func(_ context.Context, id core.GameID, _ func(done, total int64)) ([]byte, error) {
			fetched++
			if id != core.SurroundTheLion {
				return nil, fmt.Errorf("no %v here", id)
			}
			return data, nil
		})
		o.Tables = owner
	})
	var heard []Explored
	Control{h.a}.OnExplored(func(x Explored) { heard = append(heard, x) })
	test.Tap(h.home().exploreBtns[core.SurroundTheLion])
	e, ok := h.a.top().(*exploreScreen)
	require.True(t, ok)
	h.waitFor("the table fetched", func() bool { return owner.Table(core.SurroundTheLion) != nil })
	require.Equal(t, 1, fetched)
	h.waitFor("the table's values", func() bool {
		e.proofsChanged() // as the app's subscriber does when the owner tells
		return e.done() && !explore.Unproven(e.moves) && e.value.Proven
	})
	gen := e.gen
	e.proofsChanged()
	require.Equal(t, gen, e.gen, "nothing changed: nothing worked out again")
	require.NotContains(t, texts(h.a.Window()), translations.T("explore.by_search"))
	require.NotEmpty(t, heard)
	last := heard[len(heard)-1]
	require.Positive(t, last.Took)
	last.Took = 0
	require.Equal(t, Explored{Line: explore.Line(e.walk.Position()), Moves: len(e.moves), Proven: len(e.moves)}, last)
}

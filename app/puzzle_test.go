//go:build ci

package app

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2/test"
	"github.com/stretchr/testify/require"

	"huntchess/core"
	"huntchess/puzzles"
	"huntchess/storage"
	"huntchess/translations"
)

// openPuzzle goes home → Puzzles (game gi) → puzzle idx, by tapping.
func (h *harness) openPuzzle(gi, idx int) *puzzleScreen {
	h.t.Helper()
	test.Tap(h.home().puzzleBtns[gi])
	list, ok := h.a.top().(*puzzleListScreen)
	if !ok {
		h.t.Fatalf("after Puzzles: top screen is %T", h.a.top())
	}
	test.Tap(list.rows[idx])
	s, ok := h.a.top().(*puzzleScreen)
	if !ok {
		h.t.Fatalf("after a puzzle row: top screen is %T", h.a.top())
	}
	return s
}

// firstPuzzle is the index of the first puzzle of game id of the kind with
// at least plies plies.
func firstPuzzle(t *testing.T, id core.GameID, kind puzzles.Kind, plies int) int {
	for i, pz := range puzzles.For(id) {
		if pz.Kind == kind && pz.Plies >= plies {
			return i
		}
	}
	t.Fatalf("%s: no %s puzzle of %d plies", id, kind, plies)
	return -1
}

// A Win puzzle through the UI: a wrong move is told and the board stays;
// Start again; the answer is answered by the other side's longest
// resistance; the winning moves solve it; it is kept in the preferences and
// counted on the list and the home card.
func TestPuzzleWinFlow(t *testing.T) {
	fa := test.NewTempApp(t)
	h := newHarness(t, fa)
	gi := int(core.SurroundTheLion)
	idx := firstPuzzle(t, core.SurroundTheLion, puzzles.Win, 5)
	pz := puzzles.For(core.SurroundTheLion)[idx]
	s := h.openPuzzle(gi, idx)
	if s.board.GamePosition() != pz.Position || s.board.ReadOnly() {
		t.Fatal("the puzzle's position is on the board, taking moves")
	}
	if !strings.Contains(s.task.Text, "Win in 3 moves") || !strings.Contains(s.task.Text, sideName(s.info, pz.Side())) {
		t.Errorf("task %q", s.task.Text)
	}
	// A wrong move.
	var wrong core.Move
	for _, m := range pz.Position.GenMoves(nil) {
		if m != pz.Answer {
			wrong = m
			break
		}
	}
	tapMove(t, s.board, wrong)
	h.drain()
	if !puzzleWrong(s.flow) || !strings.Contains(s.noticeLabel.Text, wrong.String()+" does not win in 3 moves") {
		t.Errorf("after a wrong move: %q", s.noticeLabel.Text)
	}
	if s.board.GamePosition() != pz.Position || s.board.ReadOnly() || len(s.flow.Run().Played()) != 0 {
		t.Error("a wrong move leaves the position, for another try")
	}
	test.Tap(s.retryBtn)
	if puzzleWrong(s.flow) || s.noticeLabel.Text != "Your move." {
		t.Errorf("after Start again: %q", s.noticeLabel.Text)
	}
	// The answer, then the replies.
	solver := puzzles.NewSolver()
	tapMove(t, s.board, pz.Answer)
	for ply := 1; !s.flow.Run().Solved(); ply++ {
		h.waitFor("the reply", func() bool { return !s.flow.Run().Waiting() })
		if s.flow.Run().Solved() {
			break
		}
		// The reply held out longest: the win still takes every ply promised.
		left := pz.Plies - len(s.flow.Run().Played())
		if d, ok, _ := solver.WinDistance(s.flow.Run().Position(), left); !ok || d != left {
			t.Fatalf("after the reply the win takes %d plies (%v), want %d", d, ok, left)
		}
		if s.board.GamePosition() != s.flow.Run().Position() || s.board.ReadOnly() {
			t.Fatal("the reply is on the board, which takes the next move")
		}
		tapMove(t, s.board, s.flow.Run().Solution())
	}
	if len(s.flow.Run().Played()) != pz.Plies || !s.board.ReadOnly() {
		t.Errorf("solved after %d plies, want %d", len(s.flow.Run().Played()), pz.Plies)
	}
	if s.noticeLabel.Text != "Solved! You won." {
		t.Errorf("solved: %q", s.noticeLabel.Text)
	}
	if !storage.SolvedPuzzles(h.a.prefs, core.SurroundTheLion)[pz.ID()] {
		t.Error("the puzzle solved is not in the preferences")
	}
	// The list ticks it; the home card counts it.
	h.a.back()
	if !strings.Contains(h.a.top().(*puzzleListScreen).progress.Text, "1 of 24 solved") {
		t.Errorf("list: %q", h.a.top().(*puzzleListScreen).progress.Text)
	}
	h.a.back()
	if got := h.home().puzzleBtns[gi].Text; got != "Puzzles 1/24" {
		t.Errorf("home card: %q", got)
	}
	// A new app on the same preferences remembers it.
	h2 := newHarness(t, fa)
	if got := h2.home().puzzleBtns[gi].Text; got != "Puzzles 1/24" {
		t.Errorf("next start, home card: %q", got)
	}
}

// A Hold puzzle: a wrong move is told (it loses); the answer solves it at
// once. Next puzzle opens the next one.
func TestPuzzleHoldFlow(t *testing.T) {
	fa := test.NewTempApp(t)
	h := newHarness(t, fa)
	idx := firstPuzzle(t, core.DeerChess, puzzles.Hold, 2)
	pz := puzzles.For(core.DeerChess)[idx]
	s := h.openPuzzle(int(core.DeerChess), idx)
	if !strings.Contains(s.task.Text, "Only one move does not lose") {
		t.Errorf("task %q", s.task.Text)
	}
	for _, m := range pz.Position.GenMoves(nil) {
		if m != pz.Answer {
			tapMove(t, s.board, m)
			if s.noticeLabel.Text != m.String()+" loses. Try again." {
				t.Errorf("wrong move: %q", s.noticeLabel.Text)
			}
			break
		}
	}
	test.Tap(s.showBtn)
	if s.board.Hint() != pz.Answer {
		t.Errorf("Show the move marks %v, want %v", s.board.Hint(), pz.Answer)
	}
	tapMove(t, s.board, pz.Answer)
	h.drain()
	if !s.flow.Run().Solved() || !strings.HasPrefix(s.noticeLabel.Text, "Solved!") {
		t.Errorf("after the answer: %q", s.noticeLabel.Text)
	}
	if !storage.SolvedPuzzles(h.a.prefs, core.DeerChess)[pz.ID()] {
		t.Error("not kept as solved")
	}
	test.Tap(s.nextBt)
	if s.idx != idx+1 || s.board.GamePosition() != puzzles.For(core.DeerChess)[idx+1].Position || s.flow.Run().Solved() {
		t.Error("Next puzzle opens the next one")
	}
}

// The puzzle screen and the list relabel on a language switch.
func TestPuzzleRelabels(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	h.openPuzzle(0, 0)
	translations.SetLanguage(translations.Chinese)
	s := h.a.top().(*puzzleScreen)
	if !strings.Contains(s.task.Text, "你执") || s.noticeLabel.Text != "该你走。" || s.retryBtn.Text != "重来" {
		t.Errorf("in Chinese: %q %q %q", s.task.Text, s.noticeLabel.Text, s.retryBtn.Text)
	}
	h.a.back()
	if l := h.a.top().(*puzzleListScreen); !strings.Contains(l.rowTexts[0].Text, "取胜") {
		t.Errorf("list in Chinese: %q", l.rowTexts[0].Text)
	}
}

// The rules screen leads to the game's puzzles too.
func TestRulesLeadToPuzzles(t *testing.T) {
	h := newHarness(t, test.NewTempApp(t))
	test.Tap(h.home().rulesBtns[1])
	if !strings.Contains(texts(h.a.Window()), "Puzzles 0/24") {
		t.Error("no Puzzles button on the rules screen")
	}
}

// The puzzle's move list and its wrong-move message wrote a capture
// "b3-d3" where the game's move list writes "b3×d3": they write moves as
// the game does.
func TestPuzzleWritesCapturesAsTheGame(t *testing.T) {
	fa := test.NewTempApp(t)
	h := newHarness(t, fa)
	var captureAnswer, captureWrong bool
	for _, info := range core.Games() {
		for idx, pz := range puzzles.For(info.ID) {
			var wrong core.Move
			for _, m := range pz.Position.GenMoves(nil) {
				if m != pz.Answer && m.Capt != 0 && m.Kind != core.MovePlace {
					wrong = m
				}
			}
			answerCaptures := pz.Answer.Capt != 0
			if (captureWrong || wrong.Capt == 0) && (captureAnswer || !answerCaptures) {
				continue
			}
			s := h.openPuzzle(int(info.ID), idx)
			if wrong.Capt != 0 && !captureWrong {
				captureWrong = true
				tapMove(t, s.board, wrong)
				h.drain()
				require.True(t, puzzleWrong(s.flow))
				require.Contains(t, s.noticeLabel.Text, displayMove(wrong)+" ")
				require.Contains(t, displayMove(wrong), "×")
				test.Tap(s.retryBtn)
			}
			if answerCaptures && !captureAnswer {
				captureAnswer = true
				tapMove(t, s.board, pz.Answer)
				h.drain()
				require.True(t, strings.HasPrefix(s.movesLabel.Text, "1. "+displayMove(pz.Answer)), "%q", s.movesLabel.Text)
				require.Contains(t, s.movesLabel.Text, "×")
			}
			h.a.back()
			h.a.back()
		}
	}
	require.True(t, captureWrong && captureAnswer, "a puzzle with a capture to try (%v) and one answered by one (%v)", captureWrong, captureAnswer)
	first := firstCaptureGame(t, core.BeatTheWolf.String())
	text := puzzleMovesText(first.Moves())
	require.Contains(t, text, displayMove(first.LastMove()))
	require.NotContains(t, text, first.LastMove().String())
}

// The puzzle list named the sides two ways in Chinese ("狼：1 步取胜"
// beside "犬方：…"): every side is named "…方" now, whichever the game and
// side, there and wherever a side is named (sideName).
func TestPuzzleListNamesSidesOneWay(t *testing.T) {
	defer translations.SetLanguage(translations.Current())
	translations.SetLanguage(translations.Chinese)
	sides := map[core.Side]bool{}
	for _, info := range core.Games() {
		for _, side := range []core.Side{core.Predator, core.Prey} {
			name := sideName(info, side)
			require.True(t, strings.HasSuffix(name, "方"), "%s %v: %q", info.Key, side, name)
		}
		for _, pz := range puzzles.For(info.ID) {
			row := puzzleRowText(info, pz)
			head, _, ok := strings.Cut(row, "：")
			require.True(t, ok, row)
			require.True(t, strings.HasSuffix(head, "方"), "%s: %q", info.Key, row)
			sides[pz.Side()] = true
		}
	}
	require.Len(t, sides, 2, "puzzles for both sides")
	translations.SetLanguage(translations.English)
	require.Equal(t, "wolf", sideName(core.BeatTheWolf.Info(), core.Predator))
	require.Equal(t, "dogs", sideName(core.BeatTheWolf.Info(), core.Prey))
	require.Equal(t, "wolves", sideName(core.WolfCarriesPig.Info(), core.Predator))
}

//go:build ci

package app

import (
	"image/color"
	"math"
	"strconv"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/require"

	"huntchess/ai"
	"huntchess/ai/tablebase/strategy"
	"huntchess/core"
	"huntchess/match"
	"huntchess/puzzles"
	"huntchess/storage"
	"huntchess/tables"
	"huntchess/translations"
)

// Issue 31, item 7 (polish).

// offLineGame plays game id from the start along its proven strategy s,
// the loser answering with its first legal move, until the winner's
// (off+1)-th turn, where it plays a move the strategy does not cover; then
// extra plies more that stay off it (a move may lead back onto the line: a
// tempo lost, the loser's reply a transposition). It returns the game and
// the index of the move that left the line.
func offLineGame(t *testing.T, id core.GameID, s *strategy.Strategy, off, extra int) (*core.Game, int) {
	t.Helper()
	g := core.NewGameFrom(id.Info().Start())
	turns, left := 0, -1
	for left < 0 || g.Len() < left+1+extra {
		require.False(t, g.Outcome().Over(), "the game ended first: %s", g.Record())
		p := g.Position()
		m := g.LegalMoves()[0]
		if left >= 0 {
			for _, c := range g.LegalMoves() {
				next := p.After(c)
				if _, _, on := s.Probe(next); !on && !next.Outcome().Over() {
					m = c
					break
				}
			}
		}
		if left < 0 && p.ToMove == s.WinnerSide() {
			sm, _, ok := s.Move(p)
			require.True(t, ok, "on the line at %s", g.Record())
			m = sm
			if turns == off {
				off := func(q core.Position) bool { _, _, on := s.Probe(q); return !on && !q.Outcome().Over() }
				for _, c := range g.LegalMoves() {
					next := p.After(c)
					if !off(next) {
						continue
					}
					for _, r := range next.GenMoves(nil) {
						if off(next.After(r)) { // the loser can stay off it
							m, left = c, g.Len()
							break
						}
					}
					if left >= 0 {
						break
					}
				}
				require.GreaterOrEqual(t, left, 0, "no move leaves the line at %s", g.Record())
			}
			turns++
		}
		require.NoError(t, g.PlayMove(m))
	}
	return g, left
}

// "Proven win from the start" was followed, once the computer's dogs left
// their proven line, by a bare "Not proven". Off the line the hint says
// the search found the move and nothing proves the position; its details
// say whose proven win the game left and at which move, in both
// languages; on the line it gives the strategy's value as before.
func TestHintSaysWhereTheProvenLineWasLeft(t *testing.T) {
	defer translations.SetLanguage(translations.Current())
	for _, id := range []core.GameID{core.SurroundTheLion, core.BeatTheWolf} {
		s, err := tables.ShippedStrategy(id)
		require.NoError(t, err)
		require.NotNil(t, s, "%s: the shipped strategy", id)
		info := id.Info()
		for _, extra := range []int{1, 6} {
			g, left := offLineGame(t, id, s, 2, extra)
			moves := g.Moves()
			l := provenLineLeft(g, s)
			require.NotNil(t, l, "%s: %s", id, g.Record())
			require.Equal(t, left, l.ply)
			require.Equal(t, moves[left], l.move)
			require.Equal(t, s.WinnerSide(), l.winner)

			hint := g.LegalMoves()[0]
			w := gameHintWords(g, ai.Result{Move: hint, Score: 12}, hintSources{strategy: s})
			n := left/2 + 1
			for _, lang := range []translations.Lang{translations.English, translations.Chinese} {
				translations.SetLanguage(lang)
				note := w()
				require.True(t, strings.HasSuffix(note.text, translations.T("hint.no_proof")), "%s: %q", id, note.text)
				require.Contains(t, note.details, translations.TData("hint.detail_left", map[string]any{
					"Side": sideName(info, s.WinnerSide()), "N": n, "Move": displayMove(moves[left])}), "%s %s", id, lang)
				require.Contains(t, note.details, strconv.Itoa(n)+". "+displayMove(moves[left]))
				require.Contains(t, note.details, sideName(info, s.WinnerSide()))
			}
		}
		// On the line nothing was left: the strategy's own value is shown.
		on := core.NewGameFrom(info.Start())
		require.Nil(t, provenLineLeft(on, s))
		if id == core.SurroundTheLion {
			// Back on the line (the dogs lost a tempo, the lion went back):
			// nothing is left, the strategy covers the position again.
			back, err := core.LoadRecord(info.Key, "c3-c2 b1-b2 c2-b1 d1-c2 b1-a1 e1-d1 a1-b1")
			require.NoError(t, err)
			_, _, ok := s.Probe(back.Position())
			require.True(t, ok)
			require.Nil(t, provenLineLeft(back, s))
		}
		translations.SetLanguage(translations.English)
		// Without a strategy (a game whose start is not proven) no line was
		// left: the facts say only that nothing proves the position.
		pig := gameHintWords(core.NewGameFrom(core.WolfCarriesPig.Info().Start()), ai.Result{Score: 12}, hintSources{})()
		require.Equal(t, translations.T("hint.no_proof"), pig.text)
		require.Equal(t, translations.T("hint.detail_search"), pig.details)
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

// contrastRatio is WCAG 2's contrast ratio of two opaque colours.
func contrastRatio(a, b color.Color) float64 {
	lum := func(c color.Color) float64 {
		r, g, bl, _ := c.RGBA()
		lin := func(v uint32) float64 {
			x := float64(v) / 0xffff
			if x <= 0.04045 {
				return x / 12.92
			}
			return math.Pow((x+0.055)/1.055, 2.4)
		}
		return 0.2126*lin(r) + 0.7152*lin(g) + 0.0722*lin(bl)
	}
	la, lb := lum(a), lum(b)
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// In the light theme unchecked check boxes and radio buttons were almost
// invisible (their outline, the input border, 1.3:1 on white) and the green
// "Solved!" text faint (1.5:1), the orange of a hint or a wrong move
// fainter still (2.2:1). Computed from the theme's colours, in both
// variants: the outline has 3:1 against every background it is drawn on
// (WCAG non-text contrast), coloured text and body text 4.5:1.
func TestThemeContrast(t *testing.T) {
	th := newAppTheme(storage.ThemeSystem)
	backgrounds := []fyne.ThemeColorName{theme.ColorNameBackground, theme.ColorNameOverlayBackground,
		theme.ColorNameInputBackground, theme.ColorNameMenuBackground}
	for _, v := range []fyne.ThemeVariant{theme.VariantLight, theme.VariantDark} {
		for _, bg := range backgrounds {
			under := th.Color(bg, v)
			if r := contrastRatio(th.Color(theme.ColorNameInputBorder, v), under); r < 3 {
				t.Errorf("variant %d: a check box's outline on %s is %.2f:1, want 3:1", v, bg, r)
			}
			if bg == theme.ColorNameInputBackground {
				continue // no text is drawn there but what one types
			}
			for _, fg := range []fyne.ThemeColorName{theme.ColorNameSuccess, theme.ColorNameWarning, theme.ColorNameError, theme.ColorNameForeground} {
				if r := contrastRatio(th.Color(fg, v), under); r < 4.5 {
					t.Errorf("variant %d: %s text on %s is %.2f:1, want 4.5:1", v, fg, bg, r)
				}
			}
		}
		// A success, warning or danger button's text on its colour.
		for on, bg := range map[fyne.ThemeColorName]fyne.ThemeColorName{theme.ColorNameForegroundOnSuccess: theme.ColorNameSuccess,
			theme.ColorNameForegroundOnWarning: theme.ColorNameWarning, theme.ColorNameForegroundOnError: theme.ColorNameError} {
			if r := contrastRatio(th.Color(on, v), th.Color(bg, v)); r < 4.5 {
				t.Errorf("variant %d: the text of a %s button is %.2f:1, want 4.5:1", v, bg, r)
			}
		}
	}
	// The forced variants are the same colours.
	for variant, v := range map[string]fyne.ThemeVariant{storage.ThemeLight: theme.VariantLight, storage.ThemeDark: theme.VariantDark} {
		forced := newAppTheme(variant)
		require.Equal(t, th.Color(theme.ColorNameInputBorder, v), forced.Color(theme.ColorNameInputBorder, 1-v))
	}
}

// On a phone-wide home screen with Continue shown the title was cut to
// "Hunt ⋯": it is whole, on a row of its own above the buttons where both
// do not fit, beside them where they do; Continue is on its game's card,
// whole, inside the window; in both languages, nothing overlapping and
// nothing past the window's edge.
func TestHomeTitleWholeWithContinue(t *testing.T) {
	layoutOnly(t)
	defer translations.SetLanguage(translations.Current())
	for _, lang := range translations.Languages {
		for _, size := range []fyne.Size{{Width: 390, Height: 844}, {Width: 1024, Height: 720}} {
			fa := test.NewTempApp(t)
			g, _ := core.NewGame("beat-the-wolf")
			require.NoError(t, g.PlayMove(g.LegalMoves()[0]))
			require.NoError(t, savesOf(t, fa, g.Info().Key).Store(g, match.ModeTwoPlayers, match.Easy, 0))
			h := newHarness(t, fa)
			h.a.closeStartDialog()
			if lang != translations.English {
				h.pickLanguage(lang)
			}
			h.a.Window().Resize(size)
			hs := h.home()
			require.NotNil(t, hs.continueBtn())
			d := fa.Driver()
			pos := func(o fyne.CanvasObject) fyne.Position { return d.AbsolutePositionForObject(o) }
			th := fa.Settings().Theme()
			text := fyne.MeasureText(hs.title.Text, th.Size(theme.SizeNameHeadingText), hs.title.TextStyle)
			require.GreaterOrEqual(t, hs.title.Size().Width, text.Width+2*th.Size(theme.SizeNameInnerPadding),
				"%s at %v: the title %q is cut", lang, size, hs.title.Text)
			tp, ts := pos(hs.title), hs.title.Size()
			win := h.a.Window().Canvas().Size()
			for _, b := range []*widget.Button{hs.langBtn, hs.settingsBtn} {
				bp, bs := pos(b), b.Size()
				require.LessOrEqual(t, bp.X+bs.Width, win.Width+0.5, "%s at %v: %q past the edge", lang, size, b.Text)
				apart := bp.Y >= tp.Y+ts.Height || bp.X >= tp.X+text.Width+2*th.Size(theme.SizeNameInnerPadding)
				require.True(t, apart, "%s at %v: %q over the title", lang, size, b.Text)
			}
			cb := hs.continueBtn()
			cp, cs := pos(cb), cb.Size()
			require.LessOrEqual(t, cp.X+cs.Width, win.Width+0.5, "%s at %v: Continue past the edge", lang, size)
			require.GreaterOrEqual(t, cs.Width, cb.MinSize().Width-0.5, "%s at %v: Continue cut", lang, size)
			require.GreaterOrEqual(t, cp.Y, pos(hs.settingsBtn).Y+hs.settingsBtn.Size().Height, "%s at %v: Continue over the bar", lang, size)
			// The cards start below the bar.
			require.GreaterOrEqual(t, pos(hs.scroll).Y, pos(hs.settingsBtn).Y+hs.settingsBtn.Size().Height)
		}
	}
}

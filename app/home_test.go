//go:build ci

package app

import (
	"fmt"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
	"github.com/stretchr/testify/require"

	"huntchess/core"
	"huntchess/match"
	"huntchess/translations"
)

// The home screen: its page of game cards.

// The home page scrolls as far as its cards go, no further (at 1024×720 all
// four fit; on a phone the last card ends the page).
func TestHomeScrollsNoFurtherThanCards(t *testing.T) {
	layoutOnly(t)
	for _, size := range []fyne.Size{{Width: 1024, Height: 720}, {Width: 390, Height: 844}, {Width: 1280, Height: 800}} {
		for _, lang := range translations.Languages {
			t.Run(fmt.Sprintf("%vx%v/%s", size.Width, size.Height, lang), func(t *testing.T) {
				h := newHarness(t, test.NewTempApp(t))
				translations.SetLanguage(lang)
				h.a.Window().Resize(size)
				hs := h.home()
				last := hs.titles[len(hs.titles)-1]
				bottom := last.Position().Y + last.Size().Height
				content := hs.scroll.Content.Size().Height
				pad := 2 * theme.Padding() // the padded container around the grid
				if content > max(bottom+pad+1, hs.scroll.Size().Height) {
					t.Fatalf("the page is %v tall, the cards end at %v (view %v)", content, bottom, hs.scroll.Size().Height)
				}
				if bottom+pad > content+1 {
					t.Fatalf("the cards (to %v) do not fit the page (%v)", bottom, content)
				}
			})
		}
	}
}

// The home screen fits a 390-wide phone with Continue shown, in English (its
// longest labels): the window need not grow.
func TestHomeFitsPhoneWithContinue(t *testing.T) {
	fa := test.NewTempApp(t)
	g, _ := core.NewGame("beat-the-wolf")
	_ = g.PlayMove(g.LegalMoves()[0])
	_ = savesOf(t, fa, g.Info().Key).Store(g, match.ModeTwoPlayers, match.Easy, 0)
	h := newHarness(t, fa)
	h.a.closeStartDialog()
	if h.home().continueBtn() == nil {
		t.Fatal("Continue is shown")
	}
	if w := h.a.Window().Content().MinSize().Width; w > 390 {
		t.Fatalf("home needs %v px, more than a 390 px phone", w)
	}
}

// Each home card shows its game's board at the start, read-only; a phone
// shows at least two whole cards without scrolling, a desktop all four.
func TestHomeCardsShowBoards(t *testing.T) {
	layoutOnly(t)
	for _, c := range []struct {
		size  fyne.Size
		cards int
	}{{fyne.NewSize(390, 844), 2}, {fyne.NewSize(1024, 720), 4}} {
		for _, lang := range translations.Languages {
			t.Run(fmt.Sprintf("%vx%v/%s", c.size.Width, c.size.Height, lang), func(t *testing.T) {
				h := newHarness(t, test.NewTempApp(t))
				translations.SetLanguage(lang)
				h.a.Window().Resize(c.size)
				hs := h.home()
				for i, info := range core.Games() {
					b := hs.previews[i]
					_, tappable := fyne.CanvasObject(b).(fyne.Tappable)
					if tappable || b.GamePosition() != info.Start() {
						t.Errorf("card %d: the picture is the read-only start of %s", i, info.Key)
					}
					if b.Size().Width < 90 || b.Size().Height < 90 {
						t.Errorf("card %d: the picture is %v", i, b.Size())
					}
				}
				view := hs.scroll.Size().Height
				whole := 0
				for _, card := range hs.titles {
					if card.Position().Y+card.Size().Height <= view+1 {
						whole++
					}
				}
				if whole < c.cards {
					t.Errorf("%d whole cards in a view %v tall, want at least %d", whole, view, c.cards)
				}
				if c.cards == 4 && hs.scroll.Content.Size().Height > view+1 {
					t.Errorf("the desktop home scrolls: %v in %v", hs.scroll.Content.Size().Height, view)
				}
				test.Tap(hs.pictureTaps[1])
				if n, ok := h.a.top().(*setupScreen); !ok || n.info != core.Games()[1] {
					t.Fatalf("a tap on the picture opens the new game: %T", h.a.top())
				}
				h.a.back()
				h.home()
				shown := texts(h.a.Window())
				for _, info := range core.Games() {
					gt := translations.Game(info.Key)
					if !strings.Contains(shown, gt.Title) || !strings.Contains(shown, gt.OtherTitle) {
						t.Errorf("%s: both names are shown", info.Key)
					}
				}
			})
		}
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

// On a desktop Ctrl+Q (Cmd+Q on macOS) and Quit at the
// foot of the home screen end the app, the game in progress saved; a phone
// (and the browser) offers neither.
func TestQuitOnDesktopOnly(t *testing.T) {
	defer func(f func() bool) { canQuit = f }(canQuit)
	ctrlQ := &desktop.CustomShortcut{KeyName: fyne.KeyQ, Modifier: fyne.KeyModifierShortcutDefault}
	for _, desk := range []bool{true, false} {
		canQuit = func() bool { return desk }
		fa := test.NewTempApp(t)
		h := newHarness(t, fa)
		if got := h.home().quitBtn != nil; got != desk {
			t.Fatalf("desktop %v: Quit shown %v", desk, got)
		}
		g := h.startGame(0, match.ModeTwoPlayers)
		g.board.OnMove(g.sess.Game().LegalMoves()[0])
		h.a.Window().Canvas().(fyne.Shortcutable).TypedShortcut(ctrlQ)
		if h.a.closed != desk {
			t.Fatalf("desktop %v: Ctrl+Q closed the app: %v", desk, h.a.closed)
		}
		if desk {
			if r, err := savesOf(t, fa, g.sess.Game().Info().Key).Load(); err != nil || r.Game.Len() != 1 {
				t.Fatalf("the game quit is not saved: %v", err)
			}
			h2 := newHarness(t, test.NewTempApp(t))
			test.Tap(h2.home().quitBtn)
			if !h2.a.closed {
				t.Fatal("Quit on the home screen did not close the app")
			}
		}
	}
}

// On a 390-wide phone at normal text the home cards' buttons keep their
// icons, the second row's three (Learn, Puzzles with its count, Explore)
// too, in every language: each takes its own width where equal columns do
// not fit them.
func TestHomeCardIconsOnPhone(t *testing.T) {
	layoutOnly(t)
	for _, lang := range translations.Languages {
		t.Run(string(lang), func(t *testing.T) {
			h := newHarness(t, test.NewTempApp(t))
			translations.SetLanguage(lang)
			h.a.closeStartDialog()
			h.a.Window().Resize(fyne.NewSize(390, 844))
			h.a.Window().Content().Refresh()
			hs := h.home()
			for i := range core.Games() {
				for _, b := range []*widget.Button{hs.playBtns[i], hs.rulesBtns[i], hs.learnBtns[i], hs.puzzleBtns[i], hs.exploreBtns[i]} {
					if b.Icon == nil {
						t.Errorf("card %d: %q without its icon", i, b.Text)
					}
					if b.Size().Width < b.MinSize().Width-0.5 {
						t.Errorf("card %d: %q is %v wide, needs %v", i, b.Text, b.Size().Width, b.MinSize().Width)
					}
				}
			}
		})
	}
}

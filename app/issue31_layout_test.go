//go:build ci

package app

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"huntchess/core"
	"huntchess/session"
	"huntchess/translations"
	"huntchess/widgets"
)

// Issue 31, items 4 and 5: larger text on a phone (the screen laid out
// again at once, the board as large as at normal text), and a layout that
// does not jump when a hint or another notice shows.

// phone is the phone-sized window of these tests (an iPhone 12–15, in pt).
var phone = fyne.NewSize(390, 844)

// walkShown calls f for every visible object under o with its absolute
// position, and whether it lies in a scroll (which may take it below the
// window: only its width must fit).
func walkShown(o fyne.CanvasObject, origin fyne.Position, inScroll bool, f func(o fyne.CanvasObject, at fyne.Position, inScroll bool)) {
	if o == nil || !o.Visible() {
		return
	}
	at := origin.Add(o.Position())
	f(o, at, inScroll)
	switch x := o.(type) {
	case *fyne.Container:
		for _, c := range x.Objects {
			walkShown(c, at, inScroll, f)
		}
	case *container.Scroll:
		walkShown(x.Content, at, true, f)
	case fyne.Widget:
		for _, c := range test.WidgetRenderer(x).Objects() {
			walkShown(c, at, inScroll, f)
		}
	}
}

// outside lists the widgets of w's content that do not lie within a
// window of the given size: beyond its left or right edge, or (outside a
// scroll) below it. (The test driver's window grows to its content's least
// size, which a phone's screen does not: that is reported too.)
func outside(w fyne.Window, size fyne.Size) []string {
	var out []string
	if c := w.Canvas().Size(); c.Width > size.Width || c.Height > size.Height {
		out = append(out, fmt.Sprintf("the window grew from %v to %v", size, c))
		walkShown(w.Content(), fyne.Position{}, false, func(o fyne.CanvasObject, _ fyne.Position, _ bool) {
			if m := o.MinSize(); m.Width > size.Width {
				out = append(out, fmt.Sprintf("  %T %q needs %v", o, widgetText(o), m))
			}
		})
		return out
	}
	walkShown(w.Content(), fyne.Position{}, false, func(o fyne.CanvasObject, at fyne.Position, inScroll bool) {
		if _, ok := o.(fyne.Widget); !ok || o.Size().IsZero() {
			return
		}
		s := o.Size()
		if at.X < -0.5 || at.X+s.Width > size.Width+0.5 || (!inScroll && at.Y+s.Height > size.Height+0.5) {
			out = append(out, fmt.Sprintf("%T %q at %v size %v", o, widgetText(o), at, s))
		}
	})
	return out
}

// widgetText is a widget's text, to name it in a failure.
func widgetText(o fyne.CanvasObject) string {
	switch x := o.(type) {
	case *widget.Label:
		return x.Text
	case *widget.Button:
		return x.Text
	case *widget.Check:
		return x.Text
	case *widget.Select:
		return x.Selected
	case *widgets.Paragraph:
		return x.Text
	case *canvas.Text:
		return x.Text
	}
	return ""
}

// Choosing a text size in Settings lays the screen out again at once, as a
// language switch does: on a phone the settings' labels go above their
// fields at large text (and beside them again at normal text), nothing is
// cut off at the right, and the screens shown after it fit too.
func TestTextSizeChoiceLaysOutAgain(t *testing.T) {
	for _, lang := range translations.Languages {
		t.Run(string(lang), func(t *testing.T) {
			h := newHarness(t, test.NewTempApp(t), withThink(blockThink))
			translations.SetLanguage(lang)
			h.a.Window().Resize(phone)
			g := h.startGame(0, session.ModeVsAIAsPredator)
			test.Tap(g.settingsBtn)
			s := h.a.top().(*settingsScreen)
			for i, scale := range session.TextScales {
				s.textSize.SetSelectedIndex(i) // as a tap on the choice does
				if h.a.settings.TextScale != scale {
					t.Fatalf("text size %v, want %v", h.a.settings.TextScale, scale)
				}
				if out := outside(h.a.Window(), phone); len(out) > 0 {
					t.Errorf("text ×%v: settings: outside the window:\n%v", scale, out)
				}
				at := fyne.CurrentApp().Driver().AbsolutePositionForObject(s.textSize)
				if (scale > 1) != (at.X < 40) {
					t.Errorf("text ×%v: the text size's field starts at x=%v: labels %s", scale, at.X,
						map[bool]string{true: "must be above their fields", false: "beside their fields"}[scale > 1])
				}
				// Its choices open under it, within the window.
				test.Tap(s.textSize)
				pop := h.a.Window().Canvas().Overlays().Top()
				if pop == nil {
					t.Fatalf("text ×%v: no choices open", scale)
				}
				var menu *widget.PopUpMenu
				var mp fyne.Position
				walkShown(pop, fyne.Position{}, false, func(o fyne.CanvasObject, at fyne.Position, _ bool) {
					if m, ok := o.(*widget.PopUpMenu); ok {
						menu, mp = m, at
					}
				})
				if menu == nil {
					t.Fatalf("text ×%v: no menu of choices", scale)
				}
				ms := menu.Size()
				if mp.X < at.X-1 || mp.X+ms.Width > phone.Width+0.5 || mp.Y < at.Y || mp.Y > at.Y+s.textSize.Size().Height+8 {
					t.Errorf("text ×%v: the choices open at %v size %v, the field is at %v size %v", scale, mp, ms, at, s.textSize.Size())
				}
				menu.Hide()
			}
			s.textSize.SetSelectedIndex(len(session.TextScales) - 1)
			h.a.back()
			if out := outside(h.a.Window(), phone); len(out) > 0 {
				t.Errorf("game after larger text: outside the window:\n%v", out)
			}
		})
	}
}

// Every screen lies within a phone's window at every text size, in both
// languages, opened at that size or after a switch to it in Settings.
func TestPhoneScreensWithinWindow(t *testing.T) {
	for _, scale := range session.TextScales {
		for _, lang := range translations.Languages {
			for _, switched := range []bool{false, true} {
				t.Run(fmt.Sprintf("%v/%s/switched=%v", scale, lang, switched), func(t *testing.T) {
					fa := test.NewTempApp(t)
					if !switched {
						fa.Preferences().SetFloat(session.KeyTextScale, scale)
					}
					h := newHarness(t, fa, withThink(blockThink))
					translations.SetLanguage(lang)
					h.a.Window().Resize(phone)
					if switched {
						h.a.showSettings()
						h.a.top().(*settingsScreen).textSize.SetSelectedIndex(slices.Index(session.TextScales, scale))
						h.a.back()
					}
					check := func(what string) {
						t.Helper()
						h.a.Window().Content().Refresh()
						if out := outside(h.a.Window(), phone); len(out) > 0 {
							t.Errorf("%s: outside the window:\n%s", what, strings.Join(out, "\n"))
						}
						h.a.Window().Resize(phone) // the test driver's window grows to its content
					}
					check("home")
					info := core.Games()[3] // deer chess: the longest names
					for _, s := range []struct {
						name string
						open func()
					}{
						{"settings", h.a.showSettings},
						{"about", h.a.showAbout},
						{"statistics", h.a.showStats},
						{"rules", func() { h.a.showRules(info) }},
						{"new game", func() { h.a.showNewGame(info) }},
						{"puzzles", func() { h.a.showPuzzles(info) }},
						{"puzzle", func() { h.a.showPuzzle(info, 0) }},
						{"lessons", func() { h.a.showLessons(info) }},
						{"lesson", func() { h.a.showLesson(info, 0) }},
					} {
						s.open()
						check(s.name)
						h.a.back()
					}
					g := h.startGame(3, session.ModeTwoPlayers)
					for range 6 {
						g.board.OnMove(g.Game().LegalMoves()[0])
					}
					check("game")
					g.showPly(3)
					check("browsing")
					g.endBrowse()
					h.a.showReview(g.Game())
					check("review")
					h.a.back()
					_ = g.Game().Resign(core.Prey)
					f, _ := session.FinishedOf(g.Game(), session.ModeTwoPlayers, h.a.settings.Level, h.clock.Now())
					h.a.history.Add(f)
					g.home()
					h.a.showHistory()
					check("history")
					h.a.showReplay(f)
					check("replay")
				})
			}
		}
	}
}

// boardMeasure is a board's side and, on it, the distance between two
// neighbouring points (a piece's touch target) and a piece's diameter, in pt.
func boardMeasure(b *widgets.Board) (side, unit, piece float32) {
	pos := b.GamePosition()
	l := widgets.NewLayout(pos.Board(), b.Size())
	return min(b.Size().Width, b.Size().Height), l.Unit, 2 * l.PieceRadius()
}

// On a phone the board is as large at every text size as at normal text,
// for every game, its points at least widgets.MinTouchTarget (44 pt) apart;
// the panel under it scrolls instead. The same after a switch in Settings.
func TestPhoneBoardSameAtEveryTextSize(t *testing.T) {
	for _, lang := range translations.Languages {
		for _, gi := range []int{0, 3} { // 7×7 points; deer chess, the longest names
			var normal float32
			for _, scale := range session.TextScales {
				fa := test.NewTempApp(t)
				fa.Preferences().SetFloat(session.KeyTextScale, scale)
				h := newHarness(t, fa, withThink(blockThink))
				translations.SetLanguage(lang)
				h.a.Window().Resize(phone)
				g := h.startGame(gi, session.ModeVsAIAsPredator)
				side, unit, piece := boardMeasure(g.board)
				t.Logf("%s %s text ×%v: board %.0f pt, points %.1f pt apart, pieces %.1f pt", lang, g.info.Key, scale, side, unit, piece)
				if scale == 1 {
					normal = side
				} else if side < normal {
					t.Errorf("%s %s text ×%v: the board is %v, at normal text %v", lang, g.info.Key, scale, side, normal)
				}
				if unit < widgets.MinTouchTarget {
					t.Errorf("%s %s text ×%v: points %v pt apart, want at least %v", lang, g.info.Key, scale, unit, widgets.MinTouchTarget)
				}
				if out := outside(h.a.Window(), phone); len(out) > 0 {
					t.Errorf("%s %s text ×%v: outside the window:\n%s", lang, g.info.Key, scale, strings.Join(out, "\n"))
				}
				// Back to normal text in Settings, then larger again: the same board.
				test.Tap(g.settingsBtn)
				st := h.a.top().(*settingsScreen)
				st.textSize.SetSelectedIndex(0)
				st.textSize.SetSelectedIndex(slices.Index(session.TextScales, scale))
				h.a.back()
				if again, _, _ := boardMeasure(g.board); again != side {
					t.Errorf("%s %s text ×%v: after a switch in Settings the board is %v, was %v", lang, g.info.Key, scale, again, side)
				}
			}
		}
	}
}

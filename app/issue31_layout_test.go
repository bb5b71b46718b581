//go:build ci

package app

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"huntchess/ai"
	"huntchess/core"
	"huntchess/match"
	"huntchess/proof"
	"huntchess/puzzles"
	"huntchess/storage"
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
	layoutOnly(t)
	for _, lang := range translations.Languages {
		t.Run(string(lang), func(t *testing.T) {
			h := newHarness(t, test.NewTempApp(t), withThink(blockThink))
			translations.SetLanguage(lang)
			h.a.Window().Resize(phone)
			g := h.startGame(0, match.ModeVsAIAsPredator)
			test.Tap(g.settingsBtn)
			s := h.a.top().(*settingsScreen)
			for i, scale := range storage.TextScales {
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
			s.textSize.SetSelectedIndex(len(storage.TextScales) - 1)
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
	layoutOnly(t)
	for _, scale := range storage.TextScales {
		for _, lang := range translations.Languages {
			for _, switched := range []bool{false, true} {
				t.Run(fmt.Sprintf("%v/%s/switched=%v", scale, lang, switched), func(t *testing.T) {
					fa := test.NewTempApp(t)
					if !switched {
						fa.Preferences().SetFloat(storage.KeyTextScale, scale)
					}
					h := newHarness(t, fa, withThink(blockThink))
					translations.SetLanguage(lang)
					h.a.Window().Resize(phone)
					if switched {
						h.a.showSettings()
						h.a.top().(*settingsScreen).textSize.SetSelectedIndex(slices.Index(storage.TextScales, scale))
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
					g := h.startGame(3, match.ModeTwoPlayers)
					for range 6 {
						g.board.OnMove(g.sess.Game().LegalMoves()[0])
					}
					check("game")
					g.showPly(3)
					check("browsing")
					g.endBrowse()
					h.a.showReview(g.sess.Game())
					check("review")
					h.a.back()
					_ = g.sess.Game().Resign(core.Prey)
					f, _ := storage.FinishedOf(g.sess.Game(), match.ModeTwoPlayers, h.a.settings.Level, h.clock.Now())
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
	layoutOnly(t)
	for _, lang := range translations.Languages {
		for _, gi := range []int{0, 3} { // 7×7 points; deer chess, the longest names
			var normal float32
			for _, scale := range storage.TextScales {
				fa := test.NewTempApp(t)
				fa.Preferences().SetFloat(storage.KeyTextScale, scale)
				h := newHarness(t, fa, withThink(blockThink))
				translations.SetLanguage(lang)
				h.a.Window().Resize(phone)
				g := h.startGame(gi, match.ModeVsAIAsPredator)
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
				st.textSize.SetSelectedIndex(slices.Index(storage.TextScales, scale))
				h.a.back()
				if again, _, _ := boardMeasure(g.board); again != side {
					t.Errorf("%s %s text ×%v: after a switch in Settings the board is %v, was %v", lang, g.info.Key, scale, again, side)
				}
			}
		}
	}
}

// provenHint is a hint as the proven strategy gives it to Beat the Wolf's
// wolf: the first legal move, lost in at most 40 moves — the longest of the
// hints in words (three lines on a phone).
func provenHint(_ context.Context, g *core.Game) ai.Result {
	return ai.Result{Move: g.LegalMoves()[0], Score: -(30000 - 40), Proof: proof.Bound}
}

// settle lays the window's content out again, as the driver does at its
// next frame when a least size has changed (twice: a wrapped text's height
// follows its new width).
func settle(w fyne.Window) {
	w.Content().Refresh()
	w.Content().Refresh()
}

// places are where objs are on the window and how large.
func places(objs ...fyne.CanvasObject) string {
	d := fyne.CurrentApp().Driver()
	var sb strings.Builder
	for _, o := range objs {
		fmt.Fprintf(&sb, "%T at %v size %v\n", o, d.AbsolutePositionForObject(o), o.Size())
	}
	return sb.String()
}

// A hint in words (and any other notice) moves neither the board nor a
// button, on the desktop and on a phone, at normal and larger text; nor
// does it go when the next move is played.
func TestHintMovesNeitherBoardNorButtons(t *testing.T) {
	layoutOnly(t)
	for _, size := range []fyne.Size{{Width: 1024, Height: 720}, phone} {
		for _, scale := range []float64{1, storage.TextScales[len(storage.TextScales)-1]} {
			for _, lang := range translations.Languages {
				t.Run(fmt.Sprintf("%vx%v/%v/%s", size.Width, size.Height, scale, lang), func(t *testing.T) {
					fa := test.NewTempApp(t)
					fa.Preferences().SetFloat(storage.KeyTextScale, scale)
					h := newHarness(t, fa, withThink(blockThink), func(o *Options) { o.Hint = provenHint })
					translations.SetLanguage(lang)
					h.a.Window().Resize(size)
					g := h.startGame(0, match.ModeTwoPlayers)
					w := h.a.Window()
					fixed := func() string {
						settle(w)
						return places(g.board, g.homeBtn, g.resignBtn, g.drawBtn, g.undoBtn, g.redoBtn, g.hintBtn,
							g.newBtn, g.rulesBtn, g.settingsBtn, g.reviewBtn, g.copyBtn, g.pasteBtn)
					}
					before := fixed()
					y0 := fyne.CurrentApp().Driver().AbsolutePositionForObject(g.undoBtn).Y
					test.Tap(g.hintBtn)
					h.waitFor("the hint in words", func() bool { return g.tables.words != nil })
					h.drain()
					g.refresh()
					if !g.noticeLabel.Visible() || !strings.Contains(g.noticeLabel.Text, "40") {
						t.Fatalf("the hint in words is not shown: %q", g.noticeLabel.Text)
					}
					if after := fixed(); after != before {
						t.Errorf("the hint moved:\n%s\nto\n%s", before, after)
					}
					y1 := fyne.CurrentApp().Driver().AbsolutePositionForObject(g.undoBtn).Y
					side, unit, _ := boardMeasure(g.board)
					t.Logf("first button row at y=%v before the hint, %v with it; board %.0f, points %.1f apart", y0, y1, side, unit)
					if out := outside(w, size); len(out) > 0 {
						t.Errorf("outside the window:\n%s", strings.Join(out, "\n"))
					}
					g.board.OnMove(g.sess.Game().LegalMoves()[0]) // the hint goes
					if g.noticeLabel.Visible() {
						t.Fatalf("the hint stays after the move: %q", g.noticeLabel.Text)
					}
					if after := fixed(); after != before {
						t.Errorf("the hint's going moved:\n%s\nto\n%s", before, after)
					}
				})
			}
		}
	}
}

// The other screens whose texts change as one plays: a puzzle's notice
// after a move, a lesson's note and goal from step to step, the review's
// verdict of the move shown. None moves the board or a button.
func TestChangingTextsMoveNoButton(t *testing.T) {
	layoutOnly(t)
	for _, size := range []fyne.Size{{Width: 1024, Height: 720}, phone} {
		for _, scale := range []float64{1, storage.TextScales[len(storage.TextScales)-1]} {
			for _, lang := range translations.Languages {
				t.Run(fmt.Sprintf("%vx%v/%v/%s", size.Width, size.Height, scale, lang), func(t *testing.T) {
					fa := test.NewTempApp(t)
					fa.Preferences().SetFloat(storage.KeyTextScale, scale)
					h := newHarness(t, fa, withThink(blockThink))
					translations.SetLanguage(lang)
					w := h.a.Window()
					w.Resize(size)
					same := func(what string, before string, now func() string) {
						t.Helper()
						if after := now(); after != before {
							t.Errorf("%s moved:\n%s\nto\n%s", what, before, after)
						}
					}

					// A puzzle: a wrong move, then Start again.
					pz := h.openPuzzle(0, 0)
					puzzle := func() string {
						settle(w)
						return places(pz.board, pz.backBtn, pz.showBtn, pz.retryBtn, pz.nextBt)
					}
					before := puzzle()
					first := pz.noticeLabel.Text
					p := puzzles.For(pz.info.ID)[0]
					for _, m := range p.Position.GenMoves(nil) {
						if m != p.Answer {
							tapMove(t, pz.board, m)
							break
						}
					}
					h.drain()
					if pz.noticeLabel.Text == first {
						t.Fatalf("the puzzle's notice stays %q after a wrong move", first)
					}
					same("a puzzle's notice after a wrong move", before, puzzle)
					test.Tap(pz.retryBtn)
					same("a puzzle's notice after Start again", before, puzzle)
					h.a.showHome()

					// A lesson of several steps: a wrong move, Try again, its end.
					info := core.Games()[0]
					ls := h.a.showLesson(info, 1)
					lesson := func() string {
						settle(w)
						return places(ls.board, ls.backBtn, ls.restartBtn, ls.showBtn)
					}
					before = lesson()
					ls.skipTo("wrong")
					ls.refresh()
					if ls.noteShown == "" {
						t.Fatal("no note on the wrong move")
					}
					same("a lesson's note on a wrong move", before, lesson)
					ls.open(1)
					ls.skipTo("success")
					ls.refresh()
					same("a lesson's end", before, func() string {
						settle(w)
						return places(ls.board, ls.backBtn, ls.restartBtn, ls.nextBtn)
					})
					h.a.showHome()

					// The review: one move's verdict, then another's.
					g := h.startGame(0, match.ModeTwoPlayers)
					for range 8 {
						g.board.OnMove(g.sess.Game().LegalMoves()[0])
					}
					h.a.showReview(g.sess.Game())
					r := h.a.top().(*reviewScreen)
					review := func() string {
						settle(w)
						return places(r.board, r.prev, r.next)
					}
					r.show(0)
					before = review()
					for i := 1; i <= 8; i++ {
						r.show(i)
						same(fmt.Sprintf("the review at move %d", i), before, review)
					}
				})
			}
		}
	}
}

// A small desktop window (480×360, landscape) keeps half its width for the
// board (it had 116 pt, the panel its full 360) and the panel scrolls; the
// title wrapped onto three lines pushes the lines under it down (they lay
// over it: the title's new height was laid out within the layout of the
// rows around it).
func TestSmallWindowKeepsBoard(t *testing.T) {
	layoutOnly(t)
	small := fyne.NewSize(480, 360)
	for _, lang := range translations.Languages {
		t.Run(string(lang), func(t *testing.T) {
			h := newHarness(t, test.NewTempApp(t), withThink(blockThink))
			translations.SetLanguage(lang)
			w := h.a.Window()
			w.Resize(fyne.NewSize(1024, 720))
			g := h.startGame(0, match.ModeVsAIAsPredator)
			w.Resize(small)
			h.drain()
			side, unit, piece := boardMeasure(g.board)
			t.Logf("480×360: board %.0f pt, points %.1f pt apart, pieces %.1f pt", side, unit, piece)
			if side < small.Width/2-2*theme.Padding() {
				t.Errorf("the board is %v wide in a %v window", side, small)
			}
			if out := outside(w, small); len(out) > 0 {
				t.Errorf("outside the window:\n%s", strings.Join(out, "\n"))
			}
			d := fyne.CurrentApp().Driver()
			if bottom, top := d.AbsolutePositionForObject(g.homeBtn).Y+g.homeBtn.Size().Height,
				d.AbsolutePositionForObject(g.playerLabel).Y; top < bottom {
				t.Errorf("the player's line (at y=%v) lies over the title's row (down to y=%v)", top, bottom)
			}
		})
	}
}

// The review's list shows each move's verdict whole, wrapped onto as many
// lines as it takes, on a phone at every text size (its rows were cut with
// "…" and only the line under the buttons showed the chosen one whole).
func TestReviewRowsWrap(t *testing.T) {
	layoutOnly(t)
	for _, scale := range []float64{1, storage.TextScales[len(storage.TextScales)-1]} {
		for _, lang := range translations.Languages {
			t.Run(fmt.Sprintf("%v/%s", scale, lang), func(t *testing.T) {
				fa := test.NewTempApp(t)
				fa.Preferences().SetFloat(storage.KeyTextScale, scale)
				h := newHarness(t, fa)
				translations.SetLanguage(lang)
				w := h.a.Window()
				w.Resize(phone)
				g := firstCaptureGame(t, core.BeatTheWolf.String())
				h.a.startGame(g, match.ModeTwoPlayers)
				h.a.showReview(g)
				r := h.a.top().(*reviewScreen)
				h.waitSearched(r)
				h.drain()
				settle(w)
				lines := map[string]bool{}
				for i := range r.moves {
					lines[r.moveLine(i)] = true
				}
				seen, wrapped := map[string]bool{}, map[string]bool{}
				for i := range r.moves {
					r.list.ScrollTo(i)
					settle(w)
					walkShown(r.list, fyne.Position{}, false, func(o fyne.CanvasObject, _ fyne.Position, _ bool) {
						switch x := o.(type) {
						case *widget.Label:
							if lines[x.Text] && x.Truncation != fyne.TextTruncateOff {
								t.Errorf("a row is cut short: %q", x.Text)
							}
						case *widgets.Paragraph:
							if !lines[x.Text] || x.Size().Height == 0 {
								return
							}
							seen[x.Text] = true
							if need := x.MinSize().Height; x.Size().Height+0.5 < need {
								t.Errorf("the row %q is %v tall, its lines need %v", x.Text, x.Size().Height, need)
							}
							if x.MinSize().Height > r.posLabel.MinSize().Height+1 {
								wrapped[x.Text] = true
							}
						}
					})
				}
				rows := len(seen)
				t.Logf("%d rows of %d shown, %d of them on more than one line", rows, len(r.moves), len(wrapped))
				if rows != len(r.moves) || len(wrapped) == 0 {
					t.Errorf("%d rows of %d shown whole, %d wrapped: want every row, some wrapped", rows, len(r.moves), len(wrapped))
				}
			})
		}
	}
}

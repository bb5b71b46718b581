//go:build ci

package app

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"huntchess/ai"
	"huntchess/core"
	"huntchess/match"
	"huntchess/puzzles"
	"huntchess/storage"
	"huntchess/translations"
	"huntchess/widgets"
)

// Layout: the board beside or above the panel, every screen fitting a phone
// at every text size, the panel's button rows, the game panel at desktop
// size and the room kept for its notice.

func TestBoardLayout(t *testing.T) {
	board, panel := widget.NewLabel(""), widget.NewLabel("")
	objs := []fyne.CanvasObject{board, panel}
	l := boardLayout{}
	l.Layout(objs, fyne.NewSize(390, 844)) // phone portrait: board on top
	if board.Size().Width != 390 || board.Size().Height != 390 || panel.Position().Y <= board.Size().Height-1 {
		t.Fatalf("portrait: board %v panel at %v", board.Size(), panel.Position())
	}
	l.Layout(objs, fyne.NewSize(1280, 800)) // desktop: board left, panel right
	if board.Size().Height != 800 || panel.Position().X < 800 || panel.Size().Width < minPanelWidth {
		t.Fatalf("landscape: board %v panel at %v size %v", board.Size(), panel.Position(), panel.Size())
	}
	l.Layout(objs, fyne.NewSize(360, 640))
	if board.Size().Width > 360 || panel.Size().Height < minPanelHeight {
		t.Fatalf("small phone: board %v panel %v", board.Size(), panel.Size())
	}
}

// Every screen fits a 390-point phone at every text size, in both languages
// (a wider minimum would be cut off on a phone).
func TestTextSizesFitPhone(t *testing.T) {
	layoutOnly(t)
	const phone = 390
	for _, scale := range textScales() {
		for _, lang := range translations.Languages {
			fa := test.NewTempApp(t)
			fa.Preferences().SetFloat(storage.KeyTextScale, scale)
			fa.Preferences().SetBool(storage.KeyFaceToFace, true)
			h := newHarness(t, fa, withThink(blockThink))
			translations.SetLanguage(lang)
			check := func(what string) {
				t.Helper()
				if w := h.a.Window().Content().MinSize().Width; w > phone {
					t.Errorf("text ×%v, %s, %s: %v wide", scale, lang, what, w)
				}
			}
			check("home")
			test.Tap(h.home().settingsBtn)
			check("settings")
			h.a.back()
			h.a.showAbout()
			check("about")
			h.a.back()
			h.a.showStats()
			check("statistics")
			h.a.back()
			for _, mode := range match.Modes {
				g := h.startGame(3, mode) // deer chess: the longest names
				g.board.OnMove(g.sess.Game().LegalMoves()[0])
				check("game " + string(mode))
				g.showPly(0)
				check("browsing " + string(mode))
				g.endBrowse()
				test.Tap(g.newBtn)
				check("new game")
				h.a.back()
				h.gameScreen().home()
			}
		}
	}
}

// In portrait the board gives way so the move list keeps a few lines under
// a panel made taller by large text; at normal text the board keeps the
// phone's full width.
func TestPortraitKeepsRoomForMoves(t *testing.T) {
	layoutOnly(t)
	for _, scale := range storage.TextScales {
		fa := test.NewTempApp(t)
		fa.Preferences().SetFloat(storage.KeyTextScale, scale)
		h := newHarness(t, fa, withThink(blockThink))
		g := h.startGame(0, match.ModeTwoPlayers)
		for range 6 {
			g.board.OnMove(g.sess.Game().LegalMoves()[0])
		}
		if room := g.movesList.Size().Height; room < movesRoom-1 {
			t.Errorf("text ×%v: the move list has %v, want at least %v", scale, room, movesRoom)
		}
		if w := h.a.Window().Content().Size().Width; scale == 1 && g.board.Size().Width != w {
			t.Errorf("normal text: the board is %v wide, want the screen's %v", g.board.Size().Width, w)
		}
	}
}

// The panel's two button rows keep or drop their icons together: dropped at
// the largest text on a phone in English, kept at normal text.
func TestButtonRowsIconsTogether(t *testing.T) {
	layoutOnly(t)
	for _, scale := range []float64{1, storage.TextScales[2]} {
		fa := test.NewTempApp(t)
		fa.Preferences().SetFloat(storage.KeyTextScale, scale)
		h := newHarness(t, fa, withThink(blockThink))
		g := h.startGame(0, match.ModeVsAIAsPredator)
		with := 0
		for _, b := range []*widget.Button{g.undoBtn, g.redoBtn, g.hintBtn, g.newBtn, g.rulesBtn, g.settingsBtn} {
			if b.Icon != nil {
				with++
			}
		}
		if want := map[bool]int{true: 6, false: 0}[scale == 1]; with != want {
			t.Errorf("text ×%v: %d of 6 buttons with icons, want %d", scale, with, want)
		}
	}
}

// The notice has its room reserved, so the buttons below it do not move when
// it shows (a tap must not land on the wrong button).
func TestNoticeDoesNotMoveButtons(t *testing.T) {
	layoutOnly(t)
	for _, size := range []fyne.Size{{Width: 1024, Height: 720}, {Width: 390, Height: 844}} {
		for _, lang := range translations.Languages {
			t.Run(fmt.Sprintf("%vx%v/%s", size.Width, size.Height, lang), func(t *testing.T) {
				fa := test.NewTempApp(t)
				fa.Preferences().SetInt(storage.KeyTimer, 15)
				h := newHarness(t, fa)
				translations.SetLanguage(lang)
				h.a.Window().Resize(size)
				g := h.startGame(1, match.ModeTwoPlayers)
				d := fyne.CurrentApp().Driver()
				where := func() []fyne.Position {
					h.a.Window().Content().Refresh()
					var out []fyne.Position
					for _, b := range []*widget.Button{g.undoBtn, g.hintBtn, g.newBtn, g.settingsBtn} {
						out = append(out, d.AbsolutePositionForObject(b))
					}
					return out
				}
				before := where()
				if g.noticeLabel.Visible() {
					t.Fatal("no notice at the start")
				}
				h.clock.Advance(16 * time.Second)
				g.tick() // the timeout notice
				if !g.noticeLabel.Visible() {
					t.Fatal("the timeout notice shows")
				}
				if after := where(); fmt.Sprint(after) != fmt.Sprint(before) {
					t.Fatalf("buttons moved from %v to %v", before, after)
				}
				g.hint() // the hint notice
				if after := where(); fmt.Sprint(after) != fmt.Sprint(before) {
					t.Fatalf("hint: buttons moved from %v to %v", before, after)
				}
			})
		}
	}
}

// At 1024×720 the game panel's buttons get their full width ("+ New game"
// fits) and the turn line is not cut when watching.
func TestGamePanelFitsDesktop(t *testing.T) {
	layoutOnly(t)
	block := func(ctx context.Context, g *core.Game, _ match.Level) ai.Result {
		<-ctx.Done()
		return ai.Result{}
	}
	for _, lang := range translations.Languages {
		for _, mode := range []match.Mode{match.ModeWatch, match.ModeVsAIAsPredator, match.ModeTwoPlayers} {
			t.Run(string(lang)+"/"+string(mode), func(t *testing.T) {
				h := newHarness(t, test.NewTempApp(t), withThink(block))
				translations.SetLanguage(lang)
				h.a.Window().Resize(fyne.NewSize(1024, 720))
				g := h.startGame(3, mode) // deer chess: the longest side names
				btns := []*widget.Button{g.newBtn, g.rulesBtn, g.settingsBtn, g.copyBtn, g.pasteBtn}
				if mode == match.ModeWatch { // pause, step and speed in place of undo, redo and hint; no resign
					btns = append(btns, g.holdBtn, g.stepBtn, g.speedBtn)
				} else {
					btns = append(btns, g.undoBtn, g.redoBtn, g.hintBtn, g.resignBtn)
				}
				for _, b := range btns {
					if b.Size().Width < b.MinSize().Width {
						t.Errorf("button %q is %v wide, needs %v", b.Text, b.Size().Width, b.MinSize().Width)
					}
				}
				full := widget.NewLabelWithStyle(g.turnLabel.Text, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
				if need := full.MinSize().Width; g.turnLabel.Size().Width < need {
					t.Errorf("turn line %q is %v wide, needs %v", g.turnLabel.Text, g.turnLabel.Size().Width, need)
				}
				side := widget.NewLabel(g.playerLabel.Text)
				if need := side.MinSize().Width; g.playerLabel.Size().Width < need {
					t.Errorf("player line %q is %v wide, needs %v", g.playerLabel.Text, g.playerLabel.Size().Width, need)
				}
			})
		}
	}
}

// cutLabels are the labels shown cut (an ellipsis) in w: those narrower
// than their text.
func cutLabels(w fyne.Window) []string {
	var cut []string
	for _, o := range test.LaidOutObjects(w.Content()) {
		l, ok := o.(*widget.Label)
		if !ok || !l.Visible() || l.Truncation == fyne.TextTruncateOff || l.Text == "" || l.Size().Width == 0 {
			continue
		}
		full := widget.NewLabelWithStyle(l.Text, l.Alignment, l.TextStyle)
		full.SizeName = l.SizeName
		if l.Size().Width+0.5 < full.MinSize().Width {
			cut = append(cut, l.Text)
		}
	}
	return cut
}

// No title or heading is cut on a phone, at any text size, in either
// language, on the screens of the issue: home, rules, new game, puzzles,
// the game (playing and browsing), history, replay, settings, statistics.
func TestPhoneTitlesNotCut(t *testing.T) {
	layoutOnly(t)
	for _, scale := range textScales() {
		for _, lang := range translations.Languages {
			t.Run(fmt.Sprintf("%v/%s", scale, lang), func(t *testing.T) {
				fa := test.NewTempApp(t)
				fa.Preferences().SetFloat(storage.KeyTextScale, scale)
				h := newHarness(t, fa, withThink(blockThink))
				translations.SetLanguage(lang)
				check := func(what string) {
					t.Helper()
					h.a.Window().Content().Refresh()
					if cut := cutLabels(h.a.Window()); len(cut) > 0 {
						t.Errorf("%s: cut %q", what, cut)
					}
				}
				check("home")
				info := core.Games()[3] // deer chess: the longest names
				h.a.showRules(info)
				check("rules")
				h.a.back()
				h.a.showNewGame(info)
				check("new game")
				h.a.back()
				h.a.showPuzzles(info)
				check("puzzles")
				h.a.back()
				g := h.startGame(3, match.ModeTwoPlayers)
				for range 6 {
					g.board.OnMove(g.sess.Game().LegalMoves()[0])
				}
				check("game")
				g.showPly(3)
				check("browsing")
				g.endBrowse()
				h.historyWalk(g, check)
				h.a.back()
				h.a.back()
				h.a.showSettings()
				check("settings")
				h.a.back()
				h.a.showStats()
				check("statistics")
			})
		}
	}
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
					phoneScreens(t, h, func(what string) {
						t.Helper()
						h.a.Window().Content().Refresh()
						if out := outside(h.a.Window(), phone); len(out) > 0 {
							t.Errorf("%s: outside the window:\n%s", what, strings.Join(out, "\n"))
						}
						h.a.Window().Resize(phone) // the test driver's window grows to its content
					})
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
				h := sizedHarness(t, scale, lang, phone)
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

// A hint in words (and any other notice) moves neither the board nor a
// button, on the desktop and on a phone, at normal and larger text; nor
// does it go when the next move is played.
func TestHintMovesNeitherBoardNorButtons(t *testing.T) {
	layoutOnly(t)
	for _, size := range []fyne.Size{{Width: 1024, Height: 720}, phone} {
		for _, scale := range []float64{1, storage.TextScales[len(storage.TextScales)-1]} {
			for _, lang := range translations.Languages {
				t.Run(fmt.Sprintf("%vx%v/%v/%s", size.Width, size.Height, scale, lang), func(t *testing.T) {
					h := sizedHarness(t, scale, lang, size, func(o *Options) { o.Hint = provenHint })
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
					h := sizedHarness(t, scale, lang, size)
					w := h.a.Window()
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

// On a phone nothing lies under a scroll bar or in the
// window's margins, on any screen, at every text size, in both languages
// (the game panel's bar lay over Resign, the clock, Offer a draw, Hint,
// Settings, Paste and the moves; the settings' pack address was cut).
func TestPhoneScreensClearOfScrollBars(t *testing.T) {
	layoutOnly(t)
	for _, scale := range textScales() {
		for _, lang := range translations.Languages {
			t.Run(fmt.Sprintf("%v/%s", scale, lang), func(t *testing.T) {
				h := sizedHarness(t, scale, lang, phone)
				phoneScreens(t, h, func(what string) {
					t.Helper()
					settle(h.a.Window())
					if out := append(outside(h.a.Window(), phone), crowded(h.a.Window(), phone)...); len(out) > 0 {
						t.Errorf("%s:\n%s", what, strings.Join(out, "\n"))
					}
					h.a.Window().Resize(phone)
				})
			})
		}
	}
}

// On a phone the new game's title wrapped in the middle
// of the game's name ("New game · Wolf Carries the" over "Pig") and Back
// grew into a tall box beside it. The name now goes whole on a line of its
// own under "New game" where the title does not fit on one line, and the
// buttons beside a title keep their own height, on every screen.
func TestNewGameTitleKeepsTheNameWhole(t *testing.T) {
	layoutOnly(t)
	for _, scale := range textScales() {
		for _, lang := range translations.Languages {
			t.Run(fmt.Sprintf("%v/%s", scale, lang), func(t *testing.T) {
				h := sizedHarness(t, scale, lang, phone)
				for _, info := range core.Games() {
					h.a.showNewGame(info)
					settle(h.a.Window())
					name := translations.Game(info.Key).Title
					var title *widgets.Paragraph
					for _, o := range test.LaidOutObjects(h.a.Window().Content()) {
						if p, ok := o.(*widgets.Paragraph); ok && strings.HasPrefix(p.Text, translations.T("newgame.title")) {
							title = p
						}
					}
					if title == nil {
						t.Fatalf("%s: no title", info.Key)
					}
					one := translations.T("newgame.title") + " · " + name
					size := theme.Size(theme.SizeNameSubHeadingText)
					need := func(s string) float32 {
						return fyne.MeasureText(s, size, fyne.TextStyle{Bold: true}).Width + 2*theme.InnerPadding()
					}
					switch {
					case title.Text == one && need(one) <= title.Size().Width+0.5: // on one line
					case title.Text == translations.T("newgame.title")+"\n"+name && need(name) <= title.Size().Width+0.5:
					default:
						t.Errorf("%s: the title %q (%.0f wide) breaks the name %q (needs %.0f)", info.Key, title.Text, title.Size().Width, name, need(name))
					}
					h.a.back()
				}
				// Back and the buttons on the right keep their height beside a
				// title of two lines: the game's (deer chess), the rules'.
				g := h.startGame(3, match.ModeTwoPlayers)
				settle(h.a.Window())
				for _, b := range []*widget.Button{g.homeBtn, g.resignBtn} {
					if got, want := b.Size().Height, b.MinSize().Height; got > want+0.5 {
						t.Errorf("game: %q is %.0f high, its own height is %.0f", b.Text, got, want)
					}
				}
				h.a.showRules(core.Games()[3])
				settle(h.a.Window())
				if b := h.a.top().(*rulesScreen).learn; b.Size().Height > b.MinSize().Height+0.5 {
					t.Errorf("rules: Learn is %.0f high, its own height is %.0f", b.Size().Height, b.MinSize().Height)
				}
			})
		}
	}
}

// On the desktop a blank band stayed over the move list
// once a hint in words had gone (the move played): the list did not take
// the notice's room back until something else laid the panel out. Nothing
// here lays the window out but the app itself after the move.
func TestHintGoneLeavesNoBand(t *testing.T) {
	layoutOnly(t)
	for _, size := range []fyne.Size{{Width: 1024, Height: 720}, phone} {
		t.Run(fmt.Sprintf("%vx%v", size.Width, size.Height), func(t *testing.T) {
			h := newHarness(t, test.NewTempApp(t), withThink(blockThink), func(o *Options) { o.Hint = provenHint })
			h.a.Window().Resize(size)
			g := h.startGame(0, match.ModeTwoPlayers)
			settle(h.a.Window())
			at := func() string { // where the list's top is
				return fmt.Sprint(fyne.CurrentApp().Driver().AbsolutePositionForObject(g.movesList))
			}
			before := at()
			test.Tap(g.hintBtn)
			h.waitFor("the hint in words", func() bool { return g.tables.words != nil })
			h.drain()
			g.refresh()
			if !g.noticeLabel.Visible() || at() == before {
				t.Fatalf("the hint in words shows over the list: shown %v, list %s", g.noticeLabel.Visible(), at())
			}
			g.board.OnMove(g.sess.Game().LegalMoves()[0]) // the hint goes
			h.drain()
			if g.noticeLabel.Visible() {
				t.Fatalf("the hint stays: %q", g.noticeLabel.Text)
			}
			if after := at(); after != before {
				t.Errorf("a band stays where the hint was: the list at\n%s\nnot\n%s", after, before)
			}
		})
	}
}

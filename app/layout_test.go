//go:build ci

package app

import (
	"context"
	"fmt"
	"testing"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

	"huntchess/ai"
	"huntchess/core"
	"huntchess/match"
	"huntchess/storage"
	"huntchess/translations"
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

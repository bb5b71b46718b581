//go:build ci

package app

import (
	"fmt"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"

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

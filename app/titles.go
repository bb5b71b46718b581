package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"huntchess/translations"
	"huntchess/widgets"
)

// Titles and headings that do not fit shorten by design (widgets.FitLabel)
// or wrap between words (widgets.Paragraph), never cut mid-word.

// browseForms are the forms of the browse bar's text, longest first:
// "After 3. c5×c3 · view only", "After 3. c5×c3", "3. c5×c3".
func (s *gameScreen) browseForms() []string {
	if s.browse <= 0 {
		return []string{translations.T("moves.viewing_start"), translations.T("moves.viewing_start_short")}
	}
	data := map[string]any{"Number": (s.browse + 1) / 2, "Move": displayMove(s.sess.Game().Moves()[s.browse-1])}
	return []string{s.browseText(), translations.TData("moves.viewing_short", data),
		translations.TData("moves.viewing_shortest", data)}
}

// wrappedTitle is a bold title that wraps between words where it does not
// fit on one line (a phone, large text), in size (""; the text's size). When
// its wrapping changes its height, the window's content is laid out again,
// so the row holding it grows with it: after the layout that found it (a.do),
// not within it, where the layout of the rows around the title would go on
// with their old heights and lay the rows under it over it (a 480×360
// window: the title on three lines under the player's line).
func (a *App) wrappedTitle(text string, size fyne.ThemeSizeName) fyne.CanvasObject {
	p := widgets.NewParagraphWithStyle(text, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	p.SizeName = size
	return container.New(&heightWatch{inner: layout.NewStackLayout(), onChange: func() {
		a.do(func() {
			if c := a.win.Content(); c != nil {
				c.Refresh()
			}
		})
	}}, p)
}

// titleRow is a screen's top row: the title between a button on the left
// (Back) and, if not nil, one on the right. The buttons keep their own
// height, centred beside a title that wraps onto more lines (a phone, large
// text), instead of stretching into tall boxes.
func titleRow(left, right, title fyne.CanvasObject) *fyne.Container {
	side := func(o fyne.CanvasObject) fyne.CanvasObject {
		if o == nil || isNil(o) {
			return nil
		}
		return container.NewCenter(o)
	}
	return container.NewBorder(nil, nil, side(left), side(right), title)
}

// isNil reports whether o is a nil pointer in an interface.
func isNil(o fyne.CanvasObject) bool {
	switch x := o.(type) {
	case *widget.Button:
		return x == nil
	}
	return false
}

// twoPartTitle is a bold title of two parts, "head · name", on one line
// where it fits whole; else the name goes on a line of its own under the
// head ("New game" over "Wolf Carries the Pig"), rather than wrapping in
// the middle of the name ("New game · Wolf Carries the" over "Pig"). A name
// too long even for its own line wraps between words.
func (a *App) twoPartTitle(head, name string, size fyne.ThemeSizeName) fyne.CanvasObject {
	p := widgets.NewParagraphWithStyle(head+" · "+name, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	p.SizeName = size
	pick := &twoLineLayout{p: p, one: head + " · " + name, two: head + "\n" + name, size: size}
	return container.New(&heightWatch{inner: pick, onChange: func() {
		a.do(func() {
			if c := a.win.Content(); c != nil {
				c.Refresh()
			}
		})
	}}, p)
}

// twoLineLayout shows its paragraph's text on one line (one) where it fits
// the width, else as two (two).
type twoLineLayout struct {
	p        *widgets.Paragraph
	one, two string
	size     fyne.ThemeSizeName
}

func (l *twoLineLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	textSize := theme.TextSize()
	if l.size != "" {
		textSize = theme.Size(l.size)
	}
	text := l.one
	if fyne.MeasureText(l.one, textSize, fyne.TextStyle{Bold: true}).Width+2*theme.InnerPadding() > size.Width {
		text = l.two
	}
	if l.p.Text != text {
		l.p.Text = text
		l.p.Refresh()
	}
	layout.NewStackLayout().Layout(objs, size)
}

func (l *twoLineLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	return layout.NewStackLayout().MinSize(objs)
}

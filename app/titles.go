package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/layout"

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

package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"huntchess/translations"
	"huntchess/widgets"
)

// hintDetails is the disclosure under a hint in words: "Details", which
// opens the exact facts behind the hint (what proves it and the plies, or
// why nothing does, where the game left the proven line, how to get
// proof) in smaller text. It stays open or closed as the player left it,
// from hint to hint.
type hintDetails struct {
	acc  *widget.Accordion
	item *widget.AccordionItem
	text *widgets.Paragraph
	open bool // the player's choice, kept when the screen is built again
}

// object builds the disclosure (again, after a language switch), hidden
// until set gives it facts.
func (d *hintDetails) object() fyne.CanvasObject {
	if d.item != nil {
		d.open = d.item.Open
	}
	d.text = widgets.NewParagraph("")
	d.text.SizeName = theme.SizeNameCaptionText
	d.item = widget.NewAccordionItem(translations.T("hint.details"), d.text)
	d.item.Open = d.open
	d.acc = widget.NewAccordion(d.item)
	d.acc.Hide()
	return d.acc
}

// set shows the facts of the hint shown ("": no hint in words, hidden).
func (d *hintDetails) set(facts string) {
	if d.acc == nil {
		return
	}
	if facts == "" {
		d.acc.Hide()
		return
	}
	if d.text.Text != facts {
		d.text.SetText(facts)
	}
	d.acc.Show()
}

// shown is the facts on screen ("" where the disclosure is hidden).
func (d *hintDetails) shown() string {
	if d.acc == nil || !d.acc.Visible() {
		return ""
	}
	return d.text.Text
}

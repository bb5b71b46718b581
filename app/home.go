package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"huntchess/core"
	"huntchess/translations"
	"huntchess/widgets"
)

// homeScreen shows the four games as cards, with Continue (when a game is
// saved), settings and the language toggle.
type homeScreen struct {
	a *App

	// built widgets, for tests
	continueBtn *widget.Button
	langBtn     *widget.Button
	settingsBtn *widget.Button
	aboutBtn    *widget.Button
	statsBtn    *widget.Button
	playBtns    []*widget.Button
	rulesBtns   []*widget.Button
	learnBtns   []*widget.Button
	progress    []*widget.Label  // lessons done, per card
	puzzleBtns  []*widget.Button // "Puzzles 7/24" (puzzles.go)
	titles      []*widget.Card
	grid        *fyne.Container
	scroll      *container.Scroll
}

func newHomeScreen(a *App) *homeScreen { return &homeScreen{a: a} }

func (h *homeScreen) close() {}

func (h *homeScreen) content() fyne.CanvasObject {
	a := h.a
	title := widget.NewLabelWithStyle(translations.T("app.name"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	title.SizeName = theme.SizeNameHeadingText

	h.langBtn = widget.NewButton(translations.T("home.language_toggle"), func() {
		s := a.settings
		s.Language = string(translations.Current().Other())
		a.setSettings(s)
	})
	h.settingsBtn = widget.NewButtonWithIcon(translations.T("home.settings"), theme.SettingsIcon(), a.showSettings)
	var bar []fyne.CanvasObject
	h.continueBtn = nil
	if a.hasSaved() {
		h.continueBtn = widget.NewButtonWithIcon(translations.T("home.continue"), theme.MediaPlayIcon(), a.resumeSaved)
		h.continueBtn.Importance = widget.HighImportance
		bar = append(bar, h.continueBtn)
	}
	bar = append(bar, h.langBtn, h.settingsBtn)
	// The buttons keep their size; the title gives way (on a phone with
	// Continue shown, the bar would otherwise be wider than the screen).
	title.Truncation = fyne.TextTruncateEllipsis
	top := container.NewBorder(nil, nil, nil, container.NewHBox(bar...), title)

	h.playBtns, h.rulesBtns, h.learnBtns, h.puzzleBtns, h.progress, h.titles = nil, nil, nil, nil, nil, nil
	var cards []fyne.CanvasObject
	for _, info := range core.Games() {
		cards = append(cards, h.card(info))
	}
	cols := &columnsLayout{colWidth: 480}
	h.grid = container.New(cols, cards...)
	h.scroll = container.NewVScroll(container.NewPadded(h.grid))
	cols.onChange = h.scroll.Refresh
	// Statistics and About at the foot of the page.
	h.statsBtn = widget.NewButtonWithIcon(translations.T("home.stats"), theme.ListIcon(), a.showStats)
	h.aboutBtn = widget.NewButtonWithIcon(translations.T("home.about"), theme.InfoIcon(), a.showAbout)
	h.statsBtn.Importance, h.aboutBtn.Importance = widget.LowImportance, widget.LowImportance
	foot := container.NewCenter(container.NewHBox(h.statsBtn, h.aboutBtn))
	return container.NewBorder(container.NewPadded(top), foot, nil, nil, h.scroll)
}

func (h *homeScreen) card(info *core.GameInfo) fyne.CanvasObject {
	gt := translations.Game(info.Key)
	tagline := widgets.NewParagraphWithStyle(gt.Tagline, fyne.TextAlignLeading, fyne.TextStyle{Italic: true})
	list := widgets.BulletList()
	for _, p := range gt.KeyPoints.Paragraphs {
		list.Add(widgets.NewBullet(p))
	}
	progress := widget.NewLabel(lessonProgressText(h.a.prefs, info.Key))
	h.progress = append(h.progress, progress)
	points := container.NewVBox(tagline, list, progress)
	play := widget.NewButtonWithIcon(translations.T("home.play"), theme.MediaPlayIcon(), func() { h.a.showNewGame(info) })
	play.Importance = widget.HighImportance
	rules := widget.NewButtonWithIcon(translations.T("home.rules"), theme.HelpIcon(), func() { h.a.showRules(info) })
	h.playBtns = append(h.playBtns, play)
	h.rulesBtns = append(h.rulesBtns, rules)
	learn := newLearnButton(h.a, info)
	h.learnBtns = append(h.learnBtns, learn)
	puzzleBtn := h.a.puzzleButton(info)
	h.puzzleBtns = append(h.puzzleBtns, puzzleBtn)
	rows := newIconGroup() // a phone drops the icons before the labels, in both rows at once
	buttons := container.NewVBox(rows.row(play, rules), rows.row(learn, puzzleBtn))
	c := widget.NewCard(gt.Title, gt.OtherTitle, container.NewBorder(nil, buttons, nil, nil, points))
	h.titles = append(h.titles, c)
	return c
}

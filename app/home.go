package app

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/canvas"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"huntchess/core"
	"huntchess/storage"
	"huntchess/translations"
	"huntchess/widgets"
)

// homeScreen shows the four games as cards, each with Continue when that
// game has an unfinished game, with settings and the language toggle.
type homeScreen struct {
	a *App

	// built widgets, for tests
	title *widget.Label
	// continueBtns continue each game's unfinished game, by game key (on
	// its card; none for a game without one).
	continueBtns map[string]*widget.Button
	unfinished   []*widget.Label // "Unfinished game, move 12" on those cards
	langBtn      *widget.Button
	langMenu     *widget.PopUpMenu // the languages, while shown
	langItems    []*fyne.MenuItem  // its items
	settingsBtn  *widget.Button
	aboutBtn     *widget.Button
	statsBtn     *widget.Button
	historyBtn   *widget.Button
	quitBtn      *widget.Button // nil where the app offers no quit (canQuit)
	playBtns     []*widget.Button
	rulesBtns    []*widget.Button
	learnBtns    []*widget.Button
	progress     []*widget.Label         // lessons done, per card
	puzzleBtns   []*widget.Button        // "Puzzles 7/24" (puzzles.go)
	exploreBtns  []*widget.Button        // "Explore" (explore.go)
	titles       []*widget.Card          // the cards
	names        []*widgets.Paragraph    // each card's name in the current language
	previews     []*widgets.BoardPicture // each card's picture of its board at the start
	pictureTaps  []*tapArea              // over each picture: a tap opens the new game
	grid         *fyne.Container
	scroll       *container.Scroll
}

func newHomeScreen(a *App) *homeScreen { return &homeScreen{a: a} }

// showLanguages opens the language control's menu below its button: the
// languages, the current one checked. Choosing one switches at once and is
// kept for the next start, as the settings' choice is.
func (h *homeScreen) showLanguages() {
	var items []*fyne.MenuItem
	for _, l := range translations.Languages {
		it := fyne.NewMenuItem(l.Name(), func() { h.a.chooseLanguage(l) })
		it.Checked = l == translations.Current()
		items = append(items, it)
	}
	c := h.a.win.Canvas()
	pos := fyne.CurrentApp().Driver().AbsolutePositionForObject(h.langBtn).AddXY(0, h.langBtn.Size().Height)
	h.langItems = items
	h.langMenu = widget.NewPopUpMenu(fyne.NewMenu("", items...), c)
	h.langMenu.ShowAtPosition(pos)
}

func (h *homeScreen) close() {}

func (h *homeScreen) content() fyne.CanvasObject {
	a := h.a
	title := widget.NewLabelWithStyle(translations.T("app.name"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	title.SizeName = theme.SizeNameHeadingText
	h.title = title

	// The language control: the current language's name; a tap offers
	// English / 简体 / 繁體, each named as its readers write it.
	h.langBtn = widget.NewButtonWithIcon(translations.Current().Name(), theme.MenuDropDownIcon(), h.showLanguages)
	h.langBtn.IconPlacement = widget.ButtonIconTrailingText
	h.settingsBtn = widget.NewButtonWithIcon(translations.T("home.settings"), theme.SettingsIcon(), a.showSettings)
	// The title and the buttons share a row where both fit; where they do
	// not, the title takes a row of its own, whole (titlebar.go).
	top := widgets.TitleBar(title, container.NewHBox(h.langBtn, h.settingsBtn))
	h.continueBtns, h.unfinished = map[string]*widget.Button{}, nil
	unfinished := map[string]storage.Unfinished{}
	for _, u := range a.saves.Unfinished() {
		unfinished[u.Key] = u
	}

	h.exploreBtns = nil
	h.playBtns, h.rulesBtns, h.learnBtns, h.puzzleBtns, h.progress, h.titles, h.previews, h.names, h.pictureTaps = nil, nil, nil, nil, nil, nil, nil, nil, nil
	var cards []fyne.CanvasObject
	for _, info := range core.Games() {
		u, ok := unfinished[info.Key]
		var saved *core.Game
		if ok {
			saved = u.Game
		}
		cards = append(cards, h.card(info, saved))
	}
	cols := &widgets.ColumnsLayout{ColWidth: 480}
	h.grid = container.New(cols, cards...)
	h.scroll = widgets.NewVScroll(container.NewPadded(h.grid))
	cols.OnChange = h.scroll.Refresh
	// History, Statistics and About at the foot of the page.
	h.statsBtn = widget.NewButtonWithIcon(translations.T("home.stats"), theme.ListIcon(), a.showStats)
	h.aboutBtn = widget.NewButtonWithIcon(translations.T("home.about"), theme.InfoIcon(), a.showAbout)
	h.historyBtn = widget.NewButtonWithIcon(translations.T("home.history"), theme.HistoryIcon(), a.showHistory)
	h.statsBtn.Importance, h.aboutBtn.Importance = widget.LowImportance, widget.LowImportance
	h.historyBtn.Importance = widget.LowImportance
	footBtns := []*widget.Button{h.historyBtn, h.statsBtn, h.aboutBtn}
	h.quitBtn = nil
	if canQuit() { // a desktop: Quit (and Ctrl+Q, keys.go)
		h.quitBtn = widget.NewButtonWithIcon(translations.T("home.quit"), theme.LogoutIcon(), a.quit)
		h.quitBtn.Importance = widget.LowImportance
		footBtns = append(footBtns, h.quitBtn)
	}
	// In equal columns, centred; a narrow window drops their icons, then
	// wraps them, rather than pushing them past its edges.
	foot := sized(widgets.NewIconGroup().Row(footBtns...), 140*float32(len(footBtns)))
	return widgets.WidthFirstBorder(container.NewPadded(top), foot, h.scroll)
}

// card is a game's card; saved is its unfinished game (nil: none), which
// its Continue button names by the move it goes on at.
func (h *homeScreen) card(info *core.GameInfo, saved *core.Game) fyne.CanvasObject {
	gt := translations.Game(info.Key)
	// The game's board at the start, drawn from core's geometry like the
	// game's own board (read-only), as one picture (a live board is a few
	// hundred objects on the screen: README "Memory"); its look follows the
	// theme and the board style.
	preview := widgets.NewBoardPicture(info.Start())
	h.previews = append(h.previews, preview)
	name := widgets.NewParagraphWithStyle(gt.Title, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	name.SizeName = theme.SizeNameSubHeadingText
	h.names = append(h.names, name)
	other := widgets.NewParagraph(gt.OtherTitle)
	progress := widget.NewLabel(lessonProgressText(h.a.prefs, info.Key))
	progress.Truncation = fyne.TextTruncateEllipsis
	h.progress = append(h.progress, progress)
	head := container.NewVBox(name, other, progress)
	if saved != nil { // which move Continue goes on at
		line := widget.NewLabel(translations.TData("home.unfinished", map[string]any{"Move": moveNumber(saved)}))
		line.Truncation = fyne.TextTruncateEllipsis
		line.Importance = widget.HighImportance
		h.unfinished = append(h.unfinished, line)
		head.Add(line)
	}
	play := widget.NewButtonWithIcon(translations.T("home.play"), theme.MediaPlayIcon(), func() { h.a.showNewGame(info) })
	play.Importance = widget.HighImportance
	rules := widget.NewButtonWithIcon(translations.T("home.rules"), theme.HelpIcon(), func() { h.a.showRules(info) })
	h.playBtns = append(h.playBtns, play)
	h.rulesBtns = append(h.rulesBtns, rules)
	learn := newLearnButton(h.a, info)
	h.learnBtns = append(h.learnBtns, learn)
	puzzleBtn := h.a.puzzleButton(info)
	h.puzzleBtns = append(h.puzzleBtns, puzzleBtn)
	explore := h.a.exploreButton(func() { h.a.showExplore(info.Start()) })
	h.exploreBtns = append(h.exploreBtns, explore)
	rows := widgets.NewIconGroup() // a phone drops the icons before the labels, in both rows at once
	buttons := container.NewVBox(rows.Row(play, rules), rows.Row(learn, puzzleBtn, explore))
	if saved != nil {
		key := info.Key
		cont := widget.NewButtonWithIcon(translations.T("home.continue"), theme.MediaPlayIcon(), func() { h.a.resumeSaved(key) })
		cont.Importance = widget.HighImportance
		play.Importance = widget.MediumImportance // Continue is the way on
		h.continueBtns[key] = cont
		buttons = container.NewVBox(rows.Row(cont), rows.Row(play, rules), rows.Row(learn, puzzleBtn, explore))
	}
	// The picture is a way in too: a tap on it opens the new game.
	tap := newTapArea(func() { h.a.showNewGame(info) })
	h.pictureTaps = append(h.pictureTaps, tap)
	picture := container.NewStack(preview, tap)
	c := widget.NewCard("", "", container.New(&gameCardLayout{}, picture, head, buttons))
	h.titles = append(h.titles, c)
	return c
}

// gameCardLayout lays out a home card: the board's picture, the names and
// progress (head) and the buttons. On a wide card (a desktop's column) the
// head and the buttons stand beside the picture; on a narrow one (a phone)
// the head is beside a smaller picture and the buttons run below both.
// Objects: [0] picture, [1] head, [2] buttons.
//
// Its MinSize is the height at the width it was last laid out at (the head
// wraps), like widgets.ColumnsLayout's.
type gameCardLayout struct{ width float32 }

// wideCard is the least width at which the buttons go beside the picture.
const wideCard = 440

// picture is the side of the board's picture on a card of width w.
func (l *gameCardLayout) picture(w float32) float32 {
	if w >= wideCard {
		return min(max(w*0.46, 160), 280)
	}
	return min(max(w*0.34, 96), 150)
}

// place computes every object's place on a card of width w, and its height.
func (l *gameCardLayout) place(objs []fyne.CanvasObject, w float32, apply bool) float32 {
	pic, head, btns := objs[0], objs[1], objs[2]
	pad := theme.Padding()
	side := l.picture(w)
	colX := side + 2*pad
	colW := max(w-colX, 0)
	put := func(o fyne.CanvasObject, x, y, ow, oh float32) {
		if apply {
			o.Move(fyne.NewPos(x, y))
			o.Resize(fyne.NewSize(ow, oh))
		}
	}
	if apply {
		head.Resize(fyne.NewSize(colW, head.Size().Height)) // wrapped names know their width
	}
	hh := head.MinSize().Height
	bh := btns.MinSize().Height
	if w >= wideCard {
		h := max(side, hh+pad+bh)
		put(pic, 0, (h-side)/2, side, side)
		put(head, colX, 0, colW, hh)
		put(btns, colX, h-bh, colW, bh)
		return h
	}
	top := max(side, hh)
	put(pic, 0, (top-side)/2, side, side)
	put(head, colX, (top-hh)/2, colW, hh)
	put(btns, 0, top+pad, w, bh)
	return top + pad + bh
}

func (l *gameCardLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	l.width = size.Width
	l.place(objs, size.Width, true)
}

func (l *gameCardLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	pad := theme.Padding()
	w := max(l.picture(0)+2*pad+objs[1].MinSize().Width, objs[2].MinSize().Width)
	if l.width <= 0 {
		return fyne.NewSize(w, l.place(objs, w, false))
	}
	return fyne.NewSize(w, l.place(objs, l.width, false))
}

// tapArea is an invisible widget that calls onTap when tapped (the home
// card's picture).
type tapArea struct {
	widget.BaseWidget
	onTap func()
}

func newTapArea(onTap func()) *tapArea {
	t := &tapArea{onTap: onTap}
	t.ExtendBaseWidget(t)
	return t
}

// Tapped is part of fyne.Tappable.
func (t *tapArea) Tapped(*fyne.PointEvent) { t.onTap() }

// Cursor is part of desktop.Cursorable: a hand over the picture.
func (t *tapArea) Cursor() desktop.Cursor { return desktop.PointerCursor }

// CreateRenderer is part of fyne.Widget.
func (t *tapArea) CreateRenderer() fyne.WidgetRenderer {
	return widget.NewSimpleRenderer(canvas.NewRectangle(color.Transparent))
}

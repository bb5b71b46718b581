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

// rulesScreen shows every rules section of a game, with the start position
// as the board diagram.
type rulesScreen struct {
	a    *App
	info *core.GameInfo

	board   *widgets.Board
	title   *widgets.Paragraph
	diagram *fyne.Container // the diagram's heading and board, in the page
	inPage  *fyne.Container // the board's place in the page
	side    *fyne.Container // the diagram beside the page (a wide window)
	scroll  *container.Scroll
	layout  *rulesLayout
	learn   *widget.Button
	labels  []*widgets.Paragraph // every text shown, for tests
	bullets []*widgets.Bullet    // the list items among them
}

func newRulesScreen(a *App, info *core.GameInfo) *rulesScreen {
	return &rulesScreen{a: a, info: info}
}

func (r *rulesScreen) close() {}

func (r *rulesScreen) heading(text string, size fyne.ThemeSizeName) *widgets.Paragraph {
	l := widgets.NewParagraphWithStyle(text, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	l.SizeName = size
	r.labels = append(r.labels, l)
	return l
}

func (r *rulesScreen) para(text string) *widgets.Paragraph {
	l := widgets.NewParagraph(text)
	r.labels = append(r.labels, l)
	return l
}

func (r *rulesScreen) content() fyne.CanvasObject {
	gt := translations.Game(r.info.Key)
	r.labels, r.bullets = nil, nil
	back := widget.NewButtonWithIcon(translations.T("game.back"), theme.NavigateBackIcon(), r.a.back)
	// The names wrap between words (a phone's width, large text), never
	// cut: the top bar grows by a line instead.
	r.title = widgets.NewParagraphWithStyle(gt.Title+" · "+gt.OtherTitle, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	r.title.SizeName = theme.SizeNameSubHeadingText

	if r.board == nil {
		r.board = widgets.NewBoard(r.info.Start())
		r.board.Do = r.a.do
		r.board.SetReadOnly(true)
		r.board.SetAnimations(false)
	}
	tagline := widgets.NewParagraphWithStyle(gt.Tagline, fyne.TextAlignLeading, fyne.TextStyle{})
	r.labels = append(r.labels, tagline)
	body := container.NewVBox(r.para(gt.Subtitle), tagline)
	// On a phone the diagram is in the page, under its heading; on a wide
	// window it stands beside the text (rulesLayout).
	r.inPage = container.NewGridWrap(fyne.NewSize(300, 300), r.board)
	r.diagram = container.NewVBox(r.heading(translations.T("rules.diagram"), theme.SizeNameSubHeadingText),
		container.NewCenter(r.inPage))
	body.Add(r.diagram)

	section := func(heading string, paras []string, bullets bool) {
		body.Add(r.heading(heading, theme.SizeNameSubHeadingText))
		if !bullets {
			for _, p := range paras {
				body.Add(r.para(p))
			}
			return
		}
		list := widgets.BulletList()
		for _, p := range paras {
			b := widgets.NewBullet(p)
			r.labels = append(r.labels, b.Paragraph())
			r.bullets = append(r.bullets, b)
			list.Add(b)
		}
		body.Add(list)
	}
	section(gt.KeyPoints.Heading, gt.KeyPoints.Paragraphs, true)
	section(translations.T("rules.quick_start"), gt.QuickStart, true)
	body.Add(r.heading(translations.T("rules.rules"), theme.SizeNameHeadingText))
	for _, s := range gt.Rules {
		section(s.Heading, s.Paragraphs, false)
		if s.Key == "timer" { // the rules' default, then the player's own setting
			body.Add(r.para(timerSettingText(r.a.settings.Timer)))
		}
	}
	section(translations.T("rules.clarifications"), gt.Clarifications, true)
	// The app's own rule: draws by agreement (session/draw.go).
	section(translations.T("rules.draw_title"), []string{translations.T("rules.draw_text")}, false)
	body.Add(container.NewCenter(r.a.puzzleButton(r.info))) // practise: the game's puzzles (puzzles.go)

	r.learn = newLearnButton(r.a, r.info)
	topBar := titleRow(back, r.learn, r.title)
	watch := &heightWatch{inner: topBar.Layout}
	topBar.Layout = watch
	r.scroll = scrolledBody(body, 760)
	r.side = container.NewStack() // the wide window's diagram
	r.side.Hide()
	r.layout = &rulesLayout{r: r}
	root := container.NewBorder(container.NewPadded(topBar), nil, nil, nil, container.New(r.layout, r.side, r.scroll))
	watch.onChange = root.Refresh
	return root
}

// rulesWide is the least width of the rules page at which the diagram
// stands beside the text.
const rulesWide = 760

// rulesLayout places the rules page: on a narrow one (a phone) the text
// scrolls with the diagram in it; on a wide one the diagram, as large as
// the page's height allows, stands on the left and the text scrolls beside
// it. Objects: [0] the side diagram's place, [1] the scrolled text.
type rulesLayout struct{ r *rulesScreen }

func (l *rulesLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	side, scroll := objs[0], objs[1]
	wide := size.Width >= rulesWide
	if wide != side.Visible() {
		l.r.placeDiagram(wide)
	}
	if !wide {
		scroll.Move(fyne.NewPos(0, 0))
		scroll.Resize(size)
		return
	}
	pad := theme.Padding()
	d := min(size.Height-2*pad, size.Width*0.45)
	side.Move(fyne.NewPos(pad, pad))
	side.Resize(fyne.NewSize(d, d))
	x := d + 2*pad
	scroll.Move(fyne.NewPos(x, 0))
	scroll.Resize(fyne.NewSize(size.Width-x, size.Height))
}

func (l *rulesLayout) MinSize(objs []fyne.CanvasObject) fyne.Size { return objs[1].MinSize() }

// placeDiagram puts the board in the page (narrow) or beside it (wide).
func (r *rulesScreen) placeDiagram(wide bool) {
	if wide {
		r.inPage.RemoveAll()
		r.side.Objects = []fyne.CanvasObject{r.board}
		r.diagram.Hide()
		r.side.Show()
	} else {
		r.side.RemoveAll()
		r.inPage.Objects = []fyne.CanvasObject{r.board}
		r.diagram.Show()
		r.side.Hide()
	}
	r.inPage.Refresh()
	r.side.Refresh()
	r.scroll.Refresh()
}

// timerSettingText states the player's turn-timer setting (the rules texts
// give the default, 60 seconds) and, with a limit, that the clock stops
// while the board is covered (cover.go). The games' own texts stay as
// written: a turn still lasts its time, only covered time is not counted.
func timerSettingText(sec int) string {
	if sec == 0 {
		return translations.T("rules.timer_yours_off")
	}
	sep := " "
	if translations.Current().IsChinese() {
		sep = "" // sentences end in 。 and follow on without a space
	}
	return translations.TData("rules.timer_yours", map[string]any{"Seconds": sec}) + sep + translations.T("rules.timer_paused")
}

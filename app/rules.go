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
	title := widget.NewLabelWithStyle(gt.Title+" · "+gt.OtherTitle, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	title.SizeName = theme.SizeNameSubHeadingText
	title.Truncation = fyne.TextTruncateEllipsis

	if r.board == nil {
		r.board = widgets.NewBoard(r.info.Start())
		r.board.Do = r.a.do
		r.board.SetReadOnly(true)
		r.board.SetAnimations(false)
	}
	body := container.NewVBox(r.para(gt.Subtitle))
	body.Add(r.heading(translations.T("rules.diagram"), theme.SizeNameSubHeadingText))
	body.Add(container.NewCenter(container.NewGridWrap(fyne.NewSize(300, 300), r.board)))

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
	top := container.NewBorder(nil, nil, back, r.learn, title)
	return container.NewBorder(container.NewPadded(top), nil, nil, nil,
		container.NewVScroll(container.NewPadded(sized(body, 760))))
}

// timerSettingText states the player's turn-timer setting (the rules texts
// give the default, 60 seconds).
func timerSettingText(sec int) string {
	if sec == 0 {
		return translations.T("rules.timer_yours_off")
	}
	return translations.TData("rules.timer_yours", map[string]any{"Seconds": sec})
}

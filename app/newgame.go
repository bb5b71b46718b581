package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"huntchess/core"
	"huntchess/match"
	"huntchess/translations"
	"huntchess/widgets"
)

// setupScreen (new game) picks the mode and the difficulty of a new game.
type setupScreen struct {
	a     *App
	info  *core.GameInfo
	mode  match.Mode
	level match.Level

	modeRadio  *widget.RadioGroup
	levelRadio *widget.RadioGroup
	startBtn   *widget.Button
	// confirm asks before an unfinished game is discarded (while shown).
	confirm *question
}

func newSetupScreen(a *App, info *core.GameInfo) *setupScreen {
	return &setupScreen{a: a, info: info, mode: match.ModeVsAIAsPredator, level: a.settings.Level}
}

func (n *setupScreen) close() {
	if n.confirm != nil {
		n.confirm.Hide()
		n.confirm = nil
	}
}

// modeLabel is the menu text of a mode for a game.
func modeLabel(info *core.GameInfo, m match.Mode) string {
	switch m {
	case match.ModeVsAIAsPredator:
		return translations.TData("mode.vs_ai_as_predator", map[string]any{"Predator": sideName(info, core.Predator)})
	case match.ModeVsAIAsPrey:
		return translations.TData("mode.vs_ai_as_prey", map[string]any{"Prey": sideName(info, core.Prey)})
	case match.ModeTwoPlayers:
		return translations.T("mode.two_players")
	}
	return translations.T("mode.watch")
}

func levelLabel(l match.Level) string { return translations.T("level." + l.String()) }

func (n *setupScreen) content() fyne.CanvasObject {
	gt := translations.Game(n.info.Key)
	back := widget.NewButtonWithIcon(translations.T("game.back"), theme.NavigateBackIcon(), n.a.back)
	title := n.a.twoPartTitle(translations.T("newgame.title"), gt.Title, theme.SizeNameSubHeadingText) // the name on a line of its own, never cut

	var modeLabels []string
	for _, m := range match.Modes {
		modeLabels = append(modeLabels, modeLabel(n.info, m))
	}
	n.modeRadio = widget.NewRadioGroup(modeLabels, func(s string) {
		for i, l := range modeLabels {
			if l == s {
				n.mode = match.Modes[i]
			}
		}
		n.refreshLevel()
	})
	n.modeRadio.Required = true
	n.modeRadio.SetSelected(modeLabel(n.info, n.mode))

	var levelLabels []string
	for _, l := range match.Levels() {
		levelLabels = append(levelLabels, levelLabel(l))
	}
	n.levelRadio = widget.NewRadioGroup(levelLabels, func(s string) {
		for i, l := range levelLabels {
			if l == s {
				n.level = match.Levels()[i]
			}
		}
	})
	n.levelRadio.Required = true
	n.levelRadio.SetSelected(levelLabel(n.level))
	n.refreshLevel()

	n.startBtn = widget.NewButtonWithIcon(translations.T("newgame.start"), theme.MediaPlayIcon(), n.start)
	n.startBtn.Importance = widget.HighImportance

	subtitle := widgets.NewParagraph(gt.Subtitle)
	form := container.NewVBox(
		subtitle,
		widget.NewCard(translations.T("newgame.mode"), "", n.modeRadio),
		widget.NewCard(translations.T("newgame.difficulty"), "", n.levelRadio),
		n.startBtn,
	)
	top := titleRow(back, nil, title)
	return container.NewBorder(container.NewPadded(top), nil, nil, nil,
		widgets.NewVScroll(container.NewPadded(sized(form, 600))))
}

// refreshLevel greys the difficulty out where no AI plays (two players on
// one device): the choice stays as it was for the next game.
func (n *setupScreen) refreshLevel() {
	if n.levelRadio == nil {
		return
	}
	if n.mode.VsAI() || n.mode == match.ModeWatch {
		n.levelRadio.Enable()
	} else {
		n.levelRadio.Disable()
	}
}

// start begins the game, after asking when it would discard this game's
// unfinished one (in progress under this screen, or saved); the other
// games' stay.
func (n *setupScreen) start() {
	info, g := n.a.unfinished(n.info.Key)
	if g == nil {
		n.begin()
		return
	}
	msg := translations.TData("newgame.confirm_message", map[string]any{
		"Game": translations.Game(info.Key).Title, "Move": moveNumber(g)})
	d := newQuestion(translations.T("newgame.confirm_title"), msg, translations.T("newgame.confirm_start"), func(ok bool) {
		n.confirm = nil
		if ok {
			n.begin()
		}
	}, n.a)
	n.confirm = d
	d.Show()
}

// begin starts the game; the chosen difficulty becomes the setting.
func (n *setupScreen) begin() {
	s := n.a.settings
	s.Level = n.level
	n.a.setSettings(s)
	g := core.NewGameFrom(n.info.Start())
	n.a.startGame(g, n.mode)
}

// sized centres o, at most maxWidth wide; it shrinks with the window.
func sized(o fyne.CanvasObject, maxWidth float32) fyne.CanvasObject {
	return container.New(&maxWidthLayout{max: maxWidth}, o)
}

type maxWidthLayout struct{ max float32 }

func (l *maxWidthLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	w := min(size.Width, l.max)
	for _, o := range objs {
		o.Move(fyne.NewPos((size.Width-w)/2, 0))
		o.Resize(fyne.NewSize(w, size.Height))
	}
}

func (l *maxWidthLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	var s fyne.Size
	for _, o := range objs {
		s = s.Max(o.MinSize())
	}
	return s
}

// Command fontdemo is a developer tool: it opens a Fyne window whose theme
// uses the bundled Noto Sans CJK SC subsets (huntchess/translations/fonts)
// and shows app labels and rules texts in English and Chinese, regular and
// bold. Run it with the system CJK fonts hidden to check that the bundled
// fonts alone render everything (no replacement boxes):
//
//	go run ./cmd/fontdemo
//
// With -fyne-fonts it keeps Fyne's own fonts instead, for comparison: with no
// system CJK font, the Chinese then shows as replacement boxes.
package main

import (
	"flag"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/app"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"huntchess/translations"
	"huntchess/translations/fonts"
)

func column(lang translations.Lang) fyne.CanvasObject {
	l := translations.NewLocalizer(lang)
	bold := func(s string) *widget.Label {
		return widget.NewLabelWithStyle(s, fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	}
	wrap := func(s string) *widget.Label {
		w := widget.NewLabel(s)
		w.Wrapping = fyne.TextWrapWord
		return w
	}
	box := container.NewVBox(
		bold(l.T("app.name")+" · "+string(lang)),
		widget.NewLabel(l.T("home.play")+" · "+l.T("home.rules")+" · "+l.T("home.continue")+" · "+lang.Name()),
		widget.NewLabel(l.T("level.easy")+" / "+l.T("level.medium")+" / "+l.T("level.hard")+" / "+l.T("level.master")),
		widget.NewLabel(l.TData("mode.vs_ai_as_predator", map[string]any{"Predator": l.T("side.wolf")})),
		widget.NewLabel(l.T("mode.two_players")),
		bold(l.TData("gameover.predator_wins", map[string]any{"Predator": l.T("side.wolves")})),
		widget.NewLabel(l.TPlural("game.in_hand", 12, nil)+" · "+l.T("game.pass_timeout")),
		container.NewHBox(widget.NewButton(l.T("game.undo"), nil), widget.NewButton(l.T("game.hint"), nil),
			widget.NewButtonWithIcon(l.T("game.settings"), theme.SettingsIcon(), nil)),
		bold(l.T("glyph.wolf")+" "+l.T("glyph.dog")+" "+l.T("glyph.pig")+" "+l.T("glyph.lion")+" "+l.T("glyph.deer")),
	)
	for _, id := range []string{translations.BeatTheWolf, translations.DeerChess} {
		g := l.GameIn(id, lang)
		box.Add(bold(g.Title + " · " + g.OtherTitle))
		box.Add(wrap(g.Tagline))
		box.Add(bold(g.Rules[len(g.Rules)-1].Heading))
		box.Add(wrap(g.Rules[len(g.Rules)-1].Paragraphs[1]))
	}
	g := l.GameIn(translations.SurroundTheLion, lang)
	box.Add(bold(l.T("rules.clarifications")))
	box.Add(wrap(g.Clarifications[0]))
	return box
}

func main() {
	fyneFonts := flag.Bool("fyne-fonts", false, "use Fyne's own fonts, not the bundled CJK subsets")
	tc := flag.Bool("tc", false, "the Traditional Chinese family (Noto Sans CJK TC) and texts, not the Simplified")
	flag.Parse()
	a := app.NewWithID("io.github.huntchess.fontdemo")
	if !*fyneFonts {
		a.Settings().SetTheme(fonts.ThemeFor(theme.DefaultTheme(), *tc))
	}
	chinese := translations.Chinese
	if *tc {
		chinese = translations.TraditionalChinese
	}
	w := a.NewWindow("fontdemo · 字体演示")
	grid := container.NewGridWithColumns(2, column(translations.English), column(chinese))
	w.SetContent(container.NewVScroll(container.NewPadded(grid)))
	w.Resize(fyne.NewSize(1240, 780))
	w.ShowAndRun()
}

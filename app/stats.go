package app

import (
	"strconv"
	"time"
	"unicode"
	"unicode/utf8"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"huntchess/app/sound"
	"huntchess/core"
	"huntchess/match"
	"huntchess/storage"
	"huntchess/translations"
	"huntchess/widgets"
)

// gameOver is the turns' Over hook: a game that ends on this screen is
// kept in the history and, against the AI, counted in the statistics, from
// the same entry, once (session.Session.Finish); then the result is shown.
func (s *gameScreen) gameOver() {
	if !s.counted && s.sess.Finish(s.a.history, s.a.prefs, time.Now()) {
		s.counted = true
	}
	if !s.overSounded {
		s.overSounded = true
		s.a.playSound(sound.GameOver)
	}
	s.showGameOver()
}

// statsScreen shows the statistics: per game, a row per side and level.
type statsScreen struct {
	a       *App
	stats   storage.Stats
	confirm *question // Reset: the question on screen
	rows    []string  // the rows shown, "game/side/level", for tests

	historyBtn *widget.Button
}

func newStatsScreen(a *App) *statsScreen { return &statsScreen{a: a} }

func (a *App) showStats() { a.push(newStatsScreen(a)) }

func (s *statsScreen) close() {
	if s.confirm != nil {
		s.confirm.Hide()
		s.confirm = nil
	}
}

func (s *statsScreen) content() fyne.CanvasObject {
	s.stats = storage.LoadStats(s.a.prefs)
	s.rows = nil
	back := widget.NewButtonWithIcon(translations.T("game.back"), theme.NavigateBackIcon(), s.a.back)
	title := widget.NewLabelWithStyle(translations.T("stats.title"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	title.SizeName = theme.SizeNameSubHeadingText
	reset := widget.NewButtonWithIcon(translations.T("stats.reset"), theme.DeleteIcon(), s.askReset)
	top := titleRow(back, reset, title)

	body := container.NewVBox(widgets.NewParagraph(translations.T("stats.note")))
	for _, info := range core.Games() {
		if card := s.card(info); card != nil {
			body.Add(card)
		}
	}
	if len(s.rows) == 0 {
		reset.Disable()
		body.Add(widget.NewLabelWithStyle(translations.T("stats.empty"), fyne.TextAlignCenter, fyne.TextStyle{}))
	}
	// The games behind the numbers (history.go).
	s.historyBtn = widget.NewButtonWithIcon(translations.T("home.history"), theme.HistoryIcon(), s.a.showHistory)
	body.Add(container.NewCenter(s.historyBtn))
	return container.NewBorder(container.NewPadded(top), nil, nil, nil, scrolledBody(body, 600))
}

// card is a game's table: side · level, games, won, lost, drawn; nil when
// the game has no results.
func (s *statsScreen) card(info *core.GameInfo) fyne.CanvasObject {
	head := func(id string) fyne.CanvasObject {
		return widget.NewLabelWithStyle(translations.T(id), fyne.TextAlignTrailing, fyne.TextStyle{Bold: true})
	}
	num := func(n int) fyne.CanvasObject {
		return widget.NewLabelWithStyle(strconv.Itoa(n), fyne.TextAlignTrailing, fyne.TextStyle{})
	}
	cells := []fyne.CanvasObject{
		widget.NewLabelWithStyle(translations.T("stats.side_level"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true}),
		head("stats.played"), head("stats.won"), head("stats.lost"), head("stats.drawn"),
	}
	n, agreed := 0, 0
	for _, side := range []core.Side{core.Predator, core.Prey} {
		for _, lv := range match.Levels() {
			key := storage.StatKey(info.Key, side, lv)
			l, ok := s.stats[key]
			if !ok || l.Played == 0 {
				continue
			}
			n++
			s.rows = append(s.rows, key)
			name := sideName(info, side)
			if r, size := utf8.DecodeRuneInString(name); size > 0 {
				name = string(unicode.ToUpper(r)) + name[size:]
			}
			lbl := widget.NewLabel(name + " · " + levelLabel(lv))
			lbl.Truncation = fyne.TextTruncateEllipsis
			cells = append(cells, lbl, num(l.Played), num(l.Won), num(l.Lost), num(l.Drawn))
			agreed += l.Agreed
		}
	}
	if n == 0 {
		return nil
	}
	gt := translations.Game(info.Key)
	var body fyne.CanvasObject = container.New(&statsTableLayout{cols: 5}, cells...)
	if agreed > 0 { // of the draws, those the players agreed to
		body = container.NewVBox(body, widgets.NewParagraph(translations.TData("stats.agreed", map[string]any{"Count": agreed})))
	}
	return widget.NewCard(gt.Title, "", body)
}

func (s *statsScreen) askReset() {
	// A question without Fyne's large "?" icon over its text (question.go).
	d := newQuestion(translations.T("stats.reset_title"), translations.T("stats.reset_message"), translations.T("stats.reset"), func(ok bool) {
		s.confirm = nil
		if ok {
			storage.Stats{}.Save(s.a.prefs)
			s.a.render()
		}
	}, s.a)
	s.confirm = d
	d.Show()
}

// statsTableLayout lays cells out in rows of cols: the first column takes
// the room the number columns (as wide as their widest cell) leave.
type statsTableLayout struct{ cols int }

func (l *statsTableLayout) widths(objs []fyne.CanvasObject) []float32 {
	w := make([]float32, l.cols)
	for i, o := range objs {
		w[i%l.cols] = max(w[i%l.cols], o.MinSize().Width)
	}
	return w
}

func (l *statsTableLayout) rowHeight(objs []fyne.CanvasObject, r int) float32 {
	h := float32(0)
	for _, o := range objs[r*l.cols : min((r+1)*l.cols, len(objs))] {
		h = max(h, o.MinSize().Height)
	}
	return h
}

func (l *statsTableLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	w := l.widths(objs)
	rest := float32(0)
	for _, x := range w[1:] {
		rest += x
	}
	w[0] = max(size.Width-rest, 0)
	y := float32(0)
	for r := 0; r*l.cols < len(objs); r++ {
		h := l.rowHeight(objs, r)
		x := float32(0)
		for c := 0; c < l.cols && r*l.cols+c < len(objs); c++ {
			o := objs[r*l.cols+c]
			o.Move(fyne.NewPos(x, y))
			o.Resize(fyne.NewSize(w[c], h))
			x += w[c]
		}
		y += h
	}
}

func (l *statsTableLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	w := l.widths(objs)
	total := float32(60) // the side · level column shrinks (ellipsis)
	for _, x := range w[1:] {
		total += x
	}
	h := float32(0)
	for r := 0; r*l.cols < len(objs); r++ {
		h += l.rowHeight(objs, r)
	}
	return fyne.NewSize(total, h)
}

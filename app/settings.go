package app

import (
	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"

	"huntchess/core"
	"huntchess/match"
	"huntchess/storage"
	"huntchess/translations"
	"huntchess/widgets"
)

// settingsScreen edits the settings; every change is saved and applied at once.
type settingsScreen struct {
	a *App

	lang, level, timer, themeSel, textSize *widget.Select
	boardSel, piecesSel                    *widget.Select
	showLegal, animations, faceToFace      *widget.Check
	sound, confirm                         *widget.Check
	// advanced shows the settings a player seldom needs (the table
	// pack's download address); for this visit of the page only.
	advanced    bool
	advancedChk *widget.Check
	address     *widget.Entry  // the pack's address (nil while hidden)
	preview     *widgets.Board // the board and pieces as chosen, live
	pack        *packView      // the table pack (nil: none, as in the browser)
	scroll      *container.Scroll
}

func newSettingsScreen(a *App) *settingsScreen { return &settingsScreen{a: a} }

func (s *settingsScreen) close() {
	if s.pack != nil {
		s.pack.close()
	}
}

// choice builds a Select over values with translated labels; on change it
// calls set with the chosen value.
func choice[T comparable](values []T, label func(T) string, cur T, set func(T)) *widget.Select {
	labels := make([]string, len(values))
	for i, v := range values {
		labels[i] = label(v)
	}
	sel := widget.NewSelect(labels, nil)
	for i, v := range values {
		if v == cur {
			sel.SetSelectedIndex(i)
		}
	}
	sel.OnChanged = func(string) {
		if i := sel.SelectedIndex(); i >= 0 {
			set(values[i])
		}
	}
	return sel
}

func timerLabel(sec int) string {
	if sec == 0 {
		return translations.T("settings.timer_off")
	}
	return translations.TData("settings.timer_seconds", map[string]any{"Seconds": sec})
}

// textScaleLabel names a text size (TextScales).
func textScaleLabel(v float64) string {
	switch {
	case v >= storage.TextScales[2]:
		return translations.T("settings.text_larger")
	case v >= storage.TextScales[1]:
		return translations.T("settings.text_large")
	}
	return translations.T("settings.text_normal")
}

func (s *settingsScreen) content() fyne.CanvasObject {
	a := s.a
	cur := a.settings
	update := func(f func(*storage.Settings)) {
		n := a.settings
		f(&n)
		a.setSettings(n)
	}
	var langs []string
	for _, l := range translations.Languages {
		langs = append(langs, string(l))
	}
	langs = append(langs, translations.SystemPreference)
	s.lang = choice(langs, func(v string) string {
		if l := translations.Lang(v); l.Valid() {
			return l.Name() // as its readers write it, in every language
		}
		return translations.T("settings.lang_system")
	}, cur.Language, func(v string) { update(func(n *storage.Settings) { n.Language = v }) })
	s.level = choice(match.Levels(), levelLabel, cur.Level, func(v match.Level) { update(func(n *storage.Settings) { n.Level = v }) })
	s.timer = choice(storage.TimerChoices, timerLabel, cur.Timer, func(v int) { update(func(n *storage.Settings) { n.Timer = v }) })
	s.themeSel = choice([]string{storage.ThemeSystem, storage.ThemeLight, storage.ThemeDark}, func(v string) string {
		return translations.T("settings.theme_" + v)
	}, cur.Theme, func(v string) { update(func(n *storage.Settings) { n.Theme = v }) })
	s.textSize = choice(storage.TextScales, textScaleLabel, cur.TextScale, func(v float64) { update(func(n *storage.Settings) { n.TextScale = v }) })
	s.faceToFace = widget.NewCheck(translations.T("settings.face_to_face"), nil)
	s.faceToFace.SetChecked(cur.FaceToFace)
	s.faceToFace.OnChanged = func(b bool) { update(func(n *storage.Settings) { n.FaceToFace = b }) }
	s.sound = widget.NewCheck(translations.T("settings.sound"), nil)
	s.sound.SetChecked(cur.Sound)
	s.sound.OnChanged = func(b bool) { update(func(n *storage.Settings) { n.Sound = b }) }
	s.showLegal = widget.NewCheck(translations.T("settings.show_legal"), nil)
	s.showLegal.SetChecked(cur.ShowLegal)
	s.showLegal.OnChanged = func(b bool) { update(func(n *storage.Settings) { n.ShowLegal = b }) }
	s.animations = widget.NewCheck(translations.T("settings.animations"), nil)
	s.animations.SetChecked(cur.Animations)
	s.animations.OnChanged = func(b bool) { update(func(n *storage.Settings) { n.Animations = b }) }

	s.boardSel = choice(storage.BoardStyles, func(v string) string { return translations.T("settings.board_" + v) },
		cur.BoardStyle, func(v string) { update(func(n *storage.Settings) { n.BoardStyle = v }) })
	s.piecesSel = choice(storage.PieceStyles, func(v string) string { return translations.T("settings.pieces_" + v) },
		cur.PieceStyle, func(v string) { update(func(n *storage.Settings) { n.PieceStyle = v }) })
	s.confirm = widget.NewCheck(translations.T("settings.confirm_moves"), nil)
	s.confirm.SetChecked(cur.ConfirmMoves)
	s.confirm.OnChanged = func(b bool) { update(func(n *storage.Settings) { n.ConfirmMoves = b }) }
	s.preview = previewBoard(a)

	form := widget.NewForm()
	if cur.TextScale > 1 { // large text: labels above their fields, so it fits a phone
		// (set before the first item: Append builds the form's layout)
		form.Orientation = widget.Vertical
	}
	form.AppendItem(widget.NewFormItem(translations.T("settings.language"), s.lang))
	form.AppendItem(widget.NewFormItem(translations.T("settings.difficulty"), s.level))
	s.close() // a view of an earlier build of the page (another language)
	if a.pack != nil {
		s.pack = newPackView(a, a.pack)
		form.Append(translations.T("settings.pack"), s.pack.object())
	}
	for _, it := range []*widget.FormItem{
		widget.NewFormItem(translations.T("settings.timer"), s.timer),
		widget.NewFormItem(translations.T("settings.theme"), s.themeSel),
		widget.NewFormItem(translations.T("settings.text_size"), s.textSize),
		widget.NewFormItem(translations.T("settings.board_style"), s.boardSel),
		widget.NewFormItem(translations.T("settings.piece_style"), s.piecesSel),
		widget.NewFormItem("", s.showLegal),
		widget.NewFormItem("", s.confirm),
		widget.NewFormItem("", s.animations),
		widget.NewFormItem("", s.faceToFace),
		widget.NewFormItem("", s.sound),
	} {
		form.AppendItem(it)
	}
	// The advanced settings: the pack's download address, shown once asked
	// for (or already changed from the app's own).
	s.address = nil
	if a.pack != nil {
		s.advancedChk = widget.NewCheck(translations.T("settings.advanced"), nil)
		s.advancedChk.SetChecked(s.advanced || s.addressChanged())
		s.advancedChk.OnChanged = func(on bool) {
			s.advanced = on
			a.render() // the page again, where it was, with or without them
		}
		form.AppendItem(widget.NewFormItem("", s.advancedChk))
		if s.advancedChk.Checked {
			s.address = packAddress(a, a.pack)
			form.Append(translations.T("pack.address"), s.address)
		}
	}
	back := widget.NewButtonWithIcon(translations.T("game.back"), theme.NavigateBackIcon(), a.back)
	title := widget.NewLabelWithStyle(translations.T("settings.title"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	title.SizeName = theme.SizeNameSubHeadingText
	top := titleRow(back, nil, title)
	// The preview: the board and pieces as chosen, at once.
	head := widget.NewLabelWithStyle(translations.T("settings.preview"), fyne.TextAlignLeading, fyne.TextStyle{Bold: true})
	side := container.NewVBox(head, container.NewCenter(container.NewGridWrap(fyne.NewSize(240, 240), s.preview)))
	scroll := container.NewVScroll(nil)
	lay := &besideLayout{side: 260, wideAt: 760, onChange: scroll.Refresh}
	widgets.SetScrollContent(scroll, container.NewPadded(sized(container.New(lay, form, side), 880)))
	if s.scroll != nil { // built again (a new language or text size): stay where the page was
		scroll.Offset = s.scroll.Offset
	}
	s.scroll = scroll
	return container.NewBorder(container.NewPadded(top), nil, nil, nil, scroll)
}

// addressChanged reports whether the pack's download address is not the
// app's own (a setting, or the developer's HUNTCHESS_PACK_URL).
func (s *settingsScreen) addressChanged() bool {
	return s.a.opts.Config.PackURL != "" || s.a.prefs.StringWithFallback(keyPackURL, "") != ""
}

// besideLayout puts a side column (the settings' preview) beside the main
// one on a wide page, and under it on a narrow one. Objects: [0] main,
// [1] side. Like widgets.ColumnsLayout, its MinSize is the height at the width it
// was last laid out at; onChange (the scroll's Refresh) follows a change.
type besideLayout struct {
	side, wideAt float32
	onChange     func()
	width, h     float32
}

func (l *besideLayout) place(objs []fyne.CanvasObject, w float32, apply bool) float32 {
	main, side := objs[0], objs[1]
	pad := theme.Padding()
	put := func(o fyne.CanvasObject, x, y, ow, oh float32) {
		if apply {
			o.Move(fyne.NewPos(x, y))
			o.Resize(fyne.NewSize(ow, oh))
		}
	}
	if w >= l.wideAt {
		mw := w - l.side - pad
		mh, sh := main.MinSize().Height, side.MinSize().Height
		put(main, 0, 0, mw, mh)
		put(side, mw+pad, 0, l.side, sh)
		return max(mh, sh)
	}
	mh, sh := main.MinSize().Height, side.MinSize().Height
	put(main, 0, 0, w, mh)
	put(side, 0, mh+pad, w, sh)
	return mh + pad + sh
}

func (l *besideLayout) Layout(objs []fyne.CanvasObject, size fyne.Size) {
	h := l.place(objs, size.Width, true)
	changed := size.Width != l.width || h != l.h
	l.width, l.h = size.Width, h
	if changed && l.onChange != nil {
		l.onChange()
	}
}

func (l *besideLayout) MinSize(objs []fyne.CanvasObject) fyne.Size {
	w := max(objs[0].MinSize().Width, objs[1].MinSize().Width)
	return fyne.NewSize(w, l.place(objs, max(l.width, w), false))
}

// previewBoard is the settings' preview: the game in progress, else Beat
// the Wolf after a few moves, with the last move marked.
func previewBoard(a *App) *widgets.Board {
	var g *core.Game
	if gs := a.game(); gs != nil {
		g = gs.sess.Game()
	} else {
		g, _ = core.NewGame(core.Games()[0].Key)
		for range 3 {
			_ = g.PlayMove(g.LegalMoves()[0])
		}
	}
	b := widgets.NewBoard(g.Position())
	b.Do = a.do
	b.SetAnimations(false)
	b.SetPosition(g.Position(), g.LastMove())
	b.SetReadOnly(true)
	return b
}
